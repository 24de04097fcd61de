// HTTP basic whose user name is the API key and whose password is empty, as a scheme's description says in words
// ("Enter the API key as the username and set the password to an empty string"; "Provide your key as the basic auth
// username. You do not need to provide a password."): drafted as the manifest's `auth.password: ""`, one secret
// parameter, with a review note quoting the words. Only wording that says both halves plainly is read so; anything
// else stays a user name and a password for a person to fill (the user name secret where the words call it a key).
// An apiKey scheme in Authorization whose words say the same ("The format is Base64encode(api-key:)") is drafted so
// too (headerKeyHow): OpenAPI's apiKey scheme cannot say HTTP basic, and the bare key would be refused.
// A scheme whose own description says nothing of it reads
// the document's section on authentication (a tag named for it: Redoc shows an `x-traitTag` tag as a page of prose),
// when the document declares no other HTTP basic scheme the words could be about.
import { sentences } from "../../../load/text/sentences.js";
import type { DraftCredential, DraftPlacement } from "../credential-draft.js";
import { documentedEncoding } from "./key-encoding.js";
import { documentedPrefix } from "./key-prefix.js";
import { namedApiKey } from "../../../load/schemas/api-key-words.js";

type Json = Record<string, unknown>;

/** The key (or token) sent as the user name: "the API key as the username", "username is your API key". */
const KEY_AS_USER = [
  new RegExp(
    String.raw`\b(?:api[ _-]?)?(?:key|token)\b[^.;]{0,40}?\bas (?:the |your |a )?` +
      String.raw`(?:(?:http )?basic(?: auth(?:entication)?)? )?user[ _-]?name\b`,
    "i",
  ),
  /\buser[ _-]?name\b[^.;]{0,20}?\b(?:is|should be|must be)\s+(?:the |your )?(?:api[ _-]?)?(?:key|token)\b/i,
  // "For the username, use a valid API key."
  /\bfor (?:the |your )?user[ _-]?name\b[^.;]{0,10}?\buse\b[^.;]{0,20}?\b(?:api[ _-]?)?(?:key|token)\b/i,
];

/** An empty password: "set the password to an empty string", "leave the password blank", "no password is needed". */
const EMPTY_PASSWORD = [
  /\bpassword\b[^.;]{0,40}?\b(?:empty|blank)\b/i,
  /\b(?:an? )?(?:empty|blank)(?: string)?(?: as(?: the)?)? password\b/i,
  /\b(?:do not|don't|does not|doesn't|no) need (?:to (?:provide|give|enter|send|set) )?(?:a |any )?password\b/i,
  /\bno password\b(?: is)? (?:needed|required)\b/i,
  /\bwithout (?:a |any )?password\b/i,
];

/**
 * Wording that says both halves in one: the header written as the key itself ("Authorization: Basic <api_key>"), the
 * encoded text the key and a bare colon ("base64 hash of `api_key:`"), or the key as the user name of basic auth by
 * name ("use your secret key as the basic auth username"): no password goes with any of them.
 */
const KEY = "(?:your[ _-]?)?(?:(?:api|secret|access)[ _-]?)?(?:key|token)";
const KEY_AS_USER_ALONE = [
  new RegExp(String.raw`\bauthorization\s*:\s*basic\s+[<{[]\s*${KEY}\s*[>}\]]`, "i"),
  new RegExp(String.raw`\bbase[ -]?64\b[^.;]{0,40}?\bof\s+[\x60"'<{]*\s*${KEY}\s*[>}]?:[\x60"']`, "i"),
  // The same as a function of the key and a colon: "Base64encode(api-key:)", `base64_encode("<key>:")`.
  new RegExp(String.raw`\bbase[ -]?64\w*\(\s*[\x60"'<{]*\s*${KEY}\s*[>}]?:[\x60"']?\s*\)`, "i"),
  new RegExp(
    String.raw`\b${KEY}\b[^.;]{0,40}?\bas (?:the |your |a )?(?:http )?basic[ -]auth(?:entication)? user[ _-]?name\b`,
    "i",
  ),
];

/** A colon after the key, base64 taking it along: "append a colon after the api key", "key followed by a colon". */
const COLON_AFTER_KEY = [
  new RegExp(String.raw`\b(?:append|add)\w* (?:a |an )?(?:trailing )?colon (?:after|to) (?:the |your )?${KEY}\b`, "i"),
  new RegExp(String.raw`\b${KEY}\b[^.;]{0,20}?\b(?:followed by|then|and|with) (?:a |an )?(?:trailing )?colon\b`, "i"),
];
/** HTTP basic or base64 named: a colon after the key is then basic's, never a text of its own. */
const BASIC_WORDS = /\bbasic\b|\bbase[ -]?64/i;

/** The user name called a key in any words ("Username: your API key"), password or none: the value a secret. */
const USER_IS_KEY = [...KEY_AS_USER, new RegExp(String.raw`\buser[ _-]?name\s*[:=]\s*(?:the )?${KEY}\b`, "i")];

/** The sentence of a scheme's description that calls its user name a key, or undefined. */
export function userCalledKey(definition: Json): string | undefined {
  const text = typeof definition.description === "string" ? definition.description.replace(/\s+/g, " ").trim() : "";
  // A clause after a semicolon is read alone too ("…; your key is the user name").
  return sentences(text)
    .flatMap((s) => s.split(/(?<=;)\s+/))
    .find((s) => USER_IS_KEY.some((r) => r.test(s)));
}

