// A `json` parameter the manifest gives no `jsonType` (a hand-written manifest's `{type: json}` for a body, or for a
// body field): where the document's schema at its place admits one kind of JSON value, an object or a list, the
// parameter takes that kind, with the limits inside it the link records for that kind (its fields and those it must
// have, a union's shapes, its items). Without it such a value went unchecked: a record missing required fields was
// sent, and only the upstream refused it.
import { typeOf, type Schema } from "../../load/openapi-document.js";

/** The kinds a schema names itself (its type, or each of a type list's, null aside; what its keywords imply). */
function ownKinds(s: Schema): string[] {
  if (Array.isArray(s.type))
    return (s.type as unknown[]).filter((t): t is string => typeof t === "string" && t !== "null");
  const t = typeOf(s);
  return t ? [t] : [];
}

/**
 * The one JSON kind, `object` or `array`, a value at a place of schema `flat` may have: its own, or, where it names
 * none, the one every member of its union (`members`) names alone; undefined where it admits another kind or says
 * none.
 */
export function loneJsonKind(flat: Schema, members: readonly Schema[]): "object" | "array" | undefined {
  const own = ownKinds(flat);
  const kinds = own.length ? own : members.map((m) => (ownKinds(m).length === 1 ? ownKinds(m)[0] : undefined));
  const found = new Set(kinds);
  const [kind] = found;
  return found.size === 1 && (kind === "object" || kind === "array") ? kind : undefined;
}
