// A schema's default of another type than the schema's (`type: integer, default: "abc"`; `type: boolean, default:
// 'false'`, as a generator wrote it), or a list's default whose items are not of the items' type: where Prism's
// sampler gives up on a schema it answers with the default, and its own check (and the suite's output check) then
// refuses the answer. An answer of a schema holding one is made by the mock (mock-answers.ts), and the mock's copy of
// the document leaves such a default out (prism-schemas.ts), for the answers it leaves to Prism.

type Node = Record<string, unknown>;

/**
 * Whether a default is of its schema's type (null too where 3.0's `nullable` allows it), and, a list, each of its
 * items of the items' schema's type (a few levels deep); `resolve` follows a `$ref`.
 */
export function defaultFits(value: unknown, schema: Node, resolve: (v: unknown) => unknown, depth = 0): boolean {
  if (!(ofType(value, schema.type) || (value === null && schema.nullable === true))) return false;
  if (!Array.isArray(value) || depth > 4) return true;
  const items = resolve(schema.items);
  return !isNode(items) || value.every((item) => defaultFits(item, items, resolve, depth + 1));
}

/** The schema without a default its type refuses (defaultFits), in place; whether it had one. */
export function withoutMistypedDefault(node: Node, resolve: (v: unknown) => unknown): boolean {
  if (node.default === undefined || defaultFits(node.default, node, resolve)) return false;
  delete node.default;
  return true;
}

/** Whether a value is of a schema's `type` (one or a list of them; none says nothing). */
function ofType(value: unknown, type: unknown): boolean {
  const types = Array.isArray(type) ? type : typeof type === "string" ? [type] : [];
  if (!types.length) return true;
  const kind = value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
  return types.some(
    (t) => t === kind || (t === "integer" && Number.isInteger(value)) || (t === "number" && kind === "number"),
  );
}

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
