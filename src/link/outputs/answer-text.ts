// Whether a tool's outputs read its answer as one text, decided once by the link (the tool's `answerText`, which the
// runtime reads on each call, runtime/call/send/attempts.ts): a text answer (`text/plain`, read whole:
// read-place.ts) is then its text, even where the text happens to be JSON (`123`, `{"a":1}`).
import type { CsvCell, OutputSpec } from "@blockwright/runtime/internal";
import type { OpenApiOperation, Schema } from "../../load/openapi-document.js";
import { csvFields, isCsvMediaType } from "../../load/operations/csv-answers.js";

/**
 * Each output reading the body reads it whole, as a `string` (no count), and one does; a download's or a stream's
 * outputs never (their body is the runtime's own record).
 */
export function readsAnswerText(outputs: readonly OutputSpec[]): boolean {
  let whole = false;
  for (const { type, source } of outputs) {
    if ("first" in source) {
      for (const { ref } of source.first) if (ref.kind === "body") return false;
    } else if ("ref" in source && source.ref.kind === "body") {
      if (source.ref.pointer.length || type !== "string" || source.count) return false;
      whole = true;
    }
  }
  return whole;
}

/** An HTML page's media types: a page is the declared answer only where a success declares one. */
const HTML_TYPE = /^\s*(?:text\/html|application\/xhtml\+xml)\s*(?:;|$)/i;

/**
 * The tool's answerText when its outputs read the answer as one text: "html" when a success answer declares an HTML
 * page (a rendered document), which the runtime then takes as the text; true otherwise (a page is a proxy's there).
 */
export function answerTextOf(op: OpenApiOperation, successStatuses: readonly number[]): true | "html" {
  const html = op.responses.some(
    (r) => successStatuses.includes(Number(r.status)) && r.mediaTypes.some((t) => HTML_TYPE.test(t)),
  );
  return html ? "html" : true;
}

/**
 * The answerText of a record an answer declares in a type other than JSON: a CSV of records
 * (load/operations/csv-answers.ts) is read as records, each field as its type (`{csv}`); a record declared as plain
 * text is JSON text ("json").
 */
export function readAnswerText(
  mediaType: string,
  schema: Schema,
  resolve: (s: Schema) => Schema,
): "json" | { csv: Record<string, CsvCell> } {
  return isCsvMediaType(mediaType) ? { csv: csvFields(schema, resolve) } : "json";
}
