// The limits of a value inside a JSON parameter (NestedLimits): its kind, a scalar's bounds, a list's items and an
// object's fields at each depth the link records, and a union of objects, told apart by a field of one fixed value
// where its shapes have one. What each problem says names its place inside the value (`.type`, `[0].id`). Part of the
// JSON parameters' support (json-params.ts).
import { matchesFormat, VALUE_FORMATS } from "../spec/formats.js";
import type { NestedLimits } from "../spec/tool-types.js";
import { characters } from "../common/redact.js";
import { integerRule } from "./safe-integer.js";
import { compiled } from "./validate-params.js";
import { boundedPattern, brokenBound, listedValues } from "./rule-words.js";

/** A rule a value inside a JSON parameter breaks: where inside it (`""` the value itself), the rule and its words. */
export type NestedProblem = { where: string; rule: string; text: string; value: unknown; secret?: true };

type Shape = NonNullable<NestedLimits["shapes"]>[number];

/** A field's place after its holder's: `.name` for a name of letters, digits and `_`, else `["na me"]`. */
export function fieldPlace(where: string, field: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(field) ? `${where}.${field}` : `${where}[${JSON.stringify(field)}]`;
}

/**
 * The rule a value inside a JSON parameter breaks, or one a value inside it breaks, if it breaks one; `where` is the
 * place inside the value (`""` the value itself), written only for a problem found (a call's value that passes writes
 * no path).
 */
export function nestedProblem(limits: NestedLimits, value: unknown): NestedProblem | undefined {
  if (value === null && limits.nullable) return undefined;
  // Of scalar kinds beside shapes (an id or the object): an object held to the shapes, any other value to the kinds.
  if (limits.shapes && !(limits.kinds && !isObject(value))) return shapesProblem(limits, value);
  const found = ownProblem(limits, value);
  // A secret's value is withheld from the refusal (json-params.ts), as a secret parameter's.
  if (found) return { where: "", ...found, value, ...(limits.secret ? { secret: true as const } : {}) };
  if (limits.type === "array") {
    const list = value as unknown[];
    for (let i = 0; i < list.length; i++) {
      // A tuple's first items each by their position's limits (issue 59: a wrong pair was sent unchecked).
      const at = limits.prefix?.[i] ?? limits.items;
      const inside = at && nestedProblem(at, list[i]);
      if (inside) return { ...inside, where: `[${i}]${inside.where}` };
    }
  } else if (limits.type === "object") return fieldsProblem(limits, value as Record<string, unknown>);
  return undefined;
}

/** The rule the value itself breaks (its kind, its bounds), not what it holds. */
function ownProblem(limits: NestedLimits, value: unknown): { rule: string; text: string } | undefined {
  if (limits.kinds) return kindsProblem(limits.kinds, value, limits.shapes !== undefined);
  const type = limits.type;
  if (type === "string" && typeof value !== "string") return { rule: "type", text: "must be a string" };
  if ((type === "number" || type === "integer") && typeof value !== "number")
    return { rule: "type", text: `must be a number` };
  if (type === "integer" && !Number.isSafeInteger(value))
    return { rule: "integer", text: integerRule(value as number) };
  if (type === "boolean" && typeof value !== "boolean") return { rule: "type", text: "must be true or false" };
  if (type === "array") {
    if (!Array.isArray(value)) return { rule: "type", text: "must be a list" };
    const { minItems = 0, maxItems = Infinity } = limits;
    if (value.length < minItems) return { rule: "minItems", text: `must have at least ${minItems} items` };
    if (value.length > maxItems) return { rule: "maxItems", text: `must have at most ${maxItems} items` };
  }
  if (type === "object" && !isObject(value)) return { rule: "type", text: "must be an object" };
  // Enum values may be objects or lists (`{}` for "an empty object only"): compared as JSON, shown as JSON.
  if (limits.enum && !limits.enum.some((allowed) => sameJson(allowed, value)))
    return { rule: "enum", text: `must be one of ${listedValues(limits.enum, limits.secret ? undefined : value)}` };
  if (typeof value === "number") {
    const broken = brokenBound(limits, value);
    if (broken) return broken;
  }
  if (typeof value === "string") {
    const length = characters(value);
    if (limits.minLength !== undefined && length < limits.minLength)
      return { rule: "minLength", text: `must be at least ${limits.minLength} characters long` };
    if (limits.maxLength !== undefined && length > limits.maxLength)
      return { rule: "maxLength", text: `must be at most ${limits.maxLength} characters long (it has ${length})` };
    if (limits.pattern !== undefined && !compiled(limits.pattern).test(value))
      return { rule: "pattern", text: `must match ${boundedPattern(limits.pattern)}` };
    if (limits.format !== undefined && !matchesFormat(limits.format, value))
      return { rule: "format", text: `must be ${VALUE_FORMATS[limits.format]}` };
  }
  return undefined;
}

