// Where a JSON answer holds its list when nothing says where: the first list found level by
// level, the answer itself first (`[...]`, `{data: [...]}`, `{data: {results: [...], total}}`).
// A list holding a text, a number or a boolean holds no records (`{warnings: ["…"], items: [...]}`):
// passed by. Shared by the stateful mock, which fills the list, and the round-trip case, which reads
// it back.

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => value !== null && typeof value === "object" && !Array.isArray(value);
const isScalar = (value: unknown) => value !== null && typeof value !== "object";

/** The path of the first list within `depth` levels of objects (breadth first), undefined where there is none. */
export function firstListAt(body: unknown, depth = 3): string[] | undefined {
  let level: { node: unknown; at: string[] }[] = [{ node: body, at: [] }];
  for (let d = 0; d <= depth && level.length; d++) {
    const list = level.find((l) => Array.isArray(l.node) && !l.node.some(isScalar));
    if (list) return list.at;
    level = level.flatMap(({ node, at }) =>
      isNode(node) ? Object.entries(node).map(([k, v]) => ({ node: v, at: [...at, k] })) : [],
    );
  }
  return undefined;
}
