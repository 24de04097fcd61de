// The document a mock serves, made to answer requests as the runtime sends
// them: Prism routes by the operations' paths alone (a server's path is
// ignored), so the paths are given the server's base path (`/api`), and the
// address a mock prints is then used as the live one is; the parameters the
// credential covers (`auth.covers`, or in the credential's own place) are not
// required of requests, which carry the credential instead; a form's list
// field also takes one item (sent as `Key=value`). A response with no example
// whose schema Prism's sampler would break gets a valid made one.
import { documentServer } from "../link/server.js";
import { withSampledAnswers } from "./mock-answers.js";

type Json = Record<string, unknown>;

/** A parameter the credential covers: its place and name (`header`, `token`). */
export interface CoveredSlot {
  in: string;
  name: string;
}

/** A copy of `document` (untouched: it is the generator's) as a mock serves it. */
export function mockDocument(original: object, covers: (slot: CoveredSlot) => boolean): object {
  // Answers made where Prism's would break their schema (mock-answers.ts).
  const document = withSampledAnswers(original as Json);
  const server = documentServer(document);
  const base = server && "path" in server ? server.path : "";
  const paths = ((document as Json).paths ?? {}) as Record<string, unknown>;
  const served: Record<string, unknown> = {};
  for (const [path, item] of Object.entries(paths)) served[`${base}${path}`] = withoutCovered(item, covers, document as Json);
  return { ...document, paths: served };
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

function withoutCovered(item: unknown, covers: (slot: CoveredSlot) => boolean, document: Json): unknown {
  if (!isObject(item)) return item;
  const keep = (list: unknown) => (Array.isArray(list) ? list.filter((p) => !isCovered(resolved(p, document), covers)) : list);
  const out: Json = { ...item, ...(item.parameters ? { parameters: keep(item.parameters) } : {}) };
  for (const method of METHODS) {
    const op = item[method];
    if (!isObject(op)) continue;
    // A mock never calls out: Prism would fire an operation's callbacks at the address the request names.
    const { callbacks: _, ...own } = op;
    out[method] = { ...own, ...(op.parameters ? { parameters: keep(op.parameters) } : {}), ...(op.requestBody ? { requestBody: withOneItemFormLists(bodyWithoutCovered(resolved(op.requestBody, document), covers), document) } : {}) };
  }
  return out;
}

/** A body whose own (not shared) object schema requires a covered field: the field is no longer required. */
function bodyWithoutCovered(body: unknown, covers: (slot: CoveredSlot) => boolean): unknown {
  if (!isObject(body) || !isObject(body.content)) return body;
  const content: Json = {};
  for (const [type, media] of Object.entries(body.content)) {
    const schema = isObject(media) ? media.schema : undefined;
    content[type] = isObject(schema) && Array.isArray(schema.required) ? { ...(media as Json), schema: { ...schema, required: schema.required.filter((f) => !covers({ in: "body", name: String(f) })) } } : media;
  }
  return { ...body, content };
}

const FORM_MEDIA = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/**
 * A form whose field is a list also takes one item for it: a form carries a one-item list as
 * `Key=value`, which Prism reads as a text, not a list of one, and refused as "must be array".
 */
function withOneItemFormLists(body: unknown, document: Json): unknown {
  if (!isObject(body) || !isObject(body.content)) return body;
  let changed = false;
  const content: Json = { ...body.content };
  for (const [type, media] of Object.entries(body.content)) {
    if (!FORM_MEDIA.test(type) || !isObject(media)) continue;
    const schema = resolved(media.schema, document);
    if (!isObject(schema) || !isObject(schema.properties)) continue;
    const properties: Json = { ...schema.properties };
    let lists = 0;
    for (const [name, raw] of Object.entries(schema.properties)) {
      const field = resolved(raw, document);
      if (!isObject(field) || field.type !== "array" || field.items === undefined) continue;
      properties[name] = { anyOf: [raw, field.items] };
      lists++;
    }
    if (!lists) continue;
    content[type] = { ...media, schema: { ...schema, properties } };
    changed = true;
  }
  return changed ? { ...body, content } : body;
}

function isCovered(p: unknown, covers: (slot: CoveredSlot) => boolean): boolean {
  return isObject(p) && typeof p.in === "string" && typeof p.name === "string" && p.in !== "path" && covers({ in: p.in, name: p.name });
}

/** A local `$ref` followed (a parameter or body shared under components). */
function resolved(value: unknown, document: Json): unknown {
  let current = value;
  for (let i = 0; i < 8 && isObject(current) && typeof current.$ref === "string" && current.$ref.startsWith("#/"); i++) {
    let node: unknown = document;
    for (const key of current.$ref.slice(2).split("/")) node = isObject(node) ? node[key.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined;
    current = node;
  }
  return current;
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
