// A success answer declared as CSV (`text/csv`, `application/csv`, `text/csv; header=present`) whose schema is a record
// or a list of records is served as CSV text made from it: a header row naming the record's fields, then a row of its
// example's values (the media type's example, else each field's own, else a value of its type; a record of any fields,
// `additionalProperties` alone, one made-up column). Prism writes no object
// as CSV, so the mock served the record as JSON (mock-answers.ts servedAsJsonInstead), under application/json, which a
// client of the CSV (a download, whose declared type is CSV alone) rightly refused: every success case failed.
import { isObject, resolved } from "../mock-form-bodies.js";
import { servedAsText } from "./text-examples.js";

type Json = Record<string, unknown>;

/** A CSV media type, parameters aside. */
const CSV_TYPE = /^\s*(text|application)\/(x-)?csv\s*(;|$)/i;

/** Whether a media type is CSV's, whose records the mock writes as CSV text (not as their JSON text). */
export const isCsvType = (type: string): boolean => CSV_TYPE.test(type);

/** A 2xx answer with each CSV type whose schema is a record or a list of records served as that record's CSV text. */
export function withCsvRecordsAsText(status: string, response: unknown, document: Json): unknown {
  if (!/^2(\d\d|XX)$/i.test(status) || !isObject(response) || !isObject(response.content)) return response;
  let served: Json | undefined;
  for (const [type, media] of Object.entries(response.content)) {
    if (!CSV_TYPE.test(type) || !isObject(media)) continue;
    const schema = resolved(media.schema, document);
    const list = isObject(schema) && schema.type === "array";
    const record = resolved(list && isObject(schema) ? schema.items : schema, document);
    if (!isObject(record) || (record.type !== "object" && !isObject(record.properties))) continue;
    // A record of named fields; else of any (`additionalProperties`), whose one column is made up.
    const properties = isObject(record.properties) && Object.keys(record.properties).length ? record.properties : null;
    const fields = properties ? Object.keys(properties) : ["zq"];
    // Each named example as CSV text under its name (text-examples.ts), a list's first record as its row.
    const write = (example: unknown) => {
      const given = Array.isArray(example) ? example[0] : example;
      const row = fields.map((field) => {
        const own = isObject(given) && properties ? given[field] : undefined;
        const declared = properties ? properties[field] : record.additionalProperties;
        return own !== undefined ? own : fieldValue(resolved(declared, document));
      });
      return `${csvLine(fields)}\r\n${csvLine(row)}\r\n`;
    };
    served ??= { ...response.content };
    served[type] = servedAsText(media, document, write) ?? media;
  }
  return served ? { ...response, content: served } : response;
}

/** A field's value in the served row: its example or default, else one of its type (an XML record's too). */
export function fieldValue(schema: unknown): unknown {
  if (!isObject(schema)) return "zq";
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  if (schema.type === "integer") return 1;
  if (schema.type === "number") return 1.5;
  if (schema.type === "boolean") return true;
  return "zq";
}

/** One CSV line (RFC 4180): a value holding a comma, a quote or a line break quoted, its quotes doubled. */
function csvLine(values: readonly unknown[]): string {
  return values
    .map((v) => {
      const text = v === null || v === undefined ? "" : typeof v === "object" ? JSON.stringify(v) : String(v);
      return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    })
    .join(",");
}
