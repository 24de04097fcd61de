// Names that say a value is a secret: a password, a client's secret, a private key (`newPassword`, `client_secret`,
// a header's `X-Api-Secret`). Read once here for a parameter (import/auth/credential-params.ts: drafted `secret`) and a
// field inside a JSON value (link/param-limits/schema-place.ts, NestedLimits.secret: its value withheld from a
// refusal), with the document's own mark of one, `format: password`.
import type { Schema } from "../../openapi-document.js";
import { firstSentence } from "../../text/sentences.js";
import { describedAsTheKey, describedAsTheToken, saysApiKey } from "../api-key-words.js";
import { callsAnIdentifier } from "../identifier-words.js";
import { nameWords, namesPageToken, PAGE_WORDS, withoutIndex } from "../name-words.js";
import { describesPassword, namesPasswordInOtherLanguage } from "./password-words.js";
import { namesCardData } from "./card-data.js";
import { oneTimeCode } from "./one-time-codes.js";
import { namesASecret } from "./secret-identifier.js";
import {
  CRYPTO_KEY_WORDS,
  describedAsPrivateKey,
  describedAsHoldingPrivateKey,
  describedAsSecretOrItsValue,
  grantsACallerAccess,
  keyMaterialOrSecurityKey,
} from "./key-descriptions.js";
import {
  actionToken,
  describedAsSignedInToken,
  actionTokenName,
  authorizationCodeSecret,
  describesOther,
  sessionTicket,
  signInToken,
} from "./granting-secrets.js";

/**
 * Names that say a value is a secret whatever the operation's credential (a password, a client's secret, a refresh
 * token, a private key, the secret half of an access key pair, a one-time password's seed: `totp_secret`; a wallet's
 * recovery phrase or master key: WALLET_KEY_ENDING): a field a
 * token endpoint, a sign-in or an account's form takes beside the provider's credential.
 */
const SECRET_NAMES = new RegExp(
  "^(password|passphrase|passwd|pwd|secret|client[_-]?secret|refresh[_-]?token|private[_-]?key|" +
    "(api|app|consumer|shared|signing|webhook|totp|hotp|otp|mfa|2fa)[_-]?secret|" +
    "(aws[_-]?)?secret[_-]?(access[_-]?)?key)$",
  "i",
);
// A password of some kind by the end of its name: newPassword, smtp_password, current-passwd, admin_passphrase (not
// password_hint or passwordless, whose ends are other words); or its confirmation, the same secret typed again
// (password2, app_passwd2, password_confirmation, newPasswordRepeat); or its hash (password_digest, passwordHash: a
// migration's bcrypt text, cracked offline if it leaks; not password_hasher, the algorithm's name).
const PASSWORD_ENDING = new RegExp(
  "^([a-z0-9]+[_-]?)?(password|passwd|passphrase)" +
    "([_-]?(\\d|confirm|confirmation|confirmed|repeat|repeated|again|digest|hash|hashed))?$",
  "i",
);
// A private key by the end of its name: ssh_private_key, signingPrivateKey, private_key_pem; or a certificate's, a TLS
// server's (certificate_key, ssl_key, tls_key, cert_key, in PEM): the key a certificate is signed with. Not a
// public_key, a key_id or a certificate itself.
const PRIVATE_KEY_ENDING = /^([a-z0-9]+[_-]?)?(private[_-]?key|(certificate|cert|ssl|tls)[_-]?key)([_-]?pem)?$/i;
// A wallet's keys by the end of its name: its recovery phrase (cipher_seed_mnemonic, mnemonic, seedPhrase,
// recovery_phrase, backup_words) or its master private key (extended_master_key, masterPrivateKey, xprv), from which
// every key of the wallet derives. Not a phrase's or a key's hint, id or fingerprint (mnemonic_hint, master_key_id).
// Any words before (`cipher_seed_mnemonic`: two).
const WALLET_KEY_ENDING =
  /^[a-z0-9_-]*?(mnemonic|(seed|recovery|backup)[_-]?(phrase|words)|master[_-]?(private[_-]?)?key|xprv)$/i;
