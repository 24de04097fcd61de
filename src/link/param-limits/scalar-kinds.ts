// A value inside a JSON parameter of one of several scalar kinds (a PHP option's value a text or a whole number): the
// document's `oneOf`/`anyOf` of scalar types, or a type list (`type: [string, integer]`, OpenAPI 3.1). Read as no one
// type, it limited nothing, and `true` or `1.5` was sent where a text or a whole number is asked; recorded as the
// kinds (NestedLimits.kinds), which the runtime's check, a model's schema, the typed client's type and the suite's
// draws read.
import type { NestedLimits } from "@blockwright/runtime/internal";
import type { OpenApiDocument, Schema } from "../../load/openapi-document.js";

/** The JSON types of a scalar value. */
export const SCALARS = new Set(["string", "number", "integer", "boolean"]);

/** Whether a union's member admits null alone (`type: null`, `enum: [null]`, `const: null`). */
export const isNullMember = (m: Schema): boolean =>
  m.type === "null" || (Array.isArray(m.enum) && m.enum.length === 1 && m.enum[0] === null) || m.const === null;

/**
 * The kinds a schema of several scalar kinds takes (each its own limits, read by `limitsOf`), null too where the
 * schema or a member admits it; undefined for any other schema. Kinds that overlap (a number and an integer, two texts
 * of other limits or formats) are kept: a value fitting two is taken, by any kind's limits, as the request judge reads
 * a `oneOf` of plain forms (judge/plain-one-of.ts), where by JSON Schema's letter it fits none.
 */
export function scalarKindsOf(
  doc: OpenApiDocument,
  s: Schema,
  limitsOf: (kind: Schema) => NestedLimits | undefined,
): NestedLimits | undefined {
  const union = Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : undefined;
  let members: Schema[];
  let nullable = s.nullable === true;
  if (union && !(s.oneOf && s.anyOf) && s.type === undefined) {
    const flat = (union as Schema[]).map((m) => (m && typeof m === "object" ? doc.flatten(m) : {}));
    nullable ||= flat.some(isNullMember);
    members = flat.filter((m) => !isNullMember(m));
  } else if (!union && Array.isArray(s.type)) {
    const types = s.type as unknown[];
    nullable ||= types.includes("null");
    members = types.filter((t) => t !== "null").map((t) => ({ ...s, type: t }));
  } else return undefined;
  if (members.length < 2) return undefined;
  if (!members.every((m) => typeof m.type === "string" && SCALARS.has(m.type) && !m.oneOf && !m.anyOf))
    return undefined;
  const kinds: NestedLimits[] = [];
  for (const member of members) {
    const { nullable: memberNull, ...kind } = limitsOf(member) ?? {};
    if (memberNull) nullable = true;
    if (kind.type === undefined || !SCALARS.has(kind.type)) return undefined;
    kinds.push(kind);
  }
  return { kinds, ...(nullable ? { nullable: true as const } : {}) };
}
