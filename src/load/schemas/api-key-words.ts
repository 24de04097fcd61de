// Whether a name or a description says an API key: one reading where four regular expressions stood apart (add's key
// parameter beside the document's schemes, import/auth/requirements/parameter-alternatives.ts; a bare `key` its
// description calls an API key, secret-names.ts; a description calling the value a credential, no-credential.ts; the
// sentence of a scheme saying its key goes as base64, import/auth/keys/key-encoding.ts, which reads any key or token).
// Documents written in another language call it so in theirs ("clave de API", "chave de API", "clé d'API",
// "API-Schlüssel"): a credential all the same.

import { firstSentence } from "../text/sentences.js";

// The kinds of key an API hands its caller, by the word before `key`: its own (`api`), a developer's, an
// application's, a subscription's, an access key. Not a project's key (an issue tracker's project key is the
// project's short name, no secret), a sort key or an object's key.
const ENGLISH = "(?:api|developer|application|app|subscription|access)[ -]?keys?";
// The same in Spanish, Portuguese, French and German: "clave de API", "clave de la API", "chave da API", "clé d'API",
// "clé de l'API", "clé API", "API-Schlüssel" (also written without the umlaut, "API-Schluessel").
const OTHER_LANGUAGES = [
  "(?:clave|llave|chave)s?(?: (?:de|da|del|do)(?: la| a| el| o)?)? api",
  "cl(?:é|e)s?(?: (?:d['’]|de l['’]|de )| )?api",
  "api[ -]?schl(?:ü|ue)ssel",
];
/** A whole word's edge: `\b` knows no letter beyond ASCII (`clé`, `Schlüssel`). */
export const EDGE_BEFORE = "(?<![\\p{L}\\p{N}_])";
export const EDGE_AFTER = "(?![\\p{L}\\p{N}_])";
// ...not a key's id ("The access key ID", "API key id"): the name of a key, never the key.
const NOT_ITS_ID = `(?![ _-]?(?:ids?|identifiers?)${EDGE_AFTER})`;
const API_KEY_WORDS = new RegExp(
  `${EDGE_BEFORE}(?:${[ENGLISH, ...OTHER_LANGUAGES].join("|")})${EDGE_AFTER}${NOT_ITS_ID}`,
  "iu",
);

// A name that says an API key by itself: `api_key`, `X-Goog-Api-Key`, `apikey`, `x-api-key` (its last words).
const API_KEY_NAME = /(?:^|[-_.])api[-_]?key$|^apikey$/i;

/** Whether a description calls the value an API key (in English or another language it is documented in). */
export function saysApiKey(description: unknown): boolean {
  return typeof description === "string" && API_KEY_WORDS.test(description);
}

// A description whose first sentence says the value is the API key and nothing more ("Clé API", "Your API key.", "Your
// Zq license API key. Register at…"): the key itself, whatever the parameter is named (`keyid`, `license`). A few
// words may come before the key's words (whose key, what kind), none after and no "of" among them: not "The API key's
// id", "API key to revoke", "Name of your API key"; nor a public one (a publishable key, no secret).
const OWNER = "(?:the|your|an?|votre|ta|la|le|tu|su|sua|seu|ihr|dein|die|der|el|o|a)\\s+";
const NOT_A_KIND = "(?:of|for|to|from|with|by|which|that|whose|the|an?|public|publishable|id|ids)";
const KIND_WORD = `(?!${NOT_A_KIND}${EDGE_AFTER})[\\p{L}\\p{N}-]+\\s+`;
const ONLY_THE_KEY = new RegExp(
  `^\\s*(?:${OWNER})?(?:${KIND_WORD}){0,3}(?:${[ENGLISH, ...OTHER_LANGUAGES].join("|")})\\s*[.:]?\\s*$`,
  "iu",
);

/** Whether a description's first sentence says the value is the API key and nothing more (`Clé API`). */
export function describedAsTheKey(description: unknown): boolean {
  if (typeof description !== "string") return false;
  const first = firstSentence(description);
  return ONLY_THE_KEY.test(first) || KEY_TO_USE_THE_API.test(first);
}

// ...or as the key a call needs, and nothing more ("The license key required to use the API", a body's `key` beside a
// bearer scheme; seed 1338).
const KEY_TO_USE_THE_API = new RegExp(
  `^\\s*(?:${OWNER})?(?:${KIND_WORD}){0,3}keys?\\s+(?:required|needed|used)\\s+to\\s+(?:use|access|call)\\s+` +
    "(?:the|this|our)\\s+(?:api|service)\\s*[.:]?\\s*$",
  "iu",
);

