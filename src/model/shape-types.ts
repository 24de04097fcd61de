// The types a shape allows, the shapes of a parameter's value and of a JSON constant, and a schema's limits (shape.ts
// builds the shapes of schemas).
import type { ParamSpec } from "@blockwright/runtime/internal";
import type { Schema } from "../load/openapi-document.js";
import type { Shape } from "./surface-format.js";

/** The types a shape allows but null: its union's, or its one type (an object written with fields only too). */
export function shapeTypes(s: Shape): string[] {
  return s.types ?? (s.type ? [s.type] : s.properties ? ["object"] : []);
}

/** Whether every type of `a` is among `b`'s (an integer is a number). */
export function typesWithin(a: readonly string[], b: readonly string[]): boolean {
  return a.every((t) => b.includes(t) || (t === "integer" && b.includes("number")));
}

/** The shape of a parameter's value. */
export function paramShape(p: ParamSpec): Shape {
  if (p.type === "json") return { type: p.jsonType === "array" ? "array" : "object" };
  if (p.type === "number") return { type: p.integer ? "integer" : "number" };
  if (p.type === "file") return p.multiple ? { type: "array" } : { type: "string" };
  return { type: p.type, ...(p.enum ? { enum: [...p.enum] } : {}) };
}

/** The shape of a JSON constant. */
export function shapeOfValue(value: unknown): Shape {
  if (value === null) return { type: "null" };
  if (Array.isArray(value)) return { type: "array" };
  if (typeof value === "object")
    return {
      type: "object",
      properties: Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, shapeOfValue(v)])),
    };
  if (typeof value === "number") return { type: Number.isInteger(value) ? "integer" : "number" };
  return { type: typeof value as Shape["type"], enum: [value] };
}

/** The keywords a shape records as its limits (upstream compares the same: changes/schema-flat.ts reads this list). */
export const LIMITS = [
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "pattern",
  "minItems",
  "maxItems",
  "minProperties",
  "maxProperties",
  "multipleOf",
] as const;

/**
 * A schema's limits (LIMITS' keywords of a number or a text value, in that order), or none: an object made only for a
 * schema that has one (a whole published document's surface asks for tens of thousands of schemas', most with none).
 */
export function limitsOf(schema: Schema): Record<string, number | string> | undefined {
  let limits: Record<string, number | string> | undefined;
  for (let i = 0; i < LIMITS.length; i++) {
    const key = LIMITS[i] as (typeof LIMITS)[number];
    const value = schema[key];
    if (typeof value === "number" || typeof value === "string") (limits ??= {})[key] = value;
  }
  return limits;
}
