// The names a drafted credential's parameters take: a token `accessToken`, a lone key `apiKey`, a key among several of
// one requirement after its header or query key, and a key (or token) of a second scheme, which another took the
// plain name of, after its header or query key, else its scheme's name: `apiKey2` told a user reading "apiKey2: is
// required" nothing of which credential is meant.

import type { DraftPlacement } from "./credential-draft.js";

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

/**
 * The keys an operation offers as alternatives, each a way alone (an API key in a header, the query or a cookie, in
 * slots of their own), by scheme: how many of them go in its place (`header`: 2). A caller picks one of them, so none
 * is the plain `apiKey`: each is named where it goes. Keys of ways no one operation offers together keep their names.
 */
export function keysOfferedTogether(
  offered: readonly string[][],
  placementOf: (scheme: string) => DraftPlacement | undefined,
  slot: (p: DraftPlacement) => string,
): Map<string, number> {
  const among = new Map<string, number>();
  for (const ways of offered) {
    const slots = new Map<string, { scheme: string; type: string }>();
    for (const scheme of ways) {
      if (scheme.includes(" + ")) continue;
      const p = placementOf(scheme);
      if (p && ((p.type === "header" && !p.word) || p.type === "query" || p.type === "cookie"))
        slots.set(slot(p), { scheme, type: p.type });
    }
    if (slots.size < 2) continue;
    for (const { scheme, type } of slots.values())
      among.set(scheme, Math.max(among.get(scheme) ?? 0, [...slots.values()].filter((k) => k.type === type).length));
  }
  return among;
}

/**
 * A key's name where an operation offers several (review: a header key and a query key drafted `apiKey` and
 * `apiKey2`, which told a caller nothing of which to give): `apiKeyHeader`, `apiKeyQuery`, `apiKeyCookie` where it is
 * its place's only key, else after its header or query key, else its scheme's name; a number only where all are taken.
 */
export function severalKeysName(
  type: string,
  name: string,
  scheme: string,
  samePlace: number,
  unique: (name: string, ...others: string[]) => string,
): string {
  const place = `apiKey${type.charAt(0).toUpperCase()}${type.slice(1)}`;
  const own = camelName(name);
  return samePlace === 1 ? unique(place, own, identifierName(scheme)) : unique(own, identifierName(scheme), place);
}
