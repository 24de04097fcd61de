// A JSON parameter's value as OpenAI strict mode can take it natively, not as JSON text: an object whose fields the
// document lists and takes no other (strict mode's objects are closed: `additionalProperties: false`), a list of such
// objects or of scalars, as deep as strict mode's rules allow. Each field is required there; one the value may leave
// out is nullable, and its null is "not given": taken out before the call (`withoutLeftOutNulls`), where the field
// takes no null of its own. What strict mode has no keyword for (lengths) is said in words. A value no such schema
// can say (a map of other keys, an object of unlisted fields, a field of any value, a tuple) stays JSON text.
import { setOwn } from "../common/own.js";
import type { NestedLimits, ParamSpec } from "../spec/tool-types.js";
import type { JsonSchema, JsonType } from "./llm-tool-types.js";

/** How deep a native value may nest: strict mode takes 10 levels, the root object and its property two of them. */
const MAX_DEPTH = 6;
/** At most this many fields in all, well within strict mode's 5000 properties over the tools of one request. */
const MAX_FIELDS = 100;

/** The strict schema of a JSON parameter's value, or undefined where only JSON text can say it. */
export function strictJsonSchema(p: ParamSpec): JsonSchema | undefined {
  if (p.anyOf || p.tuple || p.values || p.keys) return undefined;
  const count = { fields: 0 };
  // An object of one shape (a union's stays JSON text: the parameter's own schema is typed, its null "not given").
  if (p.jsonType === "object" && p.object?.fields && !p.object.shapes && !p.object.kinds)
    return valueSchema({ ...p.object, type: "object", nullable: undefined }, 1, count);
  if (p.jsonType === "array" && p.items) {
    const items = valueSchema(p.items, 1, count);
    if (!items) return undefined;
    return {
      type: "array",
      items,
      ...(p.minItems !== undefined ? { minItems: p.minItems } : {}),
      ...(p.maxItems !== undefined ? { maxItems: p.maxItems } : {}),
    };
  }
  return undefined;
}

function valueSchema(l: NestedLimits, depth: number, count: { fields: number }): JsonSchema | undefined {
  if (depth > MAX_DEPTH || l.prefix || l.secret) return undefined;
  if (l.kinds || l.shapes) {
    const forms = [...(l.kinds ?? []), ...(l.shapes ?? []).map((s) => ({ ...s, type: "object" as const }))].map((k) =>
      valueSchema(k, depth, count),
    );
    if (forms.some((f) => f === undefined)) return undefined;
    return { anyOf: l.nullable ? [...(forms as JsonSchema[]), { type: "null" }] : (forms as JsonSchema[]) };
  }
  if (!l.type) return undefined;
  const s: JsonSchema = { type: l.nullable ? [l.type, "null"] : l.type };
  if (l.type === "object") {
    // A secret field is the person's to give, never a model's: not offered (nested-schema.ts's fieldsSchema alike).
    const fields = Object.entries(l.fields ?? {}).filter(([, field]) => !field.secret);
    count.fields += fields.length;
    if (!fields.length || l.open || count.fields > MAX_FIELDS) return undefined;
    const required = new Set(l.required ?? []);
    const properties: Record<string, JsonSchema> = {};
    for (const [name, limits] of fields) {
      const field = valueSchema(limits, depth + 1, count);
      if (!field) return undefined;
      setOwn(properties, name, required.has(name) ? field : leftOut(field));
    }
    return { ...s, properties, required: fields.map(([name]) => name), additionalProperties: false };
  }
  if (l.type === "array") {
    const items = l.items ? valueSchema(l.items, depth + 1, count) : undefined;
    if (!items) return undefined;
    return { ...s, items, ...counts(l) };
  }
  return scalarSchema(s, l);
}

/** A scalar's schema: its values, pattern and bounds as keywords, its lengths and format in words. */
function scalarSchema(s: JsonSchema, l: NestedLimits): JsonSchema {
  if (l.enum) s.enum = l.nullable && !l.enum.includes(null) ? [...l.enum, null] : [...l.enum];
  if (l.pattern !== undefined) s.pattern = l.pattern;
  for (const key of ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"] as const)
    if (l[key] !== undefined) s[key] = l[key];
  const words = [
    l.minLength !== undefined || l.maxLength !== undefined ? lengthWords(l.minLength, l.maxLength) : "",
    l.format !== undefined ? `Format: ${l.format}.` : "",
    l.knownValues?.length ? `Known values: ${l.knownValues.join(", ")} (others are taken too).` : "",
  ].filter(Boolean);
  return words.length ? { description: words.join(" "), ...s } : s;
}

/**
 * A field the value may leave out: nullable, its null "not given". One that takes null of its own keeps its schema and
 * says nothing of leaving out: its null is sent (withoutLeftOutNulls), and strict mode has no other way to omit it.
 */
function leftOut(field: JsonSchema): JsonSchema {
  const note = "null to leave it out.";
  const description = field.description ? `${field.description} ${note}` : note;
  if (field.anyOf) {
    if (field.anyOf.some((f) => f.type === "null")) return field;
    return { description, anyOf: [...field.anyOf, { type: "null" }] };
  }
  const types = [field.type ?? []].flat() as JsonType[];
  if (types.includes("null")) return field;
  return {
    ...field,
    description,
    type: [...types, "null"],
    ...(field.enum ? { enum: [...field.enum, null] } : {}),
  };
}

function counts(l: NestedLimits): JsonSchema {
  return {
    ...(l.minItems !== undefined ? { minItems: l.minItems } : {}),
    ...(l.maxItems !== undefined ? { maxItems: l.maxItems } : {}),
  };
}

function lengthWords(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `${min}–${max} characters.`;
  if (max !== undefined) return `At most ${max} characters.`;
  return min === 1 ? "Not empty." : `At least ${min} characters.`;
}

/**
 * A model's JSON value with the nulls of the fields it may leave out taken out, where the field takes no null of its
 * own: strict mode's "not given" (every field of its schema is required). A null the field takes is kept (sent).
 */
export function withoutLeftOutNulls(value: unknown, limits: NestedLimits | undefined): unknown {
  if (!limits || value === null || typeof value !== "object") return value;
  if (Array.isArray(value))
    return limits.type === "array" && limits.items && !limits.prefix
      ? value.map((item) => withoutLeftOutNulls(item, limits.items))
      : value;
  const shapes = limits.shapes ?? (limits.fields ? [limits] : []);
  if (!shapes.length) return value;
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) {
    // The field's limits in each shape holding it: left out where every one may lack it and none takes null.
    const held = shapes.filter((s) => s.fields && Object.hasOwn(s.fields, name));
    const optional = held.length > 0 && held.every((s) => !s.required?.includes(name) && !s.fields?.[name]?.nullable);
    if (field === null && optional) continue;
    const own = held.length === 1 ? held[0]?.fields?.[name] : undefined;
    setOwn(out, name, withoutLeftOutNulls(field, own));
  }
  return out;
}
