// A parameter as the mock's copy of the document serves it (mock-document.ts), read as Prism reads parameters: a
// query object sent as its fields taken as those fields, an optional header fetch fills also taking fetch's value, a
// form list's explode stated, "S or null" as S, a `oneOf` as an `anyOf`, an enum of another type's values as both
// (load/text-enum.ts), and what Prism cannot read left to the judge (prism-schemas.ts `judgedOnly`).
import { sendsFieldsAsPairs, typeOf } from "../../load/openapi-document.js";
import { fetchFilled } from "../../load/ignored-headers.js";
import { withEnumsAsSent } from "../../load/text-enum.js";
import { holdsObjects, isObject, resolved } from "../mock-form-bodies.js";
import { judgedOnly, withOneOfsAsAnyOf } from "../prism-schemas.js";

type Json = Record<string, unknown>;

/** The parameters the mock serves for one the document declares (a query object's, one a field). */
export function servedParameters(parameter: unknown, document: Json): unknown[] {
  return spreadQueryObject(
    withListExplodeStated(
      withFetchDefault(
        withOneOfAsAnyOf(
          withoutNullBranch(
            withEnumsAsSent(judgedOnly(parameter, document), (v) => resolved(v, document)),
            document,
          ),
          document,
        ),
        document,
      ),
      document,
    ),
    document,
  );
}

/**
 * A query object in form style, exploded (the default): its fields travel as parameters of their own (`q=…&n=…`),
 * which Prism does not read back into the object. The mock takes each field as the parameter it is, required where a
 * required object requires it, unless it holds objects (`list[0][a]=…`, which Prism reads as nothing); a map's keys
 * (SQS's `Attribute`) are let through. The judge holds the whole to the document.
 */
function spreadQueryObject(param: unknown, document: Json): unknown[] {
  const p = resolved(param, document);
  if (!isObject(p) || !sendsFieldsAsPairs(p)) return [param];
  const schema = resolved(p.schema, document);
  const listed = isObject(schema) && isObject(schema.properties) ? schema.properties : undefined;
  const map = isObject(schema) && (isObject(schema.additionalProperties) || schema.additionalProperties === true);
  if (!isObject(schema) || (!listed && !map)) return [param];
  const required = new Set(p.required === true && Array.isArray(schema.required) ? (schema.required as string[]) : []);
  // A field that is a list goes as one pair per item, as its own parameter's would: its explode stated.
  return Object.entries(listed ?? {}).map(([name, field]) =>
    withListExplodeStated(
      {
        name,
        in: "query",
        ...(required.has(name) && !holdsObjects(field, document) ? { required: true } : {}),
        schema: field,
      },
      document,
    ),
  );
}

/**
 * An optional header parameter that fetch sends itself when a call gives none (`Accept-Language`, declared with an
 * enum of locales): its schema also takes fetch's value, which every call that leaves the header out sends, and
 * which Prism refused ("must be equal to one of the allowed values").
 */
function withFetchDefault(parameter: unknown, document: Json): unknown {
  const p = resolved(parameter, document);
  if (!isObject(p) || p.in !== "header" || p.required === true || typeof p.name !== "string" || !isObject(p.schema))
    return parameter;
  const value = fetchFilled(p.name);
  if (value === undefined) return parameter;
  const schema = resolved(p.schema, document);
  if (!isObject(schema)) return parameter;
  const listed =
    Array.isArray(schema.enum) && schema.type === "string" && !schema.pattern
      ? { ...schema, enum: [...schema.enum, value] }
      : { anyOf: [schema, { type: "string", enum: [value] }] };
  return { ...p, schema: listed };
}

/**
 * A query or cookie list in style form whose explode the document leaves unstated, stated: OpenAPI's default for form
 * is true (one `k=item` pair per item), Prism's reader takes an unstated explode as false and read only the last of
 * the pairs sent (`bbox[]=-105.4&…&bbox[]=40.1` one item, then "must NOT have fewer than 4 items").
 */
function withListExplodeStated(parameter: unknown, document: Json): unknown {
  const p = resolved(parameter, document);
  if (!isObject(p) || (p.in !== "query" && p.in !== "cookie") || p.explode !== undefined) return parameter;
  if ((p.style ?? "form") !== "form" || p.content !== undefined) return parameter;
  const list = listOf(p.schema, document);
  if (!list) return parameter;
  // A list an `allOf` member gives (`allOf: [{$ref: RegionList}, {description}]`) stated at the top too: Prism reads
  // the pairs into a list only by the schema's own type, and refused one item as "must be array".
  const schema = list === p.schema || list === resolved(p.schema, document) ? p.schema : { ...list, allOf: [p.schema] };
  return { ...p, explode: true, schema };
}

/** The list schema a schema is: itself, or an `allOf` member's (`allOf: [{$ref: RegionList}, {description}]`). */
function listOf(declared: unknown, document: Json, depth = 0): Json | undefined {
  const schema = resolved(declared, document);
  if (!isObject(schema) || depth > 8) return undefined;
  if (typeOf(schema) === "array") return schema;
  if (!Array.isArray(schema.allOf)) return undefined;
  for (const member of schema.allOf) {
    const found = listOf(member, document, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * A parameter whose schema is "S or null" (`anyOf: [S, {type: null}]`, `type: [array, "null"]`, 3.0's `nullable:
 * true`) as S: an address or a header carries text, never null, and Prism reads a one-item list of such a parameter
 * as text, not a list of one ("must be array,null").
 */
function withoutNullBranch(parameter: unknown, document: Json): unknown {
  const p = resolved(parameter, document);
  if (!isObject(p) || !isObject(p.schema)) return parameter;
  const types = Array.isArray(p.schema.type) ? p.schema.type.filter((t) => t !== "null") : undefined;
  if (p.schema.nullable === true || (types && types.length < (p.schema.type as unknown[]).length)) {
    const { nullable: _null, type: _type, ...rest } = p.schema;
    const type = types ? (types.length === 1 ? types[0] : types) : p.schema.type;
    return withoutNullBranch({ ...p, schema: { ...rest, ...(type !== undefined ? { type } : {}) } }, document);
  }
  const key = Array.isArray(p.schema.anyOf) ? "anyOf" : Array.isArray(p.schema.oneOf) ? "oneOf" : undefined;
  if (!key) return parameter;
  const branches = p.schema[key] as unknown[];
  const kept = branches.filter(
    (b) =>
      !(isObject(b) && (b.type === "null" || (Array.isArray(b.enum) && b.enum.length === 1 && b.enum[0] === null))),
  );
  if (kept.length !== 1 || kept.length === branches.length) return parameter;
  const { [key]: _branches, ...siblings } = p.schema;
  const only = resolved(kept[0], document);
  return { ...p, schema: isObject(only) ? { ...siblings, ...only } : kept[0] };
}

/** A parameter whose schema holds a `oneOf` (an id or a slug, at any depth), each as an `anyOf` (prism-schemas.ts). */
function withOneOfAsAnyOf(parameter: unknown, document: Json): unknown {
  const p = resolved(parameter, document);
  if (!isObject(p) || p.schema === undefined) return parameter;
  const schema = withOneOfsAsAnyOf(p.schema, (v) => resolved(v, document));
  return schema === p.schema ? parameter : { ...p, schema };
}
