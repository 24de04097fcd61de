// A success answer declared only as CSV (`text/csv`, `application/csv`, `text/csv; header=present`) whose schema is a
// record or a list of records: its rows are records, the header naming the fields. Read as a list of the row record
// (a schema of one record is the row's: an export of one record's shape has as many rows as it has), which the outputs
// read as they read a JSON list; the runtime reads the text as records (the link's answerText `{csv}`,
// runtime/common/csv-rows.ts), the mock serves CSV text made of the record (src/mocks/media/csv-records.ts).
import type { CsvCell } from "@blockwright/runtime/internal";
import type { Schema } from "../openapi-types.js";
import { bareMediaType } from "../media-types.js";

/** A CSV media type, parameters aside. */
export const CSV_MEDIA_TYPE = /^(text|application)\/(x-)?csv$/;

/** Whether a media type is CSV's (`text/csv; header=present` too). */
export function isCsvMediaType(type: string): boolean {
  return CSV_MEDIA_TYPE.test(bareMediaType(type));
}

/** The row record of a schema of a record or a list of records; undefined for another schema. */
export function csvRowSchema(schema: Schema | undefined, resolve: (s: Schema) => Schema): Schema | undefined {
  if (!schema) return undefined;
  const list = schema.type === "array" && schema.items && typeof schema.items === "object";
  const row = list ? resolve(schema.items as Schema) : schema;
  const record = row.type === "object" || (row.properties !== null && typeof row.properties === "object");
  return record && !Array.isArray(row.type) ? row : undefined;
}

/**
 * The CSV type of an answer whose every type is CSV with a schema of records (csvRowSchema), and the list of its row
 * record the outputs read; undefined for another answer.
 */
export function csvRecordsAnswer(
  content: unknown,
  resolve: (s: Schema) => Schema,
): { mediaType: string; schema: Schema; rows?: true } | undefined {
  const map = (content ?? {}) as Record<string, Schema | null>;
  const types = Object.keys(map);
  const rows = types.map((t) => {
    const raw = map[t]?.schema as Schema | undefined;
    return isCsvMediaType(t) ? csvRowSchema(raw ? resolve(raw) : undefined, resolve) : undefined;
  });
  const row = rows[0];
  if (!types.length || !row || !rows.every(Boolean)) return undefined;
  const first = map[types[0] as string]?.schema as Schema | undefined;
  // A record declared, not a list: its rows are lists of it (the typed client's `Array<…>`).
  const record = first !== undefined && resolve(first).type !== "array";
  return { mediaType: types[0] as string, schema: { type: "array", items: row }, ...(record ? { rows: true } : {}) };
}

/**
 * What each field of a CSV answer's row is read as (the tool's answerText `{csv}`): a number, an integer, a boolean,
 * else a text; a record of any fields (`additionalProperties` alone) has none named, each column a text.
 */
export function csvFields(list: Schema, resolve: (s: Schema) => Schema): Record<string, CsvCell> {
  const row = resolve((list.items ?? {}) as Schema);
  const properties = (row.properties ?? {}) as Record<string, Schema>;
  return Object.fromEntries(Object.entries(properties).map(([name, field]) => [name, cellOf(resolve(field ?? {}))]));
}

function cellOf(field: Schema): CsvCell {
  const types = Array.isArray(field.type) ? field.type : [field.type];
  for (const type of ["integer", "number", "boolean"] as const) if (types.includes(type)) return type;
  return "string";
}
