// The types a shape allows, and the shapes of a parameter's value and of a JSON constant (shape.ts builds
// the shapes of schemas).
import type { ParamSpec } from "@blockwright/runtime/internal";
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
