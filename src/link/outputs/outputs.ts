// `outputs`: each a runtime expression (`$response.body#/pointer`,
// `$response.header.x`, `$statusCode`, `$params.name`) or a constant, with
// `count`, `default` and `omit`; the field must exist in the response the
// outputs read, and its type agree with the output's. Gives the TypeScript
// type of each, as data (ir.ts TypeRef).
import type { OutputSource, OutputSpec, ParamSpec, ValueRef } from "@blockwright/runtime/internal";
import { cloneJson, fieldOf, formatPointer, parseExpression } from "@blockwright/runtime/internal/generate";
import type { ResponseStep, TypeRef } from "../../model/ir.js";
import type { ManifestOperation, ManifestOutputSource } from "../../load/precompiled/manifest-types.js";
import {
  typeOf,
  type OpenApiDocument,
  type OpenApiOperation,
  type Schema,
  unionOf,
} from "../../load/openapi-document.js";
import { fieldsNear, type LinkContext, type Path, unionsSearched } from "../context.js";

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
    spec: { path, type: out.type, description, optional: Boolean(out.optional), source: linked.source },
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
  let ref: ValueRef;
  try {
    ref = parseExpression(src.from);
  } catch (e) {
    return ctx.fail("BW2016", [...at, "from"], (e as Error).message, "value");
  }
  const source: OutputSource = {
    expression: src.from,
    ref,
    ...(src.count ? { count: true } : {}),
    ...(src.default !== undefined ? { default: cloneJson(src.default) } : {}),
    ...(src.omit ? { omit: [...src.omit] } : {}),
  };
  let tsType: TypeRef;
  let schemaType: string | undefined;
  let schema: Schema | undefined;
  switch (ref.kind) {
    case "status":
      schemaType = "integer";
      tsType = { kind: "primitive", name: "number" };
      break;
    case "header":
      schemaType = "string";
      tsType = { kind: "primitive", name: "string" };
      break;
    case "param": {
      const p = params.get(ref.name);
      if (!p) return ctx.fail("BW2001", [...at, "from"], `unknown parameter "${ref.name}"`, "value");
      schemaType = p.type === "json" ? (p.jsonType ?? "object") : p.type;
      tsType = { kind: "param", name: p.name };
      break;
    }
    case "body": {
      const read = linkBodySource(ctx, at, op, status, ref, src, source);
      if (!read) return undefined;
      ({ schemaType, tsType, schema } = read);
      break;
    }
  }
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
 * An output read from the body of the `status` response: the field found (through the unions that carry it, which the
 * source then names), its schema's type, and its TypeScript type as openapi-typescript types the response.
 */
function linkBodySource(
  ctx: LinkContext,
  at: Path,
  op: OpenApiOperation,
  status: number | undefined,
  ref: Extract<ValueRef, { kind: "body" }>,
  src: ManifestOutputSource,
  source: OutputSource,
): { schemaType: string | undefined; tsType: TypeRef; schema: Schema } | undefined {
  const response = op.responses.find((r) => Number(r.status) === status);
  if (status === undefined || !response?.schema)
    return ctx.fail(
      "BW2021",
      [...at, "from"],
      `the ${status ?? "success"} response of "${op.operationId}" in ${ctx.openapiName} has no JSON body`,
      "value",
    );
  const located = ctx.doc.locate(response.schema, ref.pointer);
  const schema = located.schema;
  if (!schema) {
    return ctx.fail(
      "BW2003",
      [...at, "from"],
      `response field "${formatPointer(ref.pointer)}" not found in the ${status} ` +
        `response of "${op.operationId}" in ${ctx.openapiName}${unionsSearched(located.unions)}` +
        `${fieldsNear(ctx, response.schema, ref.pointer)}`,
      "value",
    );
  }
  const partial = located.unions.find((u) => u.carrying.length < u.variants.length);
  if (partial)
    (source as { variants?: { carrying: string[]; of: string[] } }).variants = {
      carrying: partial.carrying,
      of: partial.variants,
    };
  // A value of several scalar kinds has no one type: a json output, typed as the union.
  const schemaType =
    schema && !scalarUnionKinds(ctx.doc, schema) ? (typeOf(schema) ?? nullableUnionType(ctx.doc, schema)) : undefined;
  // openapi-typescript keys content by media type: a vendor type (`application/vnd.x+json`) is its own key.
  const tsType: TypeRef = {
    kind: "response",
    operationId: op.operationId,
    ...(op.named ? {} : { at: { path: op.path, method: op.method.toLowerCase() } }),
    status,
    mediaType: response.mediaType ?? "application/json",
    steps: responseSteps(ctx.doc, response.schema, ref.pointer),
  };
  if (!src.count && src.default === undefined && ctx.doc.isGuaranteed(response.schema, ref.pointer))
    (source as { required?: boolean }).required = true;
  return { schemaType, tsType, schema };
}

