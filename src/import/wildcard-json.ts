// An answer the document types `*/*` (any media type) whose schema is an
// object or a list is JSON on the wire: Spring's springdoc writes every
// answer so, and a Swagger 2.0 operation whose `produces` is an empty list
// (which clears the document's own) converts so. Read as published, such an
// operation looked like a file download, and its outputs and error messages
// went undrafted. `add` writes those answers as application/json in the cut
// (the pinned published document keeps `*/*`) and says so in its header.
// A `*/*` answer with no schema, or a string one, may be any bytes: kept.
import { followLocalRefs } from "../load/json-ref.js";
import { bareMediaType, isJsonMediaType } from "../load/media-types.js";
import { OPERATION_METHODS } from "../load/openapi-document.js";

type Json = Record<string, unknown>;

const ANY = "*/*";

/**
 * Rewrite, in the cut, the answers of the chosen operations typed any media
 * type (their own, and the shared ones they `$ref`) whose schema is
 * JSON-shaped and which have no JSON media type already. Returns each answer
 * rewritten, as the header names it.
 */
export function jsonForWildcards(cut: Json, chosen: readonly { id: string; op: Json }[]): string[] {
  const rewritten: string[] = [];
  const seen = new Set<object>();
  for (const { id, op } of chosen) {
    for (const [status, declared] of Object.entries((op.responses ?? {}) as Json)) {
      const response = followLocalRefs(cut, declared);
      if (!response || seen.has(response)) continue;
      seen.add(response);
      const content = (response.content ?? {}) as Json;
      // `*/*` with parameters too (`*/*; charset=utf-8`), as media types are compared everywhere.
      const any = Object.keys(content).find((type) => bareMediaType(type) === ANY);
      if (any === undefined || Object.keys(content).some(isJsonMediaType)) continue;
      if (!jsonShaped(cut, (content[any] as Json | undefined)?.schema)) continue;
      // The same entry under the JSON type, in the same place among the others.
      response.content = Object.fromEntries(Object.entries(content).map(([type, media]) => [type === any ? "application/json" : type, media]));
      const shared = typeof (declared as Json).$ref === "string" ? ((declared as Json).$ref as string).replace(/^#\//, "").replaceAll("/", ".") : undefined;
      rewritten.push(shared ?? `${id} ${status}`);
    }
  }
  return rewritten;
}

/**
 * A copy of a whole published document with those answers rewritten, in every
 * operation: what `upstream` compares, so that a change to such an answer's
 * schema is seen as it is in a JSON one (the cut `add` wrote types it JSON).
 */
export function withJsonForWildcards(document: Json): Json {
  const copy = structuredClone(document);
  const operations = Object.entries((copy.paths ?? {}) as Json).flatMap(([path, item]) =>
    OPERATION_METHODS.flatMap((method) => {
      const op = item && typeof item === "object" ? (item as Json)[method] : undefined;
      return op && typeof op === "object" ? [{ id: `${method.toUpperCase()} ${path}`, op: op as Json }] : [];
    }),
  );
  jsonForWildcards(copy, operations);
  return copy;
}

/** An object or a list (by its type, its properties or items, or a composition of such), its local `$ref`s followed. */
function jsonShaped(document: Json, schema: unknown, depth = 0): boolean {
  const node = followLocalRefs(document, schema);
  if (!node || depth > 10) return false;
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes("object") || types.includes("array") || node.properties !== undefined || node.items !== undefined) return true;
  return ["allOf", "oneOf", "anyOf"].some((k) => Array.isArray(node[k]) && (node[k] as unknown[]).some((part) => jsonShaped(document, part, depth + 1)));
}
