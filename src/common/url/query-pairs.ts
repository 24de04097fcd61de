/**
 * A query's pairs taken out or added with every other pair as it was written. `URLSearchParams`' `set`, `delete` and
 * `append` write the whole query again form-encoded: a form-style list's `mode=TRANSIT,WALK` goes as
 * `mode=TRANSIT%2CWALK`, which a server reads as one value, and `%20` becomes `+`. So a request made from another one
 * (without its credential, a next page moved to the mock) would be another request than the one it stands for.
 */
import { formDecoded } from "@blockwright/runtime/internal";

/** A query's pairs as written (`search` with or without its `?`), each with its name as a form decodes it. */
export function queryPairs(search: string): { name: string; text: string }[] {
  const query = search.startsWith("?") ? search.slice(1) : search;
  return query ? query.split("&").map((text) => ({ name: formDecoded(text.split("=", 1)[0] ?? ""), text })) : [];
}

/** Keeps of `url`'s query only the pairs whose decoded name `keep` passes; the query untouched when it keeps all. */
export function keepQueryPairs(url: URL, keep: (name: string) => boolean): void {
  const pairs = queryPairs(url.search);
  const kept = pairs.filter((pair) => keep(pair.name));
  if (kept.length !== pairs.length) url.search = kept.map((pair) => pair.text).join("&");
}

/** Adds `pairs`, written already (`a=b,c`), after `url`'s own pairs, neither written again. */
export function addQueryPairs(url: URL, pairs: string[]): void {
  const all = [url.search.slice(1), ...pairs].filter(Boolean);
  if (all.length) url.search = all.join("&");
}