/**
 * The steps of `pointer` into the body schema `root`: into an array's items,
 * or to a field that may be absent; a field of a union (`anyOf`/`oneOf`) is
 * read from each of its variants, absent from those without it.
 */
function responseSteps(doc: OpenApiDocument, root: Schema, pointer: string[]): ResponseStep[] {
  const steps: ResponseStep[] = [];
  let schema: Schema | undefined = doc.flatten(root);
  for (const segment of pointer) {
    const variants =
      schema && !(schema.properties as Record<string, Schema> | undefined)?.[segment] && typeOf(schema) !== "array"
        ? unionOf(schema)
        : undefined;
    if (schema && variants) {
      const nullable = variants.some((v) => fieldAdmitsNull(doc, doc.flatten(v), segment));
      steps.push({ field: segment, optional: nullable || !doc.isGuaranteed(schema, [segment]), union: true });
      schema = doc.schemaAt(schema, [segment]);
      continue;
    }
    if (schema && typeOf(schema) === "array") {
      const items = schema.items as Schema | undefined;
      steps.push(items && doc.mayAnswerNull(items) ? { item: true, optional: true } : { item: true });
      schema = items ? doc.flatten(items) : undefined;
    } else {
      // A required field may still be null (`nullable`, a null type): openapi-typescript types it `T | null`, which a
      // further step must guard as it guards an absent one.
      const optional = schema ? !doc.isRequired(schema, segment) || fieldAdmitsNull(doc, schema, segment) : true;
      steps.push({ field: segment, optional });
      const next = (schema?.properties as Record<string, Schema> | undefined)?.[segment];
      schema = next ? doc.flatten(next) : undefined;
    }
  }
  return steps;
}

/** Whether field `segment` of the object schema `schema` (flattened) may be null. */
function fieldAdmitsNull(doc: OpenApiDocument, schema: Schema, segment: string): boolean {
  const field = (schema.properties as Record<string, Schema> | undefined)?.[segment];
  return field !== undefined && doc.mayAnswerNull(field);
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

function valueFitsOutputType(value: unknown, type: string): boolean {
  switch (type) {
    case "json":
      return true;
    case "array":
      return Array.isArray(value);
    default:
      return typeof value === type;
  }
}

/**
 * The type of a union (`oneOf`/`anyOf`) whose forms are one type and null, 3.1's way of writing a nullable
 * value (`anyOf: [{type: string}, {type: "null"}]`); integer and number count as number. None otherwise.
 */
export function nullableUnionType(doc: OpenApiDocument, schema: Schema): string | undefined {
  const forms = (
    Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : []
  ) as Schema[];
  const types = new Set<string | undefined>();
  for (const form of forms) {
    let t: string | undefined;
    try {
      t = typeOf(doc.flatten(form));
    } catch {
      return undefined; // a $ref that names nothing
    }
    if (t !== "null") types.add(t === "integer" ? "number" : t);
  }
  const [only] = types;
  return forms.length > 1 && types.size === 1 ? only : undefined;
}

/**
 * The scalar kinds of a value that may be any of several (`oneOf: [{type: string}, {type: integer}]`, `type: [string,
 * number]`), null aside, integer and number one kind: two or more, all scalar; none otherwise. Such a value is a `json`
 * output, typed as the union (a one-type output would refuse the other kinds' values).
 */
export function scalarUnionKinds(doc: OpenApiDocument, schema: Schema): string[] | undefined {
  const forms = Array.isArray(schema.type)
    ? (schema.type as unknown[]).map((type) => ({ type }))
    : (unionOf(schema) ?? []);
  const kinds = new Set<string>();
  for (const form of forms) {
    let t: string | undefined;
    try {
      t = typeOf(doc.flatten(form as Schema));
    } catch {
      return undefined; // a $ref that names nothing
    }
    if (t === "null") continue;
    if (t === undefined || !["string", "integer", "number", "boolean"].includes(t)) return undefined;
    kinds.add(t === "integer" ? "number" : t);
  }
  return kinds.size > 1 ? [...kinds].sort() : undefined;
}

function outputTypeMatches(type: string, schemaType: string | undefined): boolean {
  if (schemaType === undefined) return type === "json";
  switch (type) {
    case "json":
      return schemaType === "object" || schemaType === "array";
    case "array":
      return schemaType === "array";
    case "number":
      return schemaType === "number" || schemaType === "integer";
    default:
      return schemaType === type;
  }
}