/**
 * A value of one of several scalar kinds (`orObject`: or an object, held to its shapes apart): taken where a kind its
 * JSON type is takes it (a whole number an integer kind's or a number kind's, an integer kind's first), else the first
 * such kind's rule, or, of none, the kinds it may be of. Kinds that overlap (a number and an integer, two texts of
 * other limits) take a value that fits two, as the request judge reads a `oneOf` of plain forms
 * (src/judge/plain-one-of.ts).
 */
function kindsProblem(
  kinds: readonly NestedLimits[],
  value: unknown,
  orObject: boolean,
): { rule: string; text: string } | undefined {
  const of = typeof value;
  const candidates =
    of === "number"
      ? [
          ...kinds.filter((k) => k.type === "integer" && Number.isInteger(value)),
          ...kinds.filter((k) => k.type === "number"),
        ]
      : kinds.filter((k) => k.type === of);
  let first: { rule: string; text: string } | undefined;
  for (const kind of candidates) {
    const problem = ownProblem(kind, value);
    if (!problem) return undefined;
    first ??= problem;
  }
  const types = [...new Set(kinds.map((k) => k.type)), ...(orObject ? ["object"] : [])];
  return first ?? { rule: "type", text: `must be one of ${types.join(", ")}` };
}

/** An object's required fields there, then each field it gives within its limits. */
function fieldsProblem(
  shape: Pick<NestedLimits, "fields" | "required"> & Pick<Shape, "closed">,
  object: Record<string, unknown>,
): NestedProblem | undefined {
  const required = shape.required;
  if (required)
    for (let i = 0; i < required.length; i++) {
      const field = required[i] as string;
      if (!Object.hasOwn(object, field))
        return { where: fieldPlace("", field), rule: "required", text: "is required", value: undefined };
    }
  const fields = shape.fields;
  for (const field in fields) {
    if (!Object.hasOwn(object, field)) continue;
    const inside = nestedProblem(fields[field] as NestedLimits, object[field]);
    if (inside) return { ...inside, where: fieldPlace("", field) + inside.where };
  }
  if (shape.closed)
    for (const field of Object.keys(object))
      if (!fields || !Object.hasOwn(fields, field))
        return {
          where: fieldPlace("", field),
          rule: "additionalProperties",
          text: "is not a field of it",
          value: object[field],
        };
  return undefined;
}

/**
 * Why an object meets none of its shapes. With a tag, the shape its tag's value names, which it must then meet;
 * without one, each shape tried (its required fields there, its fields within their limits), and each's reason told.
 */
function shapesProblem(limits: NestedLimits, value: unknown): NestedProblem | undefined {
  const shapes = limits.shapes as Shape[];
  if (!isObject(value)) return { where: "", rule: "type", text: "must be an object", value };
  const tag = limits.tag;
  if (tag !== undefined) {
    const tagged = tagIndex(limits, tag);
    if (Object.hasOwn(value, tag)) {
      const named = value[tag];
      const shape = tagged.shapes.get(tagKey(named));
      if (!shape)
        return {
          where: fieldPlace("", tag),
          rule: "enum",
          text: `must be one of ${listedValues(tagged.values, named)}`,
          value: named,
        };
      return fieldsProblem(shape, value);
    }
    if (tagged.required)
      return {
        where: fieldPlace("", tag),
        rule: "required",
        text: `is required (one of ${listedValues(tagged.values)})`,
        value: undefined,
      };
  }
  if (limits.byFields) return byFieldsProblem(shapes, value);
  // A union's one object beside its scalar kinds (an id or the object): that object's problem.
  if (shapes.length === 1) return fieldsProblem(shapes[0] as Shape, value);
  const why = shapes.map((shape) => fieldsProblem(shape, value));
  const met = why.flatMap((w, i) => (w === undefined ? [i + 1] : []));
  if (limits.exclusive && met.length > 1)
    return {
      where: "",
      rule: "oneOf",
      text: `must meet exactly one of its ${shapes.length} shapes (it meets shapes ${met.join(" and ")})`,
      value,
    };
  if (met.length) return undefined;
  const told = why.map((w, i) => `shape ${i + 1}: ${w ? `${w.where.replace(/^\./, "")} ${w.text}` : ""}`);
  return {
    where: "",
    rule: "anyOf",
    text: `must meet one of its ${shapes.length} shapes: ${told.join("; ")}`,
    value,
  };
}

