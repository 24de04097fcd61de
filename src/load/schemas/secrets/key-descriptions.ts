// What a key's description says of it (secret-names.ts reads a name ending in `key` by these): key material, a security
// key, a private, session or account key, or a key that grants a caller access; and a description saying a value is a
// stored secret's, whatever its name.
import { nameWords } from "../name-words.js";
import { describedAsAPassword } from "./password-words.js";

/** The word before `key` that names a key that encrypts, decrypts or MACs (`encryption-key`, `hmacKey`). */
export const CRYPTO_KEY_WORDS: ReadonlySet<string> = new Set(["encryption", "decryption", "cipher", "crypto", "hmac"]);
// ...or described, first, as a security key (a camera's query `key`, "Security key to access snapshots": its holder
// sees them). Not the name or id of one ("The security key's name"), whose first words differ.
const SECURITY_KEY_WORDS = /^\W*(the\s+|a\s+|your\s+)?security[ -]key\b(?!['’]s|\s+(names?|ids?|identifiers?)\b)/i;
// A bare `key` described as a secret or private key's encoded bytes (seed 290: a DNS server's TSIG key, "The Base64
// encoded secret key"; a TOTP seed "encoded as a Base16 string"): key material. Not a secret store's key, a name
// ("The secret key; up to 100 characters", "Must be a valid secret key").
const ENCODED = "\\b(encoded|base ?(64|32|16)|hex|pem)\\b";
const KEY_MATERIAL_WORDS = new RegExp(
  `\\b(private|secret)[ -]key\\b[^.;]{0,60}${ENCODED}|${ENCODED}[^.;]{0,30}\\b(private|secret)[ -]key\\b`,
  "i",
);

// A key described as a private or secret one (a JWT template's `signing_key`: "The custom signing private key"): what
// signs or decrypts, never its public half; a session's ("User's Zq Session Key"): its holder acts as the user; or an
// account's, a workspace's, a shared, access, master or admin key (a cluster's monitoring `primaryKey`, "The Zq
// Monitoring Suite (ZMS) workspace key"): its holder reads and writes as the account. Not such a key's id or name
// ("the secret key id", "the secret key's name").
const PRIVATE_KEY_WORDS = new RegExp(
  "\\b(private|secret|session|shared|workspace|account|access|master|admin)[ -]key\\b" +
    "(?!(['’]s)?[ -]*(ids?|identifiers?|names?)\\b)",
  "i",
);

// A key described as one that grants access (a shared item's `sharingKey`: "A key granting access to the board"):
// whoever holds it reads what it opens, even one for "anyone with the link" (a bearer credential for what is not
// public). Not a sort key, an idempotency key or a map's key, whose descriptions say so; nor (review54, each drafted
// secret, so a short one refused before any request) a public key or a public link's ("The SSH public key that grants
// access", "The public share key giving read access"), nor a key to a place in the data, by its name or description
// (`partition_key`: "provides access to the partition"), where no caller is let in.
const ACCESS_KEY_WORDS = /\b(grant(s|ing)?|giv(es|ing)|allow(s|ed|ing)?|provid(es|ing))\b[^.;]{0,40}\baccess\b/i;
const PUBLIC_KEY_WORDS = /\bpublicly\b|\bpublic[ -]+([\w]+[ -]+)?(key|link|url|slug|share|sharing|id|identifier)\b/i;
const DATA_PLACES = "partitions?|shards?|rows?|columns?|cells?|slots?|index(es)?|elements?|ranges?|segments?";
const DATA_PLACE_KEY = new RegExp(`^(${DATA_PLACES}|sort|hash|foreign|clustering)$`, "i");
const DATA_PLACE_ACCESS = new RegExp(
  `\\baccess\\s+(to|into|for)\\s+((the|an?|its|each|this|that|one)\\s+)?([\\w-]+\\s+)?(${DATA_PLACES})\\b`,
  "i",
);

/** Whether a key's words and description say it lets a caller in (not a public key, nor a data place's key). */
export function grantsACallerAccess(words: readonly string[], description: string): boolean {
  if (!ACCESS_KEY_WORDS.test(description) || PUBLIC_KEY_WORDS.test(description)) return false;
  return !words.some((w) => DATA_PLACE_KEY.test(w)) && !DATA_PLACE_ACCESS.test(description);
}

/** Whether a bare `key`'s description says key material or a security key (besides an API key, api-key-words.ts). */
export function keyMaterialOrSecurityKey(description: string): boolean {
  return KEY_MATERIAL_WORDS.test(description) || SECURITY_KEY_WORDS.test(description);
}

/**
 * Whether a key's description calls it a private, secret, session, account, workspace, shared, access, master or admin
 * key.
 */
export function describedAsPrivateKey(description: string): boolean {
  return PRIVATE_KEY_WORDS.test(description);
}

// A stored secret's value by its description's words (a container engine's secret `Data`, "Base64-url-safe-encoded
// data to store as secret"; a vault's `value`, "The value of the secret."; "The secret data."): what a secret store
// keeps. Not its name, id, version, length or type, nor whether it is set.
const SECRET_PART = "(?:values?|data|contents?|payloads?|text|strings?|bytes)";
const NOT_ABOUT = "(?![\\s'’s-]*(?:names?|ids?|identifiers?|versions?|lengths?|sizes?|types?|kinds?|formats?|hash)\\b)";
// ...or an API key's ("Specifies a value of the API key.", a gateway's created key), a new or a stored one's ("The
// value of the new secret.").
const SECRET_HELD = "(?:[\\w-]+\\s+)?(?:secret|api[ -]?key)";
const SECRET_VALUE_WORDS = new RegExp(
  `^\\W*(?:specifies|sets|is)?\\s*(?:the|a|an)?\\s*${SECRET_PART}\\s+(?:of|for)\\s+(?:the|a|this|your)?\\s*` +
    `${SECRET_HELD}\\b${NOT_ABOUT}|` +
    `^\\W*(?:the|a|an)?\\s*secret(?:['’]s)?\\s+${SECRET_PART}\\b${NOT_ABOUT}|` +
    `\\b${SECRET_PART}\\s+to\\s+(?:store|keep|save|encrypt)\\s+(?:as|in)\\s+(?:the|a|this)?\\s*secret\\b${NOT_ABOUT}`,
  "i",
);

/** Whether a description says the value is a stored secret's value (its data, its text), not what names it. */
export function describedAsSecretValue(description: unknown): boolean {
  return typeof description === "string" && SECRET_VALUE_WORDS.test(description);
}

// A value described as holding a private key (a certificate's `decryptionCertBase64`, "This should be the .pfx file
// with the private key"; a key store "containing the private key"): whoever holds it decrypts or signs as its owner,
// whatever the field is named. Not one said to hold none ("without the private key", "must not contain the private
// key").
const HOLDS_PRIVATE_KEY =
  /\b(with|includ(es|ing)|contain(s|ing)?|bundl(es|ing))\s+(the\s+|its\s+|a\s+|an\s+)?(private|secret)[ -]key\b/i;
const HOLDS_NONE = /\b(not|never|no|without|n['’]t)\b[^.;]{0,24}\b(with|includ\w*|contain\w*|bundl\w*)\s/i;

/** Whether a description says the value holds a private key (a .pfx file, a key store), not that it holds none. */
export function describedAsHoldingPrivateKey(description: unknown): boolean {
  return typeof description === "string" && HOLDS_PRIVATE_KEY.test(description) && !HOLDS_NONE.test(description);
}

// A value whose description, first, calls it a secret of some kind (a webhook endpoint's reply field `key`: "The
// endpoint's verification secret."; "Signing secret used to verify deliveries"): whoever holds it signs or reads as
// its owner, whatever the field is named. "secret" must end the noun phrase (the sentence ends, or it is used, held or
// given for something); not a question or a count ("Whether a secret is set", "Number of secrets"), nor a secret's
// name, id or store ("The secret name", "The secret manager's ARN"), which namesASecret and the words after it refuse;
// an article only first ("Associate a secret to a project" is no description of the value).
const NOT_A_SECRET_WORD =
  "(?!(?:the|an?|your|its|this|that|of|for|to|in|on|by|with|from|whether|if|when|how|is|are|" +
  "number|count|length|size|type|list|names?|ids?)\\b)";
const SECRET_NOUN_PHRASE = new RegExp(
  `^\\W*(?:(?:the|an?|your|its|this)\\s+)?(?:${NOT_A_SECRET_WORD}[\\w-]+(?:['’]s)?\\s+){0,3}secret` +
    "(?=\\s*(?:[.;,:()]|$)|\\s+(?:used|that|which|for|of|to|with|shared|generated|assigned|issued)\\b)",
  "i",
);

/** Whether a description's first words call the value a secret (not a secret's name, id, count or store). */
export function describedAsASecret(description: unknown): boolean {
  return typeof description === "string" && SECRET_NOUN_PHRASE.test(description);
}

/**
 * A stored secret's value or a password by its description (key-descriptions.ts, password-words.ts), or a secret of
 * some kind ("The endpoint's verification secret."); not, for the last, a field named as its id or name
 * (`imagePullSecretName`: "Image registry pull secret."), which refers to one.
 */
export function describedAsSecretOrItsValue(wireName: string, description: unknown): boolean {
  if (describedAsSecretValue(description) || describedAsAPassword(description)) return true;
  return (
    describedAsASecret(description) && !/^(ids?|names?|arn|uuid|ref|reference)$/.test(nameWords(wireName).at(-1) ?? "")
  );
}
