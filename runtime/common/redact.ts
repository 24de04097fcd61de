// Secrets never leave the runtime: every text that could reach a user passes here.
//
// One redactor for every secret the project handles (API keys, client
// secrets, issued access and refresh tokens, JWT assertions, npm tokens).
// Each secret becomes one regular expression that matches it in the text as
// written: each of its characters as itself in any case, or as any one escape
// of it — a JSON escape (`\u0041`, `\/`, `\"`), its percent-encoded UTF-8
// bytes (`%41`, `%E2%82%AC`, hex in either case), `+` and a space as one —
// whatever their mix; its UTF-8 bytes in hex, either case; and the base64
// characters that encode it at any of the three alignments, standard and
// URL-safe (a Basic header's `user:secret`), its `+`, `/` and `=` also
// percent-encoded, through its last character and padding where it ends the
// encoded bytes. A text holding `%25` is searched again with each layer of
// percent-encoding taken off, to four (percent-layers.ts; `%252B`: an address carried
// in another's query). What matches is replaced, every escape it spans
// included; matches that overlap are replaced as one. Not looked for: other
// encodings nested (a JSON text escaped in another, the base64 of its hex).
//
// Matching the text as written, rather than decoding it and mapping positions
// back, leaves the search to the regular-expression engine: on a 1.4 MB text,
// 0.3 ms where decoding first took 4.4 ms.
//
// Texts and parsed values are redacted independently: a parsed value is a
// decoded one (a reply's `\u0041` is an `A` once parsed), so `mentionsSecret`
// and `redactDeep` look at every string (and number) of it, whatever its text
// looked like.
import { MAX_NESTING } from "./nesting.js";
import { percentLayers } from "./percent-layers.js";

export const REDACTED = "[redacted]";

/**
 * The shortest secret no document bounds: no real credential is shorter, and a shorter one cannot be kept out of
 * messages as a substring (redacting the key `k` garbled every word of every message that holds a k). A secret
 * parameter shorter than this is refused before any request, its value withheld (string-check.ts), unless its
 * document allows a shorter one (below); as is a caller's `secrets` entry (single-call.ts).
 */
export const SECRET_MIN_LENGTH = 8;

/**
 * The shortest secret at all: one a person types that its document bounds lower (`format: password`, `minLength: 4`:
 * a PIN, a short sign-in password). Such a value is withheld as a whole value only, never as a substring: a JSON
 * string or number equal to it, a token bounded by non-word characters (or by an escape: `\n1234`, `%201234`) in any
 * of the forms above, its whole base64 (padded or not, standard or URL-safe) bounded by non-base64 characters. A PIN
 * `1234` is kept out of `{"pin":"1234"}`, `pin=1234`, `?pin=%31234`, `x-1234-y` and `MTIzNA==`, while `12345` and
 * `a1234` stay (other tokens): redacted as a substring, a 4-digit PIN garbled every number, date and id that holds its
 * digits, while the secret itself, sent as one value, reaches a message as one token. Below 4 characters even whole
 * tokens are common words and numbers (`a`, `on`, `12`): refused.
 */
export const SHORT_SECRET_MIN_LENGTH = 4;

/** Whether a value is long enough to be a secret (see SECRET_MIN_LENGTH; counted in characters, not UTF-16 units). */
export function isSecretLength(value: string): boolean {
  return value.length >= SECRET_MIN_LENGTH && characters(value) >= SECRET_MIN_LENGTH;
}

/** Whether a value is long enough to be withheld at all: under SECRET_MIN_LENGTH, as a whole token only. */
export function isWithheldLength(value: string): boolean {
  return value.length >= SHORT_SECRET_MIN_LENGTH && characters(value) >= SHORT_SECRET_MIN_LENGTH;
}

/**
 * A text's characters (code points), not its UTF-16 units: the array of them (`[...text]`, about 90 ns for a short
 * value, several times a call) made only when the text holds a surrogate, without which each unit is a character.
 */
export function characters(text: string): number {
  return /[\ud800-\udfff]/.test(text) ? [...text].length : text.length;
}

/** Replace every occurrence of each secret, in each of its forms, in `text`. */
export function redact(text: string, secrets: readonly string[]): string {
  return redactText(text, findersOf(secrets));
}