/**
 * Why an object of shapes told apart by their fields (`byFields`) meets none: a field no shape lists, or fields of no
 * one shape, named; else the problem of the one shape its fields are of, or of each of the several they are of.
 */
function byFieldsProblem(shapes: readonly Shape[], value: Record<string, unknown>): NestedProblem | undefined {
  const keys = Object.keys(value);
  const of = shapes.flatMap((shape, i) => (keys.every((key) => Object.hasOwn(shape.fields, key)) ? [i] : []));
  if (!of.length) {
    const stranger = keys.find((key) => shapes.every((shape) => !Object.hasOwn(shape.fields, key)));
    if (stranger !== undefined)
      return {
        where: fieldPlace("", stranger),
        rule: "additionalProperties",
        text: `is a field of none of its ${shapes.length} shapes`,
        value: value[stranger],
      };
    const owners = keys.map((key) => `${key} (shape ${shapes.findIndex((s) => Object.hasOwn(s.fields, key)) + 1})`);
    return {
      where: "",
      rule: "oneOf",
      text: `must hold the fields of one of its ${shapes.length} shapes (it holds ${owners.join(", ")})`,
      value,
    };
  }
  const why = of.map((i) => fieldsProblem(shapes[i] as Shape, value));
  if (why.some((w) => w === undefined)) return undefined;
  if (why.length === 1) return why[0];
  const told = why.map((w, n) => `shape ${(of[n] as number) + 1}: ${w?.where.replace(/^\./, "")} ${w?.text}`);
  return { where: "", rule: "anyOf", text: `must meet one of its shapes: ${told.join("; ")}`, value };
}

interface TagIndex {
  /** Each value naming a shape, by tagKey (a text as itself: a call's lookup makes no key). */
  shapes: Map<string, Shape>;
  /** The values, in the shapes' order, as a message lists them. */
  values: unknown[];
  /** Every shape requires the tag: a value without it names none. */
  required: boolean;
}

// A union's tags read once (tools are immutable): a call looks its value up.
const tagIndexes = new WeakMap<NestedLimits, TagIndex>();

function tagIndex(limits: NestedLimits, tag: string): TagIndex {
  let index = tagIndexes.get(limits);
  if (!index) {
    const shapes = limits.shapes ?? [];
    index = { shapes: new Map(), values: [], required: shapes.every((s) => s.required?.includes(tag)) };
    for (const shape of shapes)
      for (const v of shape.fields[tag]?.enum ?? []) {
        if (index.shapes.has(tagKey(v))) continue;
        index.shapes.set(tagKey(v), shape);
        index.values.push(v);
      }
    tagIndexes.set(limits, index);
  }
  return index;
}

/**
 * A tag's value as a key: a text as itself, another scalar its kind and text after a NUL, which no document's
 * tag text starts with (`1` and `"1"` name different shapes).
 */
function tagKey(v: unknown): string {
  return typeof v === "string" ? v : `\u0000${typeof v}:${String(v)}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Whether two JSON values are equal: the same scalar, or lists and objects of equal members (key order aside). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (
    a === null ||
    b === null ||
    typeof a !== "object" ||
    typeof b !== "object" ||
    Array.isArray(a) !== Array.isArray(b)
  )
    return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every(
      (k) => Object.hasOwn(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
    )
  );
}
