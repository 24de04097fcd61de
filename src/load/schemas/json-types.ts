// The JSON types a schema admits, read the way the request judge reads a parameter's or a form field's text
// (src/judge/text-values.ts) and the link decides how a form field goes (src/link/wire/body.ts): one reading for both.
import { followLocalRefs } from "../json-ref.js";

type Node = Record<string, unknown>;

/** A schema with its `$ref`s followed (a boolean schema as an object: `true` is `{}`). */
export function resolved(data: unknown, schema: unknown): Node {
  if (schema === true || schema === undefined) return {};
  if (schema === false) return { not: {} };
  return followLocalRefs(data, schema) ?? {};
}

/** The JSON types a schema admits, through `allOf`, `anyOf`, `oneOf` and 3.0's `nullable`; empty: any. */
export function typesOf(data: unknown, schema: unknown, depth = 0): Set<string> {
  const node = resolved(data, schema);
  const types = new Set<string>();
  if (depth > 12) return types;
  const own = Array.isArray(node.type) ? node.type.map(String) : typeof node.type === "string" ? [node.type] : [];
  for (const t of own) types.add(t);
  if (!own.length) {
    if (node.properties || node.additionalProperties) types.add("object");
    else if (node.items || node.prefixItems) types.add("array");
    else if (Array.isArray(node.enum))
      for (const v of node.enum)
        types.add(v === null ? "null" : Array.isArray(v) ? "array" : typeof v === "number" ? "number" : typeof v);
    else if (node.const !== undefined) types.add(node.const === null ? "null" : typeof node.const);
  }
  if (node.nullable === true && types.size) types.add("null");
  for (const key of ["anyOf", "oneOf"]) {
    if (!Array.isArray(node[key]) || own.length) continue;
    const branches = (node[key] as unknown[]).map((b) => typesOf(data, b, depth + 1));
    // A branch that admits anything makes the union admit anything.
    if (branches.some((b) => b.size === 0)) return new Set();
    for (const b of branches) for (const t of b) types.add(t);
  }
  if (Array.isArray(node.allOf) && !own.length) {
    for (const member of node.allOf) for (const t of typesOf(data, member, depth + 1)) types.add(t);
  }
  return types;
}

/**
 * Whether the schema admits a list and nothing else but null: a form field the document encodes as JSON then goes a
 * pair (or part) per item, each its JSON (OpenAPI 3.2, Encoding Object); a field that may be another kind goes whole.
 */
export function listAlone(data: unknown, schema: unknown): boolean {
  const types = typesOf(data, schema);
  return types.has("array") && [...types].every((t) => t === "array" || t === "null");
}