function redactText(text: string, finders: Finder[]): string {
  let out = "";
  let at = 0;
  for (const [start, end] of found(text, finders)) {
    out += text.slice(at, start) + REDACTED;
    at = end;
  }
  return at ? out + text.slice(at) : text;
}

/**
 * Redact secrets in every string of a JSON-like value, object keys included.
 * A number whose digits hold a secret (an all-digit one echoed as a JSON
 * number) becomes the text REDACTED.
 */
export function redactDeep<T>(value: T, secrets: readonly string[], numbers = true): T {
  const finders = findersOf(secrets);
  return finders.length ? redactValue(value, finders, 0, numbers) : value;
}

/**
 * `numbers` false: the texts only (strings and keys), for a secret withheld from other values by its place (a number
 * a reply hands out as a secret output: a count equal to it is no echo of it).
 */
function redactValue<T>(value: T, finders: Finder[], depth: number, numbers: boolean): T {
  if (typeof value === "string") return redactText(value, finders) as T;
  if (typeof value === "number" || typeof value === "bigint")
    return (numbers && holds(String(value), finders) ? REDACTED : value) as T;
  if (!value || typeof value !== "object") return value;
  // Deeper than any input may nest (nesting.ts), a value is withheld: walked, an answer nested 5,000 deep ran out of
  // stack.
  if (depth >= MAX_NESTING) return REDACTED as T;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, finders, depth + 1, numbers)) as T;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [redactText(k, finders), redactValue(v, finders, depth + 1, numbers)]),
  ) as T;
}

/**
 * Whether any string (or number, or key) of a JSON-like value holds a secret in any of its forms; stops at the first.
 */
/** `value` as handed out: the same object when it holds no secret, else a copy with each withheld. */
export function withheldSecrets<T>(value: T, secrets: readonly string[]): T {
  return mentionsSecret(value, secrets) ? redactDeep(value, secrets) : value;
}

export function mentionsSecret(value: unknown, secrets: readonly string[]): boolean {
  const finders = findersOf(secrets);
  return finders.length > 0 && walkMentions(value, finders, 0);
}

function walkMentions(value: unknown, finders: Finder[], depth: number): boolean {
  if (typeof value === "string") return holds(value, finders);
  if (typeof value === "number" || typeof value === "bigint") return holds(String(value), finders);
  if (!value || typeof value !== "object") return false;
  // Too deep to search: it may hold one (redactValue withholds it).
  if (depth >= MAX_NESTING) return true;
  // Loops, not `some` with a closure each: an output's look was a twentieth of a call (Node 24).
  if (Array.isArray(value)) {
    for (const item of value) if (walkMentions(item, finders, depth + 1)) return true;
    return false;
  }
  // `for…in`, not Object.keys's array of each object's keys (89 → 59 ns for books' outputs, Node 24). An inherited
  // enumerable key (a polluted prototype) is looked at too: at worst the output is copied, redacted, for nothing.
  for (const key in value)
    if (holds(key, finders) || walkMentions((value as Record<string, unknown>)[key], finders, depth + 1)) return true;
  return false;
}

/** Whether `text` holds a secret (found, without the ranges: stops at the first), as it is or a layer decoded. */
function holds(text: string, finders: Finder[]): boolean {
  const seen = holdsAsWritten(text, finders);
  // Searched and not found (a text none can hold, nearly every one, is not looked at again): each layer's view.
  if (seen !== false || !text.includes("%25")) return seen === true;
  for (const [view] of percentLayers(text)) if (holdsAsWritten(view, finders) === true) return true;
  return false;
}

/** Whether the text as written holds a secret; undefined if none could (not searched). */
function holdsAsWritten(text: string, finders: Finder[]): boolean | undefined {
  let searched: boolean | undefined;
  for (const finder of finders) {
    if (!canHold(finder, text)) continue;
    const re = (finder.re ??= finder.make());
    re.lastIndex = 0;
    if (re.test(text)) return true;
    searched = false;
  }
  return searched;
}

