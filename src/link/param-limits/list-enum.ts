// An array parameter whose document lists the lists it takes (`enum: [["open"], ["click"]]`): the manifest has no enum
// of lists, so it states them as its items' enum and its bounds on their count; that is no looser when every list those
// admit is one the document lists.
import type { ManifestParam } from "../../load/precompiled/manifest-types.js";

/**
 * Whether every list `p` admits (of minItems to maxItems items, each of its items' enum) is one of `lists`: decided
 * where it admits at most one item, as drafted for an enum of one-item lists; a longer list is taken as looser.
 */
export function listsAdmitted(p: ManifestParam, lists: readonly unknown[]): boolean {
  if (p.type !== "json" || p.jsonType !== "array" || !lists.every(Array.isArray)) return false;
  const values = p.items?.enum;
  if (!values || p.maxItems === undefined || p.maxItems > 1) return false;
  const listed = new Set(lists.map((l) => JSON.stringify(l)));
  const admitted = [...((p.minItems ?? 0) < 1 ? [[]] : []), ...values.map((v) => [v])];
  return admitted.every((l) => listed.has(JSON.stringify(l)));
}
