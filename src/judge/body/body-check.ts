// A request's body judged: sent only where the operation declares one, in a
// media type it declares (its Content-Type), present when required (an empty
// form typed as one is present), and its
// content — JSON parsed, a form's pairs or a multipart body's parts read as
// the media type's `encoding` says, XML read as its `xml` objects say, one
// text as it is — meeting
// the body's schema at every depth; bytes the document says are base64 text
// (format byte) are that text.
import {
  bareMediaType,
  describedJsonType,
  FORM_MEDIA_TYPE,
  isBase64String,
  isJsonMediaType,
  isJsonTextBodyMedia,
  isMediaType,
  isTextBodyMedia,
  isXmlMediaType,
} from "../../load/media-types.js";
import { isMergePatchType } from "../../load/schemas/merge-patch.js";
import { BASE64_PATTERN } from "../../load/examples/format-texts.js";
import { type FieldsRead, formFields, multipartFields } from "./form-fields.js";
import { type JudgedBody, type Node, type Path, pointerTo, schemaAt } from "../operations.js";
import { quoted, type JudgeRule, type Refusal } from "../refusal.js";
import type { SchemaChecker } from "../schema-check.js";
import { resolved } from "../text-values.js";
import { xmlSchema } from "../../link/wire/xml-shape.js";
import { xmlBodyValue, xmlDocumentMiss } from "./xml-body.js";

export interface BodyContext {
  data: unknown;
  checker: SchemaChecker;
  /** The places the credential stands in for (`auth.covers`): a body field among them is not asked of the body. */
  covered?: (slot: { in: string; name: string }) => boolean;
}

/**
 * What a body was judged to be: its refusals, or the value it reads as (undefined without a body, or one no schema
 * reads).
 */
export type BodyVerdict = { refusals: Refusal[]; value?: unknown };

export function judgeBody(
  body: JudgedBody | undefined,
  bodyAt: Path,
  contentType: string | null,
  bytes: Uint8Array | undefined,
  ctx: BodyContext,
): BodyVerdict {
  const verdict = judgeBodyValue(body, bodyAt, contentType, bytes, ctx);
  return Array.isArray(verdict) ? { refusals: verdict } : verdict;
}

