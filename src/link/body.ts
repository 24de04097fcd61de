// Media types of the request body: JSON as `application/json`, a vendor
// `+json` type (sent as that Content-Type), or an HTML form encoded as the
// spec's `encoding` says (style and explode per field, or a field's JSON
// `contentType`: one JSON text).
import { fieldOf, type BodySpec, type FormFieldEncoding, type ParamSpec, type WireConstant } from "@blockwright/runtime/internal";
import { isJsonMediaType, type OpenApiOperation } from "../load/openapi-document.js";
import type { LinkContext, Path } from "./context.js";

const FORM_STYLES = ["form", "spaceDelimited", "pipeDelimited", "deepObject"] as const;

/**
 * How the body is written, when it is not plain `application/json` (left
 * out then, so the IR of JSON operations is unchanged): a `+json` media type,
 * or a form with the spec's encoding per field; and whether an empty body
 * must go when a call gives none of its fields (the spec requires a body,
 * and no parameter or constant always fills it).
 */
export function linkBody(ctx: LinkContext, at: Path, op: OpenApiOperation, params: ParamSpec[], constants: WireConstant[]): BodySpec | undefined {
  const body = op.requestBody;
  const inBody = params.filter((p) => p.wire.in === "body" || (p.wire.in === "switch" && p.wire.whenTrue.some((c) => c.in === "body")));
  const used = inBody.length > 0 || constants.some((c) => c.in === "body");
  if (!body || !used) return undefined;
  const alwaysFilled = constants.some((c) => c.in === "body") || inBody.some((p) => p.wire.in === "body" && (p.required || (p.default !== undefined && p.sendDefault !== false)));
  const required = body.required && !alwaysFilled ? { required: true } : {};
  if (body.mediaType === "application/json") return required.required ? { mediaType: body.mediaType, encoding: "json", ...required } : undefined;
  if (body.encoding === "json") return { mediaType: body.mediaType, encoding: "json", ...required };
  // Multipart: each part's type is its parameter's (a file's contentType, files.ts); a field the document gives a JSON contentType goes as one part of that type.
  if (body.encoding === "multipart") {
    const json = Object.keys(body.fields)
      .sort()
      .filter((name) =>
        fieldOf(body.fields, name)
          .contentType?.split(",")
          .some((t) => isJsonMediaType(t.trim())),
      );
    return { mediaType: body.mediaType, encoding: "multipart", ...(json.length ? { fields: Object.fromEntries(json.map((name) => [name, { style: "form" as const, explode: true, json: true as const }])) } : {}), ...required };
  }
  // Raw bytes: the file parameter is the body; a range (`image/*`) is narrowed to the file's own type when sent.
  if (body.encoding === "binary") return { mediaType: body.mediaType, encoding: "binary", ...required };
  const fields: Record<string, FormFieldEncoding> = {};
  for (const name of Object.keys(body.fields).sort()) {
    const field = fieldOf(body.fields, name);
    // A JSON contentType and no style, explode or allowReserved: the field is written as that media type, one JSON text.
    if (field.contentType !== undefined && field.style === undefined && field.explode === undefined && field.allowReserved === undefined) {
      if (field.contentType.split(",").some((t) => isJsonMediaType(t.trim()))) fields[name] = { style: "form", explode: true, json: true };
      continue;
    }
    const { style = "form", explode } = field;
    if (!(FORM_STYLES as readonly string[]).includes(style)) {
      ctx.fail("BW2017", [...at, "operationId"], `the form encoding of field "${name}" of "${op.operationId}" in ${ctx.openapiName} has style "${style}"; a form field takes ${FORM_STYLES.join(", ")}`, "value");
      continue;
    }
    // OpenAPI: explode defaults to true for style form, false otherwise.
    fields[name] = { style: style as FormFieldEncoding["style"], explode: explode ?? style === "form" };
  }
  return { mediaType: body.mediaType, encoding: "form", ...(Object.keys(fields).length ? { fields } : {}), ...required };
}
