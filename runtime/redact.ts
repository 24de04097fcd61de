// Secrets never leave the runtime: every text that could reach a user passes here.

export const REDACTED = "[redacted]";

/**
 * Replace every occurrence of each secret (and its URL-encoded form) in
 * `text`, whatever its length (credentials shorter than 8 characters are
 * refused before any request, so short ones only come from callers' lists).
 */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  // Longest first, so that a secret containing another is replaced whole.
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    if (!secret) continue;
    for (const form of new Set([secret, encoded(secret)])) out = out.split(form).join(REDACTED);
  }
  return out;
}

/** The secret as a URL carries it; a string no URL can carry (half a surrogate pair) has no such form. */
function encoded(secret: string): string {
  try {
    return encodeURIComponent(secret);
  } catch {
    return secret;
  }
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
