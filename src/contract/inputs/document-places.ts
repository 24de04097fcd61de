// What the OpenAPI document says at a parameter's place, as the suite's values read it: the operation and its
// parameters as written (a parameter's examples stand on the raw object), the JSON, form or multipart media of the
// request body with its examples, and the schema at a parameter's wire location.
import { withoutReadOnly } from "../../mocks/sample/write-only.js";
import { type ParamSpec, parsePointer, type WireSpec } from "@blockwright/runtime/internal";
import type { OpenApiDocument, OpenApiOperation, Schema } from "../../load/openapi-document.js";
import { describedParameter } from "../../judge/parameter-content.js";
import { jsonMediaType } from "../../load/media-types.js";
import { at } from "../json-path.js";

/** The schema the OpenAPI document gives at the parameter's wire location, flattened. */
export function specSchema(doc: OpenApiDocument, op: OpenApiOperation, param: ParamSpec): Schema | undefined {
  const wire: WireSpec = param.wire;
  // A field of an object query parameter (`filter[ids]`): the field's schema in the parameter's.
  if (wire.in === "query" && wire.of) {
    const object = describedParameter(rawParameter(doc, op, "query", wire.of.name), doc)?.schema;
    const fields = object ? doc.flatten(object as Schema).properties : undefined;
    const field = fields && typeof fields === "object" ? (fields as Record<string, Schema>)[wire.of.field] : undefined;
    return field ? doc.flatten(field) : undefined;
  }
  if (wire.in === "path" || wire.in === "query" || wire.in === "header" || wire.in === "cookie") {
    const schema = describedParameter(rawParameter(doc, op, wire.in, wire.name), doc)?.schema;
    return schema ? doc.flatten(schema as Schema) : undefined;
  }
  if (wire.in !== "body" || !op.requestBody) return undefined;
  const schema = doc.schemaAt(op.requestBody.schema, parsePointer(wire.pointer));
  if (schema && wire.otherFields) return otherFieldsSchema(doc.flatten(schema));
  return schema ? doc.flatten(schema) : undefined;
}

/** A field the document's object does not name, which the suite's value of its other fields carries. */
const OTHER_FIELD = "bwOtherField";

/** The schema a body object gives its other fields (additionalProperties', unevaluatedProperties'), or a text's. */
function otherFieldSchema(flat: Schema): Schema {
  const given = [flat.additionalProperties, flat.unevaluatedProperties].find((s) => s !== undefined && s !== true);
  return given !== null && typeof given === "object" ? (given as Schema) : { type: "string" };
}

/** The other fields of a body object (wire `otherFields`): one field the object does not name, of their kind. */
function otherFieldsSchema(flat: Schema): Schema {
  const field = otherFieldSchema(flat);
  const named = (flat.properties ?? {}) as object;
  let key = OTHER_FIELD;
  while (Object.hasOwn(named, key)) key = `${key}_`;
  return { type: "object", required: [key], properties: { [key]: field }, additionalProperties: field };
}

/**
 * A body object's other fields (wire `otherFields`) in a body the suite has (an example, a made one): the fields of the
 * value at the pointer the object does not name; where it has none, one field of the kind the document gives them
 * (its example, enum or default, else a plain value of the kind), so that the derived cases send an other field.
 */
export function otherFieldsIn(doc: OpenApiDocument, op: OpenApiOperation, param: ParamSpec, value: unknown): unknown {
  const object = specSchema(doc, op, { ...param, wire: { ...param.wire, otherFields: undefined } } as ParamSpec);
  const named = (object?.properties ?? {}) as object;
  const given =
    value !== null && typeof value === "object" && !Array.isArray(value)
      ? Object.entries(value).filter(([k]) => !Object.hasOwn(named, k))
      : [];
  if (given.length) return Object.fromEntries(given);
  const schema = object ? otherFieldsSchema(object) : undefined;
  const [key] = Object.keys((schema?.properties ?? {}) as object);
  const field = doc.flatten(otherFieldSchema(object ?? {}));
  const made = schemaCandidates(field, "")[0]?.value ?? plainValue(field);
  return key === undefined || made === undefined ? {} : { [key]: made };
}

/** A plain value of a schema's kind (its least number, a word, true), or none for a kind it does not say. */
function plainValue(schema: Schema): unknown {
  const least = typeof schema.minimum === "number" ? schema.minimum : 1;
  const kinds: Record<string, unknown> = { string: "example", integer: Math.ceil(least), number: least, boolean: true };
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  return typeof type === "string" ? kinds[type] : "example";
}

