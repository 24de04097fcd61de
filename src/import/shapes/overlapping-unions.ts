// A union (`oneOf`) each of whose shapes takes every value of another: two
// shapes alike but for their words (`InQuery` and `InCookie`, both `{type,
// name}`), or one that requires more fields of an open other. JSON Schema's
// oneOf holds of a value of exactly one shape, so no value at all meets such
// a union: a mock refuses every request, and the contract suite finds no
// value to send. The publisher means "a value of one of these shapes", which
// `anyOf` says and every value of a shape meets: add writes that in the cut,
// and says so. A union some of whose shapes no other takes is left as it is:
// a value of those meets it.
import { isJson, resolved, rewriteEachObject, shapeName } from "./cut-walk.js";

type Json = Record<string, unknown>;

/** Keys that describe a value without ruling any out: two shapes differing only in these take the same values. */
const WORDS = new Set(["description", "title", "example", "examples", "default", "deprecated", "externalDocs", "xml"]);
/** Keys whose values are data, not schemas: compared as they are. */
const DATA = new Set(["enum", "const"]);

/** A schema's rules as one text: its words and extensions left out, keys in order ($refs compared by name). */
function rules(schema: unknown): string {
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (!isJson(node)) return node;
    const out: Json = {};
    for (const key of Object.keys(node).sort())
      if (!WORDS.has(key) && !key.startsWith("x-")) out[key] = DATA.has(key) ? node[key] : strip(node[key]);
    return out;
  };
  return JSON.stringify(strip(schema));
}

/** Keys a plain object shape has (beside words and extensions): any other may rule values out in ways not read here. */
const PLAIN_OBJECT_KEYS = new Set(["type", "properties", "required", "additionalProperties", "nullable"]);

function isPlainObject(schema: Json): boolean {
  if (schema.type !== "object" && !(schema.type === undefined && isJson(schema.properties))) return false;
  return Object.keys(schema).every((key) => PLAIN_OBJECT_KEYS.has(key) || WORDS.has(key) || key.startsWith("x-"));
}

const names = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

/**
 * Whether every value shape `a` takes, shape `b` takes too (true only when sure): the same rules, or plain objects
 * where `b` is open and requires no field `a` does not, and each field `b` rules on `a` rules on within it.
 */
function takesAllOf(cut: Json, a: unknown, b: unknown, depth = 0): boolean {
  const x = resolved(cut, a);
  const y = resolved(cut, b);
  if (!isJson(x) || !isJson(y) || depth > 8) return false;
  if (x === y || rules(x) === rules(y)) return true;
  if (!isPlainObject(x) || !isPlainObject(y)) return false;
  if (y.additionalProperties === false || (isJson(y.additionalProperties) && rules(y.additionalProperties) !== "{}"))
    return false;
  if (x.nullable === true && y.nullable !== true) return false;
  const required = names(x.required);
  if (!names(y.required).every((field) => required.includes(field))) return false;
  const own = isJson(x.properties) ? x.properties : {};
  for (const [field, rule] of Object.entries(isJson(y.properties) ? y.properties : {})) {
    if (rules(resolved(cut, rule)) === "{}") continue;
    // A field `a` does not list: a value of `a` may hold it of any type, which `b` refuses, unless `a` is closed.
    if (!Object.hasOwn(own, field)) {
      if (x.additionalProperties === false) continue;
      return false;
    }
    if (!takesAllOf(cut, own[field], rule, depth + 1)) return false;
  }
  return true;
}

/** Whether no value is of exactly one of the shapes: each takes every value of another. */
function noValueOfOne(cut: Json, shapes: readonly unknown[]): boolean {
  return (
    shapes.length > 1 && shapes.every((shape, i) => shapes.some((other, j) => j !== i && takesAllOf(cut, shape, other)))
  );
}

/**
 * The cut with each `oneOf` no value meets (each shape takes every value of another) written as `anyOf` (changed in
 * place); each place changed, as `components.schemas.Zq.properties.source (oneOf of InQuery, InCookie)`.
 */
export function withOverlappingUnionsAsAnyOf(cut: Json): string[] {
  return rewriteEachObject(
    cut,
    (schema) => {
      if (!Array.isArray(schema.oneOf) || !noValueOfOne(cut, schema.oneOf)) return undefined;
      const shapes = schema.oneOf as unknown[];
      delete schema.oneOf;
      // A schema with an anyOf of its own keeps it: the shapes' anyOf is then one more rule beside it.
      if (Array.isArray(schema.anyOf))
        schema.allOf = [...(Array.isArray(schema.allOf) ? schema.allOf : []), { anyOf: shapes }];
      else schema.anyOf = shapes;
      return `oneOf of ${shapes.map((shape, i) => shapeName(shape, i)).join(", ")}`;
    },
    (key) => key === "example" || key === "examples" || key === "default" || DATA.has(key) || key.startsWith("x-"),
  );
}
