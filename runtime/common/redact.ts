// Secrets never leave the runtime: every text that could reach a user passes here.
//
// One redactor for every secret the project handles (API keys, client
// secrets, issued access and refresh tokens, JWT assertions, npm tokens).
// Matching is done on the decoded text: JSON escapes (`\u0041`, `\/`, `\"`)
// and percent-encoded bytes (`%41`, `%E2%82%AC`) are decoded first, whatever
// their mix, `+` and a space are one, and letter case is ignored; the text
// is searched both as it is and decoded (and, where it holds both kinds, with
// its JSON escapes alone decoded: a secret may hold `%4a` itself). Each secret is looked for as it
// is, and as the base64 characters that encode it at any of the three
// alignments, standard and URL-safe (a Basic header's `user:secret`). What
// is found is replaced in the original text, every escape it spans included.
// One pass of decoding: a secret encoded twice over is not looked for.
//
// Texts and parsed values are redacted independently: a parsed value is a
// decoded one (a reply's `\u0041` is an `A` once parsed), so `mentionsSecret`
// and `redactDeep` look at every string (and number) of it, whatever its text
// looked like.

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
  return redactText(text, needlesOf(secrets));
}

function redactText(text: string, needles: Needles): string {
  if (!needles.length || text.length < needles.shortest) return text;
  const ranges = found(text, needles, false);
  if (!ranges.length) return text;
  let out = "";
  let at = 0;
  for (const [start, end] of merged(ranges)) {
    out += text.slice(at, start) + REDACTED;
    at = end;
  }
  return out + text.slice(at);
}

/**
 * Redact secrets in every string of a JSON-like value, object keys included.
 * A number whose digits hold a secret (an all-digit one echoed as a JSON
 * number) becomes the text REDACTED.
 */
export function redactDeep<T>(value: T, secrets: readonly string[]): T {
  const needles = needlesOf(secrets);
  return needles.length ? redactValue(value, needles) : value;
}

function redactValue<T>(value: T, needles: Needles): T {
  if (typeof value === "string") return redactText(value, needles) as T;
  if (typeof value === "number" || typeof value === "bigint") return (textMentions(String(value), needles) ? REDACTED : value) as T;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, needles)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [redactText(k, needles), redactValue(v, needles)])) as T;
  }
  return value;
}

/** Whether any string (or number, or key) of a JSON-like value holds a secret in any of its forms; stops at the first. */
export function mentionsSecret(value: unknown, secrets: readonly string[]): boolean {
  const needles = needlesOf(secrets);
  return needles.length > 0 && walkMentions(value, needles, 0);
}

function walkMentions(value: unknown, needles: Needles, depth: number): boolean {
  if (typeof value === "string") return textMentions(value, needles);
  if (typeof value === "number" || typeof value === "bigint") return textMentions(String(value), needles);
  if (!value || typeof value !== "object" || depth > 10_000) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (walkMentions(item, needles, depth + 1)) return true;
    return false;
  }
  for (const key of Object.keys(value)) {
    if (textMentions(key, needles) || walkMentions((value as Record<string, unknown>)[key], needles, depth + 1)) return true;
  }
  return false;
}

function textMentions(text: string, needles: Needles): boolean {
  return text.length >= needles.shortest && found(text, needles, true).length > 0;
}

/** What is looked for: each secret's forms, folded (`fold`), longest first; and the shortest's length. */
type Needles = string[] & { shortest: number };

const needleCache = new Map<string, string[]>();

// The last list asked for: calls ask for the same secrets call after call.
let lastSecrets: readonly string[] = [];
let lastNeedles: Needles = Object.assign([], { shortest: 0 });

function needlesOf(secrets: readonly string[]): Needles {
  if (secrets.length === lastSecrets.length && secrets.every((s, i) => s === lastSecrets[i])) return lastNeedles;
  lastNeedles = buildNeedles(secrets);
  lastSecrets = [...secrets];
  return lastNeedles;
}

function buildNeedles(secrets: readonly string[]): Needles {
  const all = new Set<string>();
  for (const secret of secrets) {
    if (typeof secret !== "string" || !isSecretLength(secret)) continue;
    let forms = needleCache.get(secret);
    if (!forms) {
      if (needleCache.size >= 256) needleCache.clear();
      // The secret, the secret read as if encoded (it may hold `%41` or `\n` itself), and its base64 cores.
      forms = [...new Set([secret, decoded(secret).text, ...base64Cores(secret)].map(fold).filter((f) => f.length > 0))];
      needleCache.set(secret, forms);
    }
    for (const form of forms) all.add(form);
  }
  const list = [...all].sort((a, b) => b.length - a.length) as Needles;
  list.shortest = list.length ? Math.min(...list.map((n) => n.length)) : 0;
  return list;
}

