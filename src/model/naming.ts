// Naming rules as data: how ids become TypeScript names, human labels and
// environment variable names.

/** An npm scope, as package names are scoped: `@acme`. */
export const NPM_SCOPE = /^@[a-z0-9][a-z0-9._-]*$/;

/** A Map, not an object: a word such as `constructor` would read Object.prototype's function. */
const ACRONYMS: ReadonlyMap<string, string> = new Map([
  ["id", "ID"],
  ["url", "URL"],
  ["ids", "IDs"],
  ["api", "API"],
  ["sql", "SQL"],
  ["json", "JSON"],
  ["upn", "UPN"],
]);

function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
}

/**
 * Names converted before: generation converts the same few again and again (200 synthetic providers: 24,000
 * conversions of 2,222 names, a parameter's in its tool's types, client, README and block). Bounded: emptied when full.
 */
const converted = { pascal: new Map<string, string>(), title: new Map<string, string>() };
const CONVERTED_MAX = 8192;

function remembered(cache: Map<string, string>, name: string, convert: (name: string) => string): string {
  let out = cache.get(name);
  if (out === undefined) {
    out = convert(name);
    if (cache.size >= CONVERTED_MAX) cache.clear();
    cache.set(name, out);
  }
  return out;
}

export function pascalCase(name: string): string {
  return remembered(converted.pascal, name, (n) =>
    words(n)
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join(""),
  );
}

export function camelCase(name: string): string {
  // A name in capitals only (`ZQ_QOS.CORRELATION_ID`) is read as its words: `zqQosCorrelationId`.
  if (!/[a-z]/.test(name) && /[A-Z]/.test(name)) return camelCase(name.toLowerCase());
  const p = pascalCase(name);
  // A leading acronym is lowered whole: a header `OCI-Tag` is `ociTag`, not `oCITag`.
  const lead = /^[A-Z][A-Z0-9]+(?![a-z])/.exec(words(name)[0] ?? "")?.[0];
  if (lead) return lead.toLowerCase() + p.slice(lead.length);
  return p.charAt(0).toLowerCase() + p.slice(1);
}

/** `recordId` → "Record ID", `min_likelihood` → "Min likelihood". */
export function titleFromName(name: string): string {
  return remembered(converted.title, name, (n) =>
    words(n)
      .map(
        (w, i) => ACRONYMS.get(w.toLowerCase()) ?? (i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w.toLowerCase()),
      )
      .join(" "),
  );
}

// The environment variable of a provider's parameter: the runtime's rule, by which a client reads its credential.
export { envVariableName } from "@blockwright/runtime/internal/generate";

/** An HTTP header name: an RFC 9110 token. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * A query key that needs no escaping anywhere: URI unreserved characters, `$` and brackets (`api_key`, `$key`,
 * `auth[token]`).
 */
const QUERY_KEY = /^[A-Za-z0-9._~$[\]-]+$/;

/**
 * Why `name` cannot name a header or a query key, if it cannot (for a credential's name, which comes from the OpenAPI
 * document).
 */
export function slotNameProblem(place: "header" | "query", name: string): string | undefined {
  if (place === "header" && !HEADER_NAME.test(name))
    return `a header name is a token (letters, digits and !#$%&'*+-.^_\`|~), got ${JSON.stringify(name)}`;
  if (place === "query" && !QUERY_KEY.test(name))
    return `a query key here is letters, digits and - . _ ~ $ [ ], got ${JSON.stringify(name)}`;
  return undefined;
}
