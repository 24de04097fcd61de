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
  return schema ? doc.flatten(schema) : undefined;
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
