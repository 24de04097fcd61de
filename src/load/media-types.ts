// Media types as the link step reads them: JSON (with vendor `+json` types),
// forms, multipart, the raw bytes of a file and one text.
/** A JSON schema as the document writes it (openapi-document.ts names it too). */
type Schema = Record<string, unknown>;

export const FORM_MEDIA_TYPE = "application/x-www-form-urlencoded";
export const MULTIPART_MEDIA_TYPE = "multipart/form-data";

/**
 * A request body that is a file's bytes as they are: a media type that is not
 * JSON, a form, multipart or a stream of events, whose schema is absent, empty
 * or a binary string (OpenAPI 3.0's `format: binary`, 3.1's
 * `contentMediaType`/`contentEncoding`) or base64 text of bytes (`format: byte`, sent encoded), or any string under
 * `application/octet-stream`, a range such as `image/*`, or a type of bytes
 * (an image, a PDF, an archive); or a list of bytes under a type of no text (isByteListMedia).
 */
export function isRawBodyMedia(mediaType: string, schema: Schema | undefined): boolean {
  const bare = bareMediaType(mediaType);
  if (
    !bare ||
    isJsonMediaType(bare) ||
    bare === FORM_MEDIA_TYPE ||
    bare.startsWith("multipart/") ||
    bare === "text/event-stream"
  )
    return false;
  if (!schema || constrainsNothing(schema) || isByteListMedia(mediaType, schema)) return true;
  if (schema.type !== "string" && !(Array.isArray(schema.type) && schema.type.includes("string"))) return false;
  if (schema.format === "binary" || typeof schema.contentMediaType === "string" || schema.contentEncoding === "binary")
    return true;
  // Base64 text of bytes (`format: byte`) as the whole body, under any type: the bytes are the value, base64 the wire.
  if (isBase64String(schema)) return true;
  return bare === "application/octet-stream" || bare.includes("*") || BYTES_MEDIA.test(bare);
}

/**
 * A list of bytes as a schema: an array whose items are strings of format byte or binary
 * (`{type: array, items: {type: string, format: byte}}`, how springfox and its kin write Java's `byte[]`). Under a
 * media type of no JSON, form, multipart, XML or text (isByteListMedia), it is a file's bytes, as a binary string is:
 * no server writes a file as a JSON list of base64 texts under `image/jpeg`.
 */
export function isByteList(schema: Schema | undefined): boolean {
  if (schema?.type !== "array" || schema.items === null || typeof schema.items !== "object") return false;
  const items = schema.items as Schema;
  return items.type === "string" && (items.format === "byte" || items.format === "binary");
}

/**
 * Whether a `content` entry (a request body's or an answer's) is a file's bytes written as a list of bytes: a media
 * type that is no JSON, form, multipart, XML, text or stream of events, its schema a list of bytes (isByteList). The
 * mock serves and reads it as a binary string (mocks/media/byte-lists.ts); the link takes it as a raw body or a
 * download.
 */
export function isByteListMedia(mediaType: string, schema: Schema | undefined): boolean {
  const bare = bareMediaType(mediaType);
  if (!isByteList(schema) || !bare || isJsonMediaType(bare) || isXmlMediaType(bare)) return false;
  return !(bare === FORM_MEDIA_TYPE || bare.startsWith("multipart/") || bare.startsWith("text/"));
}

/** Media types whose content is bytes whatever its schema says (a string under them is no text to type). */
const BYTES_MEDIA =
  /^(?:(?:image|audio|video|font|model)\/|application\/(?:pdf|zip|gzip|x-(?:tar|gzip|bzip2|xz|7z-compressed))$)/;

/**
 * A request body that is one text as it is (`text/plain`, `text/csv`, `application/sql`…): a media type that is not
 * JSON, a form, multipart, XML or a stream of events, whose schema is a string that no raw body's is (isRawBodyMedia):
 * the whole body is one string parameter's value, sent as its UTF-8 bytes. So is XML whose schema is a string naming
 * no element (`text/xml`, `{type: string}`: a whole XML document, a catalog uploaded as written): its text is the body.
 * A string that names its element (`xml.name`, or a component's name, which the caller reads) is that element's text.
 */
