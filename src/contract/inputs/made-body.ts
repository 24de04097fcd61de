// A request body made from an operation's JSON request schema, for the JSON
// parameters the spec gives no example of (values.ts): valid against the
// schema however many unions it nests, made with bounded work
// (mocks/sample/schema-sample.ts), the same every time. And the check that a JSON
// parameter's value is valid against the schema the document places at its
// wire location: the manifest says `type: json`, the document may require
// fields inside (a `{}` the mock refuses).
import { isDeepStrictEqual } from "node:util";
import type { OpenApiDocument, OpenApiOperation, Schema } from "../../load/openapi-document.js";
import { DocumentSampler } from "../../mocks/sample/schema-sample.js";
import { withoutReadOnlyRequired } from "../../load/read-only.js";
import { type SchemaChecker, schemaChecker } from "../../judge/schema-check.js";

const samplers = new WeakMap<OpenApiDocument, DocumentSampler>();

/**
 * The document's sampler, made once (it registers every schema of the document); what it makes meets the request
 * judge's reading too, as the mock holds a request to both (a union's branch the letter alone would take, refused).
 */
function samplerOf(doc: OpenApiDocument): DocumentSampler {
  let sampler = samplers.get(doc);
  if (!sampler)
    samplers.set(
      doc,
      (sampler = new DocumentSampler(withoutReadOnlyRequired(doc.source.data as Record<string, unknown>), (v, at) =>
        judgedCheck(doc, at)(v),
      )),
    );
  return sampler;
}

/** Seeds of the bodies made: each may take other union branches (a parameter the manifest narrows to one of them). */
const SEEDS = [0, 1, 2, 3];

/**
 * The bodies (every field each), none when the operation has no JSON request schema or no valid value was made within
 * the bounds.
 */
export function madeRequestBodies(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  raw: Schema | undefined,
  media: Schema | undefined,
): unknown[] {
  const body = requestSchemaPointer(doc, op, raw, media);
  if (body === undefined) return [];
  const sampler = samplerOf(doc);
  // Every seed's body without the fields read only before any with them (madeFor).
  const sent = SEEDS.flatMap((seed) => madeSo(op, sampler, body, seed, true)).map((made) => made.value);
  const whole = SEEDS.flatMap((seed) => madeSo(op, sampler, body, seed, false)).map((made) => made.value);
  return [...sent, ...whole.filter((w) => !sent.some((m) => isDeepStrictEqual(m, w)))];
}

/**
 * Values of the schema at `pointer` in the operation's request body, every field given. In an XML body every list
 * holds an item where one can be made: an empty unwrapped list writes no element, and a required one (CloudFront's
 * `EndPoints`) was then absent from every request made; where the items make no value within the bounds, the fewest.
 * In a form or multipart body an empty list sends no pair either: the fewest first, then one whose lists hold an item
 * (a required list of line items had no value the suite could send).
 */
function madeFor(op: OpenApiOperation, sampler: DocumentSampler, pointer: string, seed: number): { value: unknown }[] {
  // Without the fields read only first; with them after, for a document that requires a field it marks read only (a
  // reference's `id` and `type`, read only in the record it refers to), whose rules a value without them breaks.
  const sent = madeSo(op, sampler, pointer, seed, true);
  const whole = madeSo(op, sampler, pointer, seed, false);
  return [...sent, ...whole.filter((w) => !sent.some((m) => isDeepStrictEqual(m.value, w.value)))];
}

function madeSo(
  op: OpenApiOperation,
  sampler: DocumentSampler,
  pointer: string,
  seed: number,
  request: boolean,
): { value: unknown }[] {
  const bounds = { everyField: true, request, seed };
  const encoding = op.requestBody?.encoding;
  const filled =
    encoding === "xml" || encoding === "form" || encoding === "multipart"
      ? sampler.sample(pointer, { ...bounds, listItems: 1 })
      : undefined;
  if (encoding === "xml" && filled) return [filled];
  const fewest = sampler.sample(pointer, bounds);
  return [...(fewest ? [fewest] : []), ...(filled && !isDeepStrictEqual(filled.value, fewest?.value) ? [filled] : [])];
}