/**
 * Whether the text can hold the secret at all, before its expression is made and run: making it and its first runs
 * (compiled twice, to bytecode, then machine code) cost a call with a key new to the process 0.7 ms (`npm run bench --
 * call`: 748 → 27 µs, 22 µs with a key it knew), and most texts cannot hold it. In a text without `%`, `\` or `+` (an
 * escape's first character, a space's other form), an ASCII secret is only as itself in some case, its `+` as a space:
 * its plain form is in the text in lower case. (Case-insensitive matching without the flag `u` never takes a character
 * beyond ASCII for one within it.) Asked again once the expression is made: a text that cannot hold the secret is not
 * searched.
 */
const ESCAPE_START = /[%\\+]/;

function canHold(finder: Finder, text: string): boolean {
  if (text.length < finder.shortest) return false;
  if (!finder.plain || ESCAPE_START.test(text)) return true;
  const lower = text.toLowerCase();
  for (const p of finder.plain) if (lower.includes(p)) return true;
  return false;
}

/**
 * Ranges [start, end) of `text` where a secret is, overlapping ones merged: each secret is looked for from every start.
 */
function found(text: string, finders: Finder[]): readonly [number, number][] {
  const ranges = foundAsWritten(text, finders);
  // Only a text some secret could be in is looked at again (one holding `%25` could: a `%`).
  if (!ranges) return NONE;
  if (text.includes("%25")) {
    for (const [view, places] of percentLayers(text))
      for (const [start, end] of foundAsWritten(view, finders) ?? [])
        ranges.push([places[start] ?? 0, places[end] ?? 0]);
  }
  // None or one (nearly every text a call looks at): nothing to sort or merge.
  if (ranges.length < 2) return ranges;
  const merged: [number, number][] = [];
  for (const [start, end] of ranges.sort((a, b) => a[0] - b[0])) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

// No range: found's answer for a text no secret could be in (read only, by redactText).
const NONE: readonly [number, number][] = [];

/** Ranges of the text as written where a secret is; undefined if none could be (not searched). */
function foundAsWritten(text: string, finders: Finder[]): [number, number][] | undefined {
  let ranges: [number, number][] | undefined;
  for (const finder of finders) {
    if (!canHold(finder, text)) continue;
    ranges ??= [];
    const re = (finder.re ??= finder.make());
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      ranges.push([m.index, m.index + m[0].length]);
      // The next start: one character on (a surrogate pair is one: its second half starts no secret).
      re.lastIndex = m.index + ((text.codePointAt(m.index) ?? 0) > 0xffff ? 2 : 1);
    }
  }
  return ranges;
}

/**
 * What finds one secret in every form, and the length of the shortest text it can be found in (most texts are shorter:
 * not searched).
 */
interface Finder {
  /**
   * The expression, once a text needed it (see found): building it costs more than the checks before it, running it
   * less.
   */
  re?: RegExp;
  make: () => RegExp;
  shortest: number;
  /**
   * An ASCII secret and its base64 cores in lower case, a `+` as a space (see found); none for another secret, whose
   * expression always runs.
   */
  plain: string[] | undefined;
}

// One expression per secret, kept once made: compiling a long one (a private key's) costs more than many calls, and a
// call's list often differs from the last only by a token just issued. A finder without one is not kept (building it
// costs about a microsecond): a key new on each call, kept, lived through the young generation's collections into the
// old one, where collecting it cost more than building it.
const finderCache = new Map<string, Finder>();

// Each secret once, at its first place: a set and the array spread from it, which this made before, were a fifth of a
// call's look for secrets in its outputs (about 80 ns of 450, Node 24). The last list's finders are kept: a call looks
// for the same secrets in each of its texts, and the next call often for the same ones (a new array, the same strings).
let lastSecrets: readonly string[] = [];
let lastFinders: Finder[] = [];
function findersOf(secrets: readonly string[]): Finder[] {
  if (secrets.length !== lastSecrets.length || secrets.some((s, i) => s !== lastSecrets[i])) {
    lastFinders = secrets
      .filter((s, i) => typeof s === "string" && isWithheldLength(s) && secrets.indexOf(s) === i)
      .map(finderOf);
    lastSecrets = [...secrets];
  }
  return lastFinders;
}

/**
 * The expression that finds a secret in any of its forms, run on every text the check before it (in found) lets by: for
 * tests of that check.
 */
