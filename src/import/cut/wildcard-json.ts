// An answer (or a request body) the document types `*/*` (any media type)
// whose schema is an object or a list is JSON on the wire: Spring's springdoc writes every
// answer so, and a Swagger 2.0 operation whose `produces` is an empty list
// (which clears the document's own) converts so. Read as published, such an
// operation looked like a file download, and its outputs and error messages
// went undrafted. `add` writes those answers as application/json in the cut
// (the pinned published document keeps `*/*`) and says so in its header.
// A `*/*` answer with no schema, or a string one, may be any bytes: kept, unless its description says JSON; so is a
// success with no content entry at all whose description says so ("Returns the result in JSON format"): JSON with an
// empty schema, the whole body one output.
// Beside a JSON type that has examples and no schema (osf.io's lists: the
// schema under `*/*`, the examples under application/json), the schema is the
// JSON type's: the example check and the mocks read the wildcard's schema as
// that body's, and the model did not (its outputs found no JSON body, BW2021).
// The cut writes the schema under the JSON type and leaves the `*/*` entry out.
// A narrower range that admits application/json is read the same way: `application/*`, or a subtype pattern such as
// `application/*json` (Hypothesis-style "any JSON" bodies). Alone, such a body was refused as of a media type the
// runtime does not write; the cut names the range it was published as.
import { ownValue } from "@blockwright/runtime/internal";
import { withKeyChanges } from "../../common/copy-on-write.js";
import { followLocalRefs, type ReadKey } from "../../load/json-ref.js";
import { bareMediaType, isJsonMediaType } from "../../load/media-types.js";
import { OPERATION_METHODS } from "../../load/openapi-document.js";

type Json = Record<string, unknown>;

const ANY = "*/*";

/**
 * Rewrite, in the cut, the answers of the chosen operations typed any media
 * type (their own, and the shared ones they `$ref`) whose schema is
 * JSON-shaped and which have no JSON media type already. Returns each answer
 * rewritten, as the header names it.
 */
export function jsonForWildcards(cut: Json, chosen: readonly { id: string; op: Json }[]): string[] {
  const { contents, said } = wildcardRewrites(cut, chosen);
  for (const [part, content] of contents) part.content = content;
  return said;
}

/**
 * The new `content` of each answer (or request body) of the chosen operations to rewrite, by the object it is, and
 * the answers as the header names them. Read as the document is once the earlier of them are made, as if each were
 * made in place as it is found: what a `$ref` into a rewritten answer names is what the rewritten document has there.
 */
function wildcardRewrites(
  document: Json,
  chosen: Iterable<{ op: Json; id: string } | { op: Json; method: string; path: string }>,
): { contents: Map<Json, Json>; said: string[] } {
  const contents = new Map<Json, Json>();
  const read: ReadKey = (node, key) =>
    key === "content" && contents.has(node as Json) ? contents.get(node as Json) : ownValue(node, key);
  const entries = (node: Json): [string, unknown][] => {
    const keys = Object.keys(node);
    if (contents.has(node) && !keys.includes("content")) keys.push("content");
    return keys.map((key) => [key, read(node, key)]);
  };
  const said: string[] = [];
  const seen = new Set<object>();
  const consider = (chose: { op: Json; id: string } | { op: Json; method: string; path: string }) => {
    return (status: string, declared: unknown) => {
      const part = followLocalRefs(document, declared, read);
      // Only an answer with a `*/*` entry (or a success with none at all) may be rewritten, however the earlier
      // rewrites read: the others are passed over without being marked seen (most of a document; marking each cost
      // more than the rest of the walk).
      if (!part || seen.has(part)) return;
      if (!hasWildcardKey(part.content)) {
        const words = part.content === undefined && /^2\d\d$/.test(status) ? describedJson(part) : undefined;
        if (words === undefined) return;
        seen.add(part);
        contents.set(part, { "application/json": { schema: {} } });
        const id = "id" in chose ? chose.id : `${chose.method.toUpperCase()} ${chose.path}`;
        said.push(`${sharedName(declared) ?? `${id} ${status}`} (${NO_CONTENT}; its description says "${words}")`);
        return;
      }
      seen.add(part);
      const content = (part.content ?? {}) as Json;
      const words = saysJson(document, part, content, read);
      const any = wildcardJson(document, content, read) ?? (words ? ANY : undefined);
      if (any === undefined) return;
      const joined = Object.keys(content).some(isJsonMediaType);
      const media = content[any] as Json | null;
      // Said JSON with no schema: an empty one, so the whole body is read as JSON (none read it as no body).
      const given = words && media?.schema === undefined ? { [any]: { ...media, schema: {} } } : content;
      contents.set(part, joined ? joinedToJson(content, any) : asJson(given, any));
      const shared = sharedName(declared);
      const id = "id" in chose ? chose.id : `${chose.method.toUpperCase()} ${chose.path}`;
      const range = bareMediaType(any) === ANY ? "" : ` (published as ${any})`;
      said.push(
        `${shared ?? `${id} ${status}`}${range}${joined ? " (its schema given to the JSON type's examples)" : ""}` +
          (words ? ` (no schema; its description says "${words}")` : ""),
      );
    };
  };
  for (const chose of chosen) {
    const { op } = chose;
    const part = consider(chose);
    // Its answers, and its request body: one of any type with an object schema (Kubernetes' creates) is JSON the
    // runtime writes.
    const responses = (op.responses ?? {}) as Json;
    if (contents.has(responses)) for (const [status, declared] of entries(responses)) part(status, declared);
    else for (const status of Object.keys(responses)) part(status, ownValue(responses, status));
    if (op.requestBody !== undefined) part("request body", op.requestBody);
  }
  return { contents, said };
}

