// A success answer declared as XML (`application/xml`, `text/xml`, `…+xml`) whose schema is a record or a list (a
// certificate's data as `{type: object, properties: {CertificateData, Signature}}`) is the file it says: drafted a
// download (import/draft/files.ts answersFile), whose declared types are XML's. The mock serves it as an XML document
// under its XML type: its example's text as written, else its example, or a record of its schema's fields, written as
// the runtime writes an XML body (the document's `xml` objects: names, attributes, wrapping; link/wire/xml-shape.ts).
// Prism writes no object as XML, so the mock served the record as JSON (mock-answers.ts servedAsJsonInstead), under
// application/json, which the download rightly refused ("answered 200 with application/json, not the file it
// declares") on every success case. An error answer's record stays JSON, as the runtime reads errors.
import { xmlBodies } from "@blockwright/runtime";
import { isStructuredSchema, isXmlMediaType } from "../../load/media-types.js";
import { rawSchemaReader, xmlBodyNode, xmlNodeOf, xmlRootName, xmlSchema } from "../../link/wire/xml-shape.js";
import { isObject, resolved } from "../mock-form-bodies.js";
import { fieldValue } from "./csv-records.js";
import { servedAsText } from "./text-examples.js";

type Json = Record<string, unknown>;

/** Nesting of a made record written at most (a recursive schema, a tree, stops there). */
const MOST_DEPTH = 6;

/** A 2xx answer with each XML type whose schema is a record or a list served as an XML document's text. */
export function withXmlRecordsAsText(status: string, response: unknown, document: Json): unknown {
  if (!/^2(\d\d|XX)$/i.test(status) || !isObject(response) || !isObject(response.content)) return response;
  let served: Json | undefined;
  for (const [type, media] of Object.entries(response.content)) {
    const schema = isXmlMediaType(type) && isObject(media) ? xmlSchema(document, media) : undefined;
    // A text (a component of `type: string`, which the runtime writes as an element) is served as Prism serves it.
    if (!schema || !isObject(media) || !isStructuredSchema(resolved(schema, document))) continue;
    served ??= { ...response.content };
    // Each named example as an XML document under its name (text-examples.ts).
    served[type] = servedAsText(media, document, (example) => xmlDocument(document, schema, example)) ?? media;
  }
  return served ? { ...response, content: served } : response;
}

/** The XML document of `value` (else a record made of the schema's fields), rooted as the schema names its root. */
function xmlDocument(document: Json, schema: Json, value: unknown): string {
  const reader = rawSchemaReader(document);
  const body = xmlBodyNode(reader, schema, xmlRootName(reader, schema));
  // Several fields and no root named: an XML document has one, so one is made up.
  const node = "node" in body ? body.node : { ...xmlNodeOf(reader, schema), name: "root" };
  const made = value !== undefined && value !== null ? value : madeValue(document, schema, 0);
  return xmlBodies.write(made, node);
}

/** A value of a schema: its example or default, a record of every field, a list of one item, else one of its type. */
function madeValue(document: Json, declared: unknown, depth: number): unknown {
  const schema = rawSchemaReader(document).flatten(resolved(declared, document) as Json);
  const given = schema.example !== undefined || schema.default !== undefined || Array.isArray(schema.enum);
  if (given || depth >= MOST_DEPTH) return fieldValue(schema);
  if (schema.type === "array" || isObject(schema.items))
    return isObject(schema.items) ? [madeValue(document, schema.items, depth + 1)] : ["zq"];
  if (schema.type === "object" || isObject(schema.properties)) {
    const fields = isObject(schema.properties) ? Object.entries(schema.properties) : [];
    return Object.fromEntries(fields.map(([key, field]) => [key, madeValue(document, field, depth + 1)]));
  }
  return fieldValue(schema);
}
