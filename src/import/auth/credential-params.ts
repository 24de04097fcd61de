// The manifest's part of a drafted credential: its `auth` (the scheme,
// alternatives, the variable of the address), the shared parameters holding
// each credential (secret, or not: an identifier or a mode the document
// names), and the document's parameters that repeat the credential (covered
// by it, auth.covers, not drafted).
import type { Manifest, ManifestParam } from "../../load/precompiled/manifest-types.js";
import { actedOnToken } from "./acted-on-token.js";
import { sentAgain } from "./also-sends-draft.js";
import { placeKey } from "./places-only-draft.js";
import { keyParameterPlace } from "./places-only-draft.js";
import { namesNoCredential, notACredential } from "../../load/schemas/no-credential.js";
import { callsAnIdentifier } from "../../load/schemas/identifier-words.js";
import { nameWords, withoutIndex } from "../../load/schemas/name-words.js";
import { CREDENTIAL_ENDINGS, namesASecret, namesSecret } from "../../load/schemas/secrets/secret-names.js";
import { shortText } from "../plain-text.js";
import { addressCredentialParam } from "../shapes/address-credential.js";
import {
  type CredentialDraft,
  type DraftCredential,
  type DraftPlacement,
  NOT_SECRET,
  type PlaceLimits,
} from "./credential-draft.js";
import { bearerParamName } from "./credential-names.js";
import { keyName } from "./keys/key-parameter.js";
import { withPrivateKeyParam } from "./signing/signed-jwt-draft.js";
import { sigv4Auth, sigv4Params } from "./signing/sigv4-draft.js";

/**
 * The values a companion credential's scheme says it takes ("Possible values: jwt or anonymous"): words anyone may
 * read in the document, so a mode the request names, not a secret (a secret is never shorter than the runtime's
 * least, which would refuse `jwt`). Two to eight words, or none.
 */
