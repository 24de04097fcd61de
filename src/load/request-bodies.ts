// A request body as the runtime writes it (openapi-document.ts reads each operation's): the media type chosen (JSON
// when the document offers it, else a form, multipart, XML, raw bytes, one text), its schema and, for forms, each
// field's encoding.
import { fieldOf } from "@blockwright/runtime/internal/generate";
import {
  bareMediaType,
  FORM_MEDIA_TYPE,
  isJsonMediaType,
  isMediaType,
  constrainsNothing,
  isByteList,
  isRawBodyMedia,
  isJsonTextBodyMedia,
  isTextBodyMedia,
  isXmlMediaType,
  jsonMediaType,
  MULTIPART_MEDIA_TYPE,
  multipartParts,
} from "./media-types.js";
import type { OpenApiRequestBody, Schema } from "./openapi-types.js";
import { withRequiredBeside } from "./schema-types.js";
import { isMergePatchType, mergePatchView } from "./schemas/merge-patch.js";

/** Local `$ref`s followed until a concrete object (OpenApiDocument.resolve). */
type Resolve = (value: Schema) => Schema;

/** Whether a field's schema is a file's bytes, or a list of them (`format: binary`). */
function isFileSchema(resolve: Resolve, field: unknown): boolean {
  if (!field || typeof field !== "object") return false;
  const s = resolve(field as Schema);
  if (s.format === "binary") return true;
  return (
    s.type === "array" && !!s.items && typeof s.items === "object" && resolve(s.items as Schema).format === "binary"
  );
}

/**
 * Whether a JSON or form body's schema has a field of a file's bytes (its own or an allOf member's): neither carries
 * one (a form's pairs are text: a server reads a file from multipart alone).
 */
function holdsFile(resolve: Resolve, content: Record<string, Schema>, mediaType: string): boolean {
  const declared = resolve(fieldOf(content, mediaType)).schema;
  if (!declared || typeof declared !== "object") return false;
  const schema = resolve(declared as Schema);
  const members = [schema, ...(Array.isArray(schema.allOf) ? (schema.allOf as Schema[]).map(resolve) : [])];
  return members.some((m) =>
    Object.values((m.properties ?? {}) as Record<string, unknown>).some((f) => isFileSchema(resolve, f)),
  );
}

/** Whether a media type's schema is a binary string: a file's bytes (`format: binary`, 3.1's contentMediaType). */
function isBytes(resolve: Resolve, content: Record<string, Schema>, mediaType: string): boolean {
  const declared = resolve(fieldOf(content, mediaType)).schema;
  if (!declared || typeof declared !== "object") return false;
  const schema = resolve(declared as Schema);
  return schema.type === "string" && (schema.format === "binary" || typeof schema.contentMediaType === "string");
}

/** The content without one media type. */
const without = (content: Record<string, Schema>, mediaType: string) =>
  Object.fromEntries(Object.entries(content).filter(([type]) => type !== mediaType));

/**
 * The forms a JSON body is offered in beside it: the content's other keys that name a media type (a key that is none,
 * `examples`, `form-data`, names no form a request is sent in) and no JSON (`application/*+json`, a range of JSON
 * types beside `application/json`, is the JSON again).
 */
const otherForms = (content: Record<string, Schema>, mediaType: string) =>
  Object.fromEntries(
    Object.entries(content).filter(
      ([type]) =>
        type !== mediaType && isMediaType(type) && !isJsonMediaType(type) && !JSON_RANGE.test(bareMediaType(type)),
    ),
  );

/** A range of JSON media types (`application/*+json`): every type it admits is JSON. */
const JSON_RANGE = /^[^/]+\/\*\+json$/;

/**
 * The body the runtime writes: JSON when the spec offers it, else a form, else multipart, else XML, else raw bytes,
 * else one text. A JSON or form body with a file among its fields gives way to the multipart the spec offers beside
 * it, the one way the file can go.
 */
