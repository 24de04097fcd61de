// A schema typed `null` beside a union of other kinds, for openapi-typescript.
//
// `{type: "null", oneOf: [string, number, boolean, object, {type: array, items: {$ref: itself}}]}` (a hosting API's
// stored value, OpenAPI 3.1): by the letter no value meets it, as null meets none of the union's forms; its authors
// meant "one of these, or null". openapi-typescript types it `null & (string | … | Itself[])`, and through the list of
// itself TypeScript refuses the alias (TS2502: referenced in its own type annotation), so the package did not compile.
// The types' copy reads it as its authors meant: the union with a null form, the `type` dropped.

import { rewrittenTree } from "./rewritten-tree.js";

type Node = Record<string, unknown>;

/** Whether `record` is such a schema: its `type` null alone, beside a `oneOf` or an `anyOf`. */
export function isNullTypedUnion(record: Node): boolean {
  const type = Array.isArray(record.type) && record.type.length === 1 ? record.type[0] : record.type;
  return type === "null" && (Array.isArray(record.oneOf) || Array.isArray(record.anyOf));
}

/** `document` with each such schema made its union or null (copied on the way to each); itself when none is. */
export function withNullableUnions(document: unknown): unknown {
  return rewrittenTree(document, (record) => {
    if (!isNullTypedUnion(record)) return record;
    const { type: _null, ...rest } = record;
    const union = Array.isArray(rest.oneOf) ? "oneOf" : "anyOf";
    return { ...rest, [union]: [...(rest[union] as unknown[]), { type: "null" }] };
  });
}
