// How a report says a deprecation: with the date or replacement the document gives.
import type { Schema } from "../../load/openapi-document.js";

/** Where published documents date a deprecation's end (x-extensions). */
const SUNSET_KEYS = ["x-deprecated-at", "x-sunset", "x-deprecation-date", "x-sunset-date"];

/**
 * A deprecation as a report says it: `base`, with the date the document gives (an x-sunset-like extension) and
 * the replacement its description names ("use … instead"), or that it gives neither.
 */
export function deprecationNote(node: Schema, base: string): string {
  const said = typeof node.description === "string" ? node.description.replace(/\s+/g, " ").trim() : "";
  const date = SUNSET_KEYS.map((k) => node[k]).find((v) => typeof v === "string");
  const replacement = /(?:use|replaced by|in favou?r of|instead)[^.]{0,120}/i.exec(said)?.[0];
  return (
    `${base}${date ? `; sunset ${String(date)}` : ""}` +
    `${replacement ? `; the description says: "${replacement.trim()}"` : "; no date or replacement given"}`
  );
}
