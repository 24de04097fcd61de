// A key inside an object of a JSON request body (`{auth: {hash: <key>}}`, "Authorization hash"), as add drafts it:
// the way's credential sent there too (auth.alsoSends with the field's path), given once, rather than a plain field of
// a JSON parameter a caller fills with the key in clear. The object holding nothing but the key is then no parameter.
// With no scheme declared, a required top-level field named as an API key (`zx_api_key`) is the document's only
// credential: sent from it too, so add drafts it alone (places-only-draft.ts), not a per-call input beside a guessed
// bearer token. By shape, not by name alone: a declared scheme's key in the body is auth.covers (credential-params.ts),
// and a field that names another key (`api_key_id`, a created key's `key` or `name`) stays an input, as do two keys
// side by side (a storage's `accessKey` and `secretKey`): another party's pair.
import { fieldOf } from "@blockwright/runtime/internal";
import { type OpenApiDocument, type Schema, typeOf } from "../../../load/openapi-document.js";
import type { ReviewNote } from "../../manifest-yaml.js";
import { safeFlatten } from "../param-schema.js";
import { nameWords } from "../../../load/schemas/name-words.js";
import { type CredentialDraft, sendFirstKeyAt } from "../../auth/credential-draft.js";
import { keyMayBeBodyField, theDocumentsKey } from "../../auth/places-only-draft.js";
import { namesCredential } from "../../auth/credential-params.js";
import { signsWithSigv4 } from "../../auth/signing/sigv4-draft.js";
import { signsJwt } from "../../auth/signing/signed-jwt-draft.js";

/** How deep into a body's objects a key is looked for (`auth.hash`: 2). */
const DEEPEST = 3;
/** A name's last word that, described as what authorises a call, is its key. */
const KEY_WORDS = new Set(["hash", "key", "token", "apikey", "secret", "signature"]);
const AUTHORISES = /\b(authori[sz]ation|authori[sz]es?|authenticat\w*|api[ -]?key|access[ -]?key)\b/i;

/** What the call's ways send: a bearer token, and what may be a key (anything but an OAuth 2 access token). */
interface Sends {
  token: boolean;
  key: boolean;
}

/**
 * Whether a field's name and description say it is the key that authorises the call. A token (by its name's last word)
 * where no way of the call's sends a token (an API key, basic) is some other party's (a workspace's token a connection
 * keeps), and a key where every way sends a token (OAuth 2) is too (a storage account's access key a resource keeps):
 * a token repeats a token, a key a key, as for a declared parameter (credential-params.ts repeatsCredential).
 */
function authorisesCall(name: string, description: unknown, holder: string, sends: Sends): boolean {
  if (nameWords(name).at(-1) === "token" ? !sends.token : !sends.key) return false;
  const said = typeof description === "string" && AUTHORISES.test(description);
  // A bare `key` or `token` is a credential only where its words or its object's name say so (`{auth: {key}}`): a
  // storage object's `key` ("Key name of the bucket object", `{source: {s3: {bucketName, key}}}`) is its path.
  if (/^(key|token)$/i.test(name)) return said || AUTH_HOLDER.test(holder);
  if (namesCredential(name)) return true;
  return KEY_WORDS.has(nameWords(name).at(-1) ?? "") && said;
}

/** Whether a name's words say "api key" anywhere (`apiKeyPrivate`). */
function namesAnApiKey(words: readonly string[]): boolean {
  return words.some((word, i) => word === "api" && words[i + 1] === "key");
}

/** An object's name that says it holds the call's credential (`auth`, `credentials`, `authentication`). */
const AUTH_HOLDER = /^(auth|authentication|authori[sz]ation|credentials?|security|api[-_]?auth)$/i;

