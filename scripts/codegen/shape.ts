// Shapes: the structure a JSON Schema describes, as the surface records an
// output's value (surface-format.ts Shape) — following `$ref`s (a recursive
// one is named, not expanded), merging `allOf`, agreeing `oneOf` variants.
import { fieldOf, type ParamSpec } from "@blockwright/runtime";
import type { Schema } from "./openapi-document.js";
import type { Shape } from "./surface-format.js";

/** The structure a schema describes, following `$ref`s (a recursive one is named, not expanded) and merging `allOf`. */
export function schemaShape(schema: Schema, resolveRef: (ref: string) => Schema | undefined, seen: string[]): Shape {
  if (typeof schema.$ref === "string") {
    const ref = schema.$ref;
    const name = ref.split("/").pop() ?? ref;
    if (seen.includes(ref)) return { recursive: name };
    const target = resolveRef(ref);
    return target ? schemaShape(target, resolveRef, [...seen, ref]) : {};
  }
  if (Array.isArray(schema.allOf)) {
    const parts = (schema.allOf as Schema[]).map((s) => schemaShape(s, resolveRef, seen));
    const { allOf: _a, ...own } = schema;
    return mergeShapes([schemaShape(own, resolveRef, seen), ...parts]);
  }
  const variants = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (Array.isArray(variants)) {
    // A union: the shape of its variants when they agree on a type, otherwise anything.
    const shapes = variants.map((s) => schemaShape(s, resolveRef, seen));
    const types = new Set(shapes.map((s) => s.type));
    return types.size === 1 ? mergeShapes(shapes) : {};
  }
  const shape: Shape = {};
  const rawType = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== "null") : (schema.type as string | undefined);
  const type = rawType ?? (schema.properties ? "object" : schema.items ? "array" : undefined);
  if (type) shape.type = type as Shape["type"];
  if (schema.nullable === true || (Array.isArray(schema.type) && (schema.type as string[]).includes("null"))) shape.nullable = true;
  if (Array.isArray(schema.enum)) shape.enum = [...(schema.enum as unknown[])];
  if (typeof schema.format === "string") shape.format = schema.format;
  if (schema.properties) {
    shape.properties = Object.fromEntries(
      Object.keys(schema.properties as object)
        .sort()
        .map((k) => [k, schemaShape(fieldOf(schema.properties as Record<string, Schema>, k), resolveRef, seen)]),
    );
  }
  if (Array.isArray(schema.required) && schema.required.length) shape.required = [...(schema.required as string[])].sort();
  if (schema.additionalProperties && typeof schema.additionalProperties === "object") shape.additionalProperties = schemaShape(schema.additionalProperties as Schema, resolveRef, seen);
  if (schema.items) shape.items = schemaShape(schema.items as Schema, resolveRef, seen);
  return shape;
}

function mergeShapes(shapes: Shape[]): Shape {
  const out: Shape = {};
  for (const s of shapes) {
    if (s.type && !out.type) out.type = s.type;
    if (s.nullable) out.nullable = true;
    if (s.enum) out.enum = [...new Set([...(out.enum ?? []), ...s.enum])];
    if (s.format && !out.format) out.format = s.format;
    if (s.properties) out.properties = { ...(out.properties ?? {}), ...s.properties };
    if (s.required) out.required = [...new Set([...(out.required ?? []), ...s.required])].sort();
    if (s.items && !out.items) out.items = s.items;
    if (s.additionalProperties && !out.additionalProperties) out.additionalProperties = s.additionalProperties;
    if (s.recursive && !out.recursive) out.recursive = s.recursive;
  }
  const { properties } = out;
  if (properties)
    out.properties = Object.fromEntries(
      Object.keys(properties)
        .sort()
        .map((k) => [k, fieldOf(properties, k)]),
    );
  return out;
}

/** The shape of a parameter's value. */
export function paramShape(p: ParamSpec): Shape {
  if (p.type === "json") return { type: p.jsonType === "array" ? "array" : "object" };
  if (p.type === "number") return { type: p.integer ? "integer" : "number" };
  return { type: p.type, ...(p.enum ? { enum: [...p.enum] } : {}) };
}

/** The shape of a JSON constant. */
export function shapeOfValue(value: unknown): Shape {
  if (value === null) return { type: "null" };
  if (Array.isArray(value)) return { type: "array" };
  if (typeof value === "object") return { type: "object", properties: Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, shapeOfValue(v)])) };
  if (typeof value === "number") return { type: Number.isInteger(value) ? "integer" : "number" };
  return { type: typeof value as Shape["type"], enum: [value] };
}
