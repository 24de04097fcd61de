// A `oneOf` of plain values of different forms (`[{type: number}, {type: integer}]`, or two strings of different
// limits): by JSON Schema's letter a value meeting two forms (0 is a number and an integer; "abcd" a string of each
// length) meets none of the `oneOf`, so a value the publisher lists as allowed is refused. Publishers mean "a value
// of one of these forms": such a `oneOf` is read as `anyOf`. Forms that never overlap (a string or a boolean) are
// judged the same either way; a value of no form is still refused.
import type { Schema } from "@cfworker/json-schema";

type Registered = Record<string, unknown> & { __absolute_ref__?: string };

const SCALARS = new Set(["string", "number", "integer", "boolean"]);
/** Keys that give a form parts of its own (an object's fields, a list's items, a nested union): not a plain value. */
const COMPOUND = [
  "properties",
  "additionalProperties",
  "patternProperties",
  "items",
  "prefixItems",
  "oneOf",
  "anyOf",
  "allOf",
  "not",
  "if",
];

/** Whether a form is a plain value: a scalar type and no parts of its own. */
export function isPlainForm(node: Registered | undefined): boolean {
  if (!node || typeof node.type !== "string" || !SCALARS.has(node.type)) return false;
  return !COMPOUND.some((k) => Object.hasOwn(node, k));
}

/** Each registered `oneOf` whose branches are all plain values of different forms: read as `anyOf`. */
export function withPlainFormsAsAnyOf(lookup: Record<string, Schema | boolean>): void {
  const deref = (node: unknown): Registered | undefined => {
    let current = node as Registered | undefined;
    for (let hops = 0; hops < 16 && current && typeof current.__absolute_ref__ === "string"; hops++)
      current = lookup[current.__absolute_ref__] as Registered | undefined;
    return current && typeof current === "object" ? current : undefined;
  };
  const seen = new Set<unknown>();
  for (const schema of Object.values(lookup)) {
    if (!schema || typeof schema !== "object" || seen.has(schema)) continue;
    seen.add(schema);
    const node = schema as Registered;
    if (!Array.isArray(node.oneOf) || node.oneOf.length < 2 || node.anyOf !== undefined) continue;
    if (!node.oneOf.every((b) => isPlainForm(deref(b)))) continue;
    node.anyOf = node.oneOf;
    delete node.oneOf;
  }
}