/** Ranges [start, end) of `text` where a needle is, searched as the text is and decoded; with `first`, stop at one. */
function found(text: string, needles: Needles, first: boolean): [number, number][] {
  const ranges: [number, number][] = [];
  const raw = fold(text);
  search(raw, needles, first, ranges, (i) => i);
  if (first && ranges.length) return ranges;
  if (ESCAPE.test(text)) {
    const plain = decoded(text, ESCAPES);
    search(fold(plain.text), needles, first, ranges, plain.origin);
    if (first && ranges.length) return ranges;
    // JSON escapes alone: a JSON-escaped secret that holds `%4a` itself would read `J` in the view above.
    if (text.includes("%") && text.includes("\\")) {
      const json = decoded(text, JSON_ESCAPES);
      search(fold(json.text), needles, first, ranges, json.origin);
    }
  }
  return ranges;
}

function search(haystack: string, needles: Needles, first: boolean, ranges: [number, number][], origin: (i: number) => number): void {
  for (const needle of needles) {
    for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
      ranges.push([origin(at), origin(at + needle.length)]);
      if (first) return;
    }
  }
}

function merged(ranges: [number, number][]): [number, number][] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const out: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = out[out.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}

/**
 * Letter case ignored (lower case, the final sigma as any sigma), and `+` as
 * a space (a form's encoding of it); the length kept, so that positions in
 * the folded text are positions in the text.
 */
function fold(text: string): string {
  let lower = text.toLowerCase();
  if (lower.length !== text.length) {
    // A character whose lower case is longer (İ): folded alone, or kept.
    lower = "";
    for (let i = 0; i < text.length; i++) {
      const c = text.charAt(i);
      const l = c.toLowerCase();
      lower += l.length === 1 ? l : c;
    }
  }
  if (lower.includes("ς")) lower = lower.replace(/ς/g, "σ");
  return lower.includes("+") ? lower.replace(/\+/g, " ") : lower;
}

// A JSON escape, or a run of percent-encoded bytes.
const ESCAPE = /\\u[0-9a-fA-F]{4}|\\["\\/bfnrt]|%[0-9a-fA-F]{2}/;
const ESCAPES = /\\u[0-9a-fA-F]{4}|\\["\\/bfnrt]|(?:%[0-9a-fA-F]{2})+/g;
const JSON_ESCAPES = /\\u[0-9a-fA-F]{4}|\\["\\/bfnrt]/g;
const SHORT: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

/**
 * The text with its JSON escapes and percent-encoded UTF-8 decoded (bytes that
 * are not UTF-8 stay as they are), and where each of its positions starts in
 * the text (`origin`; the text's length past the end).
 */
function decoded(text: string, escapes: RegExp = ESCAPES): { text: string; origin: (i: number) => number } {
  let out = "";
  let copied = 0;
  // Where the decoded text and the text part: at decoded position `at[k]`, the text's position is `from[k]`.
  const at: number[] = [];
  const from: number[] = [];
  const mark = (decodedAt: number, textAt: number) => {
    at.push(decodedAt);
    from.push(textAt);
  };
  escapes.lastIndex = 0;
  for (let m = escapes.exec(text); m; m = escapes.exec(text)) {
    const written = m[0];
    out += text.slice(copied, m.index);
    if (written.charAt(1) === "u" && written.charAt(0) === "\\") {
      mark(out.length, m.index);
      out += String.fromCharCode(Number.parseInt(written.slice(2), 16));
    } else if (written.charAt(0) === "\\") {
      mark(out.length, m.index);
      out += SHORT[written.charAt(1)] ?? written.charAt(1);
    } else {
      out += percentDecoded(written, m.index, out.length, mark);
    }
    mark(out.length, m.index + written.length);
    copied = m.index + written.length;
  }
  out += text.slice(copied);
  const origin = (i: number): number => {
    // The last part at or before i; the text runs on from there one for one.
    let lo = 0;
    let hi = at.length - 1;
    let best = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if ((at[mid] ?? 0) <= i) {
        best = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (best < 0) return i;
    return (from[best] ?? 0) + (i - (at[best] ?? 0));
  };
  return { text: out, origin };
}

/**
 * A run of `%XX` bytes decoded as UTF-8, each character marked at its first
 * byte's escape; a run that is not UTF-8 has its ASCII bytes decoded, the
 * others kept as written.
 */
function percentDecoded(run: string, runAt: number, outAt: number, mark: (decodedAt: number, textAt: number) => void): string {
  let whole: string | undefined;
  try {
    whole = decodeURIComponent(run);
  } catch {
    whole = undefined;
  }
  let out = "";
  if (whole !== undefined) {
    let at = runAt;
    for (const char of whole) {
      mark(outAt + out.length, at);
      out += char;
      const code = char.codePointAt(0) ?? 0;
      at += code < 0x80 ? 3 : code < 0x800 ? 6 : code < 0x10000 ? 9 : 12;
    }
    return out;
  }
  for (let i = 0; i < run.length; i += 3) {
    const byte = Number.parseInt(run.slice(i + 1, i + 3), 16);
    mark(outAt + out.length, runAt + i);
    out += byte < 0x80 ? String.fromCharCode(byte) : run.slice(i, i + 3);
  }
  return out;
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
