// The names a drafted credential's parameters take: a token `accessToken`, a lone key `apiKey`, a key among several of
// one requirement after its header or query key, and a key (or token) of a second scheme, which another took the
// plain name of, after its header or query key, else its scheme's name: `apiKey2` told a user reading "apiKey2: is
// required" nothing of which credential is meant.

/** A scheme's name as a parameter's: `createAuth` as it is (lower first), `zq-hmac` → `zqHmac`. */
export function identifierName(text: string): string {
  return /^[A-Za-z][A-Za-z0-9]*$/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : camelName(text);
}

/** `PLAID-CLIENT-ID` → `plaidClientId`, `api_secret` → `apiSecret`: a parameter name from a header or query key. */
export function camelName(text: string): string {
  const words = text.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const name = words
    .map((w, i) => (i ? w.charAt(0).toUpperCase() + w.slice(1).toLowerCase() : w.toLowerCase()))
    .join("");
  return /^[a-z]/.test(name) ? name : `key${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}

/**
 * A namer of parameters, each name once: the first of `name` and its `others` no parameter took (in any case: `apikey`
 * beside `apiKey` tells a user nothing either), else `name` with the first number from 2 that makes it new.
 */
export function uniqueNames(): (name: string, ...others: string[]) => string {
  const taken = new Set<string>();
  const has = (n: string) => taken.has(n.toLowerCase());
  return (name, ...others) => {
    let out = [name, ...others].find((n) => !has(n)) ?? name;
    for (let i = 2; has(out); i++) out = `${name}${i}`;
    taken.add(out.toLowerCase());
    return out;
  };
}
