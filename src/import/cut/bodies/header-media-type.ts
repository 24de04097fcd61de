// A request body typed otherwise than the operation's Content-Type header parameter says. OpenAPI ignores that
// parameter (the body's media types say the header), yet a document may type an upload's body as JSON of a binary
// field (`application/json: {file: {format: binary}, product: …}`) beside a required `Content-type` header whose words
// allow only `multipart/form-data`: the server reads the header's type. Read as published, a call sent the fields as
// JSON, the file a text, and every case passed against the same letter. `add` (and `upstream --accept`'s re-cut)
// writes such a body under the header's type in the cut, where the header names exactly one type
// (load/ignored-headers.ts `namedMediaTypes`) that the body's one schema fits: an object of fields as a multipart
// form (a binary field a file part) or, no binary field among them, a URL-encoded form; a string as a file's bytes or
// one text of a type of bytes or text (`application/x-tar`); a JSON object of one string member beside a type of
// bytes or text (a JSON wrapper of a raw payload: `{file}` beside `application/zip`) as that member alone, the
// body's bytes or text (payloadMember). Said in the header and noted; the pinned published
// document keeps its type. A JSON header beside a body of another JSON type is left as it is (both JSON); a header
// naming several types, or a body that fits none, is left too, and the draft notes how the call sends it.
import { followLocalRefs } from "../../../load/json-ref.js";
import { namedMediaTypes } from "../../../load/ignored-headers.js";
import {
  bareMediaType,
  FORM_MEDIA_TYPE,
  isJsonMediaType,
  isRawBodyMedia,
  isTextBodyMedia,
  isXmlMediaType,
  MULTIPART_MEDIA_TYPE,
} from "../../../load/media-types.js";

type Json = Record<string, unknown>;

const object = (v: unknown): Json | undefined =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : undefined;

/** The body's content as its Content-Type header parameter says, and the type it was published as (and the member it
 * wrapped the payload in); undefined if not. */
export function headerReadContent(
  document: Json,
  op: Json,
  pathItem?: Json,
): { content: Json; type: string; published: string } | undefined {
  const body = object(followLocalRefs(document, op.requestBody));
  const content = object(body?.content);
  const entries = Object.entries(content ?? {});
  if (entries.length !== 1) return undefined;
  const [published, media] = entries[0] as [string, unknown];
  const declared = [...(Array.isArray(pathItem?.parameters) ? pathItem.parameters : []), ...asList(op.parameters)];
  const named = declared.flatMap((p) => namedMediaTypes(object(followLocalRefs(document, p)) ?? {}));
  const types = [...new Set(named)];
  const [type] = types;
  if (types.length !== 1 || type === undefined || type === bareMediaType(published) || type.includes("*"))
    return undefined;
  const schema = object(followLocalRefs(document, object(media)?.schema));
  if (fits(document, type, published, schema)) return { content: { [type]: media }, type, published };
  const wrapped = payloadMember(document, type, published, schema);
  if (!wrapped) return undefined;
  return { content: { [type]: { schema: wrapped.schema } }, type, published: `${published} of {${wrapped.name}}` };
}

/**
 * The payload a JSON object of one member wraps, where the header names a type of bytes or text the object cannot be
 * sent as: the member (a string) is the whole body, as its bytes (a file) or its text. A JSON wrapper of a raw payload,
 * as documents converted from service models write a blob or text payload member (`{file}` beside
 * `Content-Type: application/zip`). Undefined for any other object: several members, a member of another type, a body
 * the object's own extra members could fill.
 */
function payloadMember(
  document: Json,
  type: string,
  published: string,
  schema: Json | undefined,
): { name: string; schema: Json } | undefined {
  if (!schema || !isJsonMediaType(published) || isJsonMediaType(type) || isXmlMediaType(type)) return undefined;
  if (schema.type !== undefined && schema.type !== "object") return undefined;
  const extra = schema.additionalProperties;
  if ((extra !== undefined && extra !== false) || schema.patternProperties !== undefined) return undefined;
  if ([schema.allOf, schema.anyOf, schema.oneOf].some((v) => v !== undefined)) return undefined;
  const members = Object.entries(object(schema.properties) ?? {});
  const [only] = members;
  if (members.length !== 1 || !only) return undefined;
  const member = object(followLocalRefs(document, only[1]));
  if (member?.type !== "string" || member.enum !== undefined || member.const !== undefined) return undefined;
  const { format, contentEncoding, ...said } = member;
  const bytes = { ...said, type: "string", format: "binary" };
  const text = { ...said, type: "string" };
  // Bytes where the member says so (binary, or base64: JSON's writing of bytes) or the type is one of bytes; a text
  // where the type is one of text (`text/csv`); else, of a type the body can be, bytes.
  const saysBytes = format === "binary" || format === "byte" || contentEncoding !== undefined;
  if (!saysBytes && isTextBodyMedia(type, text)) return { name: only[0], schema: text };
  return isRawBodyMedia(type, bytes) ? { name: only[0], schema: bytes } : undefined;
}

const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Whether a body's schema, published under `published`, can be sent as `type`. */
function fits(document: Json, type: string, published: string, schema: Json | undefined): boolean {
  // Both JSON: the body's own type names JSON as well, and a JSON reading would send the same text.
  if (isJsonMediaType(type) || isXmlMediaType(type) || !schema) return false;
  const properties = object(schema.properties);
  const fields = properties && (schema.type === undefined || schema.type === "object");
  const binary = (s: unknown) => {
    const field = object(followLocalRefs(document, s));
    return field?.type === "string" && field.format === "binary";
  };
  if (type === MULTIPART_MEDIA_TYPE) return Boolean(fields) || binary(schema);
  if (type === FORM_MEDIA_TYPE) return Boolean(fields) && !Object.values(properties ?? {}).some(binary);
  if (type.startsWith("multipart/") || type === "text/event-stream") return false;
  // A string as the whole body: a file's bytes or one text, not JSON's string.
  return (
    schema.type === "string" &&
    !isJsonMediaType(published) &&
    (isRawBodyMedia(type, schema) || isTextBodyMedia(type, schema))
  );
}

/**
 * Write under its header's type, in the cut, each chosen operation's request body its Content-Type header parameter
 * types otherwise (headerReadContent); a shared (`$ref`) body is written as the operation's own. Returns each
 * rewritten, as the header names it (`<operation> (multipart/form-data, published as application/json)`).
 */
export function withBodiesAsHeaderSays(cut: Json, chosen: readonly { id: string; op: Json; item?: Json }[]): string[] {
  const written: string[] = [];
  for (const { id, op, item } of chosen) {
    const read = headerReadContent(cut, op, item);
    if (!read) continue;
    const body = object(followLocalRefs(cut, op.requestBody)) ?? {};
    op.requestBody = { ...body, content: read.content };
    written.push(`${id} (${read.type}, published as ${read.published})`);
  }
  return written;
}