// `pass` (or `pass2`, a second one) is a password only where its description says so, in any language (an SMTP
// account's, "Contraseña": password-words.ts); elsewhere it is a verb or a route.
const BARE_PASS = /^pass\d?$/i;
// ...or, with no description to say so, where what is beside it says so: an account's name or another password in the
// same form (a sign-in's `e_mail` and `pass`, a change's `old_pass`), or the operation's address or summary naming a
// password or a sign-in (`/user/password/replacement`, "email login").
const ACCOUNT_FIELD =
  /^(e[_-]?mail|email[_-]?address|user([_-]?name)?|login|account[_-]?name|(old|current)[_-]?pass)$/i;
const PASSWORD_CONTEXT = /\b(passwords?|passphrase|log ?in|sign ?(in|up)|register|registration)\b/i;
// `pass` with a word saying whose it is (`old_pass`, `new_pass`, `current_pass`) is a password, as `old_password` is.
const PASS_OF = /^(old|new|current|confirm)[_-]?pass$/i;
// ...or a word saying what it unlocks: an account's (`root_pass`, `apiPass`, `registry_pass`) or a key store's, a
// certificate's or a private key's (`p12Pass`, `keyStorePass`, `sshClientCertPass`), whatever words come before. The
// word is a whole one (snake, kebab or camel case): not a pass of another kind (`compass`, `protectionBypass`,
// `rushPass`, `PayPass`, `hockeyPass`, `concertPass`, `appStorePass`), nor nginx's `proxy_pass` (an address).
const UNLOCKED_BY_PASS =
  /^(root|admin|user|api|registry|smtp|ftp|db|ssh|key|cert|p12|pfx|pkcs12|keystore|truststore)$/i;
function passOfAccountOrKey(name: string): boolean {
  const words = nameWords(name);
  if (words.length < 2 || words.at(-1) !== "pass") return false;
  const before = words.at(-2) ?? "";
  return UNLOCKED_BY_PASS.test(/^store$/i.test(before) ? `${words.at(-3) ?? ""}${before}` : before);
}
// `token` (or a name ending in it: `expired_token`, "The JWT that is sent via the session cookie") is a credential
// only where its description says so (an account's new token: "API Token. Minimum 32 characters"; a websocket's query
// `token`, "JWT token used for authentication against this endpoint", a browser sending no header there); elsewhere it
// is a page's, a device's or a record's token.
// A webhook's "Secret token to validate received payloads" is one too (a shared secret, whoever holds it forges them),
// and one described as such ("Any string to be used as a shared secret when events are published").
// An OAuth token too ("Video file token … so you don't need to provide an OAuth token": a token standing in for one).
const API_TOKEN_WORDS = new RegExp(
  "\\b(api|access|o?auth2?|authentication|bearer|session|secret)[ -]?token\\b|\\bjwts?\\b|\\bfor authentication\\b|" +
    "\\bshared[ -]secret\\b",
  "i",
);

/**
 * What is beside a field: the names of its form's other fields, the words of its operation's address and summary; and
 * its own schema's type, enum and format (noSecretShape).
 */
export type PasswordContext = { siblings?: readonly string[]; words?: string; shape?: ValueShape };

/** The parts of a field's schema (or a drafted parameter) that say what kind of value it is. */
export type ValueShape = { type?: unknown; enum?: unknown; format?: unknown };

// A description whose subject is a link (`forgot_password`: "Link to the forgot password page", "The URL of…"), no
// password word before it ("The password for the portal URL") nor right after it ("Link password", a shared link's;
// "Deep link encryption-key", the key a link is encrypted with).
const LINK_SUBJECT = new RegExp(
  "^\\W*(?:the|an?|your)?\\s*(?:(?!password|passphrase|passwd|secret)[\\w-]+\\s+){0,3}(?:url|uri|link|href)\\b" +
    "(?![\\s'’s-]*(?:password|passphrase|passwd|secret|(?:encryption|decryption|cipher|hmac|signing)[ -]?key))",
  "i",
);

