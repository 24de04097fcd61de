// A union's members as a value's limits read them: a member that is itself a union with no fields of its own read as
// its members, and whether the members of one kind agree on their items or values (schema-place.ts).
import { typeOf, type OpenApiDocument, type Schema } from "../../load/openapi-document.js";
import { NESTED_DEPTH } from "./value-walk.js";

/** Whether a schema is a union of its own (`oneOf`/`anyOf`). */
export function isUnion(s: Schema): boolean {
  return Array.isArray(s.oneOf) || Array.isArray(s.anyOf);
}

/**
 * A union's members, a member that is itself a union with no fields of its own beside it read as its members
 * (`oneOf: [{oneOf: [A, B]}, C]` is A, B or C; read as two members, the one object C was taken as the value's shape,
 * and a value of A was refused for lacking C's required fields, add's own example included).
 */
export function unionMembers(doc: OpenApiDocument, s: Schema, depth = 0): Schema[] {
  const members = [...((s.anyOf as Schema[]) ?? []), ...((s.oneOf as Schema[]) ?? [])].map((m) => doc.flatten(m));
  return members.flatMap((m) =>
    depth < NESTED_DEPTH && isUnion(m) && m.properties === undefined && (typeOf(m) ?? "object") === "object"
      ? unionMembers(doc, m, depth + 1)
      : [m],
  );
}

/**
 * Whether every member of a union of the kind `jsonType` holds its items or values as `raw` (the first's) does: of two
 * objects, a map of texts and one of a `+and` list, the first's values refused a value of the second
 * (`{"+and": […]}`: "must be a string"); where they differ, no member's binds a value's items or values.
 */
export function othersAgree(doc: OpenApiDocument, flat: Schema, jsonType: string | undefined, raw: unknown): boolean {
  const held = (m: Schema) => (jsonType === "array" ? m.items : m.additionalProperties);
  const same = JSON.stringify(raw);
  return unionMembers(doc, flat)
    .filter((m) => typeOf(m) === jsonType)
    .every((m) => JSON.stringify(held(m)) === same);
}
