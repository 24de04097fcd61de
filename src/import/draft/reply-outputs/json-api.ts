// A JSON:API resource object (jsonapi.org: `{id, type, attributes: {…}, relationships: {…}}`) inside a reply's
// envelope: the fields a user wants are its attributes, one level below the record. Recognised by its shape — an
// `attributes` object beside an `id` or a `type` — or, where the reply's media type is JSON:API's own
// (`application/vnd.api+json`), by the `attributes` object alone.
import { fieldOf } from "@blockwright/runtime/internal";
import { typeOf, type OpenApiDocument, type Schema } from "../../../load/openapi-document.js";
import { camelCase } from "../../../model/naming.js";
import { safeFlatten } from "../param-schema.js";

/** JSON:API's media type, parameters aside. */
const JSON_API_TYPE = /^application\/vnd\.api\+json\s*(;|$)/i;

/** The attributes of a JSON:API resource: their schemas, and those promised (where the record and they are). */
export interface ResourceAttributes {
  fields: Record<string, Schema>;
  required: Set<string>;
}

/**
 * The attributes of `record` (the flattened schema inside a reply's envelope) when it is a JSON:API resource object;
 * `recordRequired` says whether the record itself is promised, and so whether its attributes may be.
 */
export function resourceAttributes(
  doc: OpenApiDocument,
  record: Schema,
  recordRequired: boolean,
  mediaType: string | undefined,
): ResourceAttributes | undefined {
  const fields = (record.properties ?? {}) as Record<string, Schema>;
  if (!Object.hasOwn(fields, "attributes")) return undefined;
  const held = safeFlatten(doc, fieldOf(fields, "attributes"));
  const own = (held?.properties ?? {}) as Record<string, Schema>;
  if (!held || typeOf(held) !== "object" || Object.keys(own).length === 0) return undefined;
  const identified = Object.hasOwn(fields, "id") || Object.hasOwn(fields, "type");
  if (!identified && !JSON_API_TYPE.test(mediaType ?? "")) return undefined;
  const promised = recordRequired && Array.isArray(record.required) && record.required.includes("attributes");
  return {
    fields: own,
    required: new Set(promised && Array.isArray(held.required) ? (held.required as string[]) : []),
  };
}

/**
 * The output names of the attributes: `metadata.<field>` as a user reads them, or `metadata.attributes<Field>` where
 * an output of the record (its `id`, `type`) or the reply already has that name.
 */
export function attributeNames(
  fields: Record<string, Schema>,
  taken: Record<string, unknown>,
): Record<string, { name: string; text: string }> {
  const names: Record<string, { name: string; text: string }> = {};
  for (const field of Object.keys(fields)) {
    // A name no identifier starts with is left to outputName's own rule.
    if (!/^[A-Za-z_]/.test(camelCase(field))) continue;
    const plain = `metadata.${camelCase(field)}`;
    const name = plain in taken ? `metadata.${camelCase(`attributes_${field}`)}` : plain;
    names[field] = { name, text: `The record's ${field}.` };
  }
  return names;
}
