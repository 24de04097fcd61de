// One API key the document offers two ways — in a header or in the query (`X-Api-Key` or `api_key`), as a bearer token
// whose words call it an API key or in an `X-Api-Key` header — was drafted as two inputs ("API key (header X-Api-Key)",
// "API key (query api_key)"), each optional: a user holding one key was asked for it twice and had to pick a place the
// service treats alike. One input now, sent the way that leaks least (a header before a cookie before the query, where
// proxies and logs keep it); the other way is dropped, noted. Keys of other names (`X-Admin-Key` beside `X-Api-Key`)
// are other credentials and stay apart.
import { bearerParamName } from "../credential-names.js";

type Json = Record<string, unknown>;

/** Which key a scheme carries, by its name on the wire (`X-Api-Key`, `api_key` → `apikey`); none for other schemes. */
function keyOf(scheme: string, definition: unknown): string | undefined {
  if (!definition || typeof definition !== "object" || Array.isArray(definition)) return undefined;
  const d = definition as Json;
  if (d.type === "apiKey" && typeof d.name === "string" && typeof d.in === "string")
    return (
      d.name
        .toLowerCase()
        .replace(/^x-/, "")
        .replace(/[^a-z0-9]/g, "") || undefined
    );
  if (d.type === "http" && typeof d.scheme === "string" && d.scheme.toLowerCase() === "bearer")
    return bearerParamName(scheme, d) === "apiKey" ? "apikey" : undefined;
  return undefined;
}

/** How much a place exposes a key: a header least, the query most (proxies and logs keep addresses). */
function exposure(definition: Json): number {
  return definition.type === "http" || definition.in === "header" ? 0 : definition.in === "cookie" ? 1 : 2;
}

/**
 * Each declared scheme's name to the scheme that sends the same key the way that leaks least (declared order between
 * ways alike), for schemes carrying a key another scheme carries otherwise; every other scheme to itself.
 */
export function sameKeysOf(declared: Record<string, unknown>): Map<string, string> {
  const byKey = new Map<string, string[]>();
  for (const [name, definition] of Object.entries(declared)) {
    const key = keyOf(name, definition);
    if (key !== undefined) byKey.set(key, [...(byKey.get(key) ?? []), name]);
  }
  const kept = new Map(Object.keys(declared).map((name) => [name, name]));
  for (const names of byKey.values()) {
    const [first] = [...names].sort((a, b) => exposure(declared[a] as Json) - exposure(declared[b] as Json));
    for (const name of names) kept.set(name, first as string);
  }
  return kept;
}
