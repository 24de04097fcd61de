// Secrets never leave the runtime: every text that could reach a user passes here.
//
// A secret is found in every form a reply or a message can carry it, by one
// pattern per secret (see `patternOf`): as it is, in any letter case, each
// character but letters and digits possibly URL-encoded or JSON-escaped
// (`\/`, `\u00e9`, `\"`), and base64-encoded at any alignment (a Basic
// header's `user:secret`, URL-safe or not). The same pattern detects and
// replaces, so that what is detected is also what is replaced; and it runs
// on parsed values as well as on texts (a reply's `\/` is a `/` once parsed).

export const REDACTED = "[redacted]";

/**
 * The shortest secret: no real credential is shorter, and a shorter one
 * cannot be kept out of messages (redacting the key `k` garbled every word
 * of every message that holds a k). A secret parameter shorter than this
 * is refused before any request, its value withheld (validate-params.ts), as
 * is a caller's `secrets` entry (single-call.ts); and none is redacted here.
 */
export const SECRET_MIN_LENGTH = 8;

/** Whether a value is long enough to be a secret (see SECRET_MIN_LENGTH; counted in characters, not UTF-16 units). */
export function isSecretLength(value: string): boolean {
  return value.length >= SECRET_MIN_LENGTH && [...value].length >= SECRET_MIN_LENGTH;
}

/** Replace every occurrence of each secret, in each of its forms, in `text`. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  // Longest first, so that a secret containing another is replaced whole.
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    if (!isSecretLength(secret)) continue;
    const { replace } = patternOf(secret);
    replace.lastIndex = 0;
    out = out.replace(replace, REDACTED);
  }
  return out;
}

/** Redact secrets in every string of a JSON-like value, object keys included. */
export function redactDeep<T>(value: T, secrets: readonly string[]): T {
  if (!secrets.length) return value;
  if (typeof value === "string") return redact(value, secrets) as T;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, secrets)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [redact(k, secrets), redactDeep(v, secrets)])) as T;
  }
  return value;
}

/** Whether a reply's body (or, when given, its headers) contains any secret in any of its forms. */
export function repliesMention(body: string, headers: Headers | undefined, secrets: readonly string[]): boolean {
  for (const secret of secrets) {
    if (!isSecretLength(secret)) continue;
    const { find } = patternOf(secret);
    if (find.test(body)) return true;
    if (headers) for (const [, value] of headers) if (find.test(value)) return true;
  }
  return false;
}

// Patterns are built once per secret (a call's secrets recur call after call).
const patterns = new Map<string, { find: RegExp; replace: RegExp }>();

function patternOf(secret: string): { find: RegExp; replace: RegExp } {
  let known = patterns.get(secret);
  if (!known) {
    if (patterns.size >= 64) patterns.clear();
    // Case-insensitive as a whole: a base64 core matched in another case is a negligible loss, and
    // one flag keeps the pattern mostly literal text, which the engine searches fast.
    const source = [secret, ...base64Cores(secret)].map(sequence).join("|");
    known = { find: new RegExp(source, "i"), replace: new RegExp(source, "gi") };
    patterns.set(secret, known);
  }
  return known;
}

/** A pattern for `text`: letters and digits as they are (no encoder changes them), any other character in each of its forms. */
function sequence(text: string): string {
  let out = "";
  for (const char of text) out += /^[A-Za-z0-9]$/.test(char) ? char : forms(char);
  return out;
}

/** The forms of a character other than a letter or digit: itself, URL-encoded, JSON-escaped (`\\uXXXX` or short). */
function forms(char: string): string {
  const alternatives = [escapeRegExp(char)];
  const url = percentEncoded(char);
  if (url) alternatives.push(url);
  if (char === " ") alternatives.push("\\+");
  let unicode = "";
  for (let i = 0; i < char.length; i++) unicode += `\\\\u${char.charCodeAt(i).toString(16).padStart(4, "0")}`;
  alternatives.push(unicode);
  const short = SHORT_ESCAPES[char];
  if (short) alternatives.push(`\\\\${escapeRegExp(short)}`);
  return `(?:${alternatives.join("|")})`;
}

const SHORT_ESCAPES: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", "\b": "b", "\f": "f", "\n": "n", "\r": "r", "\t": "t" };

/** `%XX` for each UTF-8 byte; none for half a surrogate pair (no URL carries it). */
function percentEncoded(char: string): string | undefined {
  try {
    const encoded = encodeURIComponent(char);
    return encoded.startsWith("%") ? encoded : `%${char.charCodeAt(0).toString(16).padStart(2, "0")}`;
  } catch {
    return undefined;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");
}

/**
 * The base64 characters that encode the secret wherever it starts in the
 * encoded bytes (three alignments), standard and URL-safe: the characters
 * that also carry bits of the bytes around it are left off at both ends.
 */
function base64Cores(secret: string): string[] {
  let bytes: Uint8Array;
  try {
    bytes = new TextEncoder().encode(secret);
  } catch {
    return [];
  }
  const cores = new Set<string>();
  for (let align = 0; align < 3; align++) {
    const padded = new Uint8Array(align + bytes.length);
    padded.set(bytes, align);
    let binary = "";
    for (const b of padded) binary += String.fromCharCode(b);
    const encoded = btoa(binary).replace(/=+$/, "");
    const total = padded.length;
    const whole = Math.floor(total / 3) * 4 + (total % 3);
    const core = encoded.slice([0, 2, 3][align], whole);
    if (core.length < 4) continue;
    cores.add(core);
    cores.add(core.replace(/\+/g, "-").replace(/\//g, "_"));
  }
  return [...cores];
}