/** The values a schema gives as its own: its example and examples, its default, its enum. */
export function schemaCandidates(schema: Schema, source: string): { value: unknown; source: string }[] {
  const out: { value: unknown; source: string }[] = [];
  if (schema.example !== undefined) out.push({ value: schema.example, source: `${source} example` });
  if (Array.isArray(schema.examples))
    out.push(...schema.examples.map((value) => ({ value, source: `${source} examples` })));
  if (schema.default !== undefined) out.push({ value: schema.default, source: `${source} default` });
  if (Array.isArray(schema.enum)) out.push(...schema.enum.map((value) => ({ value, source: `${source} enum` })));
  return out;
}

/**
 * The examples of the request body's media (each named one, then `example`), as written but for the fields the schema
 * reads only (`readOnly`, which a request does not send: an example copied from an answer carried them, and the mock's
 * Prism, which reads a request without them, refused them in a closed object).
 */
export function requestExamplesRaw(doc: OpenApiDocument, op: OpenApiOperation): { name: string; body: unknown }[] {
  const media = requestMedia(doc, op);
  const data = doc.source.data as Record<string, unknown>;
  const sent = (body: unknown) => withoutReadOnly(data, media?.schema, body);
  const out = Object.entries((media?.examples ?? {}) as Record<string, Schema>).map(([name, raw]) => ({
    name,
    body: sent(doc.resolve(raw).value),
  }));
  if (media?.example !== undefined) out.push({ name: "example", body: sent(media.example) });
  return out;
}

/** The request body's media object the suite reads values from: JSON, else the form or multipart body. */
export function requestMedia(doc: OpenApiDocument, op: OpenApiOperation): Schema | undefined {
  const raw = rawOperation(doc, op);
  if (!raw.requestBody) return undefined;
  const content = (doc.resolve(raw.requestBody as Schema).content ?? {}) as Record<string, Schema>;
  // JSON (`application/json; charset=utf-8`, a vendor's `+json` type), else the form or multipart body the runtime
  // writes.
  const key = jsonMediaType(content) ?? (op.requestBody?.encoding === "binary" ? undefined : op.requestBody?.mediaType);
  return key !== undefined && Object.hasOwn(content, key) ? doc.resolve(content[key] as Schema) : undefined;
}

/** The parameter object at `location` named `name`, the operation's over its path item's. */
export function rawParameter(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  location: string,
  name: string,
): Schema | undefined {
  const raw = rawOperation(doc, op);
  const item = doc.resolve(at(doc.source.data, op.location.slice(0, -1).map(String)) as Schema);
  const all = [...((item.parameters as Schema[]) ?? []), ...((raw.parameters as Schema[]) ?? [])].map((p) =>
    doc.resolve(p),
  );
  return all.reverse().find((p) => p.in === location && p.name === name);
}

/** The operation object as the document writes it. */
export function rawOperation(doc: OpenApiDocument, op: OpenApiOperation): Schema {
  return (at(doc.source.data, op.location.map(String)) ?? {}) as Schema;
}

/**
 * Why no value of a parameter passes its rules, where its schema says so itself: a `oneOf` of enums (its own, or its
 * list's items') each of whose values another branch lists too, so that every value meets two branches and none
 * exactly one, as oneOf asks. "" where that is not why.
 */
export function noLoneValueReason(doc: OpenApiDocument, op: OpenApiOperation, param: ParamSpec): string {
  const schema = specSchema(doc, op, param);
  const union = schema?.items && typeof schema.items === "object" ? doc.flatten(schema.items as Schema) : schema;
  const branches = Array.isArray(union?.oneOf) ? (union.oneOf as Schema[]).map((b) => doc.flatten(b)) : [];
  if (branches.length < 2 || !branches.every((b) => Array.isArray(b.enum))) return "";
  const lists = branches.map((b) => b.enum as unknown[]);
  const shared = lists.every((list, i) => list.every((v) => lists.some((other, j) => j !== i && other.includes(v))));
  const whose = union === schema ? "its" : "its items'";
  const why = `oneOf of ${lists.length} enums lists each value in two of them, and oneOf takes a value one alone takes`;
  return shared ? `; ${whose} ${why}` : "";
}
