// A parameter's or field's name read as words, the way every reading of what a name says (a secret, a key, a page's
// token) reads it: its words, an index dropped, a page's token's words.

/** A name's words, lower case: `openaiApiKey` → openai api key, `X_API-Key` → x api key. */
export function nameWords(name: string): string[] {
  return name
    .split(/[-_.\s]+|(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/** A name whose last word is plural, that word made singular (`access_tokens` → `access_token`); else undefined. */
export function singular(name: string): string | undefined {
  return /[a-z]{3}s$/i.test(name) && !/ss$/i.test(name) ? name.slice(0, -1) : undefined;
}

// The last word of a numbered name (`apiKey_l1`, `secret_2`, `tokenV2`): a digit, or a letter and digits.
const INDEX_WORD = /^[a-z]?\d+$/;

/** A name without the index its last word is (`apiKey_l1` → `apiKey`); the name itself when it has none. */
export function withoutIndex(name: string): string {
  const words = nameWords(name);
  const last = words.at(-1) ?? "";
  if (words.length < 2 || !INDEX_WORD.test(last)) return name;
  return name.slice(0, name.toLowerCase().lastIndexOf(last)).replace(/[-_.\s]+$/, "");
}

// The words of a page's token (`next_token`, `nextPageToken`, `continuation_token`, `page_cursor`), and those of a
// credential (`next_refresh_token`, `next_access_token`: a rotated credential handed back, no page's).
export const PAGE_WORDS: ReadonlySet<string> = new Set([
  "next",
  "page",
  "paging",
  "pagination",
  "continuation",
  "cursor",
]);
const PAGE_TOKEN_ENDS = new Set(["token", "cursor", "marker"]);
const CREDENTIAL_WORDS = new Set(["api", "access", "auth", "refresh", "session", "bearer", "secret", "id", "jwt"]);

/**
 * Whether a name's words say a page's token (`next_token`, `nextPageToken`, `X-Next-Token`), which paging reads and
 * no credential reading takes; a credential's word among them (`next_refresh_token`) says a credential instead.
 */
export function namesPageToken(name: string): boolean {
  const words = nameWords(name.replace(/^x-/i, ""));
  return (
    words.length > 1 &&
    PAGE_TOKEN_ENDS.has(words.at(-1) as string) &&
    words.some((w) => PAGE_WORDS.has(w)) &&
    !words.some((w) => CREDENTIAL_WORDS.has(w))
  );
}
