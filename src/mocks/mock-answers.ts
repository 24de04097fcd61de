// Answers a mock gives where the document has no example (or had one that
// broke its schema, left out by generation: published-examples.ts) and
// Prism's own sampler would make an invalid one: a schema that reaches a
// union (`oneOf`/`anyOf`: Prism took the first branch, which may also match
// another, or not satisfy the siblings), an open map (`additionalProperties`
// with a schema), a `pattern` (Prism writes "string", which its own check
// then refuses), a format it does not make, or an `allOf` (whose members'
// required fields it left out), or an untyped object with a list's keyword
// (`uniqueItems: false`: Prism made a list), or a default of another type than its schema's, or more properties listed
// than maxProperties allows. There the answer is a value made by sample/schema-sample.ts (one
// branch of each union, bounded work, checked against the schema), given to
// Prism as the media type's `example` (an answer header's, as the header's).
// Where no valid value is made within the bounds, it is left to Prism, as before.
// A stream of server-sent events, which Prism writes none of, is served as an
// event stream's text made from the document (event-stream-answers.ts).
import { formEncoding } from "@blockwright/runtime";
import { withValueEnum } from "../load/text-enum.js";
import { isObject, resolved } from "./mock-form-bodies.js";
import { describedJsonType, isStructuredSchema, jsonTextValue } from "../load/media-types.js";
import { DocumentSampler } from "./sample/schema-sample.js";
import { defaultFits } from "./mistyped-default.js";
import { eventStreamServed, isEventStreamMedia } from "./event-stream-answers.js";
import { headerOnOneLine } from "./answers/header-lines.js";

type Node = Record<string, unknown>;

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const JSON_MEDIA = /^application\/(.+\+)?json\b/i;
/** A JSON media type exactly (`application/json`, `…+json`, parameters after `;`), not `application/json-seq`. */
export const JSON_TYPE = /^application\/(.+\+)?json\s*(;|$)/i;
/** Schemas looked at to tell whether a schema reaches a union or an open map. */
const REACH_BUDGET = 5000;

/**
 * A copy of `document` (what changes is copied; the rest is shared, never written to) with made answers where they are
 * needed.
 */
export function withSampledAnswers(document: Node): Node {
  let made: DocumentSampler | undefined;
  const sampler = () => (made ??= new DocumentSampler(document));
  const paths = isNode(document.paths) ? document.paths : {};
  let changed = false;
  const served: Node = {};
  for (const [path, rawItem] of Object.entries(paths)) {
    served[path] = rawItem;
    if (!isNode(rawItem)) continue;
    let item: Node | undefined;
    for (const method of METHODS) {
      const op = rawItem[method];
      if (!isNode(op) || !isNode(op.responses)) continue;
      let responses: Node | undefined;
      for (const [status, rawResponse] of Object.entries(op.responses)) {
        const { node: response, pointer: at } = followRef(
          document,
          rawResponse,
          `/paths/${escapeKey(path)}/${method}/responses/${escapeKey(status)}`,
        );
        if (!isNode(response)) continue;
        const content = sampledContent(document, sampler, response, at, status);
        const headers = sampledHeaders(document, sampler, response, at);
        if (!content && !headers) continue;
        responses ??= { ...op.responses };
        responses[status] = { ...response, ...(content ? { content } : {}), ...(headers ? { headers } : {}) };
      }
      if (!responses) continue;
      item ??= { ...rawItem };
      item[method] = { ...op, responses };
    }
    if (item) {
      served[path] = item;
      changed = true;
    }
  }
  return changed ? { ...document, paths: served } : document;
}

/** An answer's JSON (and text-schema) media types with a made example where Prism makes a wrong one, else undefined. */
function sampledContent(
  document: Node,
  sampler: () => DocumentSampler,
  response: Node,
  at: string,
  status: string,
): Node | undefined {
  if (!isNode(response.content)) return undefined;
  let content: Node | undefined;
  const unschemed = describedJsonType(response.content) === undefined;
  for (const [type, media] of Object.entries(response.content)) {
    if (isEventStreamMedia(type)) {
      content ??= { ...response.content };
      const under = `${at}/content/${escapeKey(type)}`;
      content[type] = eventStreamServed(document, media, (p) => sampler().sample(`${under}${p}`, { answer: true }));
      continue;
    }
    const spelled = unschemed && JSON_MEDIA.test(type) ? spelledExamples(document, media) : undefined;
    if (spelled) {
      content ??= { ...response.content };
      content[type] = spelled;
      continue;
    }
    const text = !servedAsJson(document, type, media) && isTextSchema(document, media);
    if (
      (!servedAsJson(document, type, media) && !text) ||
      !isNode(media) ||
      media.schema === undefined ||
      media.example !== undefined ||
      media.examples !== undefined
    )
      continue;
    if (!reachesWhatPrismMakesWrong(document, media.schema) && !reachesItself(document, media.schema)) continue;
    const made = sampleAnswer(sampler(), `${at}/content/${escapeKey(type)}/schema`, status);
    if (!made || (text && typeof made.value !== "string")) continue;
    content ??= { ...response.content };
    content[type] = { ...media, example: made.value };
  }
  return content;
}

