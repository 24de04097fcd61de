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
import { followLocalRefs } from "../load/json-ref.js";

type Json = Record<string, unknown>;

const BRANCHES = ["allOf", "oneOf", "anyOf"] as const;

/** The schemas worked out for a document (its bodies share them), by the schema they were made from. */
const madeByDocument = new WeakMap<object, Map<object, unknown>>();

/**
 * A request body with each media type's schema as requestSchema makes it. The schemas it changes that a `$ref` reaches
 * are added to `document`'s `components.schemas` (the mock's own copy), each once for all its bodies.
 */
export function withoutReadOnlyRequired(body: unknown, document: Json): unknown {
  if (!isObject(body) || !isObject(body.content)) return body;
  let made = madeByDocument.get(document);
  if (!made) madeByDocument.set(document, (made = new Map()));
  const content: Json = {};
  for (const [type, media] of Object.entries(body.content))
    content[type] =
      isObject(media) && media.schema !== undefined
        ? { ...media, schema: requestSchema(media.schema, document, made) }
        : media;
  return { ...body, content };
}

/**
 * The schema with its `required` (and its branches', its fields' and its
 * items', rewritten where they change) without the fields it or its branches
 * declare readOnly; the schema itself where nothing changes. Each schema is
 * worked out once (`made`; one under way, met again through a cycle, is left
 * as it is); one reached by a `$ref` that changes becomes a reference to its
 * rewrite, named once (namedRewrite).
 */
function requestSchema(schema: unknown, document: Json, made: Map<object, unknown>): unknown {
  const s = followLocalRefs(document, schema);
  if (!isObject(s)) return schema;
  if (made.has(s)) return made.get(s);
  made.set(s, schema);
  const out: Json = { ...s };
  let changed = false;
  const readOnly = readOnlyFields(s, document, new Set());
  if (readOnly.size && Array.isArray(s.required)) {
    const kept = s.required.filter((name) => !readOnly.has(String(name)));
    if (kept.length !== s.required.length) {
      changed = true;
      if (kept.length) out.required = kept;
      else delete out.required;
    }
  }
  const rewrite = (value: unknown) => {
    const next = requestSchema(value, document, made);
    if (next !== value) changed = true;
    return next;
  };
  for (const key of BRANCHES) if (Array.isArray(s[key])) out[key] = s[key].map(rewrite);
  if (isObject(s.properties))
    out.properties = Object.fromEntries(Object.entries(s.properties).map(([name, field]) => [name, rewrite(field)]));
  if (isObject(s.items)) out.items = rewrite(s.items);
  const result = !changed ? schema : s === schema ? out : namedRewrite(out, schema as Json, document);
  made.set(s, result);
  return result;
}

/**
 * A reference to `rewrite`, added to the document's components under a name of its own: the last segment of the
 * `$ref` in letters, digits, `.`, `_` and `-` (nothing to escape in a pointer), `.request` after it, and a number
 * where that is taken.
 */
function namedRewrite(rewrite: Json, reference: Json, document: Json): Json {
  const components = isObject(document.components) ? document.components : (document.components = {});
  const schemas = isObject(components.schemas) ? components.schemas : (components.schemas = {});
  const last = String(reference.$ref).split("/").pop() ?? "";
  const base = `${last.replace(/[^A-Za-z0-9._-]/g, "_")}.request`;
  let name = base;
  for (let i = 2; Object.hasOwn(schemas, name); i++) name = `${base}${i}`;
  schemas[name] = rewrite;
  return { $ref: `#/components/schemas/${name}` };
}

/** The names of the fields a schema or any of its branches declares readOnly. */
function readOnlyFields(schema: unknown, document: Json, seen: Set<object>): Set<string> {
  const names = new Set<string>();
  const s = followLocalRefs(document, schema);
  if (!isObject(s) || seen.has(s)) return names;
  seen.add(s);
  if (isObject(s.properties))
    for (const [name, field] of Object.entries(s.properties))
      if (followLocalRefs(document, field)?.readOnly === true) names.add(name);
  for (const key of BRANCHES)
    if (Array.isArray(s[key]))
      for (const branch of s[key]) for (const name of readOnlyFields(branch, document, seen)) names.add(name);
  return names;
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