// A `*/*` answer with no schema (or an empty one) whose description says it is JSON ("in JSON format", "returns
// JSON") was drafted a download: the words said, it is JSON (the whole body one output). Without them it stays one.
const JSON_WORDS = new RegExp(
  String.raw`\b(?:(?:in|as|returns?|is)\s+(?:an?\s+)?)?JSON\s+(?:format|object|document|response)\b` +
    String.raw`|\b(?:in|as|returns?)\s+JSON\b`,
  "i",
);

/** How an answer published with no content entry is said (cut-answers.ts `publishedAs` reads it). */
export const NO_CONTENT = "published with no content";

/** The name of a shared answer a `$ref` points to (`components.responses.Widget`), if it is one. */
const sharedName = (declared: unknown): string | undefined =>
  typeof (declared as Json).$ref === "string"
    ? ((declared as Json).$ref as string).replace(/^#\//, "").replaceAll("/", ".")
    : undefined;

/**
 * A success with no content entry at all ("Returns the result in JSON format": a description only) whose description
 * says JSON: its words, read as a `*\/*` answer of an empty schema is (the whole body one output). Else undefined.
 */
function describedJson(part: Json): string | undefined {
  return typeof part.description === "string" ? JSON_WORDS.exec(part.description)?.[0] : undefined;
}

function saysJson(document: Json, part: Json, content: Json, read?: ReadKey): string | undefined {
  const keys = Object.keys(content);
  if (keys.length !== 1 || bareMediaType(keys[0] as string) !== ANY || typeof part.description !== "string") return;
  const schema = followLocalRefs(document, (content[keys[0] as string] as Json | null)?.schema, read);
  if (schema && Object.keys(schema).some((k) => k !== "description" && k !== "title")) return;
  return JSON_WORDS.exec(part.description)?.[0];
}

// Whether a `content` map has a key that is a media-type range (*/*, application/*json, its parameters too): a
// superset, cheaply.
function hasWildcardKey(content: unknown): boolean {
  return content !== null && typeof content === "object" && Object.keys(content).some((type) => type.includes("*"));
}

// Whether a media-type range admits application/json: */*, application/*, or a pattern whose * stands for any
// characters of a subtype (application/*json). A type with no * is no range.
export function rangeAdmitsJson(mediaType: string): boolean {
  const bare = bareMediaType(mediaType);
  if (!bare.includes("*")) return false;
  const parts = bare.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\/-]/g, "\\$&"));
  return new RegExp(`^${parts.join("[^/]*")}$`).test("application/json");
}

/** The wildcard entry under the JSON type, in the same place among the others. */
function asJson(content: Json, any: string): Json {
  return Object.fromEntries(
    Object.entries(content).map(([type, media]) => [type === any ? "application/json" : type, media]),
  );
}

/** The wildcard's schema given to each JSON type without one (its examples kept), the wildcard entry left out. */
function joinedToJson(content: Json, any: string): Json {
  const schema = (content[any] as Json).schema;
  return Object.fromEntries(
    Object.entries(content)
      .filter(([type]) => type !== any)
      .map(([type, media]) =>
        isJsonMediaType(type) && (media as Json | null)?.schema === undefined
          ? [type, { schema, ...(media as Json) }]
          : [type, media],
      ),
  );
}

/**
 * The key of a `content` map that is any media type (its parameters too), whose schema is JSON-shaped, where no JSON
 * type beside it has a schema of its own.
 */
export function wildcardJson(document: Json, content: Json, read?: ReadKey): string | undefined {
  const keys = Object.keys(content);
  const any = keys.find((type) => bareMediaType(type) === ANY) ?? keys.find(rangeAdmitsJson);
  const described = (type: string) => isJsonMediaType(type) && (content[type] as Json | null)?.schema !== undefined;
  if (any === undefined || Object.keys(content).some(described)) return undefined;
  return jsonShaped(document, (content[any] as Json | undefined)?.schema, read) ? any : undefined;
}

/**
 * A whole published document with those answers rewritten, in every
 * operation: what `upstream` compares, so that a change to such an answer's
 * schema is seen as it is in a JSON one (the cut `add` wrote types it JSON).
 * Only what changes is copied (the document itself when nothing does): the
 * rest is the document's own objects, which neither side changes.
 */
export function withJsonForWildcards(document: Json): Json {
  const operations: { op: Json; method: string; path: string }[] = [];
  for (const [path, item] of Object.entries((document.paths ?? {}) as Json))
    if (item && typeof item === "object")
      for (const method of OPERATION_METHODS) {
        const op = (item as Json)[method];
        if (op && typeof op === "object") operations.push({ op: op as Json, method, path });
      }
  const { contents } = wildcardRewrites(document, operations);
  return withKeyChanges(document, new Map([...contents].map(([part, content]) => [part, { content }]))) as Json;
}

/** An object or a list (by its type, its properties or items, or a composition of such), its local `$ref`s followed. */
function jsonShaped(document: Json, schema: unknown, read?: ReadKey, depth = 0): boolean {
  const node = followLocalRefs(document, schema, read);
  if (!node || depth > 10) return false;
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes("object") || types.includes("array") || node.properties !== undefined || node.items !== undefined)
    return true;
  return ["allOf", "oneOf", "anyOf"].some(
    (k) => Array.isArray(node[k]) && (node[k] as unknown[]).some((part) => jsonShaped(document, part, read, depth + 1)),
  );
}
