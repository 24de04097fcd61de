// A body of named fields that the document leaves open to others (`additionalProperties: true` or a schema; in 3.1
// `unevaluatedProperties` too): its other fields drafted as one json object parameter, `otherFields`, whose fields go
// beside the named ones (link/wire/other-fields.ts), so that a call can send what the document allows.
import type { ManifestParam } from "../../../load/precompiled/manifest-types.js";
import { typeOf, type OpenApiDocument, type Schema } from "../../../load/openapi-document.js";
import type { ReviewNote } from "../../manifest-yaml.js";
import { paramName } from "../param-names.js";
import { fromSchema, safeFlatten } from "../param-schema.js";

type Path = (string | number)[];

/** The keyword that opens the object to other fields and the schema it gives them, if it says so. */
function opening(flat: Schema): { keyword: string; schema: Schema } | undefined {
  for (const keyword of ["additionalProperties", "unevaluatedProperties"] as const) {
    const given = flat[keyword];
    if (given === false) return undefined;
    if (given === true) return { keyword: `${keyword}: true`, schema: {} };
    if (given !== null && typeof given === "object")
      return { keyword: `${keyword}: a schema`, schema: given as Schema };
  }
  return undefined;
}

/** What the other fields' values are, in words, where their schema says a kind. */
function kindOf(doc: OpenApiDocument, schema: Schema): string {
  const type = typeOf(safeFlatten(doc, schema) ?? {});
  return type ? `, each value ${/^[aeiou]/.test(type) ? "an" : "a"} ${type}` : "";
}

/** What the document says of the other fields (their schema's description), after a space; or nothing. */
function described(doc: OpenApiDocument, schema: Schema): string {
  const text = safeFlatten(doc, schema)?.description;
  return typeof text === "string" && text.trim() ? ` ${text.trim()}` : "";
}

/**
 * The body's other fields as one parameter, when its schema names fields and leaves the object open to others; said in
 * a review note. `into`: the operation's parameters and the names taken.
 */
export function draftOtherFields(
  doc: OpenApiDocument,
  flat: Schema,
  at: Path,
  notes: ReviewNote[],
  into: { params: Record<string, ManifestParam>; taken: Set<string> },
): void {
  const open = opening(flat);
  if (!open) return;
  const name = paramName("otherFields", into.taken);
  const where = [...at, "params", name];
  const own: ReviewNote[] = [];
  const draft = fromSchema(
    doc,
    { type: "object", additionalProperties: open.schema },
    {
      name,
      place: "body",
      required: false,
      description:
        "Other fields of the request body, beside its named ones: a JSON object whose fields are sent as the " +
        `body's own${kindOf(doc, open.schema)}. A named field goes in its own parameter.${described(doc, open.schema)}`,
      at: where,
    },
    own,
  );
  if (!draft) return;
  delete draft.example;
  draft.jsonType = "object";
  draft.wire = { in: "body", otherFields: true };
  notes.push(...own, {
    at: where,
    note:
      `the request body names its fields and takes others too (${open.keyword}): drafted as ${name}, a JSON object ` +
      "whose fields are sent beside the named ones (a named field given there is refused); say which fields the " +
      `upstream reads, or remove ${name} if none`,
  });
  into.params[name] = draft;
  into.taken.add(name);
}