/** The JSON pointer, in the document, of the operation's request schema of `media`. */
function requestSchemaPointer(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  raw: Schema | undefined,
  media: Schema | undefined,
): string | undefined {
  if (!raw || !media) return undefined;
  const key = Object.entries((doc.resolve(raw).content ?? {}) as Record<string, Schema>).find(
    ([, m]) => m === media,
  )?.[0];
  if (key === undefined) return undefined;
  const ref = typeof raw.$ref === "string" && raw.$ref.startsWith("#/") ? raw.$ref.slice(1) : undefined;
  const body = ref ?? `/${op.location.map((k) => escapeKey(String(k))).join("/")}/requestBody`;
  return `${body}/content/${escapeKey(key)}/schema`;
}

/**
 * A check of values against the schema at `path` (property names, item
 * indexes) inside the operation's request schema; undefined when the
 * document gives no such place, or reaches it through a union (which branch
 * the rest of the body takes decides the schema, not this value alone).
 */
export function requestPlaceCheck(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  raw: Schema | undefined,
  media: Schema | undefined,
  path: readonly string[],
): ((value: unknown) => boolean) | undefined {
  const body = requestSchemaPointer(doc, op, raw, media);
  if (body === undefined) return undefined;
  // As the request judge reads it (its unions and closed objects as their publishers mean them), which JSON Schema's
  // letter may refuse every value of: the whole body, or a field's (`oneOf` of two open shapes, `{Id}` or
  // `{Reference}`, each requiring nothing: every object meets both).
  const place = path.length ? placeOf(doc.source.data, body, path, 0) : body;
  return place === undefined ? undefined : judgedCheck(doc, place);
}

/**
 * Values made from the schema at `path` inside the operation's request schema, every field given: for a field the
 * whole body cannot be made for (its other fields' schemas met by no value made within the bounds).
 */
export function madePlaceValues(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  raw: Schema | undefined,
  media: Schema | undefined,
  path: readonly string[],
): unknown[] {
  const body = requestSchemaPointer(doc, op, raw, media);
  const place = body === undefined || !path.length ? undefined : placeOf(doc.source.data, body, path, 0);
  if (place === undefined) return [];
  return madeAt(doc, place, op);
}

/**
 * A check of values against the schema of the operation's parameter `name` in `place` (its path item's too), if it has
 * one.
 */
export function parameterCheck(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  place: string,
  name: string,
  field?: string,
): ((value: unknown) => boolean) | undefined {
  const schemaAt = parameterSchemaPointer(doc, op, place, name, field);
  if (schemaAt === undefined) return undefined;
  const sampler = samplerOf(doc);
  return (value) => sampler.valid(value, schemaAt);
}

/**
 * Values made from the schema of field `field` of the operation's object query parameter `name` (a deepObject's
 * `filter[ids]`, a list of integers or slugs the manifest takes as json): valid against it, however many unions it
 * nests, where the field's own limits say too little to make one.
 */
export function madeQueryFieldValues(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  name: string,
  field: string,
): unknown[] {
  const at = parameterSchemaPointer(doc, op, "query", name, field);
  if (at === undefined) return [];
  const sampler = samplerOf(doc);
  // Then with every field given (a map with an entry): an object field whose fields are all optional is made `{}`,
  // which puts nothing in the query, and a field a rule counts must put something there (sendable-values.ts).
  return [...SEEDS.flatMap((seed) => sampler.sample(at, { seed }) ?? []).map((made) => made.value), ...madeAt(doc, at)];
}

/**
 * Values made from the schema of the operation's parameter `name` in `place`, every field given (an object parameter
 * none of whose fields is required is then not `{}`, which a query carries as nothing); none when it has no schema.
 */
export function madeParameterValues(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  place: string,
  name: string,
): unknown[] {
  const schemaAt = parameterSchemaPointer(doc, op, place, name);
  if (schemaAt === undefined) return [];
  return madeAt(doc, schemaAt);
}

