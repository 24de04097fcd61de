// Whether a number the operation takes under an offset's name (`start`, `from`) is a time rather than where a page
// starts: a range's beginning as a UNIX timestamp (`start` beside `end`), which paging would send 0, 10, 20… as.
import { safeFlatten } from "../param-schema.js";
import type { OpenApiDocument } from "../../../load/openapi-document.js";
import type { PageSlot } from "./page-request.js";

/** Formats that write a time as a number. */
const TIME_FORMATS = /^(unix[-_]?time(stamp)?|timestamp|epoch([-_]?(millis|seconds))?|date[-_]?time|date|time)$/i;

/** Words that say a number is a time: a timestamp, the epoch, a date and time, seconds since something. */
const TIME_WORDS =
  /\b(time ?stamps?|unix|epoch|date ?\/ ?time|date-?time|(start|end) (date|time)|(milli)?seconds since)\b/i;

/** Whether the slot, by its schema's format or the words describing it, takes a time. */
export function takesTime(doc: OpenApiDocument, slot: PageSlot, description: string): boolean {
  const schema = safeFlatten(doc, slot.schema ?? {}) ?? {};
  const format = typeof schema.format === "string" ? schema.format : "";
  const words = [description, typeof schema.description === "string" ? schema.description : ""].join(" ");
  return TIME_FORMATS.test(format) || TIME_WORDS.test(words);
}
