// What a schema says it is, read from its keywords alone: its JSON type, the
// variants of a union, and a field it requires without listing it (no `$ref`
// followed: OpenApiDocument flattens first).
/** A schema object of an OpenAPI document (openapi-document.ts names it so too). */
type Schema = Record<string, unknown>;

/**
 * The variants of a schema that is an `anyOf` or a `oneOf` (a field of its own `properties`, if it has some, is looked
 * up there first).
 */
export function unionOf(schema: Schema): Schema[] | undefined {
  const list = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
  return list?.length ? (list as Schema[]) : undefined;
}

/**
 * The JSON type a schema describes (`integer` is reported as `integer`); without `type`, what its keywords or its
 * enum's values say.
 */
export function typeOf(schema: Schema | undefined): string | undefined {
  if (!schema) return undefined;
  const t = schema.type;
  if (Array.isArray(t)) return t.find((x) => x !== "null") as string | undefined;
  if (typeof t === "string") return t;
  if (schema.properties || schema.additionalProperties) return "object";
  if (schema.items) return "array";
  // `enum: [running, completed]` alone admits strings only (seen in published documents without a type).
  return Array.isArray(schema.enum) ? valuesType(schema.enum) : undefined;
}

// Keys that say nothing of a value's type: a variant holding only these admits any value.
const SAY_NOTHING_OF_TYPE = new Set(["description", "title", "example", "examples", "nullable", "deprecated"]);

/**
 * The one JSON type of a union whose other variants admit any value (`anyOf: [{type: string}, {}]`, what a schema
 * library writes for a text or an unknown), each variant read through `flatten`; none when the typed ones differ.
 */
export function typedVariantsType(schema: Schema, flatten: (s: Schema) => Schema | undefined): string | undefined {
  const typed = (unionOf(schema) ?? [])
    .map((v) => flatten(v) ?? {})
    .filter((v) => !Object.keys(v).every((k) => SAY_NOTHING_OF_TYPE.has(k)));
  const types = new Set(typed.map((v) => typeOf(v)));
  const [only] = types;
  return types.size === 1 ? only : undefined;
}

/** The one JSON type of a list of values (null aside): integer when every number is whole; none when they mix. */
export function valuesType(values: unknown[]): string | undefined {
  const kinds = new Set(
    values
      .filter((v) => v !== null)
      .map((v) =>
        Array.isArray(v) ? "array" : typeof v === "number" ? (Number.isInteger(v) ? "integer" : "number") : typeof v,
      ),
  );
  if (kinds.size === 2 && kinds.has("integer") && kinds.has("number")) return "number";
  const [only] = kinds;
  return kinds.size === 1 &&
    only !== undefined &&
    ["string", "integer", "number", "boolean", "object", "array"].includes(only)
    ? only
    : undefined;
}

/**
 * The schema of `field` when `object` requires it without listing it among its properties (a document generated from
 * code that knows the name, not the type): what additionalProperties gives other fields, any value when it says
 * nothing (JSON Schema reads it so); none when no other field is allowed.
 */
export function requiredUnlisted(object: Schema, field: string): Schema | undefined {
  if (!Array.isArray(object.required) || !object.required.includes(field) || object.additionalProperties === false)
    return undefined;
  return object.additionalProperties && typeof object.additionalProperties === "object"
    ? (object.additionalProperties as Schema)
    : {};
}

/** Keys a union's variants may word differently at a place that only lists values. */
const WORDING = new Set(["enum", "const", "description", "title", "example", "examples"]);

/**
 * The place a union's variants each carry as a list of values (a tag: `{enum: [areas]}` in one, `{enum: [lengths]}`
 * in another), alike but for their values and wording: one list of every variant's values, since a value any variant
 * takes is one the place takes. None when fewer than two carry it or they differ otherwise.
 */
export function valuesAcross(found: (Schema | undefined)[]): Schema | undefined {
  const carrying = found.filter((f): f is Schema => f !== undefined);
  if (carrying.length < 2) return undefined;
  const rest = (s: Schema) => JSON.stringify(Object.entries(s).filter(([k]) => !WORDING.has(k)));
  const listOf = (s: Schema) =>
    Array.isArray(s.enum) ? (s.enum as unknown[]) : Object.hasOwn(s, "const") ? [s.const] : undefined;
  const lists = carrying.map(listOf);
  if (lists.some((l) => !l) || carrying.some((s) => rest(s) !== rest(carrying[0] as Schema))) return undefined;
  const { const: _one, ...first } = carrying[0] as Schema;
  return { ...first, enum: [...new Set(lists.flat())] };
}

/** Keys by which the variants carrying one place may narrow it apart, each its own (a format, a pattern, values). */
const NARROWED_APART = ["format", "pattern", "enum", "const"];

/**
 * The first of the schemas a union's variants carry at one place, without what they narrow it to apart (a record's
 * value of format ipv4 in one variant, ipv6 in the next): a value any variant takes is one the place takes, and the
 * first's format refused the others' values (the linker drew a parameter's format from it).
 */
export function firstAcross(found: (Schema | undefined)[]): Schema | undefined {
  const carrying = found.filter((f): f is Schema => f !== undefined);
  const [first] = carrying;
  if (!first || carrying.length < 2) return first;
  const apart = NARROWED_APART.filter(
    (key) => first[key] !== undefined && new Set(carrying.map((s) => JSON.stringify(s[key] ?? null))).size > 1,
  );
  return apart.length ? Object.fromEntries(Object.entries(first).filter(([key]) => !apart.includes(key))) : first;
}

/**
 * `resolved`, the schema `raw` references, with the fields `raw` requires beside its `$ref` required too: OpenAPI 3.0
 * ignores a `$ref`'s siblings, but a publisher writing `{$ref: Track, required: [title]}` on a request body means them,
 * 3.1 reads them, and so does Prism's mock, which refused every request without them.
 */
export function withRequiredBeside(raw: Schema, resolved: Schema): Schema {
  if (typeof raw.$ref !== "string" || !Array.isArray(raw.required) || !raw.required.length) return resolved;
  const own = Array.isArray(resolved.required) ? (resolved.required as unknown[]) : [];
  return { ...resolved, required: [...new Set([...own, ...raw.required])] };
}