/** The path of a required text field inside `schema`'s objects that is the call's key, if one is. */
function keyPath(doc: OpenApiDocument, schema: Schema, path: string[], sends: Sends): string[] | undefined {
  if (path.length >= DEEPEST) return undefined;
  const flat = safeFlatten(doc, schema);
  if (!flat || typeOf(flat) !== "object") return undefined;
  const fields = (flat.properties ?? {}) as Record<string, Schema>;
  const required = new Set(Array.isArray(flat.required) ? (flat.required as string[]) : []);
  // Two keys side by side (a storage's access and secret keys) are another party's pair: none is the call's one key.
  // An API key of a kind (`apiKeyPrivate` beside `apiKey`: a mailer's keys a settings object keeps) is one of them.
  const keyish = (name: string) =>
    namesCredential(name) || KEY_WORDS.has(nameWords(name).at(-1) ?? "") || namesAnApiKey(nameWords(name));
  const pair = Object.keys(fields).filter(keyish).length > 1;
  for (const name of Object.keys(fields)) {
    const field = safeFlatten(doc, fieldOf(fields, name));
    if (!field) continue;
    const text = typeOf(field) === "string";
    const holder = path.at(-1) ?? "";
    if (text && !pair && required.has(name) && authorisesCall(name, field.description, holder, sends))
      return [...path, name];
    const deeper = keyPath(doc, field, [...path, name], sends);
    if (deeper) return deeper;
  }
  return undefined;
}

/**
 * The top-level fields of a JSON body that hold the call's key inside an object: the key registered as a place the
 * credential's first way sends it at too (credential.alsoSends, written by draftAlsoSends); the fields whose object
 * holds the key alone, which are then not drafted (returned).
 */
export function nestedKeys(
  doc: OpenApiDocument,
  credential: CredentialDraft,
  fields: Record<string, Schema>,
  at: (string | number)[],
  notes: ReviewNote[],
  required: ReadonlySet<string> = new Set(),
): Set<string> {
  const left = new Set<string>();
  if (!credential.ways.length) return left;
  // An OAuth 2 or OpenID Connect way's access token is never a key; a plain bearer credential may be one (an API key).
  const all = credential.ways.flat();
  const signedIn = (c: (typeof all)[number]) => ["oauth2", "openIdConnect"].includes(String(c.definition.type));
  // A way that signs each request (AWS Signature Version 4, a signed JWT) sends no key anywhere: none to repeat.
  const signs = (c: (typeof all)[number]) => signsWithSigv4(c.definition) || signsJwt(c.definition);
  const sends = {
    token: all.some((c) => c.placement.type === "bearer"),
    key: all.some((c) => !signedIn(c) && !signs(c)),
  };
  const assumed = keyMayBeBodyField(credential);
  for (const [field, schema] of Object.entries(fields)) {
    const flat = safeFlatten(doc, schema);
    if (!flat) continue;
    // With no scheme declared, a required top-level text field named as the API key, or described as it alone ("Clé
    // API"), is the only credential the document has: sent from it (alsoSends, placesOnly), not typed into each call
    // as an input beside a guessed token.
    if (assumed && typeOf(flat) === "string" && required.has(field) && theDocumentsKey(field, flat.description)) {
      keyAt(credential, [field], flat);
      left.add(field);
      notes.push({
        at: [...at, "params"],
        note:
          `body field ${field} is the API key, the document's only credential: ` +
          `sent there from the credential (auth.alsoSends), given once, secret; check how the API takes its key`,
      });
      continue;
    }
    if (typeOf(flat) !== "object") continue;
    const path = keyPath(doc, flat, [field], sends);
    if (!path) continue;
    const leaf = safeFlatten(doc, doc.schemaAt(flat, path.slice(1)) ?? {});
    keyAt(credential, path, leaf);
    const alone = path.length === 2 && Object.keys((flat.properties ?? {}) as object).length === 1;
    if (alone) left.add(field);
    const words = typeof leaf?.description === "string" ? ` (${JSON.stringify(leaf.description)})` : "";
    notes.push({
      at: [...at, "params"],
      note:
        `body field ${path.join(".")}${words} is the key that authorises the call: the credential is sent there ` +
        `${credential.placesOnly ? "alone" : "too"} (auth.alsoSends, path [${path.join(", ")}]), given once${
          alone ? `; ${field}, which holds nothing else, is no parameter` : ""
        }${
          credential.added
            ? `; the document declares no security scheme, so the added ${credential.scheme} sends it in its place ` +
              "as well: check how the API takes its key"
            : ""
        }`,
    });
  }
  return left;
}

/** The way's first credential sent at a body field too (credential.alsoSends), bounded by the field's lengths. */
function keyAt(credential: CredentialDraft, path: string[], leaf: Schema | undefined): void {
  sendFirstKeyAt(credential, path.length === 1 ? { in: "body", name: path[0] as string } : { in: "body", path }, leaf);
}
