// HTTP basic whose user name is the API key and whose password is empty, as a scheme's description says in words
// ("Enter the API key as the username and set the password to an empty string"; "Provide your key as the basic auth
// username. You do not need to provide a password."): drafted as the manifest's `auth.password: ""`, one secret
// parameter, with a review note quoting the words. Only wording that says both halves plainly is read so; anything
// else stays a user name and a password for a person to fill (the user name secret where the words call it a key).
// A scheme whose own description says nothing of it reads
// the document's section on authentication (a tag named for it: Redoc shows an `x-traitTag` tag as a page of prose),
// when the document declares no other HTTP basic scheme the words could be about.
import { sentences } from "../../../load/text/sentences.js";
import type { DraftCredential, DraftPlacement } from "../credential-draft.js";

type Json = Record<string, unknown>;

/** The key (or token) sent as the user name: "the API key as the username", "username is your API key". */
const KEY_AS_USER = [
  new RegExp(
    String.raw`\b(?:api[ _-]?)?(?:key|token)\b[^.;]{0,40}?\bas (?:the |your |a )?` +
      String.raw`(?:(?:http )?basic(?: auth(?:entication)?)? )?user[ _-]?name\b`,
    "i",
  ),
  /\buser[ _-]?name\b[^.;]{0,20}?\b(?:is|should be|must be)\s+(?:the |your )?(?:api[ _-]?)?(?:key|token)\b/i,
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
  new RegExp(
    String.raw`\b${KEY}\b[^.;]{0,40}?\bas (?:the |your |a )?(?:http )?basic[ -]auth(?:entication)? user[ _-]?name\b`,
    "i",
  ),
];

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
  return said.find((s) => KEY_AS_USER_ALONE.some((r) => r.test(s)));
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
  const userKey = userCalledKey(definition);
  return {
    scheme,
    placement,
    definition,
    user: unique("username"),
    param: unique("password"),
    ...(userKey !== undefined ? { userKey } : {}),
  };
}
