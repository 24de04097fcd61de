// How an answer's declared headers changed between two documents: added, removed, described otherwise, or of another
// type (an output reading a header is of its schema's type: link/outputs/header-place.ts).
import type { Add, Json } from "./document-operations.js";
import { object, text } from "./document-operations.js";
import { deref, type DocumentSet } from "./schema-flat.js";

export function compareHeaders(
  older: DocumentSet,
  a: Json,
  fileA: string,
  newer: DocumentSet,
  b: Json,
  fileB: string,
  location: string,
  add: Add,
): void {
  const lower = (h: Json) => new Map(Object.entries(object(h)).map(([name, v]) => [name.toLowerCase(), { name, v }]));
  const ha = lower(object(a.headers));
  const hb = lower(object(b.headers));
  for (const [key, h] of hb) {
    const before = ha.get(key);
    if (!before) {
      add("response-header-added", location, key);
      continue;
    }
    const was = deref(older, { schema: before.v, file: fileA });
    const now = deref(newer, { schema: h.v, file: fileB });
    if (text(was.node.description) !== text(now.node.description))
      add("response-header-description-changed", location, key);
    // An output reading the header is of its schema's type (a number read from its text): another type, another value.
    const [typeWas, typeNow] = [headerType(older, was), headerType(newer, now)];
    if (typeWas !== typeNow) add("response-header-type-changed", location, key, { old: typeWas, new: typeNow });
  }
  for (const key of ha.keys()) if (!hb.has(key)) add("response-header-removed", location, key);
}

/** The type of a header's schema (`integer`, `string`, …); none where it has no schema or no type. */
function headerType(docs: DocumentSet, header: { node: Json; file: string }): string | undefined {
  if (header.node.schema === undefined) return undefined;
  const type = deref(docs, { schema: header.node.schema, file: header.file }).node.type;
  return typeof type === "string" ? type : Array.isArray(type) ? type.filter((t) => t !== "null").join("|") : undefined;
}
