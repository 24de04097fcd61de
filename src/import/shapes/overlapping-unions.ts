// A union (`oneOf`) each of whose shapes takes every value of another: two
// shapes alike but for their words (`InQuery` and `InCookie`, both `{type,
// name}`), or one that requires more fields of an open other. JSON Schema's
// oneOf holds of a value of exactly one shape, so no value at all meets such
// a union: a mock refuses every request, and the contract suite finds no
// value to send. The publisher means "a value of one of these shapes", which
// `anyOf` says and every value of a shape meets: add writes that in the cut,
// and says so. A union some of whose shapes no other takes is left as it is:
// a value of those meets it. Shapes are read whatever their nesting: an
// `allOf` of plain objects as the one object of all its members' fields, a
// shape that is a union of its own as each of its shapes (every value of it
// is a value of one of them), an `anyOf` as taking what one of its
// shapes takes, and a list as taking every list whose items its items take
// (a list of records per kind of account, one kind's records requiring a
// field more: the empty list and each list of those is of every shape). A
// union whose one value of exactly one shape is null (a string, or a string
// that may be null: Elasticsearch's `NullValue`) is read so too: the
// publisher means either, and no string the draft sends met it.
import { isJson, resolved, rewriteEachObject, shapeName } from "./cut-walk.js";

type Json = Record<string, unknown>;

/** Keys that describe a value without ruling any out: two shapes differing only in these take the same values. */
const WORDS = new Set(["description", "title", "example", "examples", "default", "deprecated", "externalDocs", "xml"]);
/** Keys whose values are data, not schemas: compared as they are. */
const DATA = new Set(["enum", "const"]);

/**
 * A schema's rules as one text: its words and extensions left out, keys in order ($refs compared by name); `butNull`:
 * its own null left out too (`nullable`, `"null"` in a list of types), to compare what else it takes.
 */
function rules(schema: unknown, butNull = false): string {
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (!isJson(node)) return node;
    const out: Json = {};
    for (const key of Object.keys(node).sort())
      if (!WORDS.has(key) && !key.startsWith("x-")) out[key] = DATA.has(key) ? node[key] : strip(node[key]);
    if (butNull && node === schema) {
      delete out.nullable;
      const types = Array.isArray(out.type) ? out.type.filter((t) => t !== "null") : undefined;
      if (types) out.type = types.length === 1 ? types[0] : types;
    }
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

/** Keys a plain list shape has (beside words and extensions): any other (a bound on its items' count) may rule out. */
const PLAIN_LIST_KEYS = new Set(["type", "items", "nullable"]);

function isPlainList(schema: Json): boolean {
  return (
    schema.type === "array" &&
    Object.keys(schema).every((key) => PLAIN_LIST_KEYS.has(key) || WORDS.has(key) || key.startsWith("x-"))
  );
}

const names = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

/**
 * The shapes of a schema that is only a union (`keys`), beside words and `type: object`: a union of object shapes with
 * rules beside it (properties, required) is not read here.
 */
function shapesOf(schema: Json, keys: readonly string[]): unknown[] | undefined {
  const key = keys.find((k) => Array.isArray(schema[k]));
  if (key === undefined) return undefined;
  const beside = Object.keys(schema).filter((k) => k !== key && !WORDS.has(k) && !k.startsWith("x-"));
  return beside.every((k) => k === "type" && schema.type === "object") ? (schema[key] as unknown[]) : undefined;
}

/**
 * A plain object shape, or the one object of an `allOf` of them (its members' fields and required fields together;
 * their `$ref`s followed, nested `allOf`s too): undefined when a member is no plain object, closes the object (whose
 * fields its members' then break), or two define one field otherwise.
 */
function plainObjectOf(cut: Json, schema: Json, depth = 0): Json | undefined {
  if (isPlainObject(schema)) return schema;
  if (!Array.isArray(schema.allOf) || depth > 8) return undefined;
  const { allOf, ...own } = schema;
  const members = [...(isPlainObject(own) ? [own] : []), ...allOf.map((m) => resolved(cut, m))];
  // Its own rules beside the members: plain too, and not null (which the one object would lose).
  if (!isPlainObject({ type: "object", ...own }) || own.nullable === true) return undefined;
  const properties: Json = {};
  const required = new Set<string>();
  for (const member of members) {
    const plain = isJson(member) ? plainObjectOf(cut, member, depth + 1) : undefined;
    if (!plain || plain.additionalProperties !== undefined || plain.nullable === true) return undefined;
    for (const [field, rule] of Object.entries(isJson(plain.properties) ? plain.properties : {})) {
      if (Object.hasOwn(properties, field) && rules(resolved(cut, properties[field])) !== rules(resolved(cut, rule)))
        return undefined;
      properties[field] = rule;
    }
    for (const field of names(plain.required)) required.add(field);
  }
  return { type: "object", properties, required: [...required] };
}

/**
 * Whether every value shape `a` takes, shape `b` takes too (true only when sure): the same rules; each shape of `a`'s
 * own union, or one shape of `b`'s `anyOf`, taken; or plain objects (an `allOf` of them as one) where `b` is open and
 * requires no field `a` does not, and each field `b` rules on `a` rules on within it.
 */
function takesAllOf(cut: Json, a: unknown, b: unknown, depth = 0, butNull = false): boolean {
  const resolvedX = resolved(cut, a);
  const resolvedY = resolved(cut, b);
  if (!isJson(resolvedX) || !isJson(resolvedY) || depth > 8) return false;
  if (resolvedX === resolvedY || rules(resolvedX) === rules(resolvedY)) return true;
  // But for null (set aside at the top only): the same rules, whichever shape takes null.
  if (butNull && rules(resolvedX, true) === rules(resolvedY, true)) return true;
  // A shape that is a union of its own: every value of it is one of its shapes'.
  const inner = shapesOf(resolvedX, ["oneOf", "anyOf"]);
  if (inner) return inner.every((shape) => takesAllOf(cut, shape, resolvedY, depth + 1));
  const either = shapesOf(resolvedY, ["anyOf"]);
  if (either) return either.some((shape) => takesAllOf(cut, resolvedX, shape, depth + 1));
  // Plain lists: `b` takes every list `a` does where it takes each item `a` takes (a list of no items rules none).
  if (isPlainList(resolvedX) && isPlainList(resolvedY)) {
    if (resolvedX.nullable === true && resolvedY.nullable !== true) return false;
    if (resolvedY.items === undefined || rules(resolved(cut, resolvedY.items)) === "{}") return true;
    return resolvedX.items !== undefined && takesAllOf(cut, resolvedX.items, resolvedY.items, depth + 1);
  }
  const x = plainObjectOf(cut, resolvedX);
  const y = plainObjectOf(cut, resolvedY);
  if (!x || !y) return false;
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

/**
 * Whether no value is of exactly one of the shapes (`butNull`: none but null): each takes every value of another (but
 * null, where a shape's own null is set aside).
 */
function noValueOfOne(cut: Json, shapes: readonly unknown[], butNull = false): boolean {
  return (
    shapes.length > 1 &&
    shapes.every((shape, i) => shapes.some((other, j) => j !== i && takesAllOf(cut, shape, other, 0, butNull)))
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
      // Null set aside at the top: what the plain comparison finds, this finds too (takesAllOf).
      if (!Array.isArray(schema.oneOf) || !noValueOfOne(cut, schema.oneOf, true)) return undefined;
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
