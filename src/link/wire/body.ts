// Media types of the request body: JSON as `application/json`, a vendor
// `+json` type (sent as that Content-Type), an HTML form (or multipart
// fields) encoded as the spec's `encoding` says (style and explode per field,
// or a field's JSON `contentType`: one JSON text, a list's items each
// theirs), XML as its `xml` objects say, or one text as it is.
import type { BodySpec, FormFieldEncoding, ParamSpec, WireConstant } from "@blockwright/runtime/internal";
import { fieldOf } from "@blockwright/runtime/internal/generate";
import {
  isJsonMediaType,
  type OpenApiOperation,
  type OpenApiRequestBody,
  type Schema,
} from "../../load/openapi-document.js";
import { isBase64String, isFilesField, isMediaType } from "../../load/media-types.js";
import { listAlone } from "../../load/schemas/json-types.js";
import type { LinkContext, Path } from "../context.js";
import { multipartPartTypes } from "./part-types.js";
import { xmlBodyNode } from "./xml-shape.js";

const FORM_STYLES = ["form", "spaceDelimited", "pipeDelimited", "deepObject"] as const;

/** The methods whose calls carry the body the document declares, even an empty one. */
const BODY_METHODS = new Set(["POST", "PUT", "PATCH"]);

/** The methods fetch sends no body with: it refuses such a request before it leaves. */
export const BODYLESS_METHODS = new Set(["GET", "HEAD"]);

/**
 * Whether `{}` meets a body's schema: an object (or no type) that requires no field the request writes and no number of
 * them.
 */
function emptyObjectMeets(ctx: LinkContext, schema: Schema): boolean {
  let flat: Schema;
  try {
    flat = ctx.doc.flatten(schema);
  } catch {
    return false;
  }
  const type = flat.type;
  if (type !== undefined && type !== "object" && !(Array.isArray(type) && type.includes("object"))) return false;
  if (
    flat.oneOf !== undefined ||
    flat.anyOf !== undefined ||
    flat.not !== undefined ||
    (typeof flat.minProperties === "number" && flat.minProperties > 0)
  )
    return false;
  const fields = (flat.properties ?? {}) as Record<string, Schema>;
  const required = Array.isArray(flat.required) ? (flat.required as string[]) : [];
  // A field the server fills (readOnly) is not required of a request (OpenAPI 3).
  return required.every((f) => Object.hasOwn(fields, f) && readOnlyField(ctx, fields[f] as Schema));
}

/**
 * Whether a call sends `{}` as the whole body, the document giving it nothing else to carry: a JSON body of a POST, PUT
 * or PATCH that `{}` meets, every field of which the server fills (readOnly: a request never carries it, OpenAPI 3).
 * No parameter or constant need be placed in it then, though the document requires it: linkBody sends `{}`.
 */
export function sentEmptyAsWritten(ctx: LinkContext, op: OpenApiOperation): boolean {
  const body = op.requestBody;
  if (body?.encoding !== "json" || !BODY_METHODS.has(op.method) || !emptyObjectMeets(ctx, body.schema)) return false;
  const flat = ctx.doc.flatten(body.schema);
  const fields = Object.values((flat.properties ?? {}) as Record<string, Schema>);
  const closed = flat.additionalProperties === false;
  return (fields.length > 0 || closed) && fields.every((field) => readOnlyField(ctx, field));
}

function readOnlyField(ctx: LinkContext, field: Schema): boolean {
  try {
    return ctx.doc.flatten(field).readOnly === true;
  } catch {
    return false;
  }
}

/**
 * How the body is written, when it is not plain `application/json` (left
 * out then, so the IR of JSON operations is unchanged): a `+json` media type,
 * or a form with the spec's encoding per field; and whether an empty body
 * must go when a call gives none of its fields (the spec requires a body, or
 * declares a JSON one `{}` meets for a POST, PUT or PATCH, and no parameter
 * or constant always fills it).
 */