/**
 * Values made from the schema at `pointer`, every field given; a map (an object listing no property, its values'
 * schema in additionalProperties) with one entry, `key1`, where it was made empty: an empty map sends nothing, and a
 * required one in the query (SQS's TagQueue `Tags`) had no value the suite could make. `bodyOf`: the operation whose
 * request body holds the place (madeFor).
 */
function madeAt(doc: OpenApiDocument, pointer: string, bodyOf?: OpenApiOperation): unknown[] {
  const sampler = samplerOf(doc);
  const map = mapValuesAt(doc.source.data, pointer);
  // A body's value leaves out the fields read only; a parameter's keeps them (an object in a path whose every field is
  // read only would write no text: path-value-empty.test.ts).
  const request = bodyOf !== undefined;
  return SEEDS.flatMap((seed) => {
    const made = bodyOf
      ? madeFor(bodyOf, sampler, pointer, seed)
      : [sampler.sample(pointer, { everyField: true, seed })];
    return made.flatMap((m) => {
      if (!m) return [];
      const { value } = m;
      // A list made with the fewest items, none: one with an item too (an empty list in the query sends nothing, and a
      // required one was never given).
      if (Array.isArray(value) && !value.length) {
        const item = itemsAt(doc.source.data, pointer);
        const one = item === undefined ? undefined : sampler.sample(item, { everyField: true, request, seed });
        return one ? [value, [one.value]] : [value];
      }
      const empty = !!value && typeof value === "object" && !Array.isArray(value) && !Object.keys(value).length;
      if (!empty || map === undefined) return [value];
      // An object of any fields (`type: object`, none listed): `{}`, and one with a field, which a form's brackets
      // carry where they have no pair for `{}` (a required one was then never sent).
      if (map === OPEN) return [value, { key1: "example" }];
      const entry = sampler.sample(map, { everyField: true, request, seed });
      return [entry ? { key1: entry.value } : value];
    });
  });
}

/** The pointer of a list's items' schema (its `$ref`s followed), where the schema at `pointer` is a list. */
function itemsAt(data: unknown, pointer: string): string | undefined {
  let at = pointer;
  for (let hops = 0; hops < 16; hops++) {
    const node = nodeAt(data, at) as Schema | undefined;
    if (!node || typeof node !== "object") return undefined;
    if (typeof node.$ref !== "string" || !node.$ref.startsWith("#"))
      return node.items && typeof node.items === "object" ? `${at}/items` : undefined;
    at = node.$ref.slice(1);
  }
  return undefined;
}

/** A map whose values may be anything (mapValuesAt): no schema of its values to sample. */
const OPEN = "";

/**
 * The pointer of a map's values' schema (its `$ref`s followed), where the schema at `pointer` is a map; OPEN where it
 * is an object that lists no fields and says nothing of others (any field, of any value).
 */
function mapValuesAt(data: unknown, pointer: string): string | undefined {
  let at = pointer;
  for (let hops = 0; hops < 16; hops++) {
    const node = nodeAt(data, at) as Schema | undefined;
    if (!node || typeof node !== "object") return undefined;
    if (typeof node.$ref === "string" && node.$ref.startsWith("#")) {
      at = node.$ref.slice(1);
      continue;
    }
    const listsNone = !node.properties || !Object.keys(node.properties as object).length;
    const values = node.additionalProperties;
    if (listsNone && (values === undefined || values === true) && node.type === "object" && !hasComposition(node))
      return OPEN;
    return listsNone && values && typeof values === "object" ? `${at}/additionalProperties` : undefined;
  }
  return undefined;
}

