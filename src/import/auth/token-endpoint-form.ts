// A token endpoint's form (RFC 6749 §4: a request body with a `grant_type`) and the credentials it carries beyond the
// names that are secrets in any operation (secret-names.ts): a token exchange's subject and actor tokens (RFC 8693),
// an assertion (RFC 7521, RFC 7523), an authorization code and its PKCE verifier (RFC 7636), a device's code
// (RFC 8628). Decided by the form's shape, so that a `subject_token` elsewhere (a tag, a page's token) stays plain.
import type { OpenApiDocument, OpenApiOperation, Schema } from "../../load/openapi-document.js";
import { nameWords } from "../../load/schemas/name-words.js";

// RFC 6749's grant types, and an extension grant's absolute URI (§4.5: `urn:ietf:params:oauth:grant-type:…`).
const GRANT_TYPE = /^(authorization_code|password|client_credentials|refresh_token)$|^[a-z][a-z0-9+.-]*:\S+$/i;
// Fields of a token request that hold a credential whatever their last word: an assertion, a code, a verifier.
const CREDENTIAL_FIELDS = new Set(["assertion", "client_assertion", "code", "device_code", "code_verifier"]);
// A token that is no credential: a page's, a sync's (`next_token`, `page_token`, `paginationToken`).
const NOT_CREDENTIAL = new Set(["page", "next", "pagination", "paging", "sync", "continuation", "cursor", "csrf"]);

/**
 * Whether the operation's request body is a token endpoint's form: a field `grant_type` (at its top or in one of its
 * shapes) whose values, where the document states any, are grant types of RFC 6749 or extension grants' URIs.
 */
export function tokenEndpointForm(doc: OpenApiDocument, op: OpenApiOperation): boolean {
  const body = op.requestBody?.schema;
  if (!body) return false;
  let field: Schema | undefined;
  try {
    const found = doc.locate(body, ["grant_type"]).schema;
    field = found ? doc.flatten(found) : undefined;
  } catch {
    return false;
  }
  if (!field) return false;
  const stated = [
    ...(Array.isArray(field.enum) ? field.enum : []),
    ...["const", "default", "example"].filter((k) => Object.hasOwn(field, k)).map((k) => field[k]),
  ];
  return stated.every((v) => typeof v === "string" && GRANT_TYPE.test(v));
}

/**
 * Whether a field of a token endpoint's form holds a credential: a token of some kind (`subject_token`, `actorToken`,
 * `id_token`; not its type, `subject_token_type`, nor a page's), an assertion, a code or a PKCE verifier.
 */
export function tokenFormCredential(name: string): boolean {
  const words = nameWords(name);
  if (CREDENTIAL_FIELDS.has(words.join("_"))) return true;
  return words.at(-1) === "token" && !words.some((w) => NOT_CREDENTIAL.has(w));
}