export function linkBody(
  ctx: LinkContext,
  at: Path,
  op: OpenApiOperation,
  params: ParamSpec[],
  constants: WireConstant[],
  encoding?: "json",
): BodySpec | undefined {
  const body = op.requestBody;
  const inBody = params.filter(
    (p) => p.wire.in === "body" || (p.wire.in === "switch" && p.wire.whenTrue.some((c) => c.in === "body")),
  );
  const used = inBody.length > 0 || constants.some((c) => c.in === "body");
  // Structured data under a text type goes as its JSON text only where the manifest says so (none placed: no body).
  if ((body?.jsonText && !used && encoding === undefined) || !jsonTextAgreed(ctx, at, op, encoding)) return undefined;
  if (!body) return undefined;
  if (used && BODYLESS_METHODS.has(op.method))
    return void ctx.fail(
      "BW2017",
      at,
      `"${op.operationId}" places parameters or constants in the request body of a ${op.method}, which no call can ` +
        `send: fetch refuses a ${op.method} request with a body before it leaves; leave the operation out, or place ` +
        "them where the document takes them otherwise",
    );
  // A POST, PUT or PATCH whose document declares a JSON body that `{}` meets goes with one, and its Content-Type,
  // when a call gives none of its fields: some upstreams refuse such a call without a Content-Type (415), and an
  // empty body typed JSON is no JSON document (a JSON parser refuses it).
  const emptyJson = body.encoding === "json" && BODY_METHODS.has(op.method) && emptyObjectMeets(ctx, body.schema);
  if (!used) return emptyJson ? { mediaType: body.mediaType, encoding: "json", required: true } : undefined;
  // A JSON value in a form may be an object of no field, which writes no pair (`{}` as the whole form): it fills
  // nothing for certain.
  const fills = (p: ParamSpec) => p.required && !(body.encoding === "form" && p.type === "json");
  const alwaysFilled =
    constants.some((c) => c.in === "body") ||
    inBody.some((p) => p.wire.in === "body" && (fills(p) || (p.default !== undefined && p.sendDefault !== false)));
  const required = (body.required || emptyJson) && !alwaysFilled ? { required: true } : {};
  // Raw bytes offered beside the JSON, which a whole-body file parameter sends instead (files.ts checks its place).
  const rawFile = body.raw && inBody.some((p) => p.type === "file" && p.wire.in === "body" && p.wire.pointer === "");
  const raw = rawFile && body.raw ? { raw: body.raw } : {};
  if (body.mediaType === "application/json" && !rawFile)
    return required.required ? { mediaType: body.mediaType, encoding: "json", ...required } : undefined;
  if (body.encoding === "json") return { mediaType: body.mediaType, encoding: "json", ...required, ...raw };
  // XML: the value written as the document's `xml` objects say (xml-shape.ts), under its one root element.
  if (body.encoding === "xml") {
    const shape = xmlBodyNode(ctx.doc, body.schema, body.xmlRoot);
    if ("problem" in shape)
      return void ctx.fail(
        "BW2017",
        at,
        `"${op.operationId}" places parameters in a body no call can send: ${shape.problem}`,
      );
    return { mediaType: body.mediaType, encoding: "xml", xml: shape.node, ...required };
  }
  // One text (`text/plain`, `text/csv`): the whole body is one string parameter's value, as it is (a parameter of
  // another type, or one at a field, disagrees with the body's schema: linkParam says so).
  if (body.encoding === "text") return { mediaType: body.mediaType, encoding: "text", ...required };
  // Multipart: fetch writes the boundary; each part's type is its parameter's (a file's contentType, files.ts). A field
  // whose encoding sets style, explode or allowReserved goes out as that form field would (OpenAPI 3.0.4/3.1.1: then
  // its contentType is ignored), its pairs as parts; one the document gives a JSON contentType, as one part of that
  // type; a text field given another type, parts of that type (part-types.ts); any other object is a part of JSON text.
  if (body.encoding === "multipart") {
    const fields = encodedFields(ctx, at, op, body, "multipart");
    const partTypes = multipartPartTypes(ctx.doc.source.data, body, (name) => ({
      schema: fieldSchema(ctx, body.schema, name),
      files: filesField(ctx, body.schema, name),
    }));
    return {
      mediaType: body.mediaType,
      encoding: "multipart",
      ...(Object.keys(fields).length ? { fields } : {}),
      ...(Object.keys(partTypes).length ? { partTypes } : {}),
      ...required,
    };
  }
  // Raw bytes: the file parameter is the body; a range (`image/*`) is narrowed to the file's own type when sent.
  // A content key that is no media type (`PDF`) names no type to send: any type, the file's own or bytes.
  // Bytes the document says are base64 text (`format: byte`, `contentEncoding: base64`) go base64-encoded.
  if (body.encoding === "binary")
    return {
      mediaType: isMediaType(body.mediaType) ? body.mediaType : "*/*",
      encoding: "binary",
      ...(isBase64String(body.schema) ? { contentEncoding: "base64" as const } : {}),
      ...(body.mediaTypes ? { mediaTypes: body.mediaTypes } : {}),
      ...required,
    };
  const fields = encodedFields(ctx, at, op, body, "form");
  const fileTexts = formFileTexts(ctx, body.schema);
  return {
    mediaType: body.mediaType,
    encoding: "form",
    ...(Object.keys(fields).length ? { fields } : {}),
    ...(Object.keys(fileTexts).length ? { fileTexts } : {}),
    ...required,
  };
}

/**
 * A form's file fields written as base64 text (OpenAPI 3.1.1: a form is a text format; a field's `contentEncoding`
 * says how its bytes are written), by field: a binary string of contentEncoding base64 or base64url.
 */
function formFileTexts(ctx: LinkContext, schema: Schema): Record<string, "base64" | "base64url"> {
  const texts: Record<string, "base64" | "base64url"> = {};
  for (const [name, raw] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
    let field: Schema;
    try {
      field = ctx.doc.resolve(raw);
    } catch {
      continue;
    }
    const encoding = typeof field.contentEncoding === "string" ? field.contentEncoding.toLowerCase() : "";
    if (encoding === "base64" || encoding === "base64url") texts[name] = encoding;
  }
  return texts;
}