/** The pointer of the schema of the operation's parameter `name` in `place` (of its field `field`, if given). */
function parameterSchemaPointer(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  place: string,
  name: string,
  field?: string,
): string | undefined {
  const operation = `/${op.location.map((k) => escapeKey(String(k))).join("/")}`;
  const lists = [`${operation}/parameters`, `${operation.slice(0, operation.lastIndexOf("/"))}/parameters`];
  const header = place === "header";
  for (const list of lists) {
    const items = nodeAt(doc.source.data, list);
    if (!Array.isArray(items)) continue;
    for (let i = 0; i < items.length; i++) {
      let at = `${list}/${i}`;
      let item = items[i];
      for (
        let hops = 0;
        hops < 8 && isNode(item) && typeof item.$ref === "string" && item.$ref.startsWith("#/");
        hops++
      ) {
        at = item.$ref.slice(1);
        item = nodeAt(doc.source.data, at);
      }
      if (!isNode(item) || item.in !== place || typeof item.name !== "string") continue;
      if (header ? item.name.toLowerCase() !== name.toLowerCase() : item.name !== name) continue;
      // Described by `content` (a JSON-encoded value): its one media type's schema.
      const media = !isNode(item.schema) && isNode(item.content) ? Object.keys(item.content)[0] : undefined;
      const schemaAt = media !== undefined ? `${at}/content/${escapeKey(media)}/schema` : `${at}/schema`;
      if (!isNode(nodeAt(doc.source.data, schemaAt))) return undefined;
      return field === undefined ? schemaAt : placeOf(doc.source.data, schemaAt, [field], 0);
    }
  }
  return undefined;
}

/**
 * Where `path` leads from the schema at `pointer`: through `$ref`s, `allOf` members, properties and items, and the
 * branches of a union (`oneOf`/`anyOf`) when only one of them leads there (a field of one shape).
 */
function placeOf(document: unknown, pointer: string, path: readonly string[], depth: number): string | undefined {
  if (depth > 32) return undefined;
  const node = nodeAt(document, pointer);
  if (!isNode(node)) return undefined;
  if (typeof node.$ref === "string")
    return node.$ref.startsWith("#/") ? placeOf(document, node.$ref.slice(1), path, depth + 1) : undefined;
  const [segment, ...rest] = path;
  if (segment === undefined) return pointer;
  if (isNode(node.properties) && Object.hasOwn(node.properties, segment))
    return placeOf(document, `${pointer}/properties/${escapeKey(segment)}`, rest, depth + 1);
  if (/^(0|[1-9]\d*)$/.test(segment) && node.items !== undefined)
    return placeOf(document, `${pointer}/items`, rest, depth + 1);
  if (Array.isArray(node.allOf)) {
    for (let i = 0; i < node.allOf.length; i++) {
      const found = placeOf(document, `${pointer}/allOf/${i}`, path, depth + 1);
      if (found !== undefined) return found;
    }
  }
  for (const key of ["oneOf", "anyOf"]) {
    const branches = node[key];
    if (!Array.isArray(branches)) continue;
    const found = branches.flatMap((_, i) => placeOf(document, `${pointer}/${key}/${i}`, path, depth + 1) ?? []);
    if (found.length === 1) return found[0];
  }
  return undefined;
}

function nodeAt(document: unknown, pointer: string): unknown {
  let node = document;
  for (const raw of pointer.split("/").slice(1)) {
    const key = safeDecode(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    node = Array.isArray(node) ? node[Number(key)] : isNode(node) ? node[key] : undefined;
  }
  return node;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function isNode(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function escapeKey(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

const checkers = new WeakMap<OpenApiDocument, SchemaChecker>();

/** Values checked against the schema at `pointer` as the request judge checks them. */
function judgedCheck(doc: OpenApiDocument, pointer: string): (value: unknown) => boolean {
  let checker = checkers.get(doc);
  if (!checker) checkers.set(doc, (checker = schemaChecker(doc)));
  const at = pointer
    .split("/")
    .slice(1)
    .map((k) => safeDecode(k).replace(/~1/g, "/").replace(/~0/g, "~"));
  const check = checker;
  return (value) => check.check(value, at) === undefined;
}

/** Whether a schema combines others (its fields may be listed there). */
function hasComposition(node: Schema): boolean {
  return ["allOf", "anyOf", "oneOf"].some((k) => Array.isArray(node[k]));
}
