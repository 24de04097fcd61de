// A document that declares no security scheme, whose operations take their key as a parameter (the scheme add
// drafts from it: added-scheme.ts), and one of them takes the key as a field of its request body instead (a
// multipart upload's `api_key` field): the added requirement does not hold for that one, whose correct request
// carries the key in its body, not where the scheme puts it. The cut writes `security: []` on it, and its body
// field is drafted as its own secret parameter (draft/params.ts): a person gives the key to that operation as well.
//
// Not auth.alsoSends (also-sends-draft.ts), though both are one key in a body field: alsoSends sends the key at a
// place *besides* its scheme's, where the document requires it at both (its operation secured, the body field
// required too); here the operation takes it *instead*, and its document declares no query key for it. Drafted as
// alsoSends, this operation's requests would carry the key in their address as well, a place its document does not
// declare (a strict API refuses an unknown parameter; the key would sit in logged URLs for nothing), and the cut
// would claim a requirement the document does not state. One concept for both would be a place the key goes in
// place of its scheme's, per operation, which the manifest cannot say yet.
import type { CredentialDraft } from "../credential-draft.js";
import { resolved } from "./key-parameter.js";

type Json = Record<string, unknown>;

/** Form media types whose fields are named: a key can be one of them. */
const FORMS = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/**
 * Writes `security: []` on each chosen operation that takes the added key scheme's key as a field of its form body
 * and not where the scheme puts it; the operations so written, for the cut's header and the notes.
 */
export function withKeyInBody(
  cut: Json,
  credential: CredentialDraft,
  operations: readonly { id: string; path: string; method: string }[],
): string[] {
  const place = credential.placement;
  if (!credential.added || credential.address || !("name" in place) || !isTopRequirement(cut, credential.scheme))
    return [];
  const paths = (cut.paths ?? {}) as Record<string, Json | undefined>;
  const written: string[] = [];
  for (const { id, path, method } of operations) {
    const item = paths[path];
    const op = item?.[method] as Json | undefined;
    if (!item || !op || op.security !== undefined) continue;
    const declared = [...asList(item.parameters), ...asList(op.parameters)].map((p) => resolved(cut, p));
    if (declared.some((p) => p?.in === place.type && p.name === place.name)) continue;
    if (!bodyFields(cut, op).includes(place.name)) continue;
    op.security = [];
    written.push(id);
  }
  return written;
}

/** The review notes on the operations withKeyInBody wrote `security: []` on. */
export function keyInBodyNotes(
  written: readonly string[],
  credential: CredentialDraft,
): { at: string[]; note: string }[] {
  const field = "name" in credential.placement ? credential.placement.name : "";
  return written.map((id) => ({
    at: ["auth"],
    note:
      `${id} takes the key in its request body (the form field ${field}), not where the added scheme ` +
      `${credential.scheme} puts it: openapi.yaml writes security: [] on it, and the field is its own secret ` +
      "parameter (auth.alsoSends sends the credential in a body field besides its scheme's place, not instead of it)",
  }));
}

/** Whether the cut's top-level security is the one requirement of `scheme` (the one add writes for its scheme). */
function isTopRequirement(cut: Json, scheme: string): boolean {
  const security = cut.security;
  return Array.isArray(security) && security.length === 1 && Object.keys((security[0] ?? {}) as Json).join() === scheme;
}

/** The names of the top-level fields of the operation's form bodies. */
function bodyFields(cut: Json, op: Json): string[] {
  const body = resolved(cut, op.requestBody);
  const content = (body?.content ?? {}) as Record<string, Json | undefined>;
  return Object.entries(content).flatMap(([type, media]) => {
    if (!FORMS.test(type)) return [];
    const schema = resolved(cut, media?.schema);
    return Object.keys((schema?.properties ?? {}) as Json);
  });
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
