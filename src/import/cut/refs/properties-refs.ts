// A map of named schemas (`properties`, `patternProperties`) holding a `$ref` beside its names, the reference a
// pointer to another such map (`properties: {$ref: "#/components/schemas/Asset/properties", pinata: {…}}`), is no
// schema by OpenAPI's letter: it names a property `$ref` whose schema is a text, and the structure check refused it
// (load/structure/document-structure.ts), so every operation reaching it could not be drafted. The author's meaning
// is the one JSON Reference resolvers give it (json-schema-ref-parser, which such a document's own build runs: a
// `$ref` with members beside it is the value it names with those members added, theirs first): the names the pointer
// reaches and those written beside it. The draft reads it so, said in the cut's header; a `$ref` naming nothing, or
// something other than a map of schemas, stays refused, naming the place.
import { withKeyChanges } from "../../../common/copy-on-write.js";
import { refTarget, valueAt } from "../../../load/json-ref.js";
import { structurePlace, structureProblems } from "../../../load/structure/document-structure.js";
import type { SelectedOperation } from "../select-operations.js";

type Json = Record<string, unknown>;

/** More places than any document has: each is rewritten, not only the first few a refusal names. */
const ALL_PLACES = 10_000;
/** The maps whose members are schemas by name, where a `$ref` member is read as the names it points at. */
const NAMED_SCHEMA_MAPS = new Set(["properties", "patternProperties"]);
/** Rounds of reading: a chain of maps each pointing at the next ends well before this. */
const MAX_ROUNDS = 8;

const isMap = (value: unknown): value is Json => value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * The map of schemas `map` stands for: its own members but `$ref`, then those of the map its `$ref` points at (read
 * the same way, a pointer met again ending the chain); undefined where the pointer names no map of schemas.
 */
function mergedMap(document: Json, map: Json, seen: Set<string> = new Set()): Json | undefined {
  const { $ref: ref, ...own } = map;
  if (ref === undefined) return Object.values(own).every((s) => isMap(s) || typeof s === "boolean") ? map : undefined;
  if (typeof ref !== "string" || !ref.startsWith("#/") || seen.has(ref)) return undefined;
  seen.add(ref);
  const target = refTarget(document, ref);
  const named = isMap(target) ? mergedMap(document, target, seen) : undefined;
  return named === undefined ? undefined : { ...named, ...own };
}

/** The document with each map of schemas the chosen operations reach that holds a `$ref` read as the names it means. */
export function withPropertiesRefsRead(
  document: Json,
  chosen: readonly SelectedOperation[],
): { document?: Json; added?: string[] } {
  // A map pointed at may hold a `$ref` of its own, which the check meets only once the first is read: a round each.
  let read = document;
  const places: string[] = [];
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const changes = new Map<object, Record<string, unknown>>();
    for (const problem of structureProblems(read, chosen, ALL_PLACES)) {
      if (problem.expected !== "a schema" || problem.path.at(-1) !== "$ref") continue;
      const mapKey = problem.path.at(-2);
      if (typeof mapKey !== "string" || !NAMED_SCHEMA_MAPS.has(mapKey)) continue;
      const map = valueAt(read, problem.path.slice(0, -1));
      const owner = valueAt(read, problem.path.slice(0, -2));
      if (!isMap(map) || !isMap(owner)) continue;
      const merged = mergedMap(read, map);
      if (merged === undefined) continue;
      changes.set(owner, { ...changes.get(owner), [mapKey]: merged });
      places.push(`${structurePlace(problem.path)} ("${String(map.$ref)}")`);
    }
    if (changes.size === 0) break;
    read = withKeyChanges(read, changes) as Json;
  }
  if (!places.length) return {};
  const shown =
    places.length > 3 ? `${places.slice(0, 3).join(", ")} and ${places.length - 3} more` : places.join(", ");
  const one = places.length === 1;
  return {
    document: read,
    added: [
      `${one ? "the reference" : `${places.length} references`} ${shown} written among a schema's properties, ` +
        `read as ${one ? "the properties it points at" : "the properties each points at"} beside the others ` +
        "(as JSON Reference resolvers read a $ref with members beside it): check what the API takes",
    ],
  };
}
