// The text an API key sent in a header takes before it (`Authorization: Token
// <key>`): OpenAPI has no field for it, so documents write it where people
// read it. It is read, in this order, from an example value in a vendor
// extension of the scheme (`x-default: "Klaviyo-API-Key your-private-api-key"`),
// from a code span or a quoted text of the scheme's description (`Token
// token=<API_KEY>`), from the words after a colon in it ("Use the format:
// Bearer $API_KEY"), from a sentence saying it is prepended ("must be
// prepended with "token" followed by a space", "required prefix "Token""), or from the scheme's own name
// when that is RFC 6750's word (`Bearer`, `BearerToken`, `bearerAuth`). What is found is a
// draft (auth.prefix), with a note naming where it was read. A published name
// holding it (`Authorization: Bearer`, read by key-names.ts) comes first; the document's own prose showing the whole
// header (prefix-prose.ts) comes after the scheme's words and before a guess from its name. A name of another word
// (`Token`, `Bot`) is no guess: a directory's key schemes so named were as often sent bare.
import { PREFIX_PROSE } from "./prefix-prose.js";

type Json = Record<string, unknown>;

/** A prefix found, and where: the words a note gives. */
export interface DocumentedPrefix {
  prefix: string;
  from: string;
}

// The value's stand-in: <API_KEY>, {API Token}, [key], or a word holding key, token or secret (your-private-api-key,
// YOUR_TOKEN, a shell variable's $API_KEY).
const PLACEHOLDER =
  /^(?:<[^<>]+>|\{\{?[^{}]+\}?\}|\[[^[\]]+\]|\$?[\w.-]*(?:key|token|secret|credential|password)[\w.-]*)$/i;
