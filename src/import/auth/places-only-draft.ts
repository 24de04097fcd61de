// A document that declares no security scheme whose key is a field of the request body (`{auth: {hash}, task}`,
// "Authorization hash") or a parameter some operations declare and others take in their body instead (`keyid`, "Clé
// API", in the query of some and the JSON body of the rest): add first drafts a bearer token (added-scheme.ts), then
// finds the key's places while drafting the operations (draft/body-fields/nested-key-draft.ts, keyParameterPlace here;
// auth.alsoSends). A bearer token the document never asks for would carry the key in `Authorization` too, a place the
// API does not read and one more the secret leaks from; so the draft is made again with the key's places alone
// (auth.alsoSends, no scheme): no scheme is added to the cut, and an operation that declares none of them takes no
// credential (the link's rule, auth.ts placesNone).
import { describedAsTheKey } from "../../load/schemas/api-key-words.js";
import { ADDED_SCHEME, type CredentialDraft, type PlaceLimits, sendFirstKeyAt } from "./credential-draft.js";

/** The parameter holding a key the document puts in the request's own fields only. */
const PARAM = "apiKey";

/**
 * A field or parameter named as an API key by shape (`api_key`, `apiKey`, `x_access_token`): not a bare `key` or
 * `name`, which a `POST /api-keys` body gives the key it creates, nor an id of another resource (`api_key_id`).
 */
const API_KEY_NAME = /(?:api|access|secret)[-_]?key$|(?:access|auth)[-_]?token$/i;

/** Whether a required field or parameter is the document's key: named so, or described as the API key alone. */
export function theDocumentsKey(name: string, description: unknown): boolean {
  return API_KEY_NAME.test(name) || describedAsTheKey(description);
}

/** The bearer token add assumes for a document that declares no scheme (or the places-only redraft of it). */
export function assumedToken(credential: CredentialDraft): boolean {
  if (credential.placesOnly) return true;
  return Boolean(
    credential.added && credential.scheme === ADDED_SCHEME && !credential.parameterKey && !credential.address,
  );
}

/**
 * Whether a required body field named as the key may be drafted as the key of a document declaring no scheme: not once
 * the document's operations were found to carry such fields too seldom (keys/key-share.ts).
 */
export function keyMayBeBodyField(credential: CredentialDraft): boolean {
  return assumedToken(credential) && !credential.fieldsNotTheKey;
}

/**
 * A required query or header parameter, or a required field of a body (a form's: a JSON body's are read by
 * nested-key-draft.ts first), that is the key of a document declaring no scheme, where too few operations declare it
 * to make it the scheme's place (keys/key-parameter.ts: the rest take it in their body): registered as a place the
 * credential goes (auth.alsoSends); the note saying so, or undefined when it is no such parameter.
 */
export function keyParameterPlace(
  credential: CredentialDraft,
  param: { in: string; name: string; description?: unknown; required?: boolean; limits?: PlaceLimits },
): string | undefined {
  if (param.in !== "query" && param.in !== "header" && param.in !== "body") return undefined;
  if (!param.required || !assumedToken(credential) || !theDocumentsKey(param.name, param.description)) return undefined;
  if (param.in === "body" && !keyMayBeBodyField(credential)) return undefined;
  sendFirstKeyAt(credential, { in: param.in, name: param.name }, param.limits);
  const where = param.in === "body" ? "form field" : `${param.in} parameter`;
  return (
    `${where} ${param.name} is the API key, the document's only credential: sent there from the ` +
    "credential (auth.alsoSends), given once, secret; check how the API takes its key"
  );
}

/**
 * Whether the credential drafted is the bearer token add assumes for a document declaring no scheme, and the drafting
 * of the operations found the key in the requests' own fields (credential.alsoSends: a body's, a parameter's): the
 * draft is then made again with placesOnlyCredential.
 */
export function keyOnlyAtItsPlaces(credential: CredentialDraft): boolean {
  // An `Authorization` header the operations declare is where the document puts the key: the bearer token stays.
  if (!credential.added || credential.scheme !== ADDED_SCHEME || credential.placesOnly) return false;
  if (credential.authorizationDeclared) return false;
  if (credential.ways.length !== 1 || credential.address || credential.parameterKey) return false;
  const sent = [...(credential.alsoSends?.values() ?? [])];
  return sent.length > 0 && sent.every((s) => s.way === 0);
}

/** The credential as one sent at its places alone: no scheme, the added bearer token's notes replaced. */
export function placesOnlyCredential(credential: CredentialDraft): CredentialDraft {
  const assumed = credential.notes.filter((n) => !n.startsWith("the document declares no security scheme"));
  // What the first draft found the assumed token sends again (a query `token` it covered) is found anew: a key sent at
  // its places alone covers none of it.
  const { alsoSends: found, optional: _optional, covers: _covered, ...rest } = credential;
  const keyPlaces = new Set(
    [...(found?.values() ?? [])].flatMap(({ place }) => ("name" in place ? [placeKey(place)] : [])),
  );
  return {
    ...rest,
    covers: new Set(),
    keyPlaces,
    scheme: "",
    param: PARAM,
    placement: { type: "places" },
    definition: {},
    added: false,
    placesOnly: true,
    ways: [[{ scheme: "", placement: { type: "places" }, definition: {}, param: PARAM }]],
    notes: [
      ...assumed,
      "the document declares no security scheme, and its requests carry the key (a body field or a parameter the " +
        "operations require): drafted as a credential sent there alone (auth.alsoSends, no scheme, none added to " +
        "openapi.yaml), secret and out of every message; an operation that declares none of those places takes no " +
        "credential; check how the API takes its key",
    ],
  };
}

/** A parameter's place as keyPlaces keeps it: `query:api_key`. */
export function placeKey(place: { in: string; name: string }): string {
  return `${place.in}:${place.name}`;
}
