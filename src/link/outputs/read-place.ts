// One place an output reads (`from`'s expression, or each of a list's): parsed, found in the response (through the
// unions that carry it), with its schema's type and its TypeScript type as data (ir.ts TypeRef); and the rules
// output types and their sources agree by.
import type { ParamSpec, ValueRef } from "@blockwright/runtime/internal";
import { formatPointer, parseExpression } from "@blockwright/runtime/internal/generate";
import type { ResponseStep, TypeRef } from "../../model/ir.js";
import {
  typeOf,
  type OpenApiDocument,
  type OpenApiOperation,
  type Schema,
  unionOf,
} from "../../load/openapi-document.js";
import { fieldsNear, type LinkContext, type Path, unionsSearched } from "../context.js";
import { headerPlace } from "./header-place.js";
import { inheritedDiscriminator } from "./inherited-discriminator.js";

/** What one place (`from`'s expression) reads: its parsed form, its schema's type and its TypeScript type. */
export interface PlaceRead {
  ref: ValueRef;
  schemaType: string | undefined;
  tsType: TypeRef;
  schema?: Schema;
  /** The spec guarantees a value there (a body field every step of whose pointer is required). */
  guaranteed?: boolean;
  /** Only some shapes of a union reply carry it. */
  partial?: { carrying: string[]; of: string[] };
}

/** Check one place an output reads against the response of `status` (failures at `at`, the place's own path). */
export function readPlace(
  ctx: LinkContext,
  at: Path,
  expression: string,
  op: OpenApiOperation,
  params: Map<string, ParamSpec>,
  status: number | undefined,
): PlaceRead | undefined {
  let ref: ValueRef;
  try {
    ref = parseExpression(expression);
  } catch (e) {
    return ctx.fail("BW2016", at, (e as Error).message, "value");
  }
  switch (ref.kind) {
    case "status":
      return { ref, schemaType: "integer", tsType: { kind: "primitive", name: "number" } };
    case "header":
      return headerPlace(ctx.doc, op, status, ref);
    case "param": {
      const p = params.get(ref.name);
      if (!p) return ctx.fail("BW2001", at, `unknown parameter "${ref.name}"`, "value");
      const schemaType = p.type === "json" ? (p.jsonType ?? "object") : p.type;
      return { ref, schemaType, tsType: { kind: "param", name: p.name } };
    }
    case "body": {
      const read = linkBodySource(ctx, at, op, status, ref);
      return read && { ref, ...read };
    }
  }
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
): Omit<PlaceRead, "ref"> | undefined {
  const response = op.responses.find((r) => Number(r.status) === status);
  // An answer that is one text (`text/plain`, a string: load/media-types.ts textAnswerType) is read whole, as a string.
  if (status !== undefined && response?.text && !response.schema) {
    if (ref.pointer.length)
      return ctx.fail(
        "BW2021",
        at,
        `the ${status} response of "${op.operationId}" in ${ctx.openapiName} is one text (${response.text}), ` +
          "without fields: an output reads it whole, from $response.body",
        "value",
      );
    const tsType: TypeRef = { ...responseType(op, status, response.text), steps: [] };
    return { schemaType: "string", tsType, guaranteed: true };
  }
  if (status === undefined || !response?.schema)
    return ctx.fail(
      "BW2021",
      at,
      `the ${status ?? "success"} response of "${op.operationId}" in ${ctx.openapiName} has no JSON body`,
      "value",
    );
  const located = ctx.doc.locate(response.schema, ref.pointer);
  const schema = located.schema;
  if (!schema) {
    return ctx.fail(
      "BW2003",
      at,
      `response field "${formatPointer(ref.pointer)}" not found in the ${status} ` +
        `response of "${op.operationId}" in ${ctx.openapiName}${unionsSearched(located.unions)}` +
        `${fieldsNear(ctx, response.schema, ref.pointer)}`,
      "value",
    );
  }
  const partial = located.unions.find((u) => u.carrying.length < u.variants.length);
  // A value of several scalar kinds has no one type: a json output, typed as the union.
  const schemaType =
    schema && !scalarUnionKinds(ctx.doc, schema) ? (typeOf(schema) ?? nullableUnionType(ctx.doc, schema)) : undefined;
  // openapi-typescript keys content by media type: a vendor type (`application/vnd.x+json`) is its own key.
  const tsType: TypeRef = typedBySchema(ctx, response.schema, ref.pointer, located.unions.length, schemaType) ?? {
    ...responseType(op, status, response.typedAs ?? response.mediaType ?? "application/json"),
    ...(response.range ? { range: response.range } : {}),
    ...(response.rows ? { rows: true as const } : {}),
    ...(ref.pointer.length && ctx.doc.mayAnswerNull(response.schema) ? { nullable: true as const } : {}),
    steps: responseSteps(ctx.doc, response.schema, ref.pointer),
  };
  return {
    schemaType,
    tsType,
    schema,
    ...(ctx.doc.isGuaranteed(response.schema, ref.pointer) ? { guaranteed: true } : {}),
    ...(partial ? { partial: { carrying: partial.carrying, of: partial.variants } } : {}),
  };
}

/**
 * A discriminator's property of a family's member (an ancestor through its `allOf` discriminated by it:
 * inherited-discriminator.ts), typed by its schema's kind: openapi-typescript's type of the record may lack it. Not
 * through a union (its read guards absence).
 */
function typedBySchema(
  ctx: LinkContext,
  root: Schema,
  pointer: string[],
  unions: number,
  schemaType: string | undefined,
): TypeRef | undefined {
  const name = schemaType === "integer" ? "number" : schemaType;
  if (!pointer.length || unions || (name !== "string" && name !== "number" && name !== "boolean")) return undefined;
  const holder = ctx.doc.schemaAt(root, pointer.slice(0, -1));
  if (!holder || !inheritedDiscriminator(ctx.doc, holder, pointer[pointer.length - 1] as string)) return undefined;
  return { kind: "primitive", name };
}

/** The TypeScript type of the `status` answer's body in `mediaType`, as openapi-typescript keys it. */
function responseType(op: OpenApiOperation, status: number, mediaType: string) {
  const at = op.named ? {} : { at: { path: op.path, method: op.method.toLowerCase() } };
  return { kind: "response", operationId: op.operationId, ...at, status, mediaType } as const;
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

export function valueFitsOutputType(value: unknown, type: string): boolean {
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

export function outputTypeMatches(type: string, schemaType: string | undefined): boolean {
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
