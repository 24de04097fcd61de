// `outputs`: each a runtime expression (`$response.body#/pointer`,
// `$response.header.x`, `$statusCode`, `$params.name`; each place read as read-place.ts
// says), a list of them (the first that holds a value: first-of.ts) or a constant, with
// `count`, `default` and `omit`; the field must exist in the response the
// outputs read, and its type agree with the output's. Gives the TypeScript
// type of each, as data (ir.ts TypeRef).
import type { OutputSource, OutputSpec, ParamSpec } from "@blockwright/runtime/internal";
import { cloneJson, fieldOf } from "@blockwright/runtime/internal/generate";
import type { TypeRef } from "../../model/ir.js";
import type { ManifestOperation, ManifestOutputSource } from "../../load/precompiled/manifest-types.js";
import type { OpenApiDocument, OpenApiOperation } from "../../load/openapi-document.js";
import type { LinkContext, Path } from "../context.js";
import { linkFirstOf } from "./first-of.js";
import { outputTypeMatches, readPlace, valueFitsOutputType } from "./read-place.js";

export interface LinkedOutput {
  spec: OutputSpec;
  type: TypeRef;
}

export function linkOutput(
  ctx: LinkContext,
  at: Path,
  path: string,
  mop: ManifestOperation,
  op: OpenApiOperation,
  params: Map<string, ParamSpec>,
  status: number | undefined,
): LinkedOutput | undefined {
  const out = fieldOf(mop.outputs, path);
  const linked = linkSource(ctx, out, at, op, params, status, out.type);
  if (!linked) return undefined;
  // A value only some shapes of the reply carry: its description says which.
  const variants = "variants" in linked.source ? linked.source.variants : undefined;
  const description = variants
    ? `${out.description} (present in a reply that is ${variants.carrying.join(" or ")}; ` +
      `absent from ${variants.of.filter((v) => !variants.carrying.includes(v)).join(" or ")})`
    : out.description;
  return {
    spec: {
      path,
      type: out.type,
      description,
      optional: Boolean(out.optional),
      source: linked.source,
      // Set only where true: a tool of no secret output is generated as before.
      ...(out.secret ? { secret: true as const } : {}),
    },
    type: out.optional ? { kind: "present", of: linked.type } : linked.type,
  };
}

/** Check one output source against the response of `status`; returns its IR and type. */
export function linkSource(
  ctx: LinkContext,
  src: ManifestOutputSource,
  at: Path,
  op: OpenApiOperation,
  params: Map<string, ParamSpec>,
  status: number | undefined,
  type: string,
): { source: OutputSource; type: TypeRef } | undefined {
  if (src.from === undefined) {
    if (!valueFitsOutputType(src.value, type))
      return ctx.fail(
        "BW2009",
        [...at, "value"],
        `constant ${JSON.stringify(src.value)} is not of output type ${type}`,
        "value",
      );
    return { source: { value: cloneJson(src.value) }, type: { kind: "literal", value: src.value } };
  }
  if (Array.isArray(src.from)) return linkFirstOf(ctx, { ...src, from: src.from }, at, op, params, status, type);
  const read = readPlace(ctx, [...at, "from"], src.from, op, params, status);
  if (!read) return undefined;
  const { ref, schema } = read;
  let { tsType } = read;
  const schemaType = read.schemaType;
  const source: OutputSource = {
    expression: src.from,
    ref,
    ...(src.count ? { count: true } : {}),
    ...(src.default !== undefined ? { default: cloneJson(src.default) } : {}),
    ...(src.omit ? { omit: [...src.omit] } : {}),
    ...(read.partial ? { variants: read.partial } : {}),
    ...(read.guaranteed && !src.count && src.default === undefined ? { required: true } : {}),
  };
  if (src.count) {
    if (schemaType !== "array")
      return ctx.fail("BW2004", [...at, "count"], `count needs an array, but the value is ${schemaType ?? "untyped"}`);
    if (type !== "number") return ctx.fail("BW2004", [...at, "type"], `a count is a number, not ${type}`, "value");
    return { source, type: { kind: "primitive", name: "number" } };
  }
  if (src.omit) {
    if (schemaType !== "object" || !schema)
      return ctx.fail("BW2004", [...at, "omit"], `omit needs an object, but the value is ${schemaType ?? "untyped"}`);
    const props = Object.keys((ctx.doc.flatten(schema).properties as object) ?? {});
    for (const key of src.omit)
      if (!props.includes(key))
        ctx.fail(
          "BW2022",
          [...at, "omit"],
          `"${key}" is not a field of the response object (fields: ${props.join(", ")})`,
        );
    tsType = { kind: "omit", of: tsType, keys: [...src.omit] };
  }
  if (!outputTypeMatches(type, schemaType))
    return ctx.fail(
      "BW2007",
      [...at, "type"],
      `output type ${type} disagrees with the source, which is ${schemaType} in ${ctx.openapiName}`,
      "value",
    );
  if (src.default !== undefined) {
    if (!valueFitsOutputType(src.default, type))
      return ctx.fail(
        "BW2009",
        [...at, "default"],
        `default ${JSON.stringify(src.default)} is not of output type ${type}`,
        "value",
      );
    tsType = { kind: "nonNullable", of: tsType };
  }
  return { source, type: tsType };
}

/**
 * The status whose body outputs read (OpenApiDocument.bodyResponse), else the lowest 2xx (which then has no body to
 * read).
 */
export function bodyStatusOf(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  successStatuses: number[],
): number | undefined {
  const response = doc.bodyResponse(op);
  if (response) return Number(response.status);
  return successStatuses.length ? Math.min(...successStatuses) : undefined;
}
