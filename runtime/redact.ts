// Secrets never leave the runtime: every text that could reach a user passes here.

export const REDACTED = "[redacted]";

/**
 * Replace every occurrence of each secret, in each of its forms (see
 * `forms`), in `text`, whatever its length (credentials shorter than 8
 * characters are refused before any request, so short ones only come from
 * callers' lists).
 */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  // Longest first, so that a secret containing another is replaced whole.
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    if (!secret) continue;
    for (const form of forms(secret)) out = out.split(form).join(REDACTED);
  }
  return out;
}

/** Redact secrets in every string of a JSON-like value. */
export function redactDeep<T>(value: T, secrets: readonly string[]): T {
  if (!secrets.length) return value;
  if (typeof value === "string") return redact(value, secrets) as T;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, secrets)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactDeep(v, secrets)])) as T;
  }
  return value;
}

/**
 * The forms a secret can take in a text: raw, URL-encoded and JSON-escaped
 * (most keys have only the first). One list for redacting and for detecting,
 * so that what is detected is also what is replaced. A string no URL can
 * carry (half a surrogate pair, possible in a caller's `secrets`) has no
 * URL-encoded form: encodeURIComponent would throw.
 */
function forms(secret: string): string[] {
  const out = [secret];
  if (/[^A-Za-z0-9\-_.!~*'()]/.test(secret)) {
    try {
      out.push(encodeURIComponent(secret));
    } catch {
      // not encodable: no URL carries it
    }
  }
  if (/["\\\u0000-\u001f]/.test(secret)) out.push(JSON.stringify(secret).slice(1, -1));
  return out;
}

/** Whether a reply's body (or, when given, its headers) contains any secret in any of its forms. */
export function repliesMention(body: string, headers: Headers | undefined, secrets: readonly string[]): boolean {
  for (const secret of secrets) {
    if (!secret) continue;
    for (const form of forms(secret)) {
      if (body.includes(form)) return true;
      if (headers) for (const [, value] of headers) if (value.includes(form)) return true;
    }
  }
  return false;
}