// What may be sent before it: printable ASCII, no stand-in of its own, ending where the value starts (a space, "=" or
// ":").
const PREFIX = /^[!-~][ -~]{0,62}[ =:]$/;
// A bare word in title case (`Key`) or naming keys in the plural (`Keys`, `API_Tokens`): a label of the provider's
// pages ("the "DEV API Keys" section", a "Generate API Key" button), no stand-in for one value, which is written as a
// name (`YOUR_TOKEN`, `api-key`, `$API_KEY`) or in brackets (`<tokens>`).
const LABEL_WORD = /^(?:[A-Z][a-z]+|[\w.-]*(?:[Kk]eys|[Tt]okens|[Ss]ecrets|[Cc]redentials|[Pp]asswords))$/;
const STAND_IN_CHARS = /[<>{}[\]]/;
// A prefix is a word or two (`Bearer `, `Token token=`): one holding quotes or more words is a sentence about the value
// ("Type 'Bearer TOKEN' to correctly set the API Key" read its last word as the stand-in).
const SENTENCE = /["'`“”‘’]|\S\s+\S+\s+\S/;
/**
 * A name of RFC 6750's word, alone or before another word (`Bearer`, `BearerJwt`, `bearerAuth`, `bearer_token`):
 * Swagger 2.0 has no bearer scheme, so documents name an API key so; sent bare, it was refused.
 */
const BEARER_NAMED = /^(?:[Bb]earer(?:$|[-_ ]?[A-Z]|[-_ ][a-z])|BEARER(?:$|[-_ ]))/;
/** Other words sent before a key (`Token`, `Bot`): a scheme so named is no proof the key is sent after them. */
const OTHER_SCHEME_WORDS = /^(token|bot)$/i;

/** Whether a scheme's name is a scheme word not guessed from (`Token`, `Bot`), for the note of a key sent bare. */
export const namedAfterSchemeWord = (name: string): boolean => OTHER_SCHEME_WORDS.test(name);
const PREPENDED = new RegExp(
  String.raw`\b(?:prepended|prefixed|preceded)\s+(?:with|by)\s+` +
    "[`\"'“]([^`\"'”]{1,40})[`\"'”]" +
    String.raw`(\s+(?:and\s+)?followed\s+by\s+a\s+space)?`,
  "i",
);

// A sentence naming the word that goes first and the space after it (`The word "Basic" followed by a space and your API
// Key`): the word and a space.
const WORD_THEN_SPACE = /\b(?:word|text|string)\s+["'`“]([A-Za-z][\w-]{0,39})["'`”]\s+followed\s+by\s+a\s+space/i;

// A sentence naming the prefix as a word (Django REST framework's `Token-based authentication with required prefix
// "Token"`): a scheme's word, letters and inner hyphens (`Token`, `DeepL-Auth-Key`), not a key's own start (`sk_`,
// `ory_`), which keys begin with rather than follow.
const NAMED_WORD = /\bprefix\s+["'`“]([A-Za-z]+(?:-[A-Za-z]+)*)["'`”]/i;

/**
 * The prefix of one written example of the header's value (`Token token=<API_KEY>`), the header's own name left off.
 */
export function prefixOfExample(example: string, header: string): string | undefined {
  let text = example.trim();
  const named = `${header.toLowerCase()}:`;
  if (text.toLowerCase().startsWith(named)) text = text.slice(named.length).trimStart();
  if (!text || text.includes("\n")) return undefined;
  // The last place the value may start whose rest is a stand-in: "Token token=<API_KEY>" starts it after "=", not after
  // "Token ".
  for (let i = text.length - 2; i > 0; i--) {
    const c = text.charAt(i);
    if (c !== " " && c !== "=" && c !== ":") continue;
    const prefix = text.slice(0, i + 1);
    if (
      PLACEHOLDER.test(text.slice(i + 1)) &&
      !LABEL_WORD.test(text.slice(i + 1)) &&
      PREFIX.test(prefix) &&
      !STAND_IN_CHARS.test(prefix) &&
      !SENTENCE.test(prefix)
    )
      return prefix;
  }
  return undefined;
}

/**
 * Where a scheme whose published name held its value's start (key-names.ts, `name: "Authorization: Bearer"`) keeps
 * that start and the name as published, while the draft reads it: a symbol, so no written document carries it.
 */
export const NAMED_PREFIX: unique symbol = Symbol("prefix written in the scheme's published name");

/** The prefix the document shows for an API key scheme in header `header`, if it shows one. */
export function documentedPrefix(name: string, scheme: Json, header: string): DocumentedPrefix | undefined {
  const named = (scheme as Record<symbol, { prefix: string; written: string } | undefined>)[NAMED_PREFIX];
  if (named) return { prefix: named.prefix, from: `its published name, ${JSON.stringify(named.written)}` };
  for (const [key, value] of Object.entries(scheme)) {
    if (!key.startsWith("x-") || typeof value !== "string") continue;
    const prefix = prefixOfExample(value, header);
    if (prefix) return { prefix, from: `its ${key} ${JSON.stringify(value)}` };
  }
  const description = typeof scheme.description === "string" ? scheme.description : "";
  for (const shown of shownTexts(description)) {
    const prefix = prefixOfExample(shown, header);
    if (prefix) return { prefix, from: `its description's ${JSON.stringify(shown)}` };
  }
  const said = PREPENDED.exec(description);
  // A word a key is prefixed with that is no scheme's word (`v2.`, `sk_`): the key's own start ("a user-level API key
  // (prefixed with "v2.")"), which the key given already holds; a scheme's word goes before it (`token`, `Bearer `).
  if (said?.[1] && (said[2] || /[ =:]$/.test(said[1]) || /^[A-Za-z]+(?:-[A-Za-z]+)*$/.test(said[1]))) {
    const word = said[1];
    const prefix = said[2] || !/[ =:]$/.test(word) ? `${word.trimEnd()} ` : word;
    if (PREFIX.test(prefix)) return { prefix, from: `its description ("${said[0]}")` };
  }
  const spaced = WORD_THEN_SPACE.exec(description);
  if (spaced?.[1]) return { prefix: `${spaced[1]} `, from: `its description ("${spaced[0]}")` };
  const word = NAMED_WORD.exec(description);
  if (word?.[1]) return { prefix: `${word[1]} `, from: `its description ("${word[0]}")` };
  const prose = proseShowingHeader(scheme, header);
  if (prose) return prose;
  if (header.toLowerCase() === "authorization" && BEARER_NAMED.test(name))
    return { prefix: "Bearer ", from: `its name, ${name}` };
  return undefined;
}

/**
 * The prefix a shown text of the document's prose gives, when the text names the header (`Authorization: ShippoToken
 * <token>`): a text without the header's name may be about anything the document sends.
 */
function proseShowingHeader(scheme: Json, header: string): DocumentedPrefix | undefined {
  const prose = (scheme as Record<symbol, { text: string; where: string }[] | undefined>)[PREFIX_PROSE];
  const named = `${header.toLowerCase()}:`;
  for (const { text, where } of prose ?? [])
    for (const shown of quotedTexts(text)) {
      if (!shown.trim().toLowerCase().startsWith(named)) continue;
      const prefix = prefixOfExample(shown, header);
      if (prefix) return { prefix, from: `the document's ${where}, ${JSON.stringify(shown)}` };
    }
  return undefined;
}

// A code span or a quoted text; then, read apart (a quoted sentence may hold one), a text in single quotes not inside
// a word ("the user's key" holds none).
const QUOTED = /`([^`\n]{2,80})`|"([^"\n]{2,80})"|“([^”\n]{2,80})”/g;
const SINGLE_QUOTED = /(?<!\w)'([^'\n]{2,80})'(?!\w)/g;

/**
 * The texts a description shows as a value: its code spans and quoted texts, then what follows each colon up to the
 * sentence's end ("Use the format: Bearer $API_KEY_OR_JWT", written without quotes).
 */
function shownTexts(description: string): string[] {
  const quoted = quotedTexts(description);
  const afterColon = [...description.matchAll(/:[ \t]+([^\n]{2,80})/g)].map(
    (m) => (m[1] ?? "").split(/[.;,]\s|\.$/)[0] ?? "",
  );
  return [...quoted, ...afterColon];
}

/**
 * A description's code spans and quoted texts, then its texts in single quotes; a code span that quotes its text
 * (`` `"Bearer <token>"` ``) gives the text inside the quotes.
 */
function quotedTexts(description: string): string[] {
  const unquoted = (t: string) => (/^(["'“])[^"'“”]+["'”]$/.exec(t) ? t.slice(1, -1) : t);
  const quoted = [...description.matchAll(QUOTED)].map((m) => unquoted(m[1] ?? m[2] ?? m[3] ?? ""));
  const single = [...description.matchAll(SINGLE_QUOTED)].map((m) => m[1] ?? "");
  return [...quoted, ...single];
}
