// A JSON parameter's shape as a value to copy, for the workflow editors: n8n's JSON property and Sim's code input show
// no schema, so a person filling one saw a bare field (`Components`, `{}`) with nothing of the fields it takes, where a
// model is given the schema (nested-schema.ts). The example is the document's own where it gives one, else made from
// the fields and items the link records (NestedLimits), each field a value of its kind.
import type { NestedLimits, ParamSpec } from "@blockwright/runtime/internal";

/** Beyond this many characters an example helps no one read a field: its required fields alone, else none. */
const MOST_CHARACTERS = 300;
/** How deep an example follows objects and lists; deeper ones are shown empty. */
const MOST_DEPTH = 3;

/**
 * A JSON parameter's example as JSON text (`{"bottom": 0, "left": 0}`, `[{"name": ""}]`), or none where the
 * parameter's shape says nothing of what it holds (an object of any fields) or it is no JSON parameter.
 */
export function jsonExample(p: ParamSpec): string | undefined {
  if (p.type !== "json") return undefined;
  if (p.example !== undefined && typeof p.example === "object" && p.example !== null) {
    const own = written(p.example);
    if (own.length <= MOST_CHARACTERS) return own;
  }
  const limits = shapeOf(p);
  if (!limits || !describesContent(limits)) return undefined;
  for (const requiredOnly of [false, true]) {
    const text = written(exampleValue(limits, 0, requiredOnly));
    if (text.length <= MOST_CHARACTERS && text !== "{}" && text !== "[]") return text;
  }
  return undefined;
}

/** The parameter's own limits as one nested value's: an object's fields, a list's items or positions. */
function shapeOf(p: ParamSpec): NestedLimits | undefined {
  if (p.tuple) return p.tuple;
  if (p.object) return p.object;
  if (p.jsonType === "array" && p.items) return { type: "array", items: p.items };
  return undefined;
}

/** Whether the limits name anything inside the value: fields, shapes, or a list's items or positions. */
function describesContent(l: NestedLimits): boolean {
  if (l.fields && Object.keys(l.fields).length) return true;
  if (l.shapes?.length) return true;
  if (l.prefix?.length) return true;
  // A list of texts says something (`[""]`); a list of objects only with their fields.
  const items = l.items;
  if (!items) return false;
  return items.type === "object" || items.type === "array"
    ? describesContent(items)
    : Boolean(items.type ?? items.enum);
}

/** A value meeting the limits' kind: an enum's first value, a number's least, a text empty, an object its fields. */
function exampleValue(l: NestedLimits, depth: number, requiredOnly: boolean): unknown {
  if (l.enum?.length) return l.enum[0];
  if (l.knownValues?.length) return l.knownValues[0];
  const shape = l.shapes?.[0];
  if (shape) return fieldsOf(shape.fields, shape.required, depth, requiredOnly);
  const kind = l.type ?? l.kinds?.[0]?.type;
  switch (kind) {
    case "string":
      return "";
    case "number":
    case "integer":
      return l.minimum ?? 0;
    case "boolean":
      return false;
    case "array":
      if (depth >= MOST_DEPTH) return [];
      if (l.prefix) return l.prefix.map((item) => exampleValue(item, depth + 1, requiredOnly));
      return l.items ? [exampleValue(l.items, depth + 1, requiredOnly)] : [];
    case "object":
      return fieldsOf(l.fields ?? {}, l.required, depth, requiredOnly);
    default:
      return null;
  }
}

/** An object of the fields (a secret one left out: the person's to give where the call asks it, never shown). */
function fieldsOf(
  fields: Record<string, NestedLimits>,
  required: readonly string[] | undefined,
  depth: number,
  requiredOnly: boolean,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (depth >= MOST_DEPTH) return out;
  for (const [name, limits] of Object.entries(fields)) {
    if (limits.secret || (requiredOnly && !required?.includes(name))) continue;
    // `__proto__` stays a field of the example, as of the value.
    Object.defineProperty(out, name, {
      value: exampleValue(limits, depth + 1, requiredOnly),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** JSON on one line with a space after each separator, as a person types it. */
function written(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(written).join(", ")}]`;
  if (value !== null && typeof value === "object")
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${written(v)}`)
      .join(", ")}}`;
  return JSON.stringify(value) ?? "null";
}
