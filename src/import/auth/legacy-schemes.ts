// A security scheme the document marks as the old way (HubSpot-shaped documents offer `private_apps_legacy` and
// `oauth2_legacy` beside `private_apps` and `oauth2`, the legacy one listed first): ranked after one of the same kind
// not so marked, so that the draft takes the way the document recommends. Marked by the document's own words: a
// `deprecated` flag (`deprecated: true`, `x-deprecated`), or `legacy` or `deprecated` among the words of the scheme's
// name, its key's name or its description.
import { nameWords } from "./credential-params.js";

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