/**
 * A JSON type's examples, where no JSON type of the answer has a schema, with each written as a text of JSON given as
 * the value it spells (load/media-types.ts jsonTextValue), which Prism would otherwise serve as a JSON string;
 * undefined when none is.
 */
function spelledExamples(document: Node, media: unknown): Node | undefined {
  if (!isNode(media)) return undefined;
  let out: Node | undefined;
  if (typeof media.example === "string" && jsonTextValue(media.example) !== media.example)
    out = { ...media, example: jsonTextValue(media.example) };
  if (!isNode(media.examples)) return out;
  let examples: Node | undefined;
  for (const [name, raw] of Object.entries(media.examples)) {
    const example = followRef(document, raw, "").node;
    if (!isNode(example) || typeof example.value !== "string" || jsonTextValue(example.value) === example.value)
      continue;
    examples ??= { ...media.examples };
    examples[name] = { ...example, value: jsonTextValue(example.value) };
  }
  return examples ? { ...(out ?? media), examples } : out;
}

/**
 * An answer's headers with a made example where Prism would make a wrong value (a pattern: Prism wrote "string" for an
 * ETag of `["][ -~]{1000}["]`, then refused its own answer); undefined when none changed.
 */
function sampledHeaders(document: Node, sampler: () => DocumentSampler, response: Node, at: string): Node | undefined {
  if (!isNode(response.headers)) return undefined;
  let headers: Node | undefined;
  for (const [name, declared] of Object.entries(response.headers)) {
    const { node: header, pointer } = followRef(document, declared, `${at}/headers/${escapeKey(name)}`);
    if (!isNode(header) || header.schema === undefined || header.example !== undefined || header.examples !== undefined)
      continue;
    if (!reachesWhatPrismMakesWrong(document, header.schema)) continue;
    const made = sampler().sample(`${pointer}/schema`, { answer: true });
    if (!made || (typeof made.value !== "string" && typeof made.value !== "number")) continue;
    headers ??= { ...response.headers };
    headers[name] = { ...header, example: made.value };
  }
  return headers;
}

/**
 * A made answer: an error's with every top-level field the sampler can make
 * and the optional text fields below them (where the message and code are,
 * often optional in the schema: without them the answer says nothing a
 * client reads), else the fewest fields.
 */
function sampleAnswer(sampler: DocumentSampler, pointer: string, status: string): { value: unknown } | undefined {
  const error = /^([45]\d\d|[45]XX|default)$/i.test(status);
  return (
    (error
      ? (sampler.sample(pointer, { everyField: true, textFields: true, answer: true }) ??
        sampler.sample(pointer, { textFields: true, answer: true }))
      : undefined) ?? sampler.sample(pointer, { answer: true })
  );
}

/**
 * Formats Prism's sampler makes a valid value of (not `byte`: its value failed Prism's own check of the format, in
 * Pinecone's error details).
 */
const PRISM_FORMATS = new Set([
  "date-time",
  "date",
  "email",
  "uri",
  "uuid",
  "hostname",
  "ipv4",
  "ipv6",
  "password",
  "binary",
  "int32",
  "int64",
  "float",
  "double",
]);

/**
 * Whether the schema, its `$ref`s followed, holds a union, an open map, a pattern, an allOf, a format Prism does not
 * make (or one bounded in length) or a required field it does not define (within REACH_BUDGET schemas).
 */