export function isTextBodyMedia(mediaType: string, schema: Schema | undefined): boolean {
  const bare = bareMediaType(mediaType);
  if (schema?.type !== "string" || isBase64String(schema) || !isMediaType(mediaType)) return false;
  const structured =
    isJsonMediaType(bare) ||
    (isXmlMediaType(bare) && (schema.xml as Schema | undefined)?.name !== undefined) ||
    bare === FORM_MEDIA_TYPE ||
    bare.startsWith("multipart/") ||
    bare === "text/event-stream";
  return !structured && !isRawBodyMedia(mediaType, schema);
}

/**
 * A request body of structured data under a text media type (`text/plain: {schema: {type: object, properties}}`): a
 * `text/` type that is not XML or a stream of events, whose schema is an object or an array.
 * No text of its own says how such a value is written; its JSON text is what the schema describes, sent under the
 * documented type when the manifest says so (an operation's `bodyEncoding: json`).
 */
export function isJsonTextBodyMedia(mediaType: string, schema: Schema | undefined): boolean {
  const bare = bareMediaType(mediaType);
  // A text type alone: under another (`application/zq-pack`) an object may be any encoding of it, JSON no likelier.
  if (!schema || !isMediaType(mediaType) || !bare.startsWith("text/") || bare.includes("*")) return false;
  if (isXmlMediaType(bare) || bare === "text/event-stream") return false;
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  if (types.includes("string")) return false;
  return (
    types.includes("object") ||
    types.includes("array") ||
    (types.length === 0 && (schema.properties !== undefined || schema.items !== undefined))
  );
}

/** Keywords that describe a value without constraining it (JSON Schema's annotations, and extensions). */
const ANNOTATIONS = new Set(["description", "title", "example", "examples", "deprecated", "$comment", "externalDocs"]);

/**
 * Whether a schema admits any value, as `{}` does: it has no keyword but annotations (`{description, example}`), as a
 * raw body's schema that only says what its bytes are.
 */
export function constrainsNothing(schema: Schema): boolean {
  return Object.keys(schema).every((k) => ANNOTATIONS.has(k) || k.startsWith("x-"));
}

/**
 * Whether a named example (its `$ref` followed) gives its value here: one that only names where its value lives
 * (`externalValue`), which no run fetches, has nothing to serve or compare, and is read as no example.
 */
export function givesExampleValue(example: unknown): boolean {
  return typeof example === "object" && example !== null && "value" in example;
}

/**
 * The part a multipart body goes in when its schema is one value and names no
 * part (`multipart/form-data: {schema: {type: string, format: binary}}`, or
 * one string): the name HTML forms and most upload APIs give a lone file.
 */
export const LONE_FILE_PART = "file";

/**
 * Whether an answer of this status carries no content (RFC 9110: 204, 205 and 304), whatever a document declares for
 * it.
 */
export function carriesNoContent(status: number | string): boolean {
  return status === 204 || status === 205 || status === 304 || status === "204" || status === "205" || status === "304";
}

/**
 * A string the document says is base64 text: OpenAPI 3.0's `format: byte`, 3.1's `contentEncoding: base64` (a raw
 * body of one: the file's bytes sent base64-encoded).
 */
export function isBase64String(schema: Schema | undefined): boolean {
  return schema?.format === "byte" || schema?.contentEncoding === "base64";
}

/**
 * A schema of a file's bytes: a string of format binary (OpenAPI 3.0) or a media type of bytes (bytesFormat), or with
 * a contentMediaType or contentEncoding binary (3.1).
 */
export function isBinaryString(schema: Schema | undefined): boolean {
  if (!schema) return false;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (schema.type !== undefined && !types.includes("string")) return false;
  return (
    schema.format === "binary" ||
    typeof schema.contentMediaType === "string" ||
    schema.contentEncoding === "binary" ||
    bytesFormat(schema) !== undefined
  );
}