/**
 * Whether a field's schema says it holds no secret whatever its name (review55: `enforce_strong_password`, an on/off
 * enum, and `forgot_password`, a URL, were drafted secret and user-only): a list of values the document prints, a
 * boolean, an address (`format: uri`, or described as a link or a URL); a number stays one (a PIN).
 */
export function noSecretShape(shape: ValueShape | undefined, description?: unknown): boolean {
  if (!shape) return false;
  const types = (Array.isArray(shape.type) ? shape.type : [shape.type]).filter((t) => t !== "null");
  // A number may be a PIN (`card_password: integer`): only a boolean is never one.
  if (types.length > 0 && types.every((t) => t === "boolean")) return true;
  if (Array.isArray(shape.enum) && shape.enum.length > 0) return true;
  if (typeof shape.format === "string" && /^(uri|url|uri-reference|iri|iri-reference)$/i.test(shape.format))
    return true;
  return typeof description === "string" && LINK_SUBJECT.test(description);
}

/** Whether what is beside a bare `pass` says it is a password: an account's name or a password beside it, or words. */
function passwordBeside({ siblings = [], words = "" }: PasswordContext): boolean {
  return siblings.some((s) => ACCOUNT_FIELD.test(s)) || PASSWORD_CONTEXT.test(words.replace(/[/_.{}-]+/g, " "));
}

/**
 * Whether a parameter's or field's name says it holds a secret in any operation (`password`, `client_secret`,
 * `newPassword`, a header's `X-Api-Secret`), or, for `pass`, `key` and `token`, its description (a password, an API
 * key, an API token).
 */
