// A schema written as its type's name (`value: string` where `value: {type: string}` is meant: an annotation's
// selectors, each field's schema a bare `string`) is no schema by OpenAPI's letter, and the structure check refused
// it (load/structure/document-structure.ts): every operation reaching it, through a shared answer or body, could not
// be drafted, though the author's meaning is plain. Where the text names a JSON Schema type, the draft reads it as a
// schema of that type (`{type: string}`), said in the cut's header; any other text, a list or a
// number where a schema goes stays refused, naming the place.
import { withKeyChanges } from "../../common/copy-on-write.js";
import { valueAt } from "../../load/json-ref.js";
import { structurePlace, structureProblems } from "../../load/structure/document-structure.js";
import { aliasedType, JSON_TYPE_NAMES } from "../../load/schemas/type-aliases.js";
import type { SelectedOperation } from "./select-operations.js";

type Json = Record<string, unknown>;

/** More places than any document has: each is rewritten, not only the first few a refusal names. */
const ALL_PLACES = 10_000;

/** The document with each schema the chosen operations reach that is written as a type's name read as that type. */
export function withTypeNameSchemas(
  document: Json,
  chosen: readonly SelectedOperation[],
): { document?: Json; added?: string[] } {
  const changes = new Map<object, Record<string, unknown>>();
  const places: string[] = [];
  for (const problem of structureProblems(document, chosen, ALL_PLACES)) {
    if (problem.expected !== "a schema") continue;
    const name = valueAt(document, problem.path);
    const parent = valueAt(document, problem.path.slice(0, -1));
    const key = problem.path.at(-1);
    // A common name of a type (`int`, `bool`) read as the type it names, as a `type` so written is.
    const type = typeof name !== "string" ? undefined : JSON_TYPE_NAMES.has(name) ? name : aliasedType(name);
    if (type === undefined || !parent || typeof parent !== "object") continue;
    changes.set(parent, { ...changes.get(parent), [String(key)]: { type } });
    places.push(`${structurePlace(problem.path)} ("${name}"${type === name ? "" : `, ${type}`})`);
  }
  if (!places.length) return {};
  const shown =
    places.length > 3 ? `${places.slice(0, 3).join(", ")} and ${places.length - 3} more` : places.join(", ");
  const one = places.length === 1;
  const which = one
    ? `the schema ${shown} written as its type's name`
    : `${places.length} schemas ${shown} written as a type's name`;
  return {
    document: withKeyChanges(document, changes) as Json,
    added: [
      `${which}, read as ${one ? "a schema" : "schemas"} of that type ({type: string}): check what the API sends`,
    ],
  };
}