/**
 * A string's `format` that is a media type of bytes (`format: audio/x-wav`, as some publishers type a file field),
 * lower-cased; undefined for any other format (`date/time` is none).
 */
export function bytesFormat(schema: Schema): string | undefined {
  const format = typeof schema.format === "string" ? schema.format.trim().toLowerCase() : "";
  return /^[a-z]+\/[a-z0-9][\w.+-]*$/.test(format) &&
    (format === "application/octet-stream" || BYTES_MEDIA.test(format))
    ? format
    : undefined;
}

/**
 * A file's schema without the rules of a text (`enum`, `const`, `pattern`), in place; whether it had one. A publisher
 * lists there the names the file may have (`enum: ["*.png", "*.jpg"]`), which no file's bytes are: the request judge
 * (which stands a part's digest in for its bytes) and the mock's Prism (which reads a file part's bytes as text)
 * refused every file sent.
 */
export function withoutFileTextRules(schema: Schema): boolean {
  if (!isBinaryString(schema) || (schema.enum === undefined && schema.const === undefined && !schema.pattern))
    return false;
  delete schema.enum;
  delete schema.const;
  delete schema.pattern;
  return true;
}

/**
 * Whether a multipart field is a file or a list of files (`item` reads a list's items): each file is a part of its own,
 * its bytes, whatever style or explode its encoding gives (a form's style writes text, which a file's bytes are not;
 * OpenAPI 3.0.0–3.0.3 and 3.1.0 apply them to application/x-www-form-urlencoded alone).
 */
export function isFilesField(schema: Schema | undefined, item: (list: Schema) => Schema | undefined): boolean {
  if (!schema || isBinaryString(schema)) return schema !== undefined;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes("array") && isBinaryString(item(schema));
}

/**
 * Whether a multipart body's schema is one value (a file, a string, a number
 * or a boolean) rather than an object of named parts, which no multipart
 * body can be without a part to put it in.
 */
export function isLonePart(schema: Schema): boolean {
  if (schema.properties !== undefined) return false;
  return (
    isBinaryString(schema) ||
    (typeof schema.type === "string" && ["string", "number", "integer", "boolean"].includes(schema.type))
  );
}

/**
 * A multipart body's schema as parts: one that is a lone value (isLonePart)
 * is an object whose one part, LONE_FILE_PART, is that value, required when
 * the body is; others as they are.
 */
export function multipartParts(schema: Schema, required: boolean): Schema {
  if (!isLonePart(schema)) return schema;
  return {
    type: "object",
    properties: { [LONE_FILE_PART]: schema },
    ...(required ? { required: [LONE_FILE_PART] } : {}),
  };
}

const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const QUOTED =
  '"(?:[\\u000b\\u0020\\u0021\\u0023-\\u005b\\u005d-\\u007e\\u0080-\\u00ff]|\\\\[\\u000b\\u0020-\\u00ff])*"';
/** RFC 9110's media-type: type/subtype and `; name=value` parameters (what the parser Prism uses accepts). */
const MEDIA_TYPE = new RegExp(
  `^${TOKEN}/${TOKEN}(?:[ \\t]*;[ \\t]*${TOKEN}[ \\t]*=[ \\t]*(?:${TOKEN}|${QUOTED}))*[ \\t]*$`,
);

/** Whether a text (a content map's key) is a media type, as the parser Prism uses reads one: a content map's key
 * that is none (`PDF`) names no type a request can ask for. */
export function isMediaType(text: string): boolean {
  return MEDIA_TYPE.test(text.trim());
}

/** A media type without its parameters, lowercased: `Application/JSON; charset=utf-8` → `application/json`. */
export function bareMediaType(mediaType: string): string {
  return (mediaType.split(";")[0] ?? "").trim().toLowerCase();
}