// ...and one whose first sentence says the value is a token that authenticates and nothing more ("Zq Auth Token",
// "Your access token.", "Session token"), or nothing but that it authenticates the call (a bank's required header
// `X-Zq-Client-Authentication`, "The authentication token is used to authenticate the source of the API call"): the
// caller's credential, whatever the parameter is named (`zq_auth`). Not a page's or a request's token, nor one "to
// revoke" or "of the user" (words after it).
const TOKEN_WORDS = "(?:auth|authentication|authori[sz]ation|access|bearer|api|session)[ -]?tokens?";
const ONLY_THE_TOKEN = new RegExp(`^\\s*(?:${OWNER})?(?:${KIND_WORD}){0,3}${TOKEN_WORDS}\\s*[.:]?\\s*$`, "iu");
const AUTHENTICATES = "(?:is\\s+|are\\s+)?(?:used\\s+)?(?:to\\s+authenticate|for\\s+authentication|authenticates)";
const THE_TOKEN_AUTHENTICATING = new RegExp(
  `^\\s*(?:${OWNER})?(?:${KIND_WORD}){0,3}${TOKEN_WORDS}\\s+${AUTHENTICATES}\\s+(?:the|each|every|your|an?)\\s+` +
    "(?:[\\p{L}-]+\\s+){0,5}(?:calls?|requests?)\\b",
  "iu",
);

/** Whether a description's first sentence says the value is a token that authenticates and nothing more. */
export function describedAsTheToken(description: unknown): boolean {
  if (typeof description !== "string") return false;
  const first = firstSentence(description);
  return ONLY_THE_TOKEN.test(first) || THE_TOKEN_AUTHENTICATING.test(first);
}

// A description whose first sentence begins by calling the value an API key, whatever the operation does with it after
// ("The API Key to set as learnable/non learnable.", "API key to revoke."): a key's value, though not the caller's own.
// Not its id or its name ("API key id", "The API key's name").
const BEGINS_AS_A_KEY = new RegExp(
  `^\\s*(?:${OWNER})?(?:${ENGLISH})${EDGE_AFTER}${NOT_ITS_ID}` +
    `(?!['’]s${EDGE_AFTER}|\\s+(?:names?|labels?)${EDGE_AFTER})`,
  "iu",
);

// ...or an access, API or session token (a media server's path `{key}`, "The access token to delete."): a user's
// credential the operation acts on. Not its id or name.
const BEGINS_AS_A_TOKEN = new RegExp(
  `^\\s*(?:${OWNER})?${TOKEN_WORDS}${EDGE_AFTER}${NOT_ITS_ID}` +
    `(?!['’]s${EDGE_AFTER}|\\s+(?:names?|labels?)${EDGE_AFTER})`,
  "iu",
);

/**
 * Whether a description's first sentence begins by calling the value an API key (describedAsTheKey, or more after), or
 * an access, API or session token.
 */
export function beginsAsAKey(description: unknown): boolean {
  if (typeof description !== "string") return false;
  const first = firstSentence(description);
  return BEGINS_AS_A_KEY.test(first) || BEGINS_AS_A_TOKEN.test(first);
}

/** Whether a parameter's name says an API key by itself (`api_key`, `X-Api-Key`, `apikey`). */
export function namedApiKey(name: string): boolean {
  return API_KEY_NAME.test(name);
}

// An id or key an API assigns its caller, which the caller sends with each request (an application's, a developer's, a
// client's): `app_id` "The application ID assigned to you", `appKey` "Your API app key", `client_id` "Your client ID".
// Named so (the kinds of key of ENGLISH, and a client's, each as an id or a key) and described as the caller's own:
// assigned, issued or given to them, theirs, or an authentication's. An `app_id` or `application_key` described
// nowhere reads so by its name; a client's id must say so (a CRM's `client_id` is its customer's).
const CALLER_NAME = /^(?:x[-_])?(app|application|developer|client|consumer|partner)[-_]?(?:id|key|identifier)$/i;
const CALLER_WORDS = new RegExp(
  `${EDGE_BEFORE}(?:(?:assigned|issued|granted|given|provided|allocated)${EDGE_AFTER}.{0,40}${EDGE_BEFORE}you|your|` +
    `authenticat\\w*|credentials?)${EDGE_AFTER}`,
  "iu",
);

/**
 * Whether a parameter's name and description say an id or key the API assigns its caller (`app_id` "The application ID
 * assigned to you", `appKey` "Your API app key"): the caller's credential when every operation takes it.
 */
export function namedCallerKey(name: string, description: unknown): boolean {
  const kind = CALLER_NAME.exec(name)?.[1]?.toLowerCase();
  if (!kind) return false;
  const words = typeof description === "string" ? description.trim() : "";
  if (!words) return kind === "app" || kind === "application" || kind === "developer";
  return CALLER_WORDS.test(words) || saysApiKey(words);
}
