// Text read back into the values a schema describes (OpenAPI 3.1.1
// Appendix B: a parameter's or a form field's text is a number, a boolean or
// null when its schema says so), and the shapes a parameter's value may take
// (a primitive, an array, an object), which decide how its style is read.
import { format as knownFormats } from "@cfworker/json-schema";
import { REQUEST_FORMATS } from "../load/examples/openapi-examples.js";
import { resolved, typesOf } from "../load/schemas/json-types.js";
import type { Node } from "./operations.js";

export type Shape = "primitive" | "array" | "object";

// Read below the judge too (the link decides by them how a form field goes): load/schemas/json-types.ts.
export { resolved, typesOf };

const SCALARS = ["string", "integer", "number", "boolean", "null"];

/** The shapes a value of this schema may take, most likely first. */
export function shapesOf(data: unknown, schema: unknown): Shape[] {
  const types = typesOf(data, schema);
  const shapes: Shape[] = [];
  if (types.has("array")) shapes.push("array");
  if (types.has("object")) shapes.push("object");
  if (!types.size || SCALARS.some((t) => types.has(t))) shapes.push("primitive");
  return shapes;
}

/**
 * Whether the schema at a place in a nested value (the keys from its root) is a list (true), an object (false), or
 * either or unknown (undefined): how brackets under it are read.
 */
export function listAtOf(data: unknown, schema: unknown): (keys: string[]) => boolean | undefined {
  const kind = (node: unknown) => {
    const types = typesOf(data, node);
    return types.has("array") && !types.has("object")
      ? "array"
      : types.has("object") && !types.has("array")
        ? "object"
        : undefined;
  };
  return (keys) => {
    let node = schema;
    for (const key of keys) {
      const k = kind(node);
      node = k === "array" ? itemSchema(data, node) : k === "object" ? propertySchema(data, node, key) : undefined;
      if (node === undefined) return undefined;
    }
    const k = kind(node);
    return k === undefined ? undefined : k === "array";
  };
}

/**
 * A scalar's text as the value its schema describes: a number, a boolean or null where the schema admits one and the
 * text is one, else the text.
 */
export function scalarOf(data: unknown, schema: unknown, text: string): unknown {
  const types = typesOf(data, schema);
  if (!types.size) return text;
  const asNumber =
    (types.has("integer") || types.has("number")) && /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(text);
  const asBoolean = types.has("boolean") && (text === "true" || text === "false");
  const asNull = types.has("null") && (text === "" || text === "null");
  // A text is the string where a string of it is allowed; else the number, boolean or null it reads as (`1` for
  // anyOf[integer, enum [""]]).
  if (types.has("string") && (!(asNumber || asBoolean || asNull) || stringAdmits(data, schema, text))) return text;
  if (asNumber) return Number(text);
  if (asBoolean) return text === "true";
  if (asNull) return null;
  return text;
}

/**
 * Whether a string branch of the schema admits this text by its `enum` or `const` (other limits left to the schema
 * check).
 */
function stringAdmits(data: unknown, schema: unknown, text: string, depth = 0): boolean {
  const node = resolved(data, schema);
  if (depth > 12) return true;
  const own = Array.isArray(node.type) ? node.type.map(String) : typeof node.type === "string" ? [node.type] : [];
  const branches = ["anyOf", "oneOf"].flatMap((k) => (Array.isArray(node[k]) ? (node[k] as unknown[]) : []));
  if (!own.length && branches.length)
    return branches.some((b) => typesOf(data, b, depth + 1).has("string") && stringAdmits(data, b, text, depth + 1));
  // An untyped enum of several kinds (`["a", 2]`) admits as text its strings; a string's enum (`type: string`,
  // `enum: [0]`, YAML's unquoted) the texts of all its values.
  const text_ = (v: unknown) => (typeof v === "string" || own.includes("string") ? String(v) === text : false);
  if (Array.isArray(node.enum)) return node.enum.some(text_);
  if (node.const !== undefined) return text_(node.const);
  // A string of a format or a pattern the text does not meet (`0` beside `{type: string, format: date-time}`) is no
  // reading of it: the number, boolean or null it reads as is (a `from` of a date-time or an integer).
  return meetsFormat(node.format, text) && meetsPattern(node.pattern, text);
}

