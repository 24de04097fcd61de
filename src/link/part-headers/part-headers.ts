// `partHeaders`: the headers each part of a multipart body field carries (OpenAPI `encoding.<field>.headers`), each a
// parameter's value (its wire `in: part`, sent nowhere else) or a constant, linked against the headers the document's
// encoding of that field declares: a header it does not declare, a field the body does not have, a body that is no
// multipart one, or a header the document requires left out, fails at its place.
import type { PartHeaderConstant, WireSpec } from "@blockwright/runtime/internal";
import { valueAt } from "../../load/json-ref.js";
import type { OpenApiOperation, Schema } from "../../load/openapi-document.js";
import type { ManifestOperation } from "../../load/precompiled/manifest-types.js";
import type { LinkContext, Path } from "../context.js";

/** By parameter name, the part header each parameter `partHeaders` names gives: its wire. */
export function partHeaderWires(mop: ManifestOperation): Map<string, WireSpec> {
  const wires = new Map<string, WireSpec>();
  for (const [field, headers] of Object.entries(mop.partHeaders ?? {}))
    for (const [name, from] of Object.entries(headers))
      if (from.param !== undefined) wires.set(from.param, { in: "part", field, name });
  return wires;
}

/** The document's part headers of each field of the operation's multipart body (`encoding.<field>.headers`). */
function declaredPartHeaders(ctx: LinkContext, op: OpenApiOperation, mediaType: string): Record<string, Schema> {
  const resolve = (s: unknown): Schema => (s && typeof s === "object" ? ctx.doc.resolve(s as Schema) : {});
  const body = resolve(valueAt(ctx.doc.source.data, [...op.location, "requestBody"]));
  const media = resolve((body.content as Record<string, unknown> | undefined)?.[mediaType]);
  return (media.encoding ?? {}) as Record<string, Schema>;
}

/** Whether a constant is one of the values the header's schema lists, where it lists them (failing at `at` if not). */
function fitsHeader(ctx: LinkContext, definition: unknown, value: string, at: Path): boolean {
  const header = ctx.doc.resolve((definition ?? {}) as Schema);
  const schema = header.schema && typeof header.schema === "object" ? ctx.doc.resolve(header.schema as Schema) : {};
  if (!Array.isArray(schema.enum) || schema.enum.map(String).includes(value)) return true;
  ctx.fail(
    "BW2004",
    at,
    `${JSON.stringify(value)} is not one of the values the document lists for this part header: ` +
      `${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`,
    "value",
  );
  return false;
}

/** The part headers a tool sends as constants, each header checked against the document's encoding. */
export function linkPartHeaders(
  ctx: LinkContext,
  at: Path,
  mop: ManifestOperation,
  op: OpenApiOperation,
): { partHeaders?: PartHeaderConstant[] } {
  if (!mop.partHeaders) return {};
  const where: Path = [...at, "partHeaders"];
  const body = op.requestBody;
  if (body?.encoding !== "multipart")
    return (
      ctx.fail(
        "BW2017",
        where,
        `part headers go with the parts of a multipart/form-data body; "${op.operationId}" in ${ctx.openapiName} ` +
          `${body ? `takes ${body.mediaType}` : "has no request body"}`,
      ) ?? {}
    );
  const encodings = declaredPartHeaders(ctx, op, body.mediaType);
  const properties = (body.schema.properties ?? {}) as Record<string, unknown>;
  const constants: PartHeaderConstant[] = [];
  const own = { ...(ctx.manifest.params ?? {}), ...(mop.params ?? {}) };
  for (const [field, headers] of Object.entries(mop.partHeaders)) {
    if (!Object.hasOwn(properties, field)) {
      ctx.fail(
        "BW2017",
        [...where, field],
        `"${op.operationId}" in ${ctx.openapiName} has no multipart field "${field}" (its fields: ` +
          `${Object.keys(properties).join(", ") || "none"})`,
      );
      continue;
    }
    const declared = Object.hasOwn(encodings, field)
      ? ((ctx.doc.resolve(encodings[field] as Schema).headers ?? {}) as Record<string, unknown>)
      : {};
    const key = (name: string) => Object.keys(declared).find((d) => d.toLowerCase() === name.toLowerCase());
    for (const [name, from] of Object.entries(headers)) {
      const place: Path = [...where, field, name];
      if (key(name) === undefined || name.toLowerCase() === "content-type") {
        ctx.fail(
          "BW2017",
          place,
          `the document's encoding of field "${field}" of "${op.operationId}" in ${ctx.openapiName} declares no ` +
            `part header ${JSON.stringify(name)} (it declares: ${Object.keys(declared).join(", ") || "none"})`,
        );
        continue;
      }
      if (from.param !== undefined && !Object.hasOwn(own, from.param))
        ctx.fail("BW2001", [...place, "param"], `unknown parameter "${from.param}"`, "value");
      if (from.value !== undefined && fitsHeader(ctx, declared[key(name) as string], from.value, [...place, "value"]))
        constants.push({ field, name, value: from.value });
    }
    for (const [name, definition] of Object.entries(declared)) {
      const required = (ctx.doc.resolve(definition as Schema) as { required?: unknown }).required === true;
      if (
        required &&
        name.toLowerCase() !== "content-type" &&
        !Object.keys(headers).some((h) => h.toLowerCase() === name.toLowerCase())
      )
        ctx.fail(
          "BW2017",
          [...where, field],
          `the document requires the part header ${JSON.stringify(name)} of field "${field}" of ` +
            `"${op.operationId}" in ${ctx.openapiName}; give it a parameter or a value here`,
        );
    }
  }
  return constants.length ? { partHeaders: constants } : {};
}