function reachesWhatPrismMakesWrong(document: Node, schema: unknown): boolean {
  const seen = new Set<unknown>();
  const stack = [schema];
  while (stack.length && seen.size < REACH_BUDGET) {
    let node = stack.pop();
    if (Array.isArray(node)) {
      stack.push(...node);
      continue;
    }
    if (!isNode(node) || seen.has(node)) continue;
    seen.add(node);
    if (typeof node.$ref === "string") {
      node = followRef(document, node, "").node;
      if (isNode(node) && !seen.has(node)) stack.push(node);
      continue;
    }
    if (
      Array.isArray(node.oneOf) ||
      Array.isArray(node.anyOf) ||
      Array.isArray(node.allOf) ||
      isNode(node.additionalProperties)
    )
      return true;
    if (typeof node.pattern === "string" || (typeof node.format === "string" && !PRISM_FORMATS.has(node.format)))
      return true;
    // A whole-number format on a number (`type: number, format: int32`): Prism's sampler makes a fraction, which its
    // format check refuses.
    if ((node.format === "int32" || node.format === "int64") && node.type !== "integer") return true;
    // Prism's value of a format has one length (a date-time's 20 characters): a format bounded in length may not take
    // it (Unicourt's 25).
    if (typeof node.format === "string" && (node.minLength !== undefined || node.maxLength !== undefined)) return true;
    // A text that must be empty (`maxLength: 0`): Prism's sampler bounds a text's length only by a maximum above 0, and
    // wrote "string", which its own check then refused.
    if (node.maxLength === 0) return true;
    // A field required but not defined (ExaVault's users require `homeResource`, which sits in their relationships):
    // Prism leaves it out.
    if (
      Array.isArray(node.required) &&
      node.required.some(
        (name) => typeof name === "string" && !(isNode(node.properties) && Object.hasOwn(node.properties, name)),
      )
    )
      return true;
    if (node.type === undefined && readsAsOtherType(node)) return true;
    // Fewer properties allowed than listed (an error's source: one of parameter, pointer, example): Prism's sampler
    // fills them all.
    if (
      typeof node.maxProperties === "number" &&
      isNode(node.properties) &&
      Object.keys(node.properties).length > node.maxProperties
    )
      return true;
    // A default of another type than its schema's (`type: boolean, default: 'false'`), or a list default whose items
    // are not of the items' type (a list of lists defaulting to a list of texts): Prism answers with it, then refuses
    // it.
    if (node.default !== undefined && !defaultFits(node.default, node, (v) => followRef(document, v, "").node))
      return true;
    for (const [key, value] of Object.entries(node))
      if (key !== "example" && key !== "examples" && key !== "enum" && key !== "const" && key !== "default")
        stack.push(value);
  }
  return false;
}

/**
 * Whether an untyped object or list schema holds a keyword of another type that Prism's sampler reads first, so
 * makes that type: its order is number, string, array, object (an object's no-op `uniqueItems: false` made `[]`).
 */
function readsAsOtherType(node: Node): boolean {
  const own =
    isNode(node.properties) || node.additionalProperties !== undefined || Array.isArray(node.required)
      ? "object"
      : node.items !== undefined
        ? "array"
        : undefined;
  const prism = PRISM_TYPE_KEYWORDS.find(([key]) => node[key] !== undefined)?.[1];
  return own !== undefined && prism !== undefined && prism !== own;
}

/** Keywords by which Prism's sampler (json-schema-sampler's inferType) reads an untyped schema's type, in its order. */
const PRISM_TYPE_KEYWORDS = Object.entries({
  multipleOf: "number",
  maximum: "number",
  exclusiveMaximum: "number",
  minimum: "number",
  exclusiveMinimum: "number",
  maxLength: "string",
  minLength: "string",
  pattern: "string",
  items: "array",
  maxItems: "array",
  minItems: "array",
  uniqueItems: "array",
  additionalItems: "array",
  required: "object",
  additionalProperties: "object",
  properties: "object",
});

/**
 * A media type other than JSON that the mock serves as JSON (mock-document.ts): Prism writes no object as any other
 * type ("Cannot find serializer"), so one whose schema is a structure (isStructuredSchema), or that has no schema and
 * an example that is one, is served as JSON.
 */
export function servedAsJsonInstead(type: string, media: unknown, document: Node): boolean {
  if (JSON_TYPE.test(type.trim()) || !isNode(media)) return false;
  if (media.schema !== undefined) return isStructuredSchema(resolved(media.schema, document));
  const named = isNode(media.examples) ? resolved(Object.values(media.examples)[0], document) : undefined;
  const example = media.example !== undefined ? media.example : isNode(named) ? named.value : undefined;
  return example !== null && typeof example === "object";
}

/** Whether the mock serves the media type as JSON: a JSON type, or another served as JSON instead (an XML error). */
function servedAsJson(document: Node, type: string, media: unknown): boolean {
  return JSON_MEDIA.test(type) || servedAsJsonInstead(type, media, document);
}

/** A text schema (`type: string`) of a media type: Prism serves a text type's example as it is, so a made text too. */
function isTextSchema(document: Node, media: unknown): boolean {
  const schema = isNode(media) ? followRef(document, media.schema, "").node : undefined;
  return isNode(schema) && schema.type === "string";
}

/**
 * Whether the schema reaches a `$ref` from inside that same reference (an
 * error holding the object it failed on, which holds its last error): Prism's
 * sampler stops somewhere down such a cycle and leaves required fields out.
 * Within REACH_BUDGET schemas; beyond it, no.
 */
