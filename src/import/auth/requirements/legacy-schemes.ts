// A security scheme the document marks as the old way (HubSpot-shaped documents offer `private_apps_legacy` and
// `oauth2_legacy` beside `private_apps` and `oauth2`, the legacy one listed first): ranked after one of the same kind
// not so marked, so that the draft takes the way the document recommends. Marked by the document's own words: a
// `deprecated` flag (`deprecated: true`, `x-deprecated`), or `legacy` or `deprecated` among the words of the scheme's
// name, its key's name or its description. Between requirements that still rank alike, the document's global `security`
// order comes before an operation's own.
import { nameWords } from "../../../load/schemas/name-words.js";

type Json = Record<string, unknown>;

const MARK = /^(legacy|deprecated|obsolete)$/;

/** Whether the document marks the scheme (declared under `name`) as the old way. */
export function markedLegacy(name: string, scheme: Json): boolean {
  if (scheme.deprecated === true || scheme["x-deprecated"] === true) return true;
  const words = [...nameWords(name), ...nameWords(typeof scheme.name === "string" ? scheme.name : "")];
  if (words.some((w) => MARK.test(w))) return true;
  return typeof scheme.description === "string" && /\b(legacy|deprecated|obsolete)\b/i.test(scheme.description);
}

/**
 * What a legacy mark adds to a scheme's rank (credential.ts): less than the step between two kinds (a half, between a
 * key named as a credential and one named otherwise), so it orders schemes of one kind and never a key after OAuth.
 */
export const legacyWeight = (name: string, scheme: Json): number => (markedLegacy(name, scheme) ? 0.25 : 0);

/**
 * Requirements (`a + b`, their schemes' names in order) in the order of the document's global `security`, the ways it
 * lists for the whole API; those it does not list after them, as they came (the operations' order): the tiebreak
 * between requirements that rank alike, as the operation's own order was alone before.
 */
export function inGlobalOrder(requirements: readonly string[], global: unknown): string[] {
  const listed = (Array.isArray(global) ? global : [])
    .filter((r): r is Json => !!r && typeof r === "object" && Object.keys(r).length > 0)
    .map((r) => Object.keys(r));
  const at = (key: string) => {
    const names = key.split(" + ");
    const i = listed.findIndex((l) => names.every((n) => l.includes(n)));
    return i < 0 ? listed.length : i;
  };
  return [...requirements].sort((a, b) => at(a) - at(b));
}
