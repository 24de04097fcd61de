// Whether a key's or a token's name and description say it is no credential: one reading where three lists stood side
// by side (add's key parameter of a document with no scheme, `import/auth/keys/key-parameter.ts`; the credential
// beside the provider's, `import/auth/credential-params.ts`; a page's token, name-words.ts `namesPageToken`), so
// that an `idempotency_key`, a `sort_key` or a `key` described as an object's key is read alike everywhere.
import { firstSentence } from "../text/sentences.js";
import { saysApiKey } from "./api-key-words.js";
import { nameWords, namesPageToken } from "./name-words.js";
import { CREDENTIAL_ENDINGS } from "./secrets/secret-names.js";

// A word of a name saying its key or token keys a request, a page, a form or a trace, wherever it stands
// (X-Idempotency-Key, X-Page-Token, X-Pagination-Token, X-CSRF-Token, X-Request-Key, cache_key, sync_token).
const OTHER_KEYS = new Set([
  "idempotency",
  "idempotent",
  "dedup",
  "deduplication",
  "page",
  "pagination",
  "paging",
  "next",
  "cursor",
  "sync",
  "continuation",
  "csrf",
  "xsrf",
  "cache",
  "request",
  "correlation",
  "trace",
]);
// A word right before a name's last `key` saying it keys a place in the data (sort_key, partition_key, primary_key,
// hash_key, foreign_key, object_key): a record's, never a caller's.
const DATA_KEYS = new Set([
  "sort",
  "partition",
  "primary",
  "foreign",
  "hash",
  "range",
  "clustering",
  "composite",
  "shard",
  "row",
  "object",
  "record",
  "map",
  "lookup",
]);

// A description calling the value a credential: it wins over any other word in it ("Your API key identifies your
// project": an API key as api-key-words.ts reads it, or these words).
const CREDENTIAL_WORDS = new RegExp(
  "\\b(secrets?|passwords?|passphrases?|credentials?|bearer|jwts?|" +
    "(access|api|auth|session|bearer)[ -]?tokens?|authenticat(e|es|ion|ing))\\b",
  "i",
);
// ...or, in its first sentence, another thing: a reference, an id, a code, a status, an outcome (a payment's
// authorization reference); a request's or a data place's key; an object's, a record's or a map's key, or the key of
// one ("The object's key", "The key of the record to read"). Not a verb ("a key identifying your account" is one).
const ANOTHER_THING = new RegExp(
  "\\b(references?|ids?|identifiers?|numbers?|codes?|status(es)?|states?|results?|outcomes?|" +
    "approvals?|idempoten\\w*|dedup\\w*|retr(y|ies|ied)|sort(s|ing|ed)?|partitions?|cach(e|ed|ing))\\b|" +
    "\\b(objects?|records?|items?|entry|entries|files?|rows?|maps?|resources?|buckets?|dictionary)" +
    "(['’]s)?\\s+keys?\\b|" +
    "\\bkeys?\\s+(of|in)\\s+(the|an?|each|this|that)\\s+(?!api\\b)",
  "i",
);

/** A name that is a credential's by itself (`api_key`, `apikey`, `X-API-KEY`, `access_token`): no words undo it. */
function credentialByName(words: readonly string[]): boolean {
  return CREDENTIAL_ENDINGS.has(words.slice(-2).join(" ")) || CREDENTIAL_ENDINGS.has(words.at(-1) ?? "");
}

/** Whether a name's words say it keys something else than a caller (a request, a page, a place in the data). */
export function namesNoCredential(name: string): boolean {
  const words = nameWords(name.replace(/^x-/i, "")).map((w) => w.replace(/\d+$/, ""));
  if (credentialByName(words)) return false;
  if (namesPageToken(name) || words.some((w) => OTHER_KEYS.has(w))) return true;
  return words.at(-1) === "key" && DATA_KEYS.has(words.at(-2) ?? "");
}

/** Whether a description calls the value another thing than a credential, and no credential at all. */
export function describedAsNoCredential(description: unknown): boolean {
  if (typeof description !== "string" || CREDENTIAL_WORDS.test(description) || saysApiKey(description)) return false;
  return ANOTHER_THING.test(firstSentence(description));
}

/**
 * Whether a key's or a token's name and description say it is no credential: its name keys something else
 * (`idempotency_key`, `X-Idempotency-Key`, `request_key`, `cache_key`, `sort_key`, `partition_key`, `primary_key`,
 * `next_token`), or, a name not a credential's by itself (a bare `key`, a `*-Token` header, an
 * `X-*-Authorization`), its description says another thing and no credential ("The object's key", "the payment's
 * authorization reference"). `api_key`, `apikey` and `X-API-KEY` stay credentials whatever their descriptions say.
 */
export function notACredential(name: string, description?: unknown): boolean {
  if (namesNoCredential(name)) return true;
  const words = nameWords(name.replace(/^x-/i, ""));
  return !credentialByName(words) && describedAsNoCredential(description);
}
