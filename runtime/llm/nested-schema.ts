// What a JSON parameter holds, as the JSON Schema a model is shown (plain schemas: MCP, Anthropic): a list's items and
// an object's fields at each depth the link records them (NestedLimits, which the runtime's check walks too), so that a
// model sees the shape the call will be held to, not only "an object". Part of llm-tools.ts's input schema.
import { setOwn } from "../common/own.js";
import type { NestedLimits, ParamSpec } from "../spec/tool-types.js";
import type { JsonSchema } from "./llm-tool-types.js";

/** The schema of a value of these limits: its kind (null too where taken), bounds, enum, items, fields or shapes. */
export function nestedSchema(limits: NestedLimits): JsonSchema {
  if (limits.shapes) {
    // Shapes told apart by their fields: each takes its own only, as the call is held to (nested-limits.ts).
    const shapes = limits.shapes.map((shape) =>
      limits.byFields ? { ...fieldsSchema(shape), additionalProperties: false } : fieldsSchema(shape),
    );
    return { anyOf: limits.nullable ? [...shapes, { type: "null" }] : shapes };
  }
  // A value of several scalar kinds: each kind's schema.
  if (limits.kinds) {
    const kinds = limits.kinds.map(nestedSchema);
    return { anyOf: limits.nullable ? [...kinds, { type: "null" }] : kinds };
  }
  const s: JsonSchema = {};
  if (limits.type) s.type = limits.nullable ? [limits.type, "null"] : limits.type;
  if (limits.enum) s.enum = limits.nullable && !limits.enum.includes(null) ? [...limits.enum, null] : [...limits.enum];
  for (const key of ["minLength", "maxLength", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"] as const)
    if (limits[key] !== undefined) s[key] = limits[key];
  if (limits.pattern !== undefined) s.pattern = limits.pattern;
  // An open enum's known values, in words as a text parameter's (never checked).
  if (limits.knownValues?.length)
    s.description = `Known values: ${limits.knownValues.join(", ")} (others are taken too).`;
  if (limits.format !== undefined) s.format = limits.format;
  if (limits.type === "array" && limits.items) s.items = nestedSchema(limits.items);
  if (limits.type === "object" && (limits.fields || limits.required)) {
    const { properties, required } = fieldsSchema(limits);
    s.properties = properties;
    if (required) s.required = required;
  }
  return s;
}

/**
 * An object's fields (each its schema) and those it must have; other fields are not refused (the runtime does not: the
 * upstream's to judge).
 */
export function fieldsSchema(shape: Pick<NestedLimits, "fields" | "required">): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  // A field named `__proto__` stays a field (an assignment would set the object's prototype and lose it).
  for (const [field, limits] of Object.entries(shape.fields ?? {})) setOwn(properties, field, nestedSchema(limits));
  return {
    type: "object",
    properties,
    ...(shape.required ? { required: [...shape.required] } : {}),
  };
}

/**
 * A JSON parameter's values (an object's) or items (a list's) of several scalar kinds, in words, for a model given the
 * parameter as JSON text (strict: no schema of what it holds); an object's values are shown as `additionalProperties`
 * otherwise.
 */
export function kindsNotes(p: Pick<ParamSpec, "jsonType" | "items" | "values">): string[] {
  const kinds = p.jsonType === "array" ? p.items?.kinds : p.values?.kinds;
  const what = p.jsonType === "array" ? "item" : "value";
  return kinds ? [`Each ${what} one of ${kinds.map((k) => k.type).join(", ")}.`] : [];
}