export function namedValues(description: unknown): string[] | undefined {
  if (typeof description !== "string") return undefined;
  const listed = /\b(?:possible|allowed|accepted|valid)\s+values(?:\s+are|\s+is)?\s*:?\s*([^.;\n]+)/i.exec(
    description,
  )?.[1];
  // "Must be 'xml' or 'json'": the values quoted, each of them (unquoted, "must be" is a rule's prose: "at least 8").
  const quoted = listed ? undefined : /\bmust\s+be(?:\s+one\s+of)?\s*:?\s*([^.;\n]+)/i.exec(description)?.[1];
  const parts = (listed ?? quoted)?.split(/\s*(?:,|\bor\b|\band\b)\s*/).filter(Boolean);
  if (quoted && !parts?.every((w) => /^([`'"])[^`'"]+\1$/.test(w))) return undefined;
  const words = parts?.map((w) => w.replace(/^[`'"]|[`'"]$/g, "")).filter(Boolean);
  return words && words.length >= 2 && words.length <= 8 && words.every((w) => /^[\w-]{1,32}$/.test(w))
    ? words
    : undefined;
}

/** The manifest's `auth` for the drafted ways (its `covers` aside). */
export function authOfDraft(credential: CredentialDraft): Manifest["auth"] {
  if (credential.address) return { variable: credential.address.variable, param: credential.param };
  // Its places (auth.alsoSends) are written by draftAlsoSends, from those the operations' bodies hold.
  if (credential.placesOnly) return { param: credential.param } as Manifest["auth"];
  const entry = (c: DraftCredential) => ({
    scheme: c.scheme,
    param: c.param,
    ...(c.user ? { user: c.user } : {}),
    ...(c.password ? { password: c.password.text } : {}),
    ...(c.prefix ? { prefix: c.prefix.prefix } : {}),
    ...(c.encode ? { encode: c.encode.encode } : {}),
  });
  const way = (w: DraftCredential[]) => ({
    ...entry(w[0] as DraftCredential),
    ...(w.length > 1 ? { also: w.slice(1).map(entry) } : {}),
  });
  const [first, ...alternatives] = credential.ways;
  return {
    ...way(first as DraftCredential[]),
    ...(credential.sigv4 ? { sigv4: sigv4Auth(credential.sigv4) } : {}),
    ...(credential.signedJwt ? { signedJwt: credential.signedJwt.signedJwt } : {}),
    ...(alternatives.length ? { alternatives: alternatives.map(way) } : {}),
  };
}

/** The shared parameters of the drafted credentials, with a note on each. */
export function credentialParams(
  credential: CredentialDraft,
  maxLength: number,
): { params: Record<string, ManifestParam>; notes: { name: string; note: string }[] } {
  const params: Record<string, ManifestParam> = {};
  const notes: { name: string; note: string }[] = [];
  if (credential.address) {
    params[credential.param] = addressCredentialParam(credential.address, maxLength);
    notes.push({
      name: credential.param,
      note: credential.address.said
        ? `maxLength ${maxLength} is blockwright add's default for a credential, its pattern the path variable's ` +
          `(${credential.address.said}): set the upstream's own limits if it has some`
        : `maxLength ${maxLength} is blockwright add's default for a credential, and the pattern a path segment's ` +
          "characters: set the upstream's own limits if it has some",
    });
    return { params, notes };
  }
  // With alternatives a call gives one way; an optional credential, none.
  const required = credential.ways.length === 1 && !credential.optional;
  if (credential.sigv4) {
    Object.assign(params, sigv4Params(maxLength));
    notes.push({ name: "accessKeyId", note: "the access key id the signature's Credential names: not secret" });
  }
  // A parameter that opens a way authenticates a call alone there: it is that way's secret, as the link wants, even
  // where another way sends it beside a secret as an identifier (an OAuth client's client_id, alone in a way of its
  // own, calls as the client).
  const opensAWay = new Set(credential.ways.map((w) => w[0]?.param));
  for (const way of credential.ways) {
    way.forEach((c, i) => {
      // A credential at the place of one before it in the way, or of a way before (one scheme in two ways), shares
      // its parameter (nameParams).
      if (params[c.param]) return;
      const about =
        typeof c.definition.description === "string"
          ? shortText(c.definition.description, 300).replace(/\.?$/, ". ")
          : "";
      const where = c.password
        ? "sent as the user name of HTTP basic (Authorization: Basic) with an empty password"
        : `${placementWords(c.placement)}${c.prefix ? ` after ${JSON.stringify(c.prefix.prefix)}` : ""}${encodedAs(c)}`;
      const key = "name" in c.placement ? c.placement.name : "";
      const opens = i === 0 || opensAWay.has(c.param);
      const values = opens ? undefined : namedValues(c.definition.description);
      const secret = opens || (!identifierByName(c, key) && !values);
      if (c.user) basicUser(c, c.user, about, required, params, notes);
      if (c.password)
        notes.push({
          name: c.param,
          note:
            `the key is sent as the user name of HTTP basic with an empty password (auth.password), as the ` +
            `${c.password.where ?? "scheme's description"} says: ${JSON.stringify(shortText(c.password.words, 240))}`,
        });
      const { what, title } = credentialNaming(c, key, credential.sigv4 !== undefined);
      params[c.param] = {
        type: "string",
        title,
        required,
        ...(secret ? { secret: true } : {}),
        ...(values ? { enum: values } : {}),
        maxLength: secret ? maxLength : 256,
        description: credential.sigv4 ? `${what}.` : `${about}${what}, ${where}.`,
      };
      const alone =
        i > 0 && NOT_SECRET.test(key)
          ? `marked secret though its name says it is an identifier: a way of its own sends it alone (security ` +
            `scheme ${c.scheme}), so it authenticates a call by itself; `
          : "";
      notes.push({
        name: c.param,
        note: secret
          ? alone +
            `maxLength ${maxLength} is blockwright add's default for a credential: set the upstream's own limit if ` +
            "it has one"
          : values
            ? `sent with the credential (security scheme ${c.scheme}); not marked secret, as its description names ` +
              `the values it takes (${values.join(", ")})`
            : `sent with the credential (security scheme ${c.scheme}); not marked secret, as its name says it is an ` +
              "identifier",
      });
    });
  }
  return withPrivateKeyParam(credential, { params, notes });
}

/**
 * Whether a companion credential is an identifier by its name: its wire name says so (`X-Client-Id`), or, a wire name
 * that says nothing of what it holds (a letter: `c`, `v`), the scheme's own name (`clientName`, `protocolVersion`).
 */
function identifierByName(c: DraftCredential, key: string): boolean {
  if (NOT_SECRET.test(key)) return true;
  const terse = !namesSecret(key, c.definition.description) && !/key|token|secret|sig|auth|pass|hash/i.test(key);
  return terse && (NOT_SECRET.test(c.scheme) || /(^|[-_.]|[a-z])name$/i.test(c.scheme));
}

/** A credential parameter's title and what it is, in words: the access token, the API key, the password. */
function credentialNaming(c: DraftCredential, key: string, signs: boolean): { what: string; title: string } {
  if (signs)
    return {
      title: "Secret access key",
      what: "The AWS secret access key: it signs each request (AWS Signature Version 4) and is never sent",
    };
  // An id sent as the key (an application's id an API assigns its caller) or beside it is no key: named as it is.
  if (!c.password && "name" in c.placement && NOT_SECRET.test(key)) return idNaming(key);
  if (c.password || (c.placement.type !== "basic" && c.placement.type !== "bearer" && c.param === "apiKey"))
    return { title: "API key", what: c.password ? "The API key (secret)" : "The API key" };
  if (c.placement.type === "basic") return { title: "Password", what: "The password (secret)" };
  if (c.placement.type === "bearer")
    return /^apiKey/.test(c.param) && bearerParamName(c.scheme, c.definition) === "apiKey"
      ? { title: "API key", what: "The API key" }
      : { title: "Access token", what: "The access token" };
  // One of several keys: which one is where it goes (`API key (query api_key)`), not its name alone.
  if (c.amongKeys) return { title: `API key (${c.placement.type} ${key})`, what: "The API key" };
  return keyWordsNaming(key);
}

/**
 * A key's title and words from its wire name, the `X-` of an extension header left out (RFC 6648: it says nothing of
 * what the value is): `x-api-secret` → "API secret", `X-Zq-Account-Key` → "Zq account key".
 */
function keyWordsNaming(key: string): { what: string; title: string } {
  const words = nameWords(key.replace(/^x-/i, "")).map((w) => ACRONYMS[w] ?? w);
  if (!words.length) return { title: key, what: `The ${key}` };
  const text = words.join(" ");
  return { title: text.charAt(0).toUpperCase() + text.slice(1), what: `The ${text}` };
}

const ACRONYMS: Record<string, string> = { api: "API", id: "ID", url: "URL", jwt: "JWT", hmac: "HMAC" };

/** An identifier's title and words from its name: `app_id` → "App ID", `X-Zq-Client-Id` → "Zq client ID". */
function idNaming(key: string): { what: string; title: string } {
  const words = nameWords(key.replace(/^x-/i, "")).map((w) => (w === "id" ? "ID" : w));
  const text = words.join(" ");
  return { title: text.charAt(0).toUpperCase() + text.slice(1), what: `The ${text}` };
}

function placementWords(p: DraftPlacement): string {
  if (p.type === "path") return `sent in the address as {${p.name}}`;
  if (p.type === "places") return "sent in the request, where the document puts it (auth.alsoSends)";
  if (p.type === "bearer") return "sent as a bearer token";
  if (p.type === "basic") return "sent with the user name as HTTP basic (Authorization: Basic)";
  return `sent as the ${p.name} ${p.type === "query" ? "query parameter" : p.type}`;
}

/** Names of parameters that carry a token (a bearer or OAuth 2 credential) or an API key by convention. */
const TOKEN_NAMES = /^(access[_-]?token|token|auth[_-]?token|oauth2?[_-]?token)$/i;
const KEY_NAMES = /^(api[_-]?key|apikey|x-api-key)$/i;

/**
 * Whether a header, query or cookie parameter or a body field carries a credential by its name, beside the provider's
 * own: a key or a token of a kind only a credential is (`X-Zq-Api-Key`, `zqAuthenticationToken`, `ZQ_SEC.ACCESS_TOKEN`;
 * in a body, a record's key the operation sets, a settings record's `apiKey`, which repeatsCredential leaves), or a
 * required header named as a key or a token of some kind (`Ocp-Apim-Subscription-Key`, `Private-Token`) that its
 * description does not call an identifier. Not a bare `key` or `token` (a record's, a page's), nor a word ending so
 * (`monkey`, `keyword`, `pageToken`).
 */
export function carriesCredential(place: string, name: string, required: boolean, description?: unknown): boolean {
  if (place !== "header" && place !== "query" && place !== "cookie" && place !== "body") return false;
  if (namesNoCredential(name)) return false;
  // One of a numbered set (`apiKey_l1`): read as its name without the number.
  const words = nameWords(withoutIndex(name));
  const last = words.at(-1) ?? "";
  if (words.length === 1) return last === "apikey";
  if (CREDENTIAL_ENDINGS.has(words.slice(-2).join(" "))) return true;
  return place === "header" && required && (last === "key" || last === "token") && !describedAsIdentifier(description);
}

// The last word of a header's name that makes it a secret whatever words come before it, a number after it too
// (`X-Auth-Secret2`, `X-Zq-Secret`, `X-Zq-Password`); `X-Client-Secret` and `X-Api-Secret` namesSecret reads already.
// Or an authentication of its own (a container engine's `X-Registry-Auth`, "A base64-encoded auth configuration": a
// registry's user and password), unless its words say it is no credential (a payment's reference).
const SECRET_LAST_WORDS = new Set(["secret", "secrets", "password", "passwd", "passphrase"]);
// ...or a bearer token by its header's last word (`X-Amz-Bearer`, a chat participant's connection token).
const AUTH_LAST_WORDS = new Set(["auth", "authentication", "authorization", "authorisation", "bearer"]);

/**
 * Whether a header no security scheme declares holds a credential by its name: past its `X-`, a secret of some kind
 * (`x-auth-secret2`), an authentication of its own (`X-Registry-Auth`; not the standard `Authorization`), or a key or
 * token of a kind only a credential is with a number after it (`x-api-token2`), its description not calling it an
 * identifier. Not an id, a name or a trace's (`x-request-id`, `x-tenant-id`,
 * `x-client-id`), nor a page's or a request's token (load/schemas/no-credential.ts).
 */
export function headerNamesCredential(name: string, description?: unknown): boolean {
  const words = nameWords(name.replace(/^x-/i, "")).map((w) => w.replace(/\d+$/, ""));
  if (words.length === 0 || namesNoCredential(name) || describedAsIdentifier(description)) return false;
  if ((words.length > 1 || /^x-/i.test(name)) && AUTH_LAST_WORDS.has(words.at(-1) ?? ""))
    return !notACredential(name, description);
  return SECRET_LAST_WORDS.has(words.at(-1) ?? "") || CREDENTIAL_ENDINGS.has(words.slice(-2).join(" "));
}

/** Whether a description calls a key or a token header's value an identifier (an ID, a name), never a secret. */
function describedAsIdentifier(description: unknown): boolean {
  return namesASecret(description) || callsAnIdentifier(description);
}

/** Whether a parameter's name is a key's or a token's by convention (`api_key`, `access_token`). */
export function namesCredential(name: string): boolean {
  return TOKEN_NAMES.test(name) || KEY_NAMES.test(name) || keyName(name);
}

/**
 * Why a declared parameter (or form field) repeats the credential, if it
 * does (a repeat by name is added to the credential's `covers`): it is the credential's own slot, or a token or key by
 * name and description beside the scheme (RPC-style APIs declare `token` in the header, the
 * query or the form of every method, beside its OAuth scheme). An optional field of a JSON body never does
 * (request-body.ts does not ask): it is a field of the record the call writes (a settings record's `apiKey`, the key
 * the server is to take), drafted as one, secret by its name (carriesCredential); a required one is an RPC method's.
 * `kept` hears the note of one some ways' key alone repeats (sentAgain): drafted, not covered.
 */
export function repeatsCredential(
  credential: CredentialDraft,
  param: {
    in: string;
    name: string;
    description?: unknown;
    replied?: boolean;
    required?: boolean;
    limits?: PlaceLimits;
  },
  declared: readonly { in: string; name: string }[] = [],
  kept: (note: string) => void = () => {},
): string | undefined {
  const where = param.in === "body" ? "form field" : `${param.in} parameter`;
  const own = credentialSlotOf(credential, param);
  if (own) return `${where} ${param.name} is where the credential goes (auth: ${own})`;
  const again = sentAgain(credential, param);
  if (again && "left" in again) return again.left;
  const place = keyParameterPlace(credential, param);
  if (place) return place;
  // Repeated by some ways alone: a parameter of its own, which no way's credential covers.
  if (again) return void kept(again.kept);
  // A segment of the path names a resource (an export's token, a key's id): no credential goes there, and auth.covers
  // takes none.
  if (param.in === "path") return undefined;
  // Body fields named as a key that too few of the document's operations require to be its requests' key are those
  // operations' input (keys/key-share.ts): the token a "check a token" call checks, which no credential covers.
  if (credential.fieldsNotTheKey && param.in === "body") return undefined;
  // An operation that declares the credential's own slot (its Authorization header) takes its credential there: a
  // token it also declares is another one, the one it acts on (RFC 7009's revocation takes the token to revoke).
  // The slot of a key drafted as a way of its own beside the declared schemes is none of this: the operation's
  // `access_token` beside it is the OAuth token again (requirements/parameter-alternatives.ts).
  const notKeyWay = (c: DraftCredential) => c.scheme !== credential.parameterKey?.scheme;
  if (declared.some((d) => (d.in !== param.in || d.name !== param.name) && credentialSlotOf(credential, d, notKeyWay)))
    return undefined;
  const description = typeof param.description === "string" ? param.description : "";
  // A token repeats a token, a key a key: an API-key requirement's body `access_token` is some other resource's token.
  const kinds = new Set(
    credential.ways
      .flat()
      .map((c) => (c.placement.type === "bearer" ? "token" : c.placement.type === "basic" ? "basic" : "key")),
  );
  const named =
    (kinds.has("token") && TOKEN_NAMES.test(param.name)) || (kinds.has("key") && KEY_NAMES.test(param.name));
  // A `token` the operation's reply hands back under the same name (a list's `{items, token}`, grpc-gateway's) is the
  // next page's, sent back to get it: no credential, whatever its description (often none) says.
  if (named && param.replied) return undefined;
  // A token its description says the operation acts on (the one to introspect, to revoke, issued to a client) is the
  // operation's input: the credential authenticates the call, this is what the call is about.
  if (named && actedOnToken(description)) return undefined;
  // A places-only key's place (a query `api_key` most operations require), which this operation leaves optional: the
  // same place, the key sent there too (auth.alsoSends), not a parameter the credential only stands for.
  if (named && credential.keyPlaces?.has(placeKey(param)))
    return `${where} ${JSON.stringify(param.name)} is where the key is sent (auth.alsoSends): not drafted`;
  // A scheme add itself added (the document declares none) is no evidence that a field named `token` is its
  // credential: a record's own token (a required field of a created device) was covered, and so never sent.
  if (credential.added) return undefined;
  if (named && (!description || /auth|credential|api key|secret|access token|bearer/i.test(description))) {
    credential.covers.add(param.name);
    // The credential of its kind (a token's, where a key drafted as a way of its own comes first).
    const token = TOKEN_NAMES.test(param.name) && kinds.has("token");
    const by = credential.ways.flat().find((c) => !token || c.placement.type === "bearer") ?? credential;
    return (
      `${where} ${JSON.stringify(param.name)} repeats the credential that security scheme ${by.scheme} ` +
      `sends (auth.param ${by.param}): covered by it (auth.covers), not drafted`
    );
  }
  return undefined;
}

/** The credential whose own slot (its header, query key or cookie; a bearer's Authorization) `param` is. */
function credentialSlotOf(
  credential: CredentialDraft,
  param: { in: string; name: string },
  of: (c: DraftCredential) => boolean = () => true,
): string | undefined {
  for (const c of credential.ways.flat().filter(of)) {
    // Its places alone (auth.alsoSends) hold no parameter's slot: the draft reads those from the bodies.
    if (c.placement.type === "places") continue;
    const slot =
      c.placement.type === "bearer" || c.placement.type === "basic"
        ? { in: "header", name: "authorization" }
        : { in: c.placement.type, name: c.placement.name.toLowerCase() };
    if (param.in === slot.in && param.name.toLowerCase() === slot.name) return c.scheme || `variable ${c.param}`;
  }
  return undefined;
}

/** How a key sent encoded goes, in words: `, as its base64`; else nothing. */
const encodedAs = (c: DraftCredential) => (c.encode ? `, as its ${c.encode.encode}` : "");

/** HTTP basic's user name parameter: secret where the scheme's description calls it a key. */
function basicUser(
  c: DraftCredential,
  user: string,
  about: string,
  required: boolean,
  params: Record<string, ManifestParam>,
  notes: { name: string; note: string }[],
): void {
  params[user] = {
    type: "string",
    title: "User name",
    required,
    maxLength: 256,
    ...(c.userKey !== undefined ? { secret: true } : {}),
    description: `${about}The user (account) id of HTTP basic (security scheme ${c.scheme}), sent with ${c.param}.`,
  };
  notes.push({
    name: user,
    note:
      c.userKey !== undefined
        ? `secret: the user name is a key, as ${shortText(c.userKey, 260)}; if the API wants no password with ` +
          `it, write auth.password: "" in place of auth.user`
        : "the user id of HTTP basic: not secret; mark it secret: true if the API uses a key here",
  });
}
