// How far the link walks inside a parameter's value (schema-place.ts): its depth, the places it has left, and the name
// of the field whose value it is in (a service's credentials, a cookie: secretField reads a bare token or value by it).
import { secretHolder } from "../../load/schemas/secrets/secret-names.js";

/**
 * How deep inside a parameter's value the link records what a list or an object holds (a recursive schema ends there).
 * Published documents nest request bodies 3 to 6 deep; past this a value's kind is the upstream's to judge.
 */
export const NESTED_DEPTH = 8;

/** The most places inside one value the link records (a wide recursive schema, every field a union of itself). */
export const NESTED_PLACES = 600;

/** A walk's depth, and the places its value has left (shared by the whole walk). */
export interface Walk {
  depth: number;
  left: { places: number };
  /**
   * The name of the field whose value this is (or whose list's item): secretField reads a bare `token` or `value`
   * inside it by that name (`service: {token}`, `auth_cookie: {value}`), and only then.
   */
  holder?: string;
}

/** A level down: an object's field, or a list's item (in its list's field). */
export const deeper = (at: Walk, field?: string): Walk => {
  const holder = field ?? at.holder;
  return { depth: at.depth + 1, left: at.left, ...(holder !== undefined ? { holder } : {}) };
};
export const fresh = (): Walk => ({ depth: 0, left: { places: NESTED_PLACES } });

/**
 * A walk from a parameter's value's top, in its field, where the field's name says its texts are secrets (secretHolder:
 * `credentials`, `auth_cookie`); else none, the document's own top walk, made once a document and schema (nestedOf).
 */
export function heldWalk(field: string | undefined): Walk | undefined {
  const holder = secretHolder(field);
  return holder !== undefined ? { ...fresh(), holder } : undefined;
}

/** Whether what a value at `at` holds is recorded too. */
export function roomIn(at: Walk): boolean {
  return at.depth < NESTED_DEPTH && at.left.places > 0;
}