export function requestBodyOf(resolve: Resolve, body: Schema): OpenApiRequestBody | undefined {
  const content = (body.content ?? {}) as Record<string, Schema>;
  const keyOf = (type: string) => Object.keys(content).find((k) => bareMediaType(k) === type);
  const json = jsonMediaType(body.content);
  // A JSON type whose schema is a file's bytes, beside raw types (`application/json`, `application/ogg`, `image/png`…
  // each `format: binary`): JSON carries no bytes, so the body is the file, offered under the raw types.
  const bytes = json && isBytes(resolve, content, json) ? rawBodyOf(resolve, body, without(content, json)) : undefined;
  if (bytes) return bytes;
  const multipartKey = keyOf(MULTIPART_MEDIA_TYPE);
  const first = json ?? keyOf(FORM_MEDIA_TYPE);
  const mediaType =
    (first && multipartKey && holdsFile(resolve, content, first) ? multipartKey : first) ?? multipartKey;
  if (!mediaType) {
    const other = xmlBodyOf(resolve, body, content) ?? rawBodyOf(resolve, body, content);
    return other ?? textBodyOf(resolve, body, content) ?? jsonTextBodyOf(resolve, body, content);
  }
  const media = resolve(fieldOf(content, mediaType));
  // A JSON body the document gives no schema (an example alone) is any JSON value (OpenAPI: no schema, no rule); a
  // form or multipart one names no field to write.
  const declared = (media.schema ?? (isJsonMediaType(mediaType) ? {} : undefined)) as Schema | undefined;
  if (!declared) return undefined;
  const fields: OpenApiRequestBody["fields"] = {};
  for (const [name, raw] of Object.entries((media.encoding ?? {}) as Record<string, Schema>)) {
    const e = resolve(raw);
    fields[name] = {
      ...(typeof e.style === "string" ? { style: e.style } : {}),
      ...(typeof e.explode === "boolean" ? { explode: e.explode } : {}),
      ...(typeof e.allowReserved === "boolean" ? { allowReserved: e.allowReserved } : {}),
      ...(typeof e.contentType === "string" ? { contentType: e.contentType } : {}),
    };
  }
  const multipart = bareMediaType(mediaType) === MULTIPART_MEDIA_TYPE;
  // A merge patch (RFC 7396): its fields each optional, null removing one (schemas/merge-patch.ts).
  const patch = isMergePatchType(mediaType);
  const schema = patch
    ? mergePatchView(declared, (n) => (typeof n.$ref === "string" ? resolve(n) : undefined))
    : withRequiredBeside(declared, resolve(declared));
  // Raw bytes offered beside the JSON (a record's value stored as given: JSON, or any bytes under their own type), or
  // a text (`text/csv`, a vendor's text format): a file's bytes sent under that type instead of the JSON. Not an XML
  // document's text: the JSON says the same, and a file's bytes would be no document.
  const others = isJsonMediaType(mediaType) ? otherForms(content, mediaType) : undefined;
  const raw = others && (rawBodyOf(resolve, body, others) ?? textBodyOf(resolve, body, others, false));
  return {
    ...(raw ? { raw: { mediaType: raw.mediaType, ...(raw.mediaTypes ? { mediaTypes: raw.mediaTypes } : {}) } } : {}),
    required: Boolean(body.required),
    mediaType,
    ...(patch ? { mergePatch: true } : {}),
    encoding: isJsonMediaType(mediaType) ? "json" : multipart ? "multipart" : "form",
    schema: multipart ? multipartParts(schema, Boolean(body.required)) : schema,
    fields,
  };
}

/**
 * An XML body: its first XML media type whose schema is no file's bytes (isRawBodyMedia) nor a document's text
 * (isTextBodyMedia), with the root element's name when the schema or the component it names gives one.
 */