export function secretExpression(secret: string): RegExp {
  return finderOf(secret).make();
}

/**
 * A secret char by char, each in any of its forms, or one of its base64 cores. Built for each secret new to the
 * process (a token issued per call): its characters' array only when the expression is made, its cores from one
 * `btoa` an alignment, without `TextEncoder` or a copy of its bytes for an ASCII one.
 */
function finderOf(secret: string): Finder {
  let finder = finderCache.get(secret);
  if (!finder) {
    const ascii = /^[\0-\x7f]*$/.test(secret);
    const whole = !isSecretLength(secret);
    const binary = ascii ? secret : bytesOf(secret);
    const cores = whole ? base64Whole(binary) : base64Cores(binary);
    const hexed = hexOf(binary);
    // Each character is at least one unit of the text; a core, its length.
    let shortest = characters(secret);
    for (const c of cores) shortest = Math.min(shortest, c.length);
    const built: Finder = {
      // No flag `u`: its case-insensitive matching compiled about twice as slow, and without it no character beyond
      // ASCII matches one within it (found relies on that); what `u` did for a secret beyond ASCII, its cases
      // written out (charPattern) do, and a character outside the BMP is matched as its two units.
      make: () => {
        if (finderCache.size >= 256) finderCache.clear();
        finderCache.set(secret, built);
        const chars = [...secret];
        const forms = chars.map(charPattern).join("");
        if (whole) {
          // A short secret as a whole token only (see SHORT_SECRET_MIN_LENGTH).
          const lead = WORD.test(chars[0] ?? "") ? TOKEN_START : "";
          const trail = WORD.test(chars.at(-1) ?? "") ? TOKEN_END : "";
          const encoded = cores.length ? [`${BASE64_START}(?:${cores.map(base64Pattern).join("|")})${BASE64_END}`] : [];
          const hexWhole = `(?<![0-9a-f])${hexed}(?![0-9a-f])`;
          return new RegExp([`${lead}${forms}${trail}`, ...encoded, hexWhole].join("|"), "gi");
        }
        // The tails before the cores they begin with: the longest match at a place is the one taken.
        return new RegExp([forms, hexed, ...[...base64Tails(binary), ...cores].map(base64Pattern)].join("|"), "gi");
      },
      shortest,
      // A `+` looked for first, as in urlSafe (a replace of none was about 60 ns a form).
      plain: ascii
        ? [secret, hexed, ...cores].map((t) => (t.includes("+") ? t.replaceAll("+", " ") : t).toLowerCase())
        : undefined,
    };
    finder = built;
  }
  return finder;
}

const WORD = /^[A-Za-z0-9_]$/;
// Where a token starts: the text's start, a character no word holds, or an escape (`\n`, `\u0020`, `%20`), whose
// decoded character may be anything (withheld there too: a secret over-withheld is a word lost, one missed a leak).
const TOKEN_START = String.raw`(?<=^|[^A-Za-z0-9_]|\\[A-Za-z]|\\u[0-9A-Fa-f]{4}|%[0-9A-Fa-f]{2})`;
const TOKEN_END = "(?![A-Za-z0-9_])";
const BASE64_START = "(?<![A-Za-z0-9+/_-])";
const BASE64_END = "(?![A-Za-z0-9+/_=-])";

/** A secret's UTF-8 bytes as one character a byte, a lone surrogate as U+FFFD (encode never throws). */
function bytesOf(secret: string): string {
  let binary = "";
  for (const b of new TextEncoder().encode(secret)) binary += String.fromCharCode(b);
  return binary;
}

/** The bytes in hex (found in either case: the flag `i`), from a table: a key new on each call makes it. */
function hexOf(binary: string): string {
  let out = "";
  for (let i = 0; i < binary.length; i++) out += HEX_BYTES[binary.charCodeAt(i)];
  return out;
}

/** A short secret's whole base64, padded and not, standard and URL-safe. */
function base64Whole(binary: string): string[] {
  const padded = btoa(binary);
  const forms = [padded, padded.replace(/=+$/, "")];
  for (const f of [...forms]) forms.push(urlSafe(f));
  return [...new Set(forms)];
}

