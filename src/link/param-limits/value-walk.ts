// How far the link walks inside a parameter's value (schema-place.ts): its depth, the places it has left, and the name
// of the field whose value it is in, where that name says its texts are secrets (a service's credentials, a cookie).
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
   * The name of the field whose value this is (or whose list's item), where it holds a service's credentials or is
   * named as a secret (secretHolder).
   */
  holder?: string;
}

/** A level down: an object's field (its own holder, if any), or a list's item (its list's). */
export const deeper = (at: Walk, field?: string): Walk => {
  const holder = field === undefined ? at.holder : secretHolder(field);
  return { depth: at.depth + 1, left: at.left, ...(holder !== undefined ? { holder } : {}) };
};
export const fresh = (): Walk => ({ depth: 0, left: { places: NESTED_PLACES } });

/** A walk from a value's top, in a field named `holder` (secretHolder), or none (the document's own top walk). */
export function heldWalk(holder: string | undefined): Walk | undefined {
  return holder !== undefined ? { ...fresh(), holder } : undefined;
}

/** Whether what a value at `at` holds is recorded too. */
export function roomIn(at: Walk): boolean {
  return at.depth < NESTED_DEPTH && at.left.places > 0;
}