function xmlBodyOf(resolve: Resolve, body: Schema, content: Record<string, Schema>): OpenApiRequestBody | undefined {
  for (const [mediaType, raw] of Object.entries(content)) {
    if (!isXmlMediaType(mediaType)) continue;
    const media = resolve(raw);
    const declared = media.schema as Schema | undefined;
    const schema = declared ? resolve(declared) : undefined;
    if (!declared || !schema || isRawBodyMedia(mediaType, schema)) continue;
    const own = (schema.xml as Schema | undefined)?.name;
    const ref = /^#\/components\/schemas\/[^/]+$/.test(String(declared.$ref))
      ? String(declared.$ref).split("/").pop()
      : undefined;
    const root = typeof own === "string" && own ? own : ref?.replace(/~1/g, "/").replace(/~0/g, "~");
    // A string naming no element is a whole XML document's text (textBodyOf).
    if (!root && isTextBodyMedia(mediaType, schema)) continue;
    return {
      required: Boolean(body.required),
      mediaType,
      encoding: "xml",
      schema: withRequiredBeside(declared, schema),
      fields: {},
      ...(root ? { xmlRoot: root } : {}),
    };
  }
  return undefined;
}

/**
 * A raw body (isRawBodyMedia): its first such media type, its schema a binary string (the one it declares, when it
 * does); with the other raw types of no range it is offered under, when it names no range itself.
 */
function rawBodyOf(resolve: Resolve, body: Schema, content: Record<string, Schema>): OpenApiRequestBody | undefined {
  const raws = Object.entries(content).flatMap(([mediaType, raw]) => {
    const media = resolve(raw);
    const schema = media.schema ? resolve(media.schema as Schema) : undefined;
    return isRawBodyMedia(mediaType, schema) ? [{ mediaType, schema }] : [];
  });
  const [first] = raws;
  if (!first) return undefined;
  const { mediaType, schema } = first;
  const concrete = raws.map((r) => r.mediaType).filter((t) => isMediaType(t) && !t.includes("*"));
  return {
    required: Boolean(body.required),
    mediaType,
    encoding: "binary",
    schema: rawSchema(schema),
    fields: {},
    ...(concrete.length > 1 && concrete[0] === mediaType ? { mediaTypes: concrete } : {}),
  };
}

/**
 * A raw body's schema: a binary string, the declared one's annotations kept (`{}` and `{description}`), or a list of
 * bytes (isByteListMedia) as the binary string it stands for, its description kept; any other as it is.
 */
function rawSchema(schema: Schema | undefined): Schema {
  if (schema && isByteList(schema)) {
    const { type: _t, items: _i, ...annotations } = schema;
    return { type: "string", format: "binary", ...annotations };
  }
  return schema && !constrainsNothing(schema) ? schema : { type: "string", format: "binary", ...schema };
}

/** A body of one text (isTextBodyMedia): its first such media type (an XML one unless not `xml`), its string schema. */
function textBodyOf(
  resolve: Resolve,
  body: Schema,
  content: Record<string, Schema>,
  xml = true,
): OpenApiRequestBody | undefined {
  for (const [mediaType, raw] of Object.entries(content)) {
    const media = resolve(raw);
    const declared = media.schema as Schema | undefined;
    const schema = declared ? resolve(declared) : undefined;
    if (!declared || !isTextBodyMedia(mediaType, schema) || (!xml && isXmlMediaType(mediaType))) continue;
    return { required: Boolean(body.required), mediaType, encoding: "text", schema: declared, fields: {} };
  }
  return undefined;
}

/**
 * Structured data under a text media type (isJsonTextBodyMedia): its first such media type, read as a JSON body whose
 * JSON text goes under that type (`jsonText`), the body's fields drafted and sent as a JSON body's are.
 */
function jsonTextBodyOf(
  resolve: Resolve,
  body: Schema,
  content: Record<string, Schema>,
): OpenApiRequestBody | undefined {
  for (const [mediaType, raw] of Object.entries(content)) {
    const declared = resolve(raw).schema as Schema | undefined;
    if (!declared || !isJsonTextBodyMedia(mediaType, resolve(declared))) continue;
    const schema = withRequiredBeside(declared, resolve(declared));
    return { required: Boolean(body.required), mediaType, jsonText: true, encoding: "json", schema, fields: {} };
  }
  return undefined;
}