/** A password said to be something: "a password of abc" is no empty one, whatever else the text says. */
const OTHER_PASSWORD = /\bpassword\b[^.;]{0,20}?\b(?:to|is|as|of)\s+["'`](?=[^"'`])/i;

/** The sentences of a scheme's description that say its key is the user name and its password empty, or undefined. */
export function keyAsUserWords(definition: Json): string | undefined {
  const text = typeof definition.description === "string" ? definition.description.replace(/\s+/g, " ").trim() : "";
  if (!text || OTHER_PASSWORD.test(text)) return undefined;
  const said = sentences(text);
  const user = said.find((s) => KEY_AS_USER.some((r) => r.test(s)));
  const empty = said.find((s) => EMPTY_PASSWORD.some((r) => r.test(s)));
  if (user !== undefined && empty !== undefined) return user === empty ? user : `${user} ${empty}`;
  const alone = said.find((s) => KEY_AS_USER_ALONE.some((r) => r.test(s)));
  if (alone !== undefined || !(isBasic(definition) || BASIC_WORDS.test(text))) return alone;
  return said.find((s) => COLON_AFTER_KEY.some((r) => r.test(s)));
}

/** Where withAuthProse puts the document's own section on authentication, on its one HTTP basic scheme. */
const AUTH_PROSE = Symbol("the document's section on authentication");

/** A tag that is a section of prose on authentication, by its name. */
const AUTH_SECTION = /^\s*(?:api\s+)?auth(?:entication|orization)?\s*$/i;

const isBasic = (d: unknown) =>
  !!d && typeof d === "object" && (d as Json).type === "http" && String((d as Json).scheme).toLowerCase() === "basic";

/** The document's security schemes, its one HTTP basic scheme carrying the document's section on authentication. */
export function withAuthProse(doc: Json, declared: Record<string, Json>): Record<string, Json> {
  const basic = Object.keys(declared).filter((k) => isBasic(declared[k]));
  const tags = (Array.isArray(doc.tags) ? doc.tags : []) as Json[];
  const text = tags
    .filter((t) => typeof t?.name === "string" && AUTH_SECTION.test(t.name) && typeof t.description === "string")
    .map((t) => t.description as string)
    .join(" ");
  if (basic.length !== 1 || !text) return declared;
  const [name] = basic as [string];
  return { ...declared, [name]: { ...declared[name], [AUTH_PROSE]: text } };
}

/** The words saying the key is the user name, from the scheme's description or else the document's section. */
function keyAsUserSaid(definition: Json): { words: string; where?: string } | undefined {
  const own = keyAsUserWords(definition);
  if (own !== undefined) return { words: own };
  const prose = (definition as Record<symbol, unknown>)[AUTH_PROSE];
  const words = typeof prose === "string" ? keyAsUserWords({ description: prose }) : undefined;
  return words === undefined ? undefined : { words, where: "document's section on authentication" };
}

/**
 * An API key in `Authorization` whose description says HTTP basic with the key as the user name and an empty password
 * ("For the username, use a valid API key … The format is Base64encode(api-key:)"): the draft's `password`, so that
 * the key goes as `Basic base64(key:)`, not bare. Undefined where the words do not say both halves.
 */
function keyInAuthorizationAsUser(definition: Json, header: string): DraftCredential["password"] | undefined {
  if (header.toLowerCase() !== "authorization") return undefined;
  const words = keyAsUserWords(definition);
  return words === undefined ? undefined : { text: "", words };
}

/**
 * How an API key in header `header` goes, as its scheme's words say: as HTTP basic's user name (in Authorization:
 * then no prefix nor encoding), else after the text the document shows before it, or encoded.
 */
export function headerKeyHow(
  scheme: string,
  definition: Json,
  header: string,
): Pick<DraftCredential, "password" | "prefix" | "encode"> {
  const password = keyInAuthorizationAsUser(definition, header);
  if (password) return { password };
  const prefix = documentedPrefix(scheme, definition, header);
  const encode = documentedEncoding(definition, header, prefix);
  return { ...(prefix ? { prefix } : {}), ...(encode ? { encode } : {}) };
}

/** The user name a key by the scheme's name (`api_key`, `apiKey`), said as a note's reason; else undefined. */
const keyByName = (scheme: string) =>
  namedApiKey(scheme) ? `the scheme is named ${JSON.stringify(scheme)}, an API key's name` : undefined;

/**
 * An HTTP basic credential's parameters: the key alone beside an empty password where the description says so, else
 * a user name and a password.
 */
export function basicCredential(
  scheme: string,
  placement: DraftPlacement,
  definition: Json,
  unique: (name: string) => string,
): DraftCredential {
  const said = keyAsUserSaid(definition);
  if (said !== undefined)
    return { scheme, placement, definition, param: unique("apiKey"), password: { text: "", ...said } };
  // A scheme named as an API key (`api_key`: its name is all the document says of it) holds the key as its user name.
  const words = userCalledKey(definition);
  const userKey = words !== undefined ? `its description says ${JSON.stringify(words)}` : keyByName(scheme);
  return {
    scheme,
    placement,
    definition,
    user: unique("username"),
    param: unique("password"),
    ...(userKey !== undefined ? { userKey } : {}),
  };
}
