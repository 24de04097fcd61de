// Fields a request need not send: OpenAPI says a readOnly field, even a
// required one, belongs to answers only. Prism drops that requirement only
// where the same schema declares the field, and not through `allOf`, `oneOf`
// or `anyOf` (nor the "itself or null" a nullable `allOf` becomes for its
// validator: prism-schemas.ts), so it refused every request without the
// answer-only fields: a body that requires a field its branches declare
// readOnly, or a field of a nested object (an address whose `geocoded_at` is
// required and readOnly) that does.
//
// A schema that changes and is reached by a `$ref` is written once, as a
// schema of its own in the document's components, and referred to: written
// out in place, a densely linked document (entities whose navigation fields
// lead to each other) became a tree of every path to the changed schema
// (a whole published API's body: 28 MB, 367,000 schemas 81 deep), which the
// mock's validator compiled until its worker ran out of memory.
//
// So for answers and fields written only (`writeOnly`: a password, sent in
// requests only): Prism drops their requirement where the schema it checks
// an answer against declares them inline, not through a `$ref` (a page's
// `values: {items: {$ref: Details}}`, Details requiring a writeOnly `name`),
// and refused an answer that left the field out, as every answer should.
import { readOnly, writtenOnly } from "./sample/write-only.js";
import { followLocalRefs } from "../load/json-ref.js";

type Json = Record<string, unknown>;

const BRANCHES = ["allOf", "oneOf", "anyOf"] as const;

/** Whose schemas: a request's leave out the requirement of fields read only, an answer's of those written only. */
type Way = "request" | "answer";

/** The schemas worked out for a document (its bodies share them), by the schema they were made from, by way. */
const madeByDocument = { request: new WeakMap<object, Made>(), answer: new WeakMap<object, Made>() };
type Made = Map<object, unknown>;
/** A schema worked out, or under way, that needs no rewrite. */
const AS_IT_IS = Symbol("as it is");

/**
 * A request body with each media type's schema as wayFor makes it. The schemas it changes that a `$ref` reaches are
 * added to `document`'s `components.schemas` (the mock's own copy), each once for all its bodies.
 */
export function withoutReadOnlyRequired(body: unknown, document: Json): unknown {
  return withoutMarkedRequired(body, document, "request").body;
}

/** An operation's answers, each as withoutReadOnlyRequired makes a request body, for the fields written only. */
export function answersWithoutWriteOnlyRequired(responses: Json, document: Json): Json {
  const out: Json = {};
  for (const [status, response] of Object.entries(responses)) {
    const made = withoutMarkedRequired(followLocalRefs(document, response), document, "answer");
    // The response as written (its `$ref` kept) where no schema of it changed.
    out[status] = made.changed ? made.body : response;
  }
  return out;
}

/** A copy of the body with each media type's schema as wayFor makes it, and whether one changed. */
function withoutMarkedRequired(body: unknown, document: Json, way: Way): { body: unknown; changed: boolean } {
  if (!isObject(body) || !isObject(body.content)) return { body, changed: false };
  let made = madeByDocument[way].get(document);
  if (!made) madeByDocument[way].set(document, (made = new Map()));
  const content: Json = {};
  let changed = false;
  for (const [type, media] of Object.entries(body.content)) {
    if (!isObject(media) || media.schema === undefined) {
      content[type] = media;
      continue;
    }
    const schema = wayFor(media.schema, document, made, way);
    changed ||= schema !== media.schema;
    content[type] = { ...media, schema };
  }
  return { body: { ...body, content }, changed };
}

/**
 * The schema with its `required` (and its branches', its fields' and its
 * items', rewritten where they change) without the fields it or its branches
 * declare readOnly (a request's) or writeOnly (an answer's); the schema itself where nothing changes. Each schema is
 * worked out once (`made`; one under way, met again through a cycle, is left
 * as it is); one reached by a `$ref` that changes becomes a reference to its
 * rewrite, named once (namedRewrite).
 */
function wayFor(schema: unknown, document: Json, made: Made, way: Way): unknown {
  const s = followLocalRefs(document, schema);
  if (!isObject(s)) return schema;
  // One under way (met again through a cycle) or unchanged is left as this reference writes it: the first
  // reference's object in its place would read as a change, and its holder was rewritten for nothing.
  const known = made.get(s);
  if (known !== undefined) return known === AS_IT_IS ? schema : known;
  made.set(s, AS_IT_IS);
  const out: Json = { ...s };
  let changed = false;
  const marked = markedFields(s, document, new Set(), way);
  if (marked.size && Array.isArray(s.required)) {
    const kept = s.required.filter((name) => !marked.has(String(name)));
    if (kept.length !== s.required.length) {
      changed = true;
      if (kept.length) out.required = kept;
      else delete out.required;
    }
  }
  const rewrite = (value: unknown) => {
    const next = wayFor(value, document, made, way);
    if (next !== value) changed = true;
    return next;
  };
  for (const key of BRANCHES) if (Array.isArray(s[key])) out[key] = s[key].map(rewrite);
  if (isObject(s.properties))
    out.properties = Object.fromEntries(Object.entries(s.properties).map(([name, field]) => [name, rewrite(field)]));
  if (isObject(s.items)) out.items = rewrite(s.items);
  if (!changed) return schema;
  const result = s === schema ? out : namedRewrite(out, schema as Json, document, way);
  made.set(s, result);
  return result;
}

/**
 * A reference to `rewrite`, added to the document's components under a name of its own: the last segment of the
 * `$ref` in letters, digits, `.`, `_` and `-` (nothing to escape in a pointer), `.request` or `.answer` after it, and a
 * number where that is taken.
 */
function namedRewrite(rewrite: Json, reference: Json, document: Json, way: Way): Json {
  const components = isObject(document.components) ? document.components : (document.components = {});
  const schemas = isObject(components.schemas) ? components.schemas : (components.schemas = {});
  const last = String(reference.$ref).split("/").pop() ?? "";
  const base = `${last.replace(/[^A-Za-z0-9._-]/g, "_")}.${way}`;
  let name = base;
  for (let i = 2; Object.hasOwn(schemas, name); i++) name = `${base}${i}`;
  schemas[name] = rewrite;
  return { $ref: `#/components/schemas/${name}` };
}

/** The fields a schema or any of its branches declares readOnly (a request's) or writeOnly (an answer's). */
function markedFields(schema: unknown, document: Json, seen: Set<object>, way: Way): Set<string> {
  const flagged = way === "request" ? readOnly : writtenOnly;
  const names = new Set<string>();
  const s = followLocalRefs(document, schema);
  if (!isObject(s) || seen.has(s)) return names;
  seen.add(s);
  if (isObject(s.properties))
    for (const [name, field] of Object.entries(s.properties)) if (flagged(document, field)) names.add(name);
  for (const key of BRANCHES)
    if (Array.isArray(s[key]))
      for (const branch of s[key]) for (const name of markedFields(branch, document, seen, way)) names.add(name);
  return names;
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
