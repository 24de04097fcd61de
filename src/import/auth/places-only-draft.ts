// A document that declares no security scheme whose key is a field of the request body (`{auth: {hash}, task}`,
// "Authorization hash"): add first drafts a bearer token (added-scheme.ts), then finds the body's key while drafting
// the operations (draft/body-fields/nested-key-draft.ts, auth.alsoSends). A bearer token the document never asks for
// would carry the key in `Authorization` too, a place the API does not read and one more the secret leaks from; so
// the draft is made again with the key's places alone (auth.alsoSends, no scheme): no scheme is added to the cut, and
// an operation whose body holds no key takes no credential (the link's rule, auth.ts placesNone).
import { ADDED_SCHEME, type CredentialDraft } from "./credential-draft.js";

/** The parameter holding a key the document puts in the request body only. */
const PARAM = "apiKey";

/**
 * Whether the credential drafted is the bearer token add assumes for a document declaring no scheme, and the drafting
 * of the operations found the key in a request body (credential.alsoSends): the draft is then made again with
 * placesOnlyCredential.
 */
export function keyOnlyInBody(credential: CredentialDraft): boolean {
  // An `Authorization` header the operations declare is where the document puts the key: the bearer token stays.
  if (!credential.added || credential.scheme !== ADDED_SCHEME || credential.placesOnly) return false;
  if (credential.authorizationDeclared) return false;
  if (credential.ways.length !== 1 || credential.address || credential.parameterKey) return false;
  const sent = [...(credential.alsoSends?.values() ?? [])];
  return sent.length > 0 && sent.every((s) => s.way === 0 && s.place.in === "body");
}

/** The credential as one sent at its body places alone: no scheme, the added bearer token's notes replaced. */
export function placesOnlyCredential(credential: CredentialDraft): CredentialDraft {
  const assumed = credential.notes.filter((n) => !n.startsWith("the document declares no security scheme"));
  const { alsoSends: _found, optional: _optional, ...rest } = credential;
  return {
    ...rest,
    scheme: "",
    param: PARAM,
    placement: { type: "places" },
    definition: {},
    added: false,
    placesOnly: true,
    ways: [[{ scheme: "", placement: { type: "places" }, definition: {}, param: PARAM }]],
    notes: [
      ...assumed,
      "the document declares no security scheme, and its request bodies carry the key (a field the operations " +
        "require): drafted as a credential sent there alone (auth.alsoSends, no scheme, none added to " +
        "openapi.yaml), secret and out of every message; an operation whose body holds no key takes no credential; " +
        "check how the API takes its key",
    ],
  };
}
