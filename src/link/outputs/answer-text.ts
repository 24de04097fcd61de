// Whether a tool's outputs read its answer as one text, decided once by the link (the tool's `answerText`, which the
// runtime reads on each call, runtime/call/send/attempts.ts): a text answer (`text/plain`, read whole:
// read-place.ts) is then its text, even where the text happens to be JSON (`123`, `{"a":1}`).
import type { CsvCell, OutputSpec } from "@blockwright/runtime/internal";
import { valueAt } from "../../load/json-ref.js";
import type { OpenApiDocument, OpenApiOperation, Schema } from "../../load/openapi-document.js";
import { csvFields, csvRowSchema, isCsvMediaType } from "../../load/operations/csv-answers.js";

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

/**
 * The answerText of a JSON answer beside which a success declares CSV of records (200 `application/json` and
 * `text/csv`, or a CSV under another status): an answer that comes as CSV is read as records of the CSV's row schema
 * (`{csv}`), one in JSON (or of no type) as JSON, by its Content-Type (runtime/call/reply-failures.ts otherForm); it
 * was read as JSON whatever came. Undefined where no success declares such a CSV.
 */
export function csvBesideJson(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  successStatuses: readonly number[],
): { csv: Record<string, CsvCell> } | undefined {
  const resolve = (s: Schema) => doc.resolve(s);
  const responses = (valueAt(doc.source.data, [...op.location.map(String), "responses"]) ?? {}) as Record<
    string,
    Schema
  >;
  for (const [status, raw] of Object.entries(responses)) {
    if (!successStatuses.includes(Number(status)) || !raw || typeof raw !== "object") continue;
    const content = (resolve(raw).content ?? {}) as Record<string, Schema | null>;
    for (const [type, media] of Object.entries(content)) {
      const schema = media?.schema as Schema | undefined;
      const row = isCsvMediaType(type) && schema ? csvRowSchema(resolve(schema), resolve) : undefined;
      if (row) return { csv: csvFields({ type: "array", items: row }, resolve) };
    }
  }
  return undefined;
}
