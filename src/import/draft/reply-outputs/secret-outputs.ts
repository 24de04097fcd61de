// Which drafted outputs are secrets the reply hands out (a created API key, a webhook's signing secret, a client
// secret, a one-time password, a session token): drafted `secret: true` with a note, by the rules that say a
// parameter's or a JSON value's field is a secret (load/schemas/secrets/secret-names.ts secretField), read from the
// reply field's name, description and schema.
import { parsePointer } from "@blockwright/runtime/internal";
import type { ManifestOutput } from "../../../load/precompiled/manifest-types.js";
import type { OpenApiDocument, Schema } from "../../../load/openapi-document.js";
import { secretField, secretHolder } from "../../../load/schemas/secrets/secret-names.js";
import type { ReviewNote } from "../../manifest-yaml.js";
import { safeFlatten } from "../param-schema.js";

type Path = (string | number)[];

const BODY = "$response.body#";
const HEADER = "$response.header.";

/** Whether the field `name` of an object of `fields` (held by `holder`) is a secret the reply hands out. */
export function secretReplyField(
  doc: OpenApiDocument,
  name: string,
  fields: Record<string, Schema>,
  holder?: string,
): boolean {
  const schema = Object.hasOwn(fields, name) ? fields[name] : undefined;
  const flat = schema ? safeFlatten(doc, schema) : undefined;
  if (!schema || !flat) return false;
  // The field's own description first (a $ref's sibling), else its schema's.
  const described = { ...flat, description: (schema as { description?: unknown }).description ?? flat.description };
  return secretField(name, described, Object.keys(fields), { name: secretHolder(holder) });
}

/**
 * Mark each output reading one field of the reply's body (`$response.body#/key`, `$response.body#/data/secret`) that
 * is a secret (secretReplyField), a note at it saying why; the outputs are changed in place.
 */
export function markSecretOutputs(
  doc: OpenApiDocument,
  body: Schema | undefined,
  outputs: Record<string, ManifestOutput>,
  where: Path,
  notes: ReviewNote[],
): void {
  if (!body) return;
  for (const [name, output] of Object.entries(outputs)) {
    if (typeof output.from !== "string" || !output.from.startsWith(BODY) || output.count) continue;
    const pointer = parsePointer(output.from.slice(BODY.length));
    const field = pointer.at(-1);
    const holder = holderAt(doc, body, pointer.slice(0, -1));
    if (field === undefined || !holder || !secretReplyField(doc, field, holder, pointer.at(-2))) continue;
    output.secret = true;
    notes.push({
      at: [...where, name],
      note:
        `the reply's ${pointer.join(".")} is named or described as a secret: drafted secret (returned to the ` +
        "caller and to later blocks, printed by `call` as [redacted]); remove it if the value is no secret",
    });
  }
  // After every output is marked: a json output's note names only the secrets no output of their own reads.
  for (const [name, output] of Object.entries(outputs))
    if (output.type === "json") heldSecretsNote(doc, body, outputs, name, where, notes);
}

/** The fields of the object at `pointer` of the reply's body, through objects only; none where it is no object. */
function holderAt(doc: OpenApiDocument, body: Schema, pointer: readonly string[]): Record<string, Schema> | undefined {
  let at: Schema | undefined = safeFlatten(doc, body);
  for (const key of pointer) {
    const fields = at?.properties as Record<string, Schema> | undefined;
    const next = fields && Object.hasOwn(fields, key) ? fields[key] : undefined;
    at = next ? safeFlatten(doc, next) : undefined;
  }
  return at?.properties as Record<string, Schema> | undefined;
}

/**
 * Mark each output reading a reply header (`$response.header.X-Session-Token`) that is named or described as a secret
 * (secretField, the header's name and drafted description), a note at it; changed in place.
 */
export function markSecretHeaders(outputs: Record<string, ManifestOutput>, where: Path, notes: ReviewNote[]): void {
  for (const [name, output] of Object.entries(outputs)) {
    if (typeof output.from !== "string" || !output.from.startsWith(HEADER)) continue;
    const header = output.from.slice(HEADER.length);
    if (!secretField(header, { type: "string", description: output.description })) continue;
    output.secret = true;
    notes.push({
      at: [...where, name],
      note:
        `the reply's header ${header} is named or described as a secret: drafted secret (returned to the caller ` +
        "and to later blocks, withheld wherever a result is printed or kept); remove it if the value is no secret",
    });
  }
}

/**
 * A note at a `json` output whose object holds a secret field no output of its own reads: marking the whole object
 * would withhold its every field, so it is left plain, and the note says how to withhold the field (an output of its
 * own marked secret, whose texts are then withheld inside the object too).
 */
function heldSecretsNote(
  doc: OpenApiDocument,
  body: Schema,
  outputs: Record<string, ManifestOutput>,
  name: string,
  where: Path,
  notes: ReviewNote[],
): void {
  const from = outputs[name]?.from;
  if (typeof from !== "string" || (from !== "$response.body" && !from.startsWith(BODY))) return;
  const pointer = from === "$response.body" ? [] : parsePointer(from.slice(BODY.length));
  const read = (at: readonly string[]) =>
    Object.values(outputs).some((o) => o.secret && o.from === `${BODY}/${at.join("/")}`);
  const held: string[] = [];
  // The object's fields, and those of the objects it holds, a few levels down.
  const walk = (at: readonly string[], depth: number) => {
    const fields = holderAt(doc, body, at);
    if (!fields || depth > 3) return;
    for (const field of Object.keys(fields)) {
      if (!secretReplyField(doc, field, fields, at.at(-1))) walk([...at, field], depth + 1);
      else if (!read([...at, field])) held.push([...at, field].slice(pointer.length).join("."));
    }
  };
  walk(pointer, 0);
  if (!held.length) return;
  notes.push({
    at: [...where, name],
    note:
      `holds ${held.join(", ")}, named or described as a secret, shown wherever this output is: add an output ` +
      "reading it with secret: true (its text is then withheld inside this one too), or drop this output",
  });
}