/** JSON media types: `application/json`, other `…/json` types and the structured-syntax `+json` types (RFC 6839). */
export function isJsonMediaType(mediaType: string): boolean {
  let json = jsonTypes.get(mediaType);
  if (json === undefined) {
    json = /^[a-z0-9!#$&^_.-]+\/([a-z0-9!#$&^_.+-]+\+)?json$/.test(bareMediaType(mediaType));
    if (jsonTypes.size < JSON_TYPES_KEPT) jsonTypes.set(mediaType, json);
  }
  return json;
}

/** XML media types: `application/xml`, `text/xml` and the structured-syntax `+xml` types (RFC 7303). */
export function isXmlMediaType(mediaType: string): boolean {
  return /^(application|text)\/xml$|^[a-z0-9!#$&^_.-]+\/[a-z0-9!#$&^_.+-]+\+xml$/.test(bareMediaType(mediaType));
}

/**
 * The answers for the media types asked about: the link, the example check and the emitters ask about the same few
 * types again and again (its split, lower-casing and expression were a link's most frequent small cost). Bounded: a
 * document's types are few, a hostile one's many are asked the long way.
 */
const jsonTypes = new Map<string, boolean>();
const JSON_TYPES_KEPT = 512;

/**
 * The JSON media type of a `content` map that carries a schema: one answer or body may be written under two JSON
 * types (its examples under `application/json`, its schema under `application/json; charset=utf-8`, in Zuora's
 * document), and the schema of one describes the other's body too. The model, the example check and the mocks ask here.
 */
export function describedJsonType(content: unknown): string | undefined {
  const map = (content ?? {}) as Record<string, unknown>;
  return Object.keys(map).find((type) => isJsonMediaType(type) && (map[type] as Schema | null)?.schema !== undefined);
}

/**
 * Whether a schema (its `$ref` followed) describes a structure, an object or a list (by its type, properties, items or
 * branches): what no media type but JSON writes, so that a mock serves it as JSON (mock-document.ts).
 */
export function isStructuredSchema(schema: unknown): boolean {
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) return false;
  const s = schema as Schema;
  const types = Array.isArray(s.type) ? s.type : [s.type];
  return (
    types.includes("object") ||
    types.includes("array") ||
    (s.properties !== null && typeof s.properties === "object") ||
    s.items !== undefined ||
    ["allOf", "oneOf", "anyOf"].some((k) => Array.isArray(s[k]))
  );
}

/**
 * The media type of a `content` map whose schema the examples of a JSON type without one meet: another JSON type's
 * (describedJsonType), else the first type of another kind whose schema is a structure (a wildcard type with an object
 * or a list), which a mock serves as JSON with the JSON type's examples. The example check asks here; `schemaOf`: a
 * type's schema, its `$ref` followed.
 */
export function describingType(content: unknown, schemaOf: (type: string) => unknown): string | undefined {
  return (
    describedJsonType(content) ??
    Object.keys((content ?? {}) as object).find((type) => !isJsonMediaType(type) && isStructuredSchema(schemaOf(type)))
  );
}

/**
 * The JSON media type of a `content` map: `application/json` first (parameters and case aside), else the first other
 * JSON type that is no JSON Patch, else a JSON Patch. A JSON Patch (RFC 6902) is a list of operations whatever the
 * schema says: a PATCH offering it beside a merge patch (RFC 7396: the changed fields, as an object) sent an object
 * under it, which such a service refuses.
 */
export function jsonMediaType(content: unknown): string | undefined {
  const keys = Object.keys((content ?? {}) as object);
  return (
    keys.find((k) => bareMediaType(k) === "application/json") ??
    keys.find((k) => isJsonMediaType(k) && bareMediaType(k) !== JSON_PATCH) ??
    keys.find(isJsonMediaType)
  );
}

/**
 * Whether an answer's JSON types describe bytes, not JSON: a server framework lists `application/json` among the types
 * of a download (a book's file offered as `application/json` and `application/octet-stream`, a stylesheet as
 * `application/json` and `text/css`), its schema a binary string, or the schema of no value (the stream's `{}`) beside
 * a file type whose schema is of no value too or a binary string (FastAPI's default JSON, only a title, beside the
 * `application/pdf` an operation declares), or JSON types alone whose schemas are all binary strings (an export of JSON
 * lines declared `application/json`). The answer is then the file: no JSON type is read from it. A JSON type alone of
 * another schema, beside XML only (the same record in two syntaxes), or with a schema of a value (an object, a list, a
 * type) is JSON as before. `resolve`: a schema with its `$ref` followed.
 */
export function jsonDescribesBytes(content: unknown, resolve: (schema: Schema) => Schema): boolean {
  const map = (content ?? {}) as Record<string, Schema | null>;
  const schemaOf = (type: string): Schema | undefined => {
    const schema = map[type]?.schema as Schema | undefined;
    return schema === undefined ? undefined : resolve(schema);
  };
  const types = Object.keys(map);
  const files = types.filter((t) => !isJsonMediaType(t) && !isXmlMediaType(t) && schemaOf(t) !== undefined);
  const json = types.filter(isJsonMediaType);
  // A binary string under JSON types alone is bytes too (JSON lines declared `application/json`): no JSON value is.
  if (json.length && !files.length) return types.every((t) => json.includes(t) && isBinaryString(schemaOf(t)));
  if (!files.length || !json.length) return false;
  const opaque = (s: Schema | undefined): boolean =>
    s !== undefined && s.type === undefined && !isStructuredSchema(s) && s.enum === undefined && s.const === undefined;
  const fileIsOpaque = files.some((t) => opaque(schemaOf(t)) || isBinaryString(schemaOf(t)));
  return json.every((type) => {
    const schema = schemaOf(type);
    return isBinaryString(schema) || (opaque(schema) && fileIsOpaque);
  });
}

/**
 * The text type an answer comes in, when it is one text and nothing else (no JSON type): each of its `content` types a
 * text the runtime reads as text (`text/*` but a stream of events, XML, CSV, YAML; runtime/call/reply-failures.ts
 * TEXT_TYPE) whose schema is a string that no file's is (isTextBodyMedia: not `format: binary`, not bytes); the first
 * such. Its outputs read it whole, as a string (`$response.body`); an answer with a type of bytes beside it is a file.
 */
export function textAnswerType(content: unknown, resolve: (schema: Schema) => Schema): string | undefined {
  const map = (content ?? {}) as Record<string, Schema | null>;
  const types = Object.keys(map);
  const text = (type: string) => {
    const raw = map[type]?.schema as Schema | undefined;
    const schema = raw ? resolve(raw) : undefined;
    // `text/plain` with no schema (or one of no value) is a text all the same: no file is written as plain text.
    if (bareMediaType(type) === "text/plain" && (!schema || constrainsNothing(schema))) return true;
    return TEXT_ANSWER.test(bareMediaType(type)) && isTextBodyMedia(type, schema);
  };
  return types.length && types.every(text) ? types[0] : undefined;
}

/**
 * The text type of an answer declared only as plain text whose schema is a record, an object or a list
 * (isStructuredSchema): what no plain text is, so its body is that record written as JSON text (a server framework's
 * default type for a handler's object). Read as JSON whatever its Content-Type says; undefined for another answer.
 */
export function jsonTextType(content: unknown, resolve: (schema: Schema) => Schema): string | undefined {
  const map = (content ?? {}) as Record<string, Schema | null>;
  const types = Object.keys(map);
  const record = (type: string) => {
    const schema = map[type]?.schema as Schema | undefined;
    return bareMediaType(type) === "text/plain" && schema !== undefined && isStructuredSchema(resolve(schema));
  };
  return types.length && types.every(record) ? types[0] : undefined;
}

/** The bare types the runtime reads as text (reply-failures.ts TEXT_TYPE, a charset aside). */
const TEXT_ANSWER = /^text\/(?!event-stream$)|[+/](xml|csv|x-csv|ya?ml|x-ya?ml)$|script|sql/;

/** RFC 6902's media type: a list of operations (`add`, `remove`, `replace` at a JSON pointer). */
const JSON_PATCH = "application/json-patch+json";

/**
 * An example of a JSON type without a schema written as a text holding an object or a list (`"{\"count\": 1}"`): the
 * value that text spells, which is what the answer's body is; any other value as it is.
 */
export function jsonTextValue(value: unknown): unknown {
  if (typeof value !== "string" || !/^\s*[[{]/.test(value)) return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}