function judgeBodyValue(
  body: JudgedBody | undefined,
  bodyAt: Path,
  contentType: string | null,
  bytes: Uint8Array | undefined,
  ctx: BodyContext,
): Refusal[] | BodyVerdict {
  const size = bytes?.byteLength ?? 0;
  const text = size ? Buffer.from(bytes as Uint8Array).toString("utf8") : "";
  const refuse = (rule: JudgeRule, message: string, at: Path, pointer = "/body"): Refusal[] => [
    { rule, at: pointerTo(at), pointer, sent: quoted(size ? text : ""), message },
  ];
  if (!body)
    return size
      ? refuse("mediaType", `the operation declares no request body, and ${size} bytes were sent`, bodyAt)
      : [];
  // A form of no pair, typed as a form the document declares, is a body (an object without fields, encoded): its schema
  // says whether it may be empty.
  const emptyForm =
    !size &&
    body.required &&
    contentType !== null &&
    bareMediaType(contentType) === FORM_MEDIA_TYPE &&
    !!mediaFor(body, contentType);
  if (!size && !emptyForm)
    return body.required ? refuse("required", "the document requires a request body, and none was sent", body.at) : [];
  const declared = body.content.map((c) => c.mediaType);
  if (!contentType)
    return refuse(
      "mediaType",
      `a body of ${size} bytes sent without a Content-Type; the document declares ${declared.join(", ")}`,
      body.at,
      "/header/content-type",
    );
  const media = mediaFor(body, contentType);
  if (!media)
    return refuse(
      "mediaType",
      `sent as ${contentType}; the document declares ${declared.join(", ") || "no media type"}`,
      body.at,
      "/header/content-type",
    );
  const bare = bareMediaType(media.mediaType);
  const schemaPlace = schemaPlaceOf(body, media, ctx);
  let value: unknown;
  let whole: unknown;
  let readFields: ((m: Media) => FieldsRead) | undefined;
  if (isJsonMediaType(bare)) {
    try {
      value = JSON.parse(text);
    } catch (e) {
      return refuse("mediaType", `sent as ${contentType}, and is not JSON (${(e as Error).message})`, media.at);
    }
  } else if (bare === FORM_MEDIA_TYPE || bare === "multipart/form-data") {
    readFields = (m) =>
      bare === FORM_MEDIA_TYPE
        ? formFields(text, m, ctx.data)
        : multipartFields(bytes as Uint8Array, contentType, m, ctx.data);
    const read = formRead(media, readFields, schemaPlace?.at, ctx);
    if ("refusals" in read) return read.refusals.map((r) => ({ ...r, sent: r.sent || quoted(text) }));
    value = read.value;
    whole = read.whole;
  } else if (readsXmlShape(media, ctx)) {
    const read = xmlBodyValue(text, media.node.schema as Node, ctx.data); // as its `xml` objects say
    if ("miss" in read) return refuse("schema", read.miss.message, media.at, read.miss.pointer);
    value = read.value;
  } else if (isJsonTextBodyMedia(media.mediaType, mediaSchema(media, ctx))) {
    // Structured data under a text type (an object or array schema): its JSON text, the one text the schema describes.
    try {
      value = JSON.parse(text);
    } catch (e) {
      return refuse(
        "schema",
        `sent as ${contentType}, whose schema is an object or array: not its JSON text (${(e as Error).message})`,
        media.at,
      );
    }
  } else if (isTextBodyMedia(media.mediaType, mediaSchema(media, ctx))) {
    // One text as it is, held to its string schema (length, pattern, enum); under an XML type, one XML document.
    const notXml = isXmlMediaType(bare) ? xmlDocumentMiss(text) : undefined;
    if (notXml) return refuse("schema", notXml, media.at, "/body");
    value = text;
  } else {
    const base64 = notBase64(media, contentType, text, ctx);
    return base64 ? refuse("schema", base64, media.at) : [];
  }
  if (!schemaPlace) return { refusals: [], value };
  const patch = isMergePatchType(media.mediaType);
  const miss = ctx.checker.check(withCoveredFields(whole ?? value, media.node.schema, ctx), schemaPlace.at, patch);
  if (!miss) return { refusals: [], value };
  const shaped = readFields && readAsShapes(media, schemaPlace.at, readFields, ctx);
  if (shaped) return { refusals: [], value: shaped.value };
  return refuse(
    miss.rule ?? "schema",
    `the body does not meet its schema: ${miss.message}`,
    schemaPlace.at,
    `/body${miss.path.map((s) => `/${s.replace(/~/g, "~0").replace(/\//g, "~1")}`).join("")}`,
  );
}

type Media = { mediaType: string; at: Path; node: Node };

/** Where the body's schema is: its media type's, or, a JSON type without one, a sibling JSON type's it holds. */
function schemaPlaceOf(body: JudgedBody, media: Media, ctx: BodyContext): ReturnType<typeof schemaAt> | undefined {
  if (media.node.schema !== undefined) return schemaAt(ctx.data, [...media.at, "schema"]);
  const sibling = isJsonMediaType(bareMediaType(media.mediaType))
    ? describedJsonType(Object.fromEntries(body.content.map((c) => [c.mediaType, c.node])))
    : undefined;
  return sibling ? schemaAt(ctx.data, [...body.at, "content", sibling, "schema"]) : undefined;
}

/**
 * A form's or multipart body's fields: the first reading, or where it is refused (a part held to the type of its field
 * in the first shape listing it: a file there, an integer id in another shape), the first shape's reading the body's
 * schema takes.
 */
function formRead(
  media: Media,
  read: (m: Media) => FieldsRead,
  schemaAt: Path | undefined,
  ctx: BodyContext,
): FieldsRead {
  const first = read(media);
  if (!("refusals" in first) || !schemaAt) return first;
  return readAsShapes(media, schemaAt, read, ctx) ?? first;
}

/**
 * Bytes of another media type are the file's as they are, unless the document says they are base64 text (format
 * byte, 3.1's contentEncoding): a validator of the document (Prism's) holds them to base64's alphabet. The refusal's
 * message where they are not.
 */
function notBase64(media: Media, contentType: string, text: string, ctx: BodyContext): string | undefined {
  const schema = mediaSchema(media, ctx);
  return isBase64String(schema) && !BASE64_TEXT.test(text.trim())
    ? `sent as ${contentType} bytes, and the document says the body is base64 text (format byte): not base64`
    : undefined;
}

/** A media type's schema, its `$ref` followed; undefined when it has none. */
/**
 * An XML body read by its schema's `xml` objects: not a file's bytes under an XML type, which no shape reads, nor a
 * whole document's text (a string naming no element: xmlSchema).
 */
function readsXmlShape(media: Media, ctx: BodyContext): boolean {
  return isXmlMediaType(bareMediaType(media.mediaType)) && xmlSchema(ctx.data, media.node) !== undefined;
}

function mediaSchema(media: Media, ctx: BodyContext): Record<string, unknown> | undefined {
  return media.node.schema === undefined
    ? undefined
    : (resolved(ctx.data, media.node.schema) as Record<string, unknown>);
}

/** Base64 text as add drafts a byte field's pattern (byte-text.ts). */
const BASE64_TEXT = new RegExp(BASE64_PATTERN);

/**
 * A form's (or multipart body's) fields read as each shape of its union types them, the first reading the body's
 * schema takes: the pairs are texts, typed by the first shape that lists each field, so a field that is a text in one
 * shape and an integer in another read as the text, and a body the other shape takes as no shape's. Undefined when the
 * schema is no union, or no shape's reading is taken (the first reading's refusal stands).
 */
function readAsShapes(
  media: Media,
  schemaAt: Path,
  read: (m: Media) => FieldsRead,
  ctx: BodyContext,
): { value: unknown } | undefined {
  const node = resolved(ctx.data, media.node.schema);
  const key = Array.isArray(node.oneOf) ? "oneOf" : Array.isArray(node.anyOf) ? "anyOf" : undefined;
  if (!key) return undefined;
  const { oneOf: _one, anyOf: _any, ...beside } = node;
  for (const branch of (node[key] as unknown[]).slice(0, 16)) {
    const fields = read({ ...media, node: { ...media.node, schema: { allOf: [beside, branch] } } });
    if ("refusals" in fields) continue;
    if (!ctx.checker.check(fields.whole ?? fields.value, schemaAt)) return { value: fields.value };
  }
  return undefined;
}

/**
 * The media type object a Content-Type is sent under: the same type first, then a range that holds it (`image/*`, then
 * any type, or a lone key that is no media type, `PDF`, which names none: the runtime sends any type there,
 * link/wire/body.ts).
 */
function mediaFor(body: JudgedBody, contentType: string): { mediaType: string; at: Path; node: Node } | undefined {
  const sent = bareMediaType(contentType);
  const [type] = sent.split("/");
  return (
    body.content.find((c) => bareMediaType(c.mediaType) === sent) ??
    body.content.find((c) => bareMediaType(c.mediaType) === `${type}/*`) ??
    body.content.find((c) => bareMediaType(c.mediaType) === "*/*") ??
    (body.content.some((c) => isMediaType(c.mediaType)) ? undefined : body.content[0])
  );
}

/**
 * The body read with each field its schema requires at the top and the credential stands in for (Slack's form `token`,
 * which the credential's header carries) given the credential's place-holder, when it was not sent: the document asks
 * it, the credential meets it.
 */
function withCoveredFields(value: unknown, schema: unknown, ctx: BodyContext): unknown {
  if (!ctx.covered || value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const stood = requiredAtTop(schema, ctx).filter(
    (n) => !Object.hasOwn(value, n) && ctx.covered?.({ in: "body", name: n }),
  );
  return stood.length ? { ...value, ...Object.fromEntries(stood.map((n) => [n, "credential"])) } : value;
}

/**
 * The fields a body's schema requires at the top: its own `required` and its `allOf` members' (an authorization
 * server's `allOf: [$ref: request, {required: [clientId, token]}]`), `$ref`s followed.
 */
function requiredAtTop(schema: unknown, ctx: BodyContext, depth = 0): string[] {
  const node = schema === undefined ? undefined : resolved(ctx.data, schema);
  if (!node || depth > 8) return [];
  const own = Array.isArray(node.required) ? node.required.filter((n): n is string => typeof n === "string") : [];
  const members = Array.isArray(node.allOf) ? node.allOf.flatMap((m) => requiredAtTop(m, ctx, depth + 1)) : [];
  return [...own, ...members];
}
