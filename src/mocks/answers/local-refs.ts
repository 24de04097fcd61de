// A mock document's local `$ref`s followed and its JSON pointers' keys escaped, for the answers a mock serves
// (mock-answers.ts, answers/prism-made-wrong.ts).

export type Node = Record<string, unknown>;

/** A local `$ref` followed (a few hops), with the pointer of where it leads. */
export function followRef(document: Node, value: unknown, pointer: string): { node: unknown; pointer: string } {
  let node = value;
  let at = pointer;
  for (let hops = 0; hops < 8 && isNode(node) && typeof node.$ref === "string" && node.$ref.startsWith("#/"); hops++) {
    at = node.$ref.slice(1);
    node = at
      .split("/")
      .slice(1)
      .reduce<unknown>((n, key) => (isNode(n) ? n[key.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined), document);
  }
  return { node, pointer: at };
}

export function escapeKey(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

export function isNode(value: unknown): value is Node {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
