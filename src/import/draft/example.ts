// An example value made from a schema, for a drafted parameter that holds a
// whole request body of several shapes (oneOf/anyOf): the first shape, its
// required fields (those a request sends: not readOnly), each from the
// schema's own example (an object's, only when it has every required
// field), default or first enum value, else a plain value of its type and
// format. The contract suite's minimal input sends it, so it
// must be a body the document accepts; where a field's value cannot be made
// (a pattern without an example) it is left out, and nothing is drafted.
import { typeOf, type OpenApiDocument, type Schema } from "../../load/openapi-document.js";
import { requiredUnlisted } from "../../load/schema-types.js";

/** Plain values of the formats published documents use most. */
const BY_FORMAT: Record<string, string> = {
  "date-time": "2024-01-01T00:00:00Z",
  date: "2024-01-01",
  email: "user@example.com",
  uri: "https://example.com",
  url: "https://example.com",
  uuid: "00000000-0000-4000-8000-000000000000",
  ipv4: "192.0.2.1",
  ipv6: "2001:db8::1",
  hostname: "example.com",
};

const MISSING = Symbol("missing");

/** An example of `schema`'s first shape, or undefined when some required part cannot be made. */
export function exampleOfFirstShape(doc: OpenApiDocument, schema: Schema): unknown {
  const value = made(doc, schema, 0);
  return value === MISSING ? undefined : value;
}

/** An example of any schema (of a union, its first shape), made as above. */
export const exampleValue = exampleOfFirstShape;

function made(doc: OpenApiDocument, schema: Schema, depth: number): unknown {
  let flat: Schema;
  try {
    flat = doc.flatten(schema);
  } catch {
    return MISSING;
  }
  if (depth > 8) return MISSING;
  // An object's own example that lacks a field the object requires (a document's example of one shape of a union,
  // without the field every shape requires) is no body the document accepts: its fields are kept, the missing made.
  const own = flat.example;
  const ownFields =
    own !== null && typeof own === "object" && !Array.isArray(own) ? (own as Record<string, unknown>) : undefined;
  const lacking =
    ownFields !== undefined &&
    Array.isArray(flat.required) &&
    (flat.required as string[]).some((name) => !Object.hasOwn(ownFields, name));
  if (own !== undefined && !lacking) return own;
  if (flat.default !== undefined) return flat.default;
  if (Array.isArray(flat.enum) && flat.enum.length) return flat.enum[0];
  const shapes = (Array.isArray(flat.oneOf) ? flat.oneOf : Array.isArray(flat.anyOf) ? flat.anyOf : undefined) as
    | Schema[]
    | undefined;
  if (shapes?.length && !flat.properties) return namedKind(flat, shapes[0], made(doc, shapes[0] as Schema, depth + 1));
  const type = typeOf(flat);
  if (type === "object") {
    const properties = (flat.properties ?? {}) as Record<string, Schema>;
    const out: Record<string, unknown> = lacking ? { ...ownFields } : {};
    for (const name of Array.isArray(flat.required) ? (flat.required as string[]) : []) {
      if (Object.hasOwn(out, name)) continue;
      // A field the shape requires without listing it (a document generated from code): a value of what
      // additionalProperties allows, a text when that is any value; a body without it meets no shape.
      const unlisted = properties[name] ? undefined : requiredUnlisted(flat, name);
      if (unlisted && typeOf(unlisted) === undefined && !Object.keys(unlisted).length) {
        out[name] = "example";
        continue;
      }
      const field = properties[name] ?? unlisted;
      if (!field) continue; // the shape closes: no value can be sent
      let readOnly = false;
      try {
        readOnly = doc.flatten(field).readOnly === true;
      } catch {
        return MISSING;
      }
      if (readOnly) continue;
      const value = made(doc, field, depth + 1);
      if (value === MISSING) return MISSING;
      out[name] = value;
    }
    return out;
  }
  if (type === "array") {
    const count = typeof flat.minItems === "number" ? flat.minItems : 0;
    if (!count) return [];
    const item = made(doc, (flat.items ?? {}) as Schema, depth + 1);
    return item === MISSING ? MISSING : Array.from({ length: count }, () => item);
  }
  if (type === "string") {
    if (typeof flat.pattern === "string") return MISSING;
    const base = (typeof flat.format === "string" ? BY_FORMAT[flat.format] : undefined) ?? "example";
    const min = typeof flat.minLength === "number" ? flat.minLength : 0;
    return base.length >= min ? base : base.padEnd(min, "x");
  }
  if (type === "integer" || type === "number") return number(flat);
  if (type === "boolean") return false;
  return MISSING;
}

/**
 * An object made of a discriminated union's first shape, its discriminator's property set to the value naming that
 * shape (the mapping's, else the name of the schema it `$ref`s, as OpenAPI reads one unmapped); a shape's own fields
 * name no kind (`kind: "example"`), which the upstream routes on.
 */
function namedKind(union: Schema, shape: unknown, value: unknown): unknown {
  const discriminator = union.discriminator as { propertyName?: unknown; mapping?: unknown } | undefined;
  const ref = (shape as { $ref?: unknown } | undefined)?.$ref;
  if (typeof discriminator?.propertyName !== "string" || typeof ref !== "string") return value;
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const name = ref.split("/").at(-1) ?? ref;
  const mapping = (discriminator.mapping ?? {}) as Record<string, unknown>;
  const mapped = Object.entries(mapping).find(([, target]) => target === ref || target === name)?.[0];
  return { ...value, [discriminator.propertyName]: mapped ?? name };
}

/** A bound of a number: OpenAPI 3.0's `minimum` with `exclusiveMinimum: true`, or 3.1's exclusive bound of its own. */
function bound(flat: Schema, side: "minimum" | "maximum"): { at: number; open: boolean } | undefined {
  const exclusiveKey = side === "minimum" ? "exclusiveMinimum" : "exclusiveMaximum";
  const own = flat[exclusiveKey];
  const plain = typeof flat[side] === "number" ? (flat[side] as number) : undefined;
  if (typeof own === "number") return { at: own, open: true };
  return plain === undefined ? undefined : { at: plain, open: own === true };
}

/**
 * A number its bounds allow: the minimum (past it when exclusive), else 1; between both bounds when that is past the
 * maximum.
 */
function number(flat: Schema): number {
  const low = bound(flat, "minimum");
  const high = bound(flat, "maximum");
  const inside = (v: number) => !high || (high.open ? v < high.at : v <= high.at);
  const first = low ? (low.open ? low.at + 1 : low.at) : 1;
  if (inside(first)) return first;
  if (!low) return high ? (high.open ? high.at - 1 : high.at) : 1;
  const middle = (low.at + (high?.at ?? low.at)) / 2;
  return flat.type === "integer" ? Math.ceil(middle) : middle;
}
