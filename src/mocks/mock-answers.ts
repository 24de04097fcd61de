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
// event stream's text made from the document (event-stream-answers.ts). Where Prism makes a wrong answer:
// answers/prism-made-wrong.ts; an answer's headers as served: answers/served-headers.ts.
import { mediaExample, resolved } from "./mock-form-bodies.js";
import { describedJsonType, isJsonTextBodyMedia, isStructuredSchema, jsonTextValue } from "../load/media-types.js";
import { DocumentSampler } from "./sample/schema-sample.js";
import { isCsvType } from "./media/csv-records.js";
import { isYamlType } from "./media/yaml-records.js";
import { servedAsText } from "./media/text-examples.js";
import { eventStreamServed, isEventStreamMedia } from "./event-stream-answers.js";
import { escapeKey, followRef, isNode, type Node } from "./answers/local-refs.js";
import { reachesItself, reachesWhatPrismMakesWrong } from "./answers/prism-made-wrong.js";

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const JSON_MEDIA = /^application\/(.+\+)?json\b/i;
/** A JSON media type exactly (`application/json`, `…+json`, parameters after `;`), not `application/json-seq`. */
export const JSON_TYPE = /^application\/(.+\+)?json\s*(;|$)/i;

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
    const jsonText = jsonTextAnswer(document, sampler, type, media, `${at}/content/${escapeKey(type)}/schema`, status);
    if (jsonText) {
      content ??= { ...response.content };
      content[type] = jsonText;
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
      !namesNoExample(media.examples)
    )
      continue;
    if (!reachesWhatPrismMakesWrong(document, media.schema) && !reachesItself(document, media.schema)) continue;
    const made = sampleAnswer(sampler(), `${at}/content/${escapeKey(type)}/schema`, status);
    if (!made || (text && typeof made.value !== "string")) continue;
    content ??= { ...response.content };
    const { examples: _none, ...rest } = media;
    content[type] = { ...rest, example: made.value };
  }
  return content;
}

/**
 * A success's record under a text type (`text/plain: {type: object}`, load/media-types.ts isJsonTextBodyMedia) served
 * as its JSON text under that type, which the tool reads as JSON: its example's, else one made of its schema. Served
 * as JSON instead (servedAsJsonInstead), under application/json, it was answered 406 to a call asking for the type
 * the document names; undefined for any other media type.
 */
function jsonTextAnswer(
  document: Node,
  sampler: () => DocumentSampler,
  type: string,
  media: unknown,
  pointer: string,
  status: string,
): Node | undefined {
  if (!/^2(\d\d|XX)$/i.test(status) || !isNode(media)) return undefined;
  const schema = followRef(document, media.schema, "").node;
  // YAML's and CSV's records are written in their own text (media/yaml-records.ts, media/csv-records.ts).
  if (isYamlType(type) || isCsvType(type) || !isJsonTextBodyMedia(type, isNode(schema) ? schema : undefined))
    return undefined;
  // Each named example as its JSON text under its name (media/text-examples.ts).
  return servedAsText(media, document, (given) => {
    const value = given !== undefined ? given : sampler().sample(pointer, { answer: true })?.value;
    return value === undefined ? undefined : typeof value === "string" ? value : JSON.stringify(value);
  });
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
    if (!isNode(header) || header.schema === undefined || header.example !== undefined) continue;
    if (!namesNoExample(header.examples) || !reachesWhatPrismMakesWrong(document, header.schema)) continue;
    const made = sampler().sample(`${pointer}/schema`, { answer: true });
    if (!made || (typeof made.value !== "string" && typeof made.value !== "number")) continue;
    headers ??= { ...response.headers };
    const { examples: _none, ...rest } = header;
    headers[name] = { ...rest, example: made.value };
  }
  return headers;
}

/**
 * Whether an `examples` field gives no example: absent, or a map of none (`examples: {}`, which a published document
 * writes where its editor held none). Prism serves nothing of an empty map either and makes its own answer, which
 * broke the schema (an `allOf` of a record's ids of format uuid; a header's pattern) and was refused by its own check:
 * such an answer is made here too, the empty map left out.
 */
function namesNoExample(examples: unknown): boolean {
  return examples === undefined || (isNode(examples) && Object.keys(examples).length === 0);
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
 * A media type other than JSON that the mock serves as JSON (mock-document.ts): Prism writes no object as any other
 * type ("Cannot find serializer"), so one whose schema is a structure (isStructuredSchema), or that has no schema and
 * an example that is one, is served as JSON.
 */
export function servedAsJsonInstead(type: string, media: unknown, document: Node): boolean {
  if (JSON_TYPE.test(type.trim()) || !isNode(media)) return false;
  if (media.schema !== undefined) return isStructuredSchema(resolved(media.schema, document));
  const example = mediaExample(media, document);
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
 * An answer served without its content (to HEAD, or a 204, 205 or 304), its description kept ("" where the document
 * gave none, as OpenSearch's `ping@200`, content alone): an answer left an empty object made Prism answer with a 500.
 */
export function withoutContent(response: Record<string, unknown>): Record<string, unknown> {
  const { content: _none, ...rest } = response;
  return { description: "", ...rest };
}
