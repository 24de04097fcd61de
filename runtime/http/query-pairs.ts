// Beside src/common/url/query-pairs.ts (runtime/ imports nothing of src/; src/ takes `formDecoded` from here): a
// query's pairs changed one at a time, every other pair as it was written. `URLSearchParams`' `set` writes the whole
// query again form-encoded: a form-style list's `mode=TRANSIT,WALK` as `mode=TRANSIT%2CWALK` (one value to a server)
// and `%20` as `+`, so an address shown for the one sent would be another.

/**
 * `address` with each query pair whose name (as a form decodes it) `change` is given for written as `change` returns
 * (the name as written, `=`, the text returned); every other pair, and the address itself when none is, untouched.
 */
export function withQueryValues(address: string, change: (name: string) => string | undefined): string {
  const hash = address.indexOf("#");
  const base = hash >= 0 ? address.slice(0, hash) : address;
  const q = base.indexOf("?");
  if (q < 0) return address;
  let changed = false;
  const pairs = base
    .slice(q + 1)
    .split("&")
    .map((text) => {
      const name = text.split("=", 1)[0] ?? "";
      const value = change(formDecoded(name));
      if (value === undefined) return text;
      changed = true;
      return `${name}=${value}`;
    });
  return changed ? `${base.slice(0, q + 1)}${pairs.join("&")}${hash >= 0 ? address.slice(hash) : ""}` : address;
}

/** A query name as a form decodes it (`+` a space); as written where its escapes are malformed. */
export function formDecoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}
