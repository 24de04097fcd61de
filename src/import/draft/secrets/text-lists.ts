// Which drafted list parameters hold texts (their spec's items are strings): only such a list may be a secret (the
// link holds a secret list's items to texts, BW2012 otherwise), and a manifest parameter states no item type the
// drafter wrote. Told here by the drafted parameter itself, as schema reading (param-schema.ts) finds it.
import type { ManifestParam } from "../../../load/precompiled/manifest-types.js";
import { typeOf, type Schema } from "../../../load/openapi-document.js";

const TEXT_LISTS = new WeakSet<ManifestParam>();

/** Marks a drafted list parameter whose spec's items (followed through `$ref`: `flatItems`) are strings. */
export function noteTextItems(flatItems: Schema | undefined, param: ManifestParam): void {
  if (flatItems && typeOf(flatItems) === "string") TEXT_LISTS.add(param);
}

/** Whether a drafted list parameter's items are texts, as its spec says. */
export function holdsTexts(param: ManifestParam): boolean {
  return TEXT_LISTS.has(param);
}