/**
 * Whether the manifest's `bodyEncoding: json` and the document's body agree: said for structured data under a text
 * media type (`jsonText`: its JSON text sent under that type), and only for it. Else a problem naming both.
 */
function jsonTextAgreed(ctx: LinkContext, at: Path, op: OpenApiOperation, encoding: "json" | undefined): boolean {
  const body = op.requestBody;
  if (Boolean(body?.jsonText) === (encoding === "json")) return true;
  ctx.fail(
    "BW2017",
    encoding === "json" ? [...at, "bodyEncoding"] : at,
    body?.jsonText
      ? `the request body of "${op.operationId}" is ${body.mediaType} of an object or array schema: no text of its ` +
          `own writes it; say \`bodyEncoding: json\` to send its JSON text under ${body.mediaType} (check what the ` +
          "API parses), or place no parameter in it"
      : `"${op.operationId}" says \`bodyEncoding: json\`, and its request body is ` +
          `${body ? `${body.mediaType}, written as the document says` : "none"}: that setting is for an object or ` +
          "array schema under a text media type (text/plain) alone; remove it",
  );
  return false;
}

/** A body field's encoding writing it as one JSON text: a JSON contentType, and no style, explode or allowReserved. */
export function encodedAsJson(field: {
  contentType?: string;
  style?: string;
  explode?: boolean;
  allowReserved?: boolean;
}): boolean {
  return (
    field.style === undefined &&
    field.explode === undefined &&
    field.allowReserved === undefined &&
    (field.contentType ?? "").split(",").some((t) => isJsonMediaType(t.trim()))
  );
}

/**
 * Each field's style and explode as the document's encoding sets them, or its JSON contentType (a style no form field
 * takes is a problem).
 */
function encodedFields(
  ctx: LinkContext,
  at: Path,
  op: OpenApiOperation,
  body: Pick<OpenApiRequestBody, "fields" | "schema">,
  encoding: "form" | "multipart",
): Record<string, FormFieldEncoding> {
  const declared = body.fields;
  const fields: Record<string, FormFieldEncoding> = {};
  for (const name of Object.keys(declared).sort()) {
    const field = fieldOf(declared, name);
    // A file (or a list of files) is a part of its bytes each, its encoding's style not applied (isFilesField).
    if (encoding === "multipart" && filesField(ctx, body.schema, name)) continue;
    // No style, explode or allowReserved: a JSON contentType writes the field as that media type, one JSON text; a
    // multipart field, or one given another contentType, is then left as it is.
    if (field.style === undefined && field.explode === undefined && field.allowReserved === undefined) {
      if (encodedAsJson(field)) {
        const list = listAlone(ctx.doc.source.data, fieldSchema(ctx, body.schema, name));
        fields[name] = { style: "form", explode: true, json: true, ...(list ? { items: true as const } : {}) };
        continue;
      }
      if (encoding === "multipart" || field.contentType !== undefined) continue;
    }
    const { style = "form", explode } = field;
    if (!(FORM_STYLES as readonly string[]).includes(style)) {
      ctx.fail(
        "BW2017",
        [...at, "operationId"],
        `the form encoding of field "${name}" of "${op.operationId}" in ${ctx.openapiName} ` +
          `has style "${style}"; a form field takes ${FORM_STYLES.join(", ")}`,
        "value",
      );
      continue;
    }
    // OpenAPI: explode defaults to true for style form, false otherwise. A form's allowReserved is RFC 6570's reserved
    // expansion (3.1.1, 3.2): reserved characters and a value's own %XX go as they are, `&=+#` still encoded; in a
    // multipart part nothing is percent-encoded, so it has no say there.
    const reserved = encoding === "form" && field.allowReserved === true ? { reserved: true as const } : {};
    fields[name] = { style: style as FormFieldEncoding["style"], explode: explode ?? style === "form", ...reserved };
  }
  return fields;
}

/** Whether a multipart body's field is a file or a list of files. */
function filesField(ctx: LinkContext, bodySchema: Schema | undefined, name: string): boolean {
  const flat = (s: Schema | undefined) => {
    try {
      return s ? ctx.doc.flatten(s) : undefined;
    } catch {
      return undefined; // a $ref that names nothing: the linker says so where it reads the field
    }
  };
  return isFilesField(flat(fieldSchema(ctx, bodySchema, name)), (list) => flat(list.items as Schema | undefined));
}

/** A form body's field's schema (its property in the body's schema, through allOf), if the body names it. */
function fieldSchema(ctx: LinkContext, bodySchema: Schema | undefined, name: string): Schema | undefined {
  if (!bodySchema) return undefined;
  const properties = (ctx.doc.flatten(bodySchema).properties ?? {}) as Record<string, Schema>;
  return Object.hasOwn(properties, name) ? properties[name] : undefined;
}