/** Whether the text meets a format the judge holds a request to (REQUEST_FORMATS); any other format, or none, does. */
function meetsFormat(format: unknown, text: string): boolean {
  if (typeof format !== "string" || !REQUEST_FORMATS.has(format)) return true;
  const test = (knownFormats as Record<string, ((t: string) => boolean) | undefined>)[format];
  return test === undefined || test(text);
}

/** Whether the text meets a pattern (compiled as Unicode); one that does not compile is left to the schema check. */
function meetsPattern(pattern: unknown, text: string): boolean {
  if (typeof pattern !== "string") return true;
  try {
    return new RegExp(pattern, "u").test(text);
  } catch {
    return true;
  }
}

/**
 * The schema of an object's property `key`: its own, one of its `allOf` members', any value where it requires `key`
 * without describing it, or (unless `listedOnly`) its `additionalProperties`.
 */
export function propertySchema(data: unknown, schema: unknown, key: string, listedOnly = false, depth = 0): unknown {
  const node = resolved(data, schema);
  const props = (node.properties ?? {}) as Node;
  if (Object.hasOwn(props, key)) return props[key];
  if (depth < 12) {
    for (const k of ["allOf", "anyOf", "oneOf"]) {
      if (!Array.isArray(node[k])) continue;
      for (const member of node[k] as unknown[]) {
        const found = propertySchema(data, member, key, listedOnly, depth + 1);
        if (found !== undefined) return found;
      }
    }
  }
  // A field the schema requires without describing it: one of its fields, of any value.
  if (Array.isArray(node.required) && node.required.includes(key)) return {};
  return !listedOnly && node.additionalProperties !== undefined && node.additionalProperties !== false
    ? node.additionalProperties
    : undefined;
}

/** The schema of an array's items (through `allOf` and unions: the first that says). */
export function itemSchema(data: unknown, schema: unknown, depth = 0): unknown {
  const node = resolved(data, schema);
  if (node.items !== undefined && !Array.isArray(node.items)) return node.items;
  if (depth < 12) {
    for (const k of ["allOf", "anyOf", "oneOf"]) {
      if (!Array.isArray(node[k])) continue;
      for (const member of node[k] as unknown[]) {
        const found = itemSchema(data, member, depth + 1);
        if (found !== undefined) return found;
      }
    }
  }
  return undefined;
}

/** Text items as an array of the values the schema's items describe. */
export function arrayOf(data: unknown, schema: unknown, texts: string[]): unknown[] {
  const items = itemSchema(data, schema);
  return texts.map((t) => scalarOf(data, items, t));
}

/**
 * Text pairs as an object of the values the schema's properties describe. A field whose schema is a list (or may be,
 * sent more than once) takes each of its pairs as an item: an exploded form object's list field goes as
 * `value=a&value=b`, as an exploded list does; the last pair alone was read, a text the list's schema refused.
 */
export function objectOf(data: unknown, schema: unknown, entries: [string, string][]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, text] of entries) {
    const field = propertySchema(data, schema, key);
    const shapes = shapesOf(data, field);
    const repeated = entries.filter(([k]) => k === key).length > 1;
    const list = shapes.includes("array") && (repeated || !shapes.includes("primitive"));
    const earlier = Object.hasOwn(out, key) && Array.isArray(out[key]) ? (out[key] as unknown[]) : [];
    Object.defineProperty(out, key, {
      value: list ? [...earlier, scalarOf(data, itemSchema(data, field), text)] : scalarOf(data, field, text),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}
