// What a JSON parameter holds, as the JSON Schema a model is shown (plain schemas: MCP, Anthropic): a list's items and
// an object's fields at each depth the link records them (NestedLimits, which the runtime's check walks too), so that a
// model sees the shape the call will be held to, not only "an object". Part of llm-tools.ts's input schema.
import { setOwn } from "../common/own.js";
import type { NestedLimits, ParamSpec } from "../spec/tool-types.js";
import type { JsonSchema } from "./llm-tool-types.js";

/** The schema of a value of these limits: its kind (null too where taken), bounds, enum, items, fields or shapes. */
export function nestedSchema(limits: NestedLimits): JsonSchema {
  // A value of several scalar kinds (each kind's schema), of several shapes, or of kinds beside shapes (an id or the
  // object): their schemas, kinds first.
  if (limits.shapes || limits.kinds) {
    // Shapes told apart by their fields: each takes its own only, as the call is held to (nested-limits.ts).
    const shapes = (limits.shapes ?? []).map((shape) =>
      limits.byFields || shape.closed ? { ...fieldsSchema(shape), additionalProperties: false } : fieldsSchema(shape),
    );
    const all = [...(limits.kinds ?? []).map(nestedSchema), ...shapes];
    return { anyOf: limits.nullable ? [...all, { type: "null" }] : all };
  }
  const s: JsonSchema = {};
  if (limits.type) s.type = limits.nullable ? [limits.type, "null"] : limits.type;
  if (limits.enum) s.enum = limits.nullable && !limits.enum.includes(null) ? [...limits.enum, null] : [...limits.enum];
  for (const key of ["minLength", "maxLength", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"] as const)
    if (limits[key] !== undefined) s[key] = limits[key];
  // A list's count (a tuple's: the link records it for tuples alone).
  if (limits.type === "array")
    for (const key of ["minItems", "maxItems"] as const) if (limits[key] !== undefined) s[key] = limits[key];
  if (limits.pattern !== undefined) s.pattern = limits.pattern;
  // An open enum's known values, in words as a text parameter's (never checked).
  if (limits.knownValues?.length)
    s.description = `Known values: ${limits.knownValues.join(", ")} (others are taken too).`;
  if (limits.format !== undefined) s.format = limits.format;
  // A 3.1 tuple as 2020-12 says it (issue 59: it was shown as a plain list): each position's schema, the rest's as
  // `items`; `items: false` is its maxItems (a reader of draft-07 would take `false` for "no item at all").
  if (limits.type === "array" && limits.prefix) s.prefixItems = limits.prefix.map(nestedSchema);
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
  // A secret field (a password inside the object) is the person's to give, never a model's: not offered
  // (llmCallParams refuses a model's value there).
  const offered = Object.entries(shape.fields ?? {}).filter(([, limits]) => !limits.secret);
  for (const [field, limits] of offered) setOwn(properties, field, nestedSchema(limits));
  const required = shape.required?.filter((name) => !shape.fields?.[name]?.secret);
  return {
    type: "object",
    properties,
    ...(required?.length ? { required } : {}),
  };
}

/**
 * A JSON parameter's values (an object's) or items (a list's) of several scalar kinds, in words, for a model given the
 * parameter as JSON text (strict: no schema of what it holds); an object's values are shown as `additionalProperties`
 * otherwise.
 */
export function kindsNotes(p: Pick<ParamSpec, "jsonType" | "items" | "values">): string[] {
  const limits = p.jsonType === "array" ? p.items : p.values;
  const what = p.jsonType === "array" ? "item" : "value";
  if (!limits?.kinds) return [];
  // Beside shapes (an id or the object): each kind and each shape, in words.
  if (limits.shapes)
    return [
      `Each ${what} one of: ${[...limits.kinds.map(valueWords), ...limits.shapes.map(shapeWords)].join(" or ")}.`,
    ];
  return [`Each ${what} one of ${limits.kinds.map((k) => k.type).join(", ")}.`];
}

/** One shape of a union's objects in words: `{a, b}`, its required fields first. */
export function shapeWords(shape: NonNullable<NestedLimits["shapes"]>[number]): string {
  return `{${[...new Set([...(shape.required ?? []), ...Object.keys(shape.fields)])].join(", ")}}`;
}

/** A parameter's 3.1 tuple, its count the parameter's too (the manifest may hold it to fewer items). */
export function paramTuple(p: Pick<ParamSpec, "tuple" | "minItems" | "maxItems">): NestedLimits | undefined {
  if (!p.tuple) return undefined;
  const minItems = Math.max(p.tuple.minItems ?? 0, p.minItems ?? 0);
  const maxItems = Math.min(p.tuple.maxItems ?? Number.POSITIVE_INFINITY, p.maxItems ?? Number.POSITIVE_INFINITY);
  return {
    ...p.tuple,
    ...(minItems ? { minItems } : {}),
    ...(maxItems < Number.POSITIVE_INFINITY ? { maxItems } : {}),
  };
}

/**
 * A 3.1 tuple in words, for a reader given no `prefixItems` (OpenAI strict mode's JSON text, n8n's and Sim's
 * descriptions): its positions' kinds in order, what may follow them, and its count.
 */
export function tupleWords(t: NestedLimits): string {
  const prefix = t.prefix ?? [];
  const closed = t.maxItems !== undefined && t.maxItems <= prefix.length;
  const rest = closed ? "no other items" : t.items ? `then any more, each ${valueWords(t.items)}` : "then any more";
  const count = countWords(t.minItems, t.maxItems);
  return `A list of, in order: ${prefix.map(valueWords).join(", ")}; ${rest}.${count ? ` ${count}` : ""}`;
}

/** A list's count in words ("At least 1, at most 5 items."), empty where it has none. */
export function countWords(minItems: number | undefined, maxItems: number | undefined): string {
  const least = minItems !== undefined ? `At least ${minItems}` : "";
  const most =
    minItems !== undefined && maxItems !== undefined ? ", at most " : maxItems !== undefined ? "At most " : "";
  return least || most ? `${least}${most}${maxItems ?? ""} items.` : "";
}

/** A value's kind in words: "a string", "one of "a", "b"", "a number or null", "any value". */
function valueWords(l: NestedLimits): string {
  const own = l.enum?.length
    ? `one of ${l.enum
        .slice(0, 12)
        .map((v) => JSON.stringify(v))
        .join(", ")}${l.enum.length > 12 ? ", …" : ""}`
    : l.kinds
      ? [...l.kinds.map(valueWords), ...(l.shapes ? ["an object"] : [])].join(" or ")
      : l.shapes
        ? "an object"
        : l.type
          ? KIND_WORDS[l.type]
          : "any value";
  return l.nullable && !l.enum?.includes(null) ? `${own} or null` : own;
}

const KIND_WORDS: Record<NonNullable<NestedLimits["type"]>, string> = {
  string: "a string",
  number: "a number",
  integer: "an integer",
  boolean: "true or false",
  object: "an object",
  array: "a list",
};

/**
 * What a JSON parameter holds, in words, for a reader given it as JSON text (OpenAI strict mode): a list's items where
 * they are plain values (their kind or values: `Each item one of "playable", "preview", "blocked".`), an object's
 * fields (those required marked) or its shapes. Shapes and kinds of items are said by kindsNotes and the caller.
 */
export function holdsWords(p: Pick<ParamSpec, "jsonType" | "items" | "object" | "values">): string[] {
  const out: string[] = [];
  const items = p.items;
  if (items && !items.shapes && !items.kinds && (items.enum?.length || items.type))
    out.push(`Each item ${valueWords(items)}.`);
  // A list of objects whose fields are listed: the fields, else a model given JSON text has nothing to write them by.
  if (items?.fields && Object.keys(items.fields).length && !items.shapes)
    out.push(`Its items' fields: ${fieldWords(items.fields, items.required)}.`);
  // An object's other keys' values (a map of texts): held to their kind by the runtime, so said.
  const values = p.jsonType === "object" ? p.values : undefined;
  if (values && !values.shapes && !values.kinds && (values.enum?.length || values.type))
    out.push(`Each ${p.object?.fields ? "other " : ""}key's value ${valueWords(values)}.`);
  const object = p.object;
  if (object?.fields && Object.keys(object.fields).length)
    out.push(`Its fields: ${fieldWords(object.fields, object.required)}.`);
  if (object?.shapes?.length) out.push(`One of: ${object.shapes.map(shapeWords).join(" or ")}.`);
  return out;
}

/** An object's fields in words, those required marked, a secret one left out (it comes from the connection). */
function fieldWords(fields: Record<string, NestedLimits>, required: readonly string[] = []): string {
  const must = new Set(required);
  const said = Object.entries(fields)
    .filter(([, l]) => !l.secret)
    .slice(0, 24)
    .map(([name, l]) => `${name} (${valueWords(l)}${must.has(name) ? ", required" : ""})`);
  return `${said.join(", ")}${Object.keys(fields).length > 24 ? ", …" : ""}`;
}