export function namesSecret(wireName: string, description?: unknown, beside: PasswordContext = {}): boolean {
  // A name or an id of a secret ("The name of the secret to read") is no secret, whatever its name says.
  if (namesASecret(description, wireName) || noSecretShape(beside.shape, description)) return false;
  // Described as the API key and nothing more ("Your Zq license API key.", "Clé API"), whatever its name (`license`),
  // or as a token that authenticates ("Zq Auth Token", of a query `zq_auth`).
  if (describedAsTheKey(description) || describedAsTheToken(description)) return true;
  if (describedAsSignedInToken(description)) return true;
  // Described as a stored secret's value ("The value of the secret.", "Data to store as secret"), a password, or first
  // as a secret of some kind ("The endpoint's verification secret."): whatever the field is named (`Data`, `key`).
  if (describedAsSecretOrItsValue(wireName, description)) return true;
  // Described as holding a private key (a certificate's .pfx file "with the private key"), whatever its name.
  if (describedAsHoldingPrivateKey(description)) return true;
  // One of a numbered set (`apiKey_l1`, `api_secret_2`): read as its name without the number.
  const unnumbered = withoutIndex(wireName);
  if (unnumbered !== wireName) return namesSecret(unnumbered, description, beside);
  // A form's bracketed path (`model[default_password]`, `service[token]`): its last segment is the field, the one
  // before it the object holding it.
  const { leaf, holder } = bracketPath(wireName);
  if (holder !== undefined && holdsCredentials(holder) && heldToken(leaf, description)) return true;
  // A header's `X-` prefix (X-API-SECRET, X-Client-Secret) says nothing of what it holds: the name past it is read.
  const name = leaf.replace(/^x-/i, "");
  // A page's token (`nextPageToken`, `next_token`) is paging's, whatever its words mention beside it; but not a
  // page's access token (pageAccessToken).
  if (namesPageToken(name) && !pageAccessToken(name, description)) return false;
  // A payment card's full number: secret, and no credential of the provider's.
  if (namesCardData(name, description)) return true;
  const endings = [SECRET_NAMES, PASSWORD_ENDING, PRIVATE_KEY_ENDING, WALLET_KEY_ENDING, PASS_OF];
  if (endings.some((names) => names.test(name)) || passOfAccountOrKey(name)) return true;
  if (BARE_PASS.test(name) && passwordBeside(beside)) return true;
  // A password after more words than PASSWORD_ENDING's one (`third_party_password`, `defaultAdminPassword`): the last
  // word of the name read, not a longer pattern.
  const words = nameWords(name);
  if (/^(password|passwd|passphrase)$/.test(words.at(-1) ?? "") || namesPasswordInOtherLanguage(words)) return true;
  // A secret of some kind by the last word of its name (`callbackSecret`, "used to compute a signature"): whoever holds
  // it signs or reads as its owner. Not one described as an identifier or a name (or namesASecret's, above); a flag or
  // a list of values is noSecretShape's.
  if (words.length > 1 && words.at(-1) === "secret") return !callsAnIdentifier(description);
  // Another party's refresh token by the end of its name (`zq_store_refresh_token`): whoever holds it mints access; a
  // live stream's key (`stream_key`, RTMP's): whoever holds it broadcasts as the account; a connection string (a
  // datasource's `connectionString`), which carries the store's key or password (`AccountKey=…`, `Password=…`); a
  // provider's token (a payment provider's `provider_token` a bot charges with); a secret's data (SECRET_ENDINGS).
  if (SECRET_ENDINGS.test(words.slice(-2).join(" "))) return true;
  // A JSON Web Token (`jwt`, exchanged for a session's token) or a pre-shared key (`auth_psk`, a wireless network's)
  // by the last word of its name: whoever holds either signs in. Not one described as an identifier.
  if (/^(jwt|psk)$/.test(words.at(-1) ?? "")) return !callsAnIdentifier(description);
  // An authorization code (a domain's, OAuth's), or a one-time code that proves who a person is (`otp`, "TOTP code").
  const code = authorizationCodeSecret(words, description) ?? (oneTimeCode(words, description) || undefined);
  if (code !== undefined) return code;
  if (words.at(-1) === "ticket") return sessionTicket(words, description);
  // A cookie's value by the last word of its name (a header `Cookie`, a query `identity_cookie`, "The zq-id cookie
  // value"): a session's, whose holder is signed in as its user. Not one described as a cookie's name, domain, path,
  // lifetime or consent.
  if (/^cookies?$/.test(words.at(-1) ?? ""))
    return !(typeof description === "string" && COOKIE_ABOUT.test(description));
  // A one-time token by its name (`confirmation_token`), or a password's reset token (`resetPasswordLinkToken`,
  // `forgotten_password_token`): whoever holds it acts, or sets the account's password. Not one described as a page's.
  if (words.at(-1) === "token" && actionTokenName(words) && !describesOther(description)) return true;
  // A key that encrypts, decrypts or MACs by its name (`encryption-key`, `hmacKey`): whoever holds it reads or forges
  // what it protects. Not a public one, nor its id.
  if (words.at(-1) === "key" && CRYPTO_KEY_WORDS.has(words.at(-2) ?? "") && !words.includes("public")) return true;
  if (words.at(-1) === "token" && signInToken(words, description, beside.words)) return true;
  if (typeof description !== "string") return false;
  if (BARE_PASS.test(name)) return describesPassword(description);
  if (/^token$/i.test(name)) return API_TOKEN_WORDS.test(description) || actionToken(description);
  // `key` is an API key only where its description says so (a query `key`, "API key. Your API key identifies your
  // project": api-key-words.ts), or key material; elsewhere it is a sort key, an object's key or a map's.
  if (/^key$/i.test(name)) return saysApiKey(description) || keyMaterialOrSecurityKey(description);
  // A token described as one that lets its holder in ("the clientToken of the clientId and clientToken pair used to
  // verify that the calling entity is allowed access to the job"), as a key is (grantsACallerAccess).
  // ...or one described as a secret, private or account key ("A secret key used for sensitive operations on your
  // account", a postcode API's `user_token`), as a key so described is.
  if (words.at(-1) === "token")
    return (
      API_TOKEN_WORDS.test(description) ||
      actionToken(description) ||
      grantsACallerAccess(words, description) ||
      describedAsPrivateKey(description)
    );
  if (words.at(-1) !== "key") return false;
  if (words.includes("public")) return false;
  return grantsACallerAccess(words, description) || describedAsPrivateKey(description);
}