function reachesItself(document: Node, schema: unknown): boolean {
  const inside = new Set<string>();
  const cleared = new Set<string>();
  let visits = 0;
  const walk = (node: unknown): boolean => {
    if (++visits > REACH_BUDGET) return false;
    if (Array.isArray(node)) return node.some(walk);
    if (!isNode(node)) return false;
    if (typeof node.$ref === "string") {
      const ref = node.$ref;
      if (inside.has(ref)) return true;
      if (cleared.has(ref)) return false;
      inside.add(ref);
      const found = walk(followRef(document, node, "").node);
      inside.delete(ref);
      cleared.add(ref);
      return found;
    }
    return Object.entries(node).some(([key, value]) => !DATA_KEYS.has(key) && walk(value));
  };
  return walk(schema);
}

/** Keys whose values are data, not schemas. */
const DATA_KEYS = new Set(["example", "examples", "enum", "const", "default"]);

/** A local `$ref` followed (a few hops), with the pointer of where it leads. */
function followRef(document: Node, value: unknown, pointer: string): { node: unknown; pointer: string } {
  let node = value;
  let at = pointer;
  for (let hops = 0; hops < 8 && isNode(node) && typeof node.$ref === "string" && node.$ref.startsWith("#/"); hops++) {
    at = node.$ref.slice(1);
    node = at
      .split("/")
      .slice(1)
      .reduce<unknown>((n, key) => (isNode(n) ? n[key.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined), document);
  }
  return { node, pointer: at };
}

function escapeKey(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * An answer's headers as served: transport headers go, which only the server that writes the body may set (a
 * document listing `Content-Encoding: gzip` had the mock send it over a plain body, and every call failed to decode
 * it); a number or boolean header's enum listed as texts lists their values (Prism read its own "410" back as 410,
 * then refused it as not one of `enum: ["410"]`); a list or object header is served as its text (simple style), which
 * Prism cannot make: its own check read a null it made for a `Link` list header and threw outside any handler, which
 * ended the process serving the mock; an example over several lines is served on one (answers/header-lines.ts).
 */
export function servedAnswerHeaders(response: unknown, document: Node): unknown {
  if (!isObject(response) || !isObject(response.headers)) return response;
  let changed = false;
  const headers: Node = {};
  for (const [name, declared] of Object.entries(response.headers)) {
    const found = resolved(declared, document);
    const header = headerOnOneLine(found, document);
    const schema = isObject(header) ? resolved(header.schema, document) : undefined;
    const valued = asText(withValueEnum(schema), header);
    changed ||= TRANSPORT_HEADERS.has(name.toLowerCase()) || valued !== schema || header !== found;
    if (!TRANSPORT_HEADERS.has(name.toLowerCase()))
      headers[name] = valued === schema && header === found ? declared : servedHeader(header as Node, schema, valued);
  }
  return changed ? { ...response, headers } : response;
}

// A Content-Type answer header is ignored by OpenAPI's rule (the media type says it): as a header of its own, Prism
// answered with its made-up value ("string") as the type, and then found no serializer for it (a 500).
const TRANSPORT_HEADERS = new Set([
  "content-type",
  "content-encoding",
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "proxy-connection",
  "te",
  "trailer",
  "upgrade",
]);

/** The header with its schema as served; a list or object header's own examples go with its schema (now a text's). */
function servedHeader(header: Node, declared: unknown, schema: unknown): Node {
  const { example: _example, examples: _examples, ...rest } = header;
  const typed = isObject(declared) && (declared.type === "array" || declared.type === "object");
  return { ...(typed ? rest : header), schema };
}

/** A list or object header's schema as the text it is sent as: a string, its example written in simple style. */
function asText(schema: unknown, header: unknown): unknown {
  if (!isObject(schema) || (schema.type !== "array" && schema.type !== "object")) return schema;
  const example = isObject(header) && header.example !== undefined ? header.example : schema.example;
  const text = simpleStyle(example);
  return {
    type: "string",
    ...(typeof schema.description === "string" ? { description: schema.description } : {}),
    ...(text !== undefined ? { example: text } : {}),
  };
}

/** The value as the runtime writes a header in style simple, not exploded (formEncoding.styledValue). */
function simpleStyle(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return formEncoding.styledValue("", value, { style: "simple", explode: false }, "header");
}

/**
 * An answer served without its content (to HEAD, or a 204, 205 or 304), its description kept ("" where the document
 * gave none, as OpenSearch's `ping@200`, content alone): an answer left an empty object made Prism answer with a 500.
 */
export function withoutContent(response: Record<string, unknown>): Record<string, unknown> {
  const { content: _none, ...rest } = response;
  return { description: "", ...rest };
}
