// A `oneOf` of object shapes that nothing tells apart: each lists fields of its own, none requires a field, closes,
// holds a union or `allOf` of its own, or fixes a field to a value of its own. By JSON Schema's letter every object
// meets every shape, so no value meets the union; publishers mean "the fields of one shape". One record of which
// unions are such, read alike by the request judge and the mocks (src/judge/open-one-of.ts: each shape closed over
// its own fields) and by the link (src/link/param-limits/schema-place.ts: the runtime's check before any request).
import { oneValue } from "./one-value.js";

/**
 * Whether a `oneOf`'s branches (resolved) are object shapes nothing tells apart: each lists fields of its own, none
 * requires a field, closes, or holds a union or `allOf` of its own.
 */
export function indistinctShapes(branches: readonly (Record<string, unknown> | undefined)[]): boolean {
  return (
    branches.length > 1 &&
    !toldApartByTag(branches) &&
    branches.every(
      (b) =>
        b !== undefined &&
        (b.type === undefined || b.type === "object") &&
        typeof b.properties === "object" &&
        b.properties !== null &&
        Object.keys(b.properties).length > 0 &&
        (!Array.isArray(b.required) || b.required.length === 0) &&
        (b.additionalProperties === undefined || b.additionalProperties === true) &&
        !["allOf", "oneOf", "anyOf", "not", "patternProperties"].some((k) => Object.hasOwn(b, k)),
    )
  );
}

/**
 * Whether a field every shape lists takes one value of its own in each (a tag: `kind: {enum: [width]}`): a body
 * naming its shape by that value meets one shape by the letter, and the shapes may share fields the union's siblings
 * declare, which closing each over its own fields would refuse.
 */
function toldApartByTag(branches: readonly (Record<string, unknown> | undefined)[]): boolean {
  const tagOf = (b: Record<string, unknown> | undefined, field: string) =>
    oneValue((b?.properties as Record<string, Record<string, unknown> | undefined> | undefined)?.[field]);
  const fields = Object.keys((branches[0]?.properties as Record<string, unknown> | undefined) ?? {});
  return fields.some((field) => {
    const values = branches.map((b) => tagOf(b, field));
    return (
      values.every((v) => v !== undefined) &&
      new Set(values.map((v) => JSON.stringify(v?.value))).size === values.length
    );
  });
}