// ...and a secret's data or value (`secretData`, `secret_contents`): what a secret store keeps, as a description saying
// so makes one (describedAsSecretValue).
const SECRET_ENDINGS = /^(refresh token|stream key|connection string|provider token|secret (data|values?|contents?))$/;

const COOKIE_ABOUT = new RegExp(
  "\\bcookies?(['’]s?)?\\s+(names?|domains?|paths?|expir\\w*|lifetimes?|max[- ]age|consent|banners?|polic(y|ies))\\b|" +
    "\\b(names?|domains?|paths?|expiry|lifetime|consent)\\s+(of|for)\\s+(the|a|each)?\\s*cookies?\\b",
  "i",
);

export { namesASecret };

/** A form field's bracketed path read: `user[api_key]` → api_key held by user; a plain name is its own leaf. */
export function bracketPath(name: string): { leaf: string; holder?: string } {
  const segments = /^[^[\]]+(\[[^[\]]+\])+$/.test(name) ? name.split(/[[\]]+/).filter(Boolean) : [];
  return segments.length > 1 ? { leaf: segments.at(-1) as string, holder: segments.at(-2) } : { leaf: name };
}

// An object holding another service's credentials, by the last word of its name (`service: {token, api_url}`, an
// integration's, a connection's settings) or by its description ("The integration's credentials").
// A list of them by its plural (`services: [{token}]`): each item one.
const HOLDER_NAMES = new Set(
  ["service", "integration", "connection", "connector", "credential"].flatMap((word) => [word, `${word}s`]),
);
const HOLDER_WORDS = /\b(credentials?|integrations?|connectors?)\b/i;

// A token's own description saying it is a page's ("The next page token.", a cursor): it wins over its holder's words
// (review54: a page token under a holder described as listing "integrations" was drafted secret).
const PAGE_TOKEN_WORDS = /\b(pages?|paging|paginat\w*|cursor|next|continuation)\b/i;

/** Whether a field is a bare `token` its own description does not call a page's: its holder's credential. */
function heldToken(name: string, description: unknown): boolean {
  return /^token$/i.test(name) && !(typeof description === "string" && PAGE_TOKEN_WORDS.test(description));
}

/** Whether an object's name (its last word) or description says it holds a service's or an integration's credential. */
export function holdsCredentials(name?: string, description?: unknown): boolean {
  return (
    (name !== undefined && HOLDER_NAMES.has(nameWords(name).at(-1) ?? "")) ||
    (typeof description === "string" && HOLDER_WORDS.test(description))
  );
}

// A list's description saying it holds a wallet's recovery words: "The 24-word mnemonic", "the cipher seed words",
// "recovery phrase", "backup words" (not a hint's or an id's: its name says that, mnemonic_hint, and is read first).
const RECOVERY_WORDS = /\b(mnemonic|(seed|recovery|backup)[ -](phrase|words?))\b/i;

/**
 * Whether a list of texts holds a secret's parts: its name says it is a secret (`cipher_seed_mnemonic`, `seed_words`,
 * `recovery_phrase`: namesSecret), or, a name saying nothing of it (`words`), its description calls it a wallet's
 * recovery words. A hint or an id of them (`mnemonic_hint`) stays plain.
 */
export function namesSecretList(wireName: string, description?: unknown): boolean {
  if (namesSecret(wireName, description)) return true;
  if (/(hint|ids?|fingerprint|length|count|language)$/i.test(wireName)) return false;
  return typeof description === "string" && RECOVERY_WORDS.test(description);
}

// A key or a token of a kind only a credential is, by the last words of its name, whatever words come before
// (`api_key`, `openaiApiKey`, `refresh-token`; one list with the parameters', credential-params.ts): inside a JSON
// value it is another service's credential the resource keeps (an AI provider's key in a settings list), never the
// provider's own, which goes in its declared place. Not a bare `key` or `token` (an object's, a page's), nor a key's
// id or its public half.
const CREDENTIAL_ENDING_WORDS = [
  "api key",
  "auth key",
  "authentication key",
  "subscription key",
  "secret key",
  "api token",
  "access token",
  "auth token",
  "authentication token",
  "authorization token",
  "bearer token",
  "private token",
  "security token",
  "session token",
  // An OpenID Connect ID token: a signed statement of who the caller is, which a service takes as their sign-in.
  "id token",
];
// ...and each written as one word (`apikey`, a path's `{accesstoken}`, `searchAccesstoken`): one word to nameWords.
export const CREDENTIAL_ENDINGS: ReadonlySet<string> = new Set(
  CREDENTIAL_ENDING_WORDS.flatMap((w) => [w, w.replace(" ", "")]),
);

