// The names a drafted credential's parameters take: a token `accessToken`, a lone key `apiKey`, a key among several of
// one requirement after its header or query key, and a key (or token) of a second scheme, which another took the
// plain name of, after its header or query key, else its scheme's name: `apiKey2` told a user reading "apiKey2: is
// required" nothing of which credential is meant. A bearer scheme whose own words call it an API key: `apiKey`.

import type { DraftCredential, DraftPlacement } from "./credential-draft.js";
import { basicCredential, headerKeyHow } from "./keys/key-as-user.js";

// An API key in a scheme's words (`API key`, `api_key`, `YOUR_API_KEY`, a scheme named `ApiKeyAuth`), and words of a
// token a sign-in issues, which a key sent as a bearer token is not.
const API_KEY_WORDS = /(?<![a-z])api[\s_-]?key(?![a-z])/i;
const ISSUED_TOKEN_WORDS = /\b(jwt|oauth\s*2?|access[\s_-]?tokens?|id[\s_-]?tokens?|log\s?in|sign[\s-]?in)\b/i;

/**
 * A bearer scheme's parameter: `apiKey` where its own words call what it carries an API key (its description, its
 * example `Bearer <YOUR_API_KEY>`, its name) and none a token a sign-in issues (a JWT, OAuth, an access token), else
 * `accessToken`: users hold a key, and "accessToken: is required" sent them looking for a sign-in.
 */
export function bearerParamName(scheme: string, definition: Record<string, unknown>): "apiKey" | "accessToken" {
  if (definition.type !== "http") return "accessToken";
  const words = [
    scheme.replace(/([a-z])([A-Z])/g, "$1 $2"),
    ...["description", "bearerFormat", "x-speakeasy-example", "x-example"].map((k) => definition[k]),
  ].filter((w): w is string => typeof w === "string");
  return words.some((w) => API_KEY_WORDS.test(w)) && !words.some((w) => ISSUED_TOKEN_WORDS.test(w))
    ? "apiKey"
    : "accessToken";
}

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

/** One credential's parameter(s), named as nameParams says. */
export function namedCredential(
  scheme: string,
  definition: Record<string, unknown>,
  placement: DraftPlacement,
  { together, keyElsewhere }: { together: number; keyElsewhere: boolean },
  unique: (name: string, ...others: string[]) => string,
  samePlace?: number,
): DraftCredential {
  if (placement.type === "places") return { scheme, placement, definition, param: unique("apiKey") };
  if (placement.type === "basic") return basicCredential(scheme, placement, definition, unique);
  // A second scheme's (another took the plain name): named after its key's name or its own, not `apiKey2`.
  if (placement.type === "bearer")
    return {
      scheme,
      placement,
      definition,
      param: unique(keyElsewhere ? "accessToken" : bearerParamName(scheme, definition), identifierName(scheme)),
    };
  // Another HTTP scheme: its name goes before the value by itself (link), and its parameter is named after it.
  if (placement.type === "header" && placement.word)
    return { scheme, placement, definition, param: unique(identifierName(scheme)) };
  const how = placement.type === "header" ? headerKeyHow(scheme, definition, placement.name) : {};
  return {
    scheme,
    placement,
    definition,
    param:
      together > 1
        ? unique(camelName(placement.name))
        : samePlace !== undefined
          ? severalKeysName(placement.type, placement.name, scheme, samePlace, unique)
          : unique("apiKey", camelName(placement.name), identifierName(scheme)),
    ...(together === 1 && samePlace !== undefined ? { amongKeys: true as const } : {}),
    ...how,
  };
}
