// `outputs`: each a runtime expression (`$response.body#/pointer`,
// `$response.header.x`, `$statusCode`, `$params.name`) or a constant, with
// `count`, `default` and `omit`; the field must exist in the response the
// outputs read, and its type agree with the output's. Gives the TypeScript
// type of each, as data (ir.ts TypeRef).
import { cloneJson, fieldOf, formatPointer, parseExpression, type OutputSource, type OutputSpec, type ParamSpec, type ValueRef } from "@blockwright/runtime";
import type { ResponseStep, TypeRef } from "../ir.js";
import type { ManifestOperation, ManifestOutputSource } from "../precompiled/manifest-types.js";
import { typeOf, type OpenApiDocument, type OpenApiOperation, type Schema } from "../openapi-document.js";
import { fieldsNear, type LinkContext, type Path } from "./context.js";

export interface LinkedOutput {
  spec: OutputSpec;
  type: TypeRef;
}

export function linkOutput(ctx: LinkContext, at: Path, path: string, mop: ManifestOperation, op: OpenApiOperation, params: Map<string, ParamSpec>, status: number | undefined): LinkedOutput | undefined {
  const out = fieldOf(mop.outputs, path);
  const linked = linkSource(ctx, out, at, op, params, status, out.type);
  if (!linked) return undefined;
  return {
    spec: { path, type: out.type, description: out.description, optional: Boolean(out.optional), source: linked.source },
    type: out.optional ? { kind: "present", of: linked.type } : linked.type,
  };
}

/** Check one output source against the response of `status`; returns its IR and type. */
export function linkSource(ctx: LinkContext, src: ManifestOutputSource, at: Path, op: OpenApiOperation, params: Map<string, ParamSpec>, status: number | undefined, type: string): { source: OutputSource; type: TypeRef } | undefined {
  if (src.from === undefined) {
    if (!valueFitsOutputType(src.value, type)) return ctx.fail([...at, "value"], `constant ${JSON.stringify(src.value)} is not of output type ${type}`, "value");
    return { source: { value: cloneJson(src.value) }, type: { kind: "literal", value: src.value } };
  }
  let ref: ValueRef;
  try {
    ref = parseExpression(src.from);
  } catch (e) {
    return ctx.fail([...at, "from"], (e as Error).message, "value");
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
      if (!p) return ctx.fail([...at, "from"], `unknown parameter "${ref.name}"`, "value");
      schemaType = p.type === "json" ? (p.jsonType ?? "object") : p.type;
      tsType = { kind: "param", name: p.name };
      break;
    }
    case "body": {
      const response = op.responses.find((r) => Number(r.status) === status);
      if (status === undefined || !response?.schema) return ctx.fail([...at, "from"], `the ${status ?? "success"} response of "${op.operationId}" in ${ctx.openapiName} has no JSON body`, "value");
      schema = ctx.doc.schemaAt(response.schema, ref.pointer);
      if (!schema) {
        return ctx.fail([...at, "from"], `response field "${formatPointer(ref.pointer)}" not found in the ${status} response of "${op.operationId}" in ${ctx.openapiName}${fieldsNear(ctx, response.schema, ref.pointer)}`, "value");
      }
      schemaType = typeOf(schema);
      // openapi-typescript keys content by media type: a vendor type (`application/vnd.x+json`) is its own key.
      tsType = { kind: "response", operationId: op.operationId, status, mediaType: response.mediaType ?? "application/json", steps: responseSteps(ctx.doc, response.schema, ref.pointer) };
      if (!src.count && src.default === undefined && ctx.doc.isGuaranteed(response.schema, ref.pointer)) (source as { required?: boolean }).required = true;
      break;
    }
  }
  if (src.count) {
    if (schemaType !== "array") return ctx.fail([...at, "count"], `count needs an array, but the value is ${schemaType ?? "untyped"}`);
    if (type !== "number") return ctx.fail([...at, "type"], `a count is a number, not ${type}`, "value");
    return { source, type: { kind: "primitive", name: "number" } };
  }
  if (src.omit) {
    if (schemaType !== "object" || !schema) return ctx.fail([...at, "omit"], `omit needs an object, but the value is ${schemaType ?? "untyped"}`);
    const props = Object.keys((ctx.doc.flatten(schema).properties as object) ?? {});
    for (const key of src.omit) if (!props.includes(key)) ctx.fail([...at, "omit"], `"${key}" is not a field of the response object (fields: ${props.join(", ")})`);
    tsType = { kind: "omit", of: tsType, keys: [...src.omit] };
  }
  if (!outputTypeMatches(type, schemaType)) return ctx.fail([...at, "type"], `output type ${type} disagrees with the source, which is ${schemaType} in ${ctx.openapiName}`, "value");
  if (src.default !== undefined) {
    if (!valueFitsOutputType(src.default, type)) return ctx.fail([...at, "default"], `default ${JSON.stringify(src.default)} is not of output type ${type}`, "value");
    tsType = { kind: "nonNullable", of: tsType };
  }
  return { source, type: tsType };
}

/** The steps of `pointer` into the body schema `root`: into an array's items, or to a field that may be absent. */
function responseSteps(doc: OpenApiDocument, root: Schema, pointer: string[]): ResponseStep[] {
  const steps: ResponseStep[] = [];
  let schema: Schema | undefined = doc.flatten(root);
  for (const segment of pointer) {
    if (schema && typeOf(schema) === "array") {
      steps.push({ item: true });
      schema = schema.items ? doc.flatten(schema.items as Schema) : undefined;
    } else {
      steps.push({ field: segment, optional: schema ? !doc.isRequired(schema, segment) : true });
      const next = (schema?.properties as Record<string, Schema> | undefined)?.[segment];
      schema = next ? doc.flatten(next) : undefined;
    }
  }
  return steps;
}

/** The status whose body outputs read (OpenApiDocument.bodyResponse), else the lowest 2xx (which then has no body to read). */
export function bodyStatusOf(doc: OpenApiDocument, op: OpenApiOperation, successStatuses: number[]): number | undefined {
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
