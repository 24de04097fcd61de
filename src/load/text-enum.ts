// A parameter's schema of type string whose enum lists numbers or booleans
// (YAML's unquoted `0`, `true`: `type: string, enum: [0, 1, 2]` in a
// published document): a query, path, header or cookie value is text, so
// the values it allows are their texts ("0", "1", "2"), as the document
// means. Read so by the linker, add's drafter and the mocks alike.
import { valuesType } from "./schema-types.js";

type Json = Record<string, unknown>;

/**
 * The schema with its enum as texts where it is a string whose enum holds
 * other scalars, or a list of such strings (`type: array, items: {type:
 * string, enum: [20160128]}`: each item is text in the address too); the
 * same object otherwise. `resolve` follows a list's items given by `$ref`.
 */
export function withTextEnum<T>(schema: T, resolve: (value: unknown) => unknown = (v) => v): T {
  const s = schema as Json | null;
  if (s && typeof s === "object" && s.type === "array" && s.items && typeof s.items === "object") {
    const declared = resolve(s.items);
    const items = withTextEnum(declared, resolve);
    return items === declared ? schema : ({ ...s, items } as T);
  }
  if (!s || typeof s !== "object" || s.type !== "string" || !Array.isArray(s.enum)) return schema;
  if (s.enum.every((v) => typeof v === "string" || v === null)) return schema;
  if (!s.enum.every((v) => v === null || ["string", "number", "boolean"].includes(typeof v))) return schema;
  // The values are listed: a format the texts of numbers cannot meet (`format: date` over `20160128`) is dropped.
  const { format: _format, ...rest } = s;
  return { ...rest, enum: s.enum.map((v) => (v === null ? v : String(v))) } as T;
}

/**
 * The converse, for a value that arrives as text and is read as its schema's type (an answer's header): a number,
 * integer or boolean schema whose enum lists texts (`type: integer, enum: ["410"]`, JSON's quotes) with their
 * values, so the value read back from the enum's own text is one of them; a text that is no such value stays.
 */
export function withValueEnum<T>(schema: T): T {
  const s = schema as Json | null;
  if (!s || typeof s !== "object" || !Array.isArray(s.enum)) return schema;
  const values = s.enum.map((v) => (typeof v === "string" ? textValue(v, s.type) : v));
  return values.every((v, i) => v === (s.enum as unknown[])[i]) ? schema : ({ ...s, enum: values } as T);
}

/**
 * An enum of labels: a number, integer or boolean schema none of whose enum values, read as its type
 * (withValueEnum), is one (`type: integer, enum: ["0 (Unknown)", "1 (ExceededQuota)"]`, each value's number and
 * name, as some generators write them). No value meets both; the type is what the wire carries.
 */
export function isEnumOfLabels(schema: unknown): boolean {
  const s = schema as Json | null;
  if (!s || typeof s !== "object" || !Array.isArray(s.enum) || !s.enum.length) return false;
  const type = s.type;
  if (type !== "number" && type !== "integer" && type !== "boolean") return false;
  const fits = (v: unknown) =>
    type === "boolean" ? typeof v === "boolean" : typeof v === "number" && (type === "number" || Number.isInteger(v));
  return !s.enum.some((v) => v === null || fits(typeof v === "string" ? textValue(v, type) : v));
}

/**
 * The values a schema fixes: its `enum`, or its `const` (OpenAPI 3.1) as the one value. An enum of labels fixes none:
 * the type is what the wire carries (a field inside a JSON value limited to the labels refused every call giving it).
 */
export function fixedValues(s: Json): unknown[] | undefined {
  if (isEnumOfLabels(s)) return undefined;
  return Array.isArray(s.enum) ? [...(s.enum as unknown[])] : "const" in s ? [s.const] : undefined;
}

/**
 * The one value a boolean schema's enum allows (`[true]`: a confirmation a service takes only as true; `["true"]`,
 * JSON's quotes, read as its value), as a manifest's boolean parameter states it; none where the enum allows both,
 * which restricts nothing, or lists labels.
 */
export function booleanEnum(schema: unknown): boolean[] | undefined {
  const s = schema as Json | null;
  if (!s || typeof s !== "object" || !Array.isArray(s.enum) || isEnumOfLabels(s)) return undefined;
  const values = withValueEnum(s).enum as unknown[];
  const allowed = [true, false].filter((v) => values.includes(v));
  return allowed.length === 1 ? allowed : undefined;
}

function textValue(text: string, type: unknown): unknown {
  if ((type === "number" || type === "integer") && text.trim() !== "" && Number.isFinite(Number(text))) {
    const n = Number(text);
    return type === "integer" && !Number.isInteger(n) ? text : n;
  }
  if (type === "boolean" && (text === "true" || text === "false")) return text === "true";
  return text;
}

/**
 * A parameter whose string schema lists numbers or booleans in its enum, with their texts (withTextEnum); whose number
 * or boolean schema lists texts, with their values (withValueEnum: the mocks' Prism reads `false` as a boolean, then
 * refused it as not one of "false", "true"); the same parameter otherwise. `resolve`: a `$ref` followed.
 */
export function withEnumsAsSent(parameter: unknown, resolve: (value: unknown) => unknown): unknown {
  const p = resolve(parameter) as Json | null;
  if (!p || typeof p !== "object" || !p.schema || typeof p.schema !== "object") return parameter;
  const declared = resolve(p.schema);
  const schema = withValueEnum(withTextEnum(textOfKinds(declared, true), resolve));
  return schema === declared ? parameter : { ...p, schema };
}

/**
 * An untyped schema whose enum mixes kinds of values (`[true, false, 0, 1]`, `["a", 2, null]`) as a string's where
 * its value is sent as `text` (a query, path, header or cookie value, a form's or a multipart body's field), as no
 * type of one kind holds them all (Prism compared the text "true" with the value true, and refused it). A JSON
 * body's value is no text: the schema stays.
 */
export function textOfKinds<T>(schema: T, text: boolean | undefined): T {
  const s = schema as Json | null;
  if (!text || !s || typeof s !== "object" || s.type !== undefined || !Array.isArray(s.enum)) return schema;
  const values = s.enum.filter((v) => v !== null);
  const scalars = values.length > 0 && values.every((v) => ["string", "number", "boolean"].includes(typeof v));
  return scalars && valuesType(values) === undefined ? ({ ...s, type: "string" } as T) : schema;
}