/**
 * A `pageToken` that is a page's access token (a social network's page: "The Page access token for the page"): the
 * name's one page word is `page`, and the description's first sentence says an access token and nothing of a list's
 * pages. A next page's token (`next`, `cursor` among the words) is paging's whatever its words.
 */
function pageAccessToken(name: string, description: unknown): boolean {
  if (typeof description !== "string") return false;
  if (nameWords(name.replace(/^x-/i, "")).some((w) => PAGE_WORDS.has(w) && w !== "page")) return false;
  const first = firstSentence(description);
  return API_TOKEN_WORDS.test(first) && !LIST_PAGE_WORDS.test(first);
}

const LIST_PAGE_WORDS = /\b(next|previous|results?|lists?|items|pages of|pagination|paging|cursor|offset)\b/i;

/**
 * Whether a field inside a JSON value holds a secret: its document's `format: password`, its name says so, or it is
 * named as an API key or a token only a credential is (`api_key`).
 */
export function secretField(
  name: string,
  field: Schema,
  siblings: readonly string[] = [],
  holder: { name?: string; description?: unknown } = {},
): boolean {
  if (markedSecret(field) || namesSecret(name, field.description, { siblings, shape: field })) return true;
  if (namesASecret(field.description)) return false;
  return heldSecret(name, field.description, holder) || namesCredentialEnding(name);
}

/**
 * Whether a field is a secret by the object holding it, one rule for a field inside a JSON value and for a request
 * body's own field (the body's name its schema's: keep-secret.ts): a bare `token` of an object holding a service's
 * credentials (`service: {token, api_url}`), that service's token; a bare `value` of an object named as a secret or as
 * credentials (`auth_cookie: {name, value}`, `credentials: [{type, value}]`, a body `Password: {value}`), the secret.
 */
export function heldSecret(
  name: string,
  description: unknown,
  holder: { name?: string; description?: unknown } = {},
): boolean {
  if (namesASecret(description)) return false;
  if (heldToken(name, description) && holdsCredentials(holder.name, holder.description)) return true;
  return /^value$/i.test(name) && holder.name !== undefined && namedAsSecret(holder.name);
}

/** Whether a field's name says its value is a secret, or the credentials, as a whole (`auth_cookie`, `credentials`). */
function namedAsSecret(name: string): boolean {
  return namesSecret(name) || /^credentials?$/.test(nameWords(name).at(-1) ?? "");
}

/**
 * The name of an object's field whose value's texts secretField reads by it (`holder`): one holding a service's
 * credentials (`service: {token}`), or named as a secret or as credentials (`auth_cookie: {value}`).
 */
export function secretHolder(name: string | undefined): string | undefined {
  return name !== undefined && (holdsCredentials(name) || namedAsSecret(name)) ? name : undefined;
}

/**
 * Whether the document marks a text secret itself: `format: password`, or `x-ms-secret: true` (the extension Azure's
 * documents give a subscription's keys and a datasource's connection string, which their SDKs withhold).
 */
export function markedSecret(field: Schema): boolean {
  return field.format === "password" || (field as Record<string, unknown>)["x-ms-secret"] === true;
}

/** Whether a name ends in a key or a token only a credential is (`api_key`, `zqAccessToken`: CREDENTIAL_ENDINGS). */
export function namesCredentialEnding(name: string): boolean {
  const words = nameWords(name);
  return CREDENTIAL_ENDINGS.has(words.slice(-2).join(" ")) || CREDENTIAL_ENDINGS.has(words.at(-1) ?? "");
}
