// Naming rules as data: how ids become TypeScript names, human labels and
// environment variable names.

/** An npm scope, as package names are scoped: `@acme`. */
export const NPM_SCOPE = /^@[a-z0-9][a-z0-9._-]*$/;

const ACRONYMS: Record<string, string> = {
  id: "ID",
  url: "URL",
  ids: "IDs",
  api: "API",
  sql: "SQL",
  json: "JSON",
  upn: "UPN",
};

function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
}

export function pascalCase(name: string): string {
  return words(name)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join("");
}

export function camelCase(name: string): string {
  const p = pascalCase(name);
  return p.charAt(0).toLowerCase() + p.slice(1);
}

/** `recordId` → "Record ID", `min_likelihood` → "Min likelihood". */
export function titleFromName(name: string): string {
  return words(name)
    .map((w, i) => ACRONYMS[w.toLowerCase()] ?? (i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w.toLowerCase()))
    .join(" ");
}

// The environment variable of a provider's parameter: the runtime's rule, by which a client reads its credential.
export { envVariableName } from "@blockwright/runtime/internal";

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