// A space as a form encodes it, and a `+` (which a form's decoder reads as a space): one.
const SPACE = ["%20", "%2b", "\\\\u0020", "\\\\u002b", " ", "\\+"];

/**
 * A character as itself (any case: the flag `i`) or as any one escape of it, or of its other case; the
 * escapes first, so that a backslash or `%` written escaped is matched whole, not as its first character.
 */
function charPattern(char: string): string {
  const forms = new Set<string>(char === " " || char === "+" ? SPACE : []);
  const literals = new Set<string>();
  for (const c of new Set([char, char.toLowerCase(), char.toUpperCase()])) {
    if ([...c].length !== 1) continue; // ß's upper case (SS) is another text
    literals.add(literal(c));
    forms.add([...new TextEncoder().encode(c)].map((b) => `%${hex(b, 2)}`).join(""));
    // A character outside the BMP as its surrogate pair's two escapes.
    forms.add(c.split("").map(jsonEscape).join(""));
    // JSON's short escape of it, if it has one: JSON.stringify writes each but `\/`.
    const short = c === "/" ? "\\/" : JSON.stringify(c).slice(1, -1);
    if (short.length === 2) forms.add(literal(short));
  }
  return `(?:${[...forms, ...literals].join("|")})`;
}

const hex = (n: number, width: number) => n.toString(16).padStart(width, "0");
const HEX_BYTES = Array.from({ length: 256 }, (_, b) => hex(b, 2));
const jsonEscape = (unit: string) => `\\\\u${hex(unit.charCodeAt(0), 4)}`;
/** A base64 character as itself or percent-encoded (a query parameter's value): its `+`, `/` and `=`. */
const encodedChar = (char: string) => `(?:${literal(char)}|%${hex(char.charCodeAt(0), 2)})`;
/** Text matched as it is: its characters special in an expression escaped, and no other. */
const literal = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");

/**
 * The base64 characters that encode the secret wherever it starts in the
 * encoded bytes (three alignments), standard and URL-safe: the characters
 * that also carry bits of the bytes around it are left off at both ends.
 */
function base64Cores(binary: string): string[] {
  const cores: string[] = [];
  for (let align = 0; align < 3; align++) {
    const total = align + binary.length;
    // From the first character without the zero bytes' bits to the last without the bits after the secret.
    const core = btoa("\0".repeat(align) + binary).slice(align && align + 1, Math.floor(total / 3) * 4 + (total % 3));
    if (core.length < 4) continue;
    // And its URL-safe form (the same text where it holds no `+` or `/`): no array, which was 0.35 µs of the look for
    // a key new to the process (Node 24; performance.md).
    const safe = urlSafe(core);
    if (!cores.includes(core)) cores.push(core);
    if (!cores.includes(safe)) cores.push(safe);
  }
  return cores;
}

/**
 * Where the secret ends the encoded bytes, the characters from its core on through the last, which carries its last
 * bits and zeros, and the padding (`…A==`), and without the padding: the core alone left them. Only when the
 * expression is made (a text could hold the secret): the cores hold them, for the check before it.
 */
function base64Tails(binary: string): string[] {
  const tails: string[] = [];
  for (let align = 0; align < 3; align++) {
    if ((align + binary.length) % 3 === 0) continue; // the core reaches the end
    const padded = btoa("\0".repeat(align) + binary).slice(align && align + 1);
    for (const tail of [padded, padded.replace(/=+$/, "")]) {
      for (const form of [tail, urlSafe(tail)]) if (!tails.includes(form)) tails.push(form);
    }
  }
  return tails;
}

/**
 * Base64 text's URL-safe form: the text itself where it holds neither `+` nor `/`, as most cores do. Tested first: a
 * replace that finds nothing still makes a new string (the two, about 100 ns a core of a key new to the process, Node
 * 24).
 */
const urlSafe = (text: string) => (URL_UNSAFE.test(text) ? text.replaceAll("+", "-").replaceAll("/", "_") : text);
const URL_UNSAFE = /[+/]/;

/** Base64 text as itself, its `+`, `/` and `=` also percent-encoded (a query parameter's value, any layer). */
function base64Pattern(text: string): string {
  return text.replace(/[+/=]/g, encodedChar);
}
