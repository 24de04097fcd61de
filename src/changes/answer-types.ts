// The media types a success answer comes in, compared in two versions of a document: a type the older listed that
// the newer neither lists nor covers by a range (`application/*`, `*/*`). Breaking where the outputs read that kind
// (JSON, XML, an event stream, text, bytes: a JSON field, a file's bytes, a text) and none of it is left: the same
// schema under another kind of type is another answer.
import { bareMediaType, isJsonMediaType, isXmlMediaType } from "../load/media-types.js";
import { type Add, type Json, object } from "./document-operations.js";

/** What an answer's body is read as, by its media type. */
function kindOf(type: string): string {
  if (isJsonMediaType(type)) return "JSON";
  if (isXmlMediaType(type)) return "XML";
  if (type === "text/event-stream") return "an event stream";
  return type.startsWith("text/") ? "text" : "bytes";
}

/** Whether a media type the newer version lists admits this one: itself, or a range of it (`image/*`, `*\/*`). */
function covers(range: string, type: string): boolean {
  if (range === type || range === "*/*") return true;
  return range.endsWith("/*") && type.startsWith(range.slice(0, -1));
}

/**
 * Each media type of the older version's answer the newer no longer offers (no range of it either), a change at the
 * answer's body: breaking where it is of the kind the outputs read (JSON where the answer offers it, as the request's
 * Accept asks first, else its first type's) and the newer offers no type of that kind; non-breaking otherwise (XML
 * dropped beside the JSON that is read, a PNG become a JPEG).
 */
export function compareAnswerTypes(older: Json, newer: Json, location: string, add: Add): void {
  const types = (answer: Json) => [...new Set(Object.keys(object(answer.content)).map(bareMediaType))];
  const [was, now] = [types(older), types(newer)];
  if (!now.length) return; // an answer of no content: its body is read by no output, nor compared
  const read = was.find((t) => kindOf(t) === "JSON") ?? was[0];
  for (const type of was) {
    if (type.includes("*") || now.some((t) => covers(t, type))) continue;
    const kind = kindOf(type);
    const left = now.find((t) => kindOf(t) === kind);
    const why =
      read !== undefined && kind !== kindOf(read)
        ? `not the type the outputs read (${read})`
        : left
          ? `${left} is left, of its kind`
          : undefined;
    add("response-media-type-removed", location, "/", {
      old: type,
      new: now.join(", "),
      ...(why ? { severity: "non-breaking", note: `no longer answered as ${type}: ${why}` } : {}),
    });
  }
}
