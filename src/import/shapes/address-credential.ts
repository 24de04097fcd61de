// A document whose secret travels in its address (`https://api.example.com/bot{token}`):
// the first server's URL has a variable in its path that is a credential by its name
// (token, key, secret, password, credential) or by its description (an authentication
// token, an API key), and the document declares no security scheme (OpenAPI has none for
// a credential in the path). Drafted as `auth.variable` (link/auth-variable/): the
// variable filled by a secret parameter, not a plain connection input a person types in
// beside a made-up bearer token. Its document default (a placeholder such as
// `1234:AAbbcc`) is no credential: the parameter is required, with no default, and
// takes the values the slot takes (its pattern, a UUID's for `format: uuid`).
// A variable whose declared values no secret takes (an integer `{organizerKey}`, a
// listed choice, a date), or whose description gives its format as a resource's name
// (`Format: tokens/{token}`) or calls it an identifier (`the environment identifier`), is no
// credential whatever its name: an ordinary parameter.
import { followLocalRefs } from "../../load/json-ref.js";
import type { Manifest, ManifestParam } from "../../load/precompiled/manifest-types.js";
import type { ShapeNote } from "./client-credentials.js";

type Json = Record<string, unknown>;

/**
 * A variable's name that says it is a credential (`token`, `api_key`, `botToken`, `secret`), not one that says a page
 * or an id of it (`page_token`, `key_id`).
 */
const CREDENTIAL_BY_NAME = /^(?:[a-z]*[_-]?)?(?:token|api[_-]?key|key|secret|password|credential)s?$/i;
const NOT_CREDENTIAL =
  /(page|next|cursor|continuation|sync|id|name)[_-]?(token|key)$|^(key|token)[_-]?(id|name|type)$/i;
/**
 * A description that gives the value's format as a resource's name (`Format: tokens/{token}`, `projects/{project}`):
 * a path of its own, with `/` in it, which a credential — one segment of the address — never is.
 */
const RESOURCE_NAME = /\bformat:\s*`?[\w.-]+\/\{/i;
/**
 * A description that calls the value an identifier (`the environment identifier, e.g. 'production'`, `the project's
 * slug`): a name of a resource, which the address carries as data, unless it also says it authenticates.
 */
const IDENTIFIER_WORDS = /\b(identifier|slug)\b/i;
/** A description that says the variable authenticates. */
const CREDENTIAL_WORDS = /\b(auth\w*|api key|access token|secret|credential|bot token)\b/i;

/**
 * The path variable of the first server that carries the credential, or else one every chosen operation's path has
 * (`/bot{token}/sendMessage`), and what the document says of it; undefined when none does.
 */
export function addressCredential(
  document: Json,
  operations: readonly { op: Json; path?: string }[] = [],
): { variable: string; description?: string; pattern: string; said?: string; inPaths?: true } | undefined {
  const components = (document.components ?? {}) as Json;
  const schemes = components.securitySchemes;
  if (schemes !== null && typeof schemes === "object" && Object.keys(schemes).length) return undefined;
  const servers = Array.isArray(document.servers) ? (document.servers as Json[]) : [];
  const first = servers[0];
  const url = typeof first?.url === "string" ? first.url : "";
  const origin = /^([a-z][a-z0-9+.-]*:)?\/\/[^/]*/i.exec(url)?.[0] ?? "";
  const declared = {
    ...(first?.variables !== null && typeof first?.variables === "object" ? first.variables : {}),
  } as Record<string, Json>;
  // The operations' path parameters, for a variable every path has (their descriptions as a server variable's).
  const paths = operations.map((o) => o.path ?? "");
  const items = isJson(document.paths) ? document.paths : {};
  for (const { op, path } of operations) {
    const item = path !== undefined && isJson(items[path]) ? items[path] : {};
    for (const raw of [...listOf(op.parameters), ...listOf(item.parameters)]) {
      const p = followLocalRefs(document, raw);
      if (p?.in === "path" && typeof p.name === "string")
        declared[p.name] ??= { description: p.description, schema: followLocalRefs(document, p.schema) };
    }
  }
  const named = [...url.slice(origin.length).matchAll(/\{([^{}/]+)\}/g)].map((m) => m[1] ?? "");
  const shared = paths.length
    ? [...(paths[0] ?? "").matchAll(/\{([^{}/]+)\}/g)]
        .map((m) => m[1] ?? "")
        .filter((v) => paths.every((path) => path.includes(`{${v}}`)))
    : [];
  for (const name of [...named, ...shared]) {
    const said = declared[name]?.description;
    const description = typeof said === "string" ? said.trim() : undefined;
    const byName = credentialByName(name);
    const byWords =
      description !== undefined && CREDENTIAL_WORDS.test(description) && /token|key|secret|password/i.test(description);
    if ((!byName && !byWords) || (description !== undefined && RESOURCE_NAME.test(description))) continue;
    if (!byWords && description !== undefined && IDENTIFIER_WORDS.test(description)) continue;
    // Not when its values are listed (an enum is a choice of place, not a secret), nor typed as no secret is.
    if (Array.isArray(declared[name]?.enum) || noSecretValues(declared[name]?.schema)) continue;
    // Where the note says it is: the server's path, or (a variable the server does not name) the operations' paths.
    const where = named.includes(name) ? {} : { inPaths: true as const };
    return { variable: name, ...(description ? { description } : {}), ...patternOf(declared[name]?.schema), ...where };
  }
  return undefined;
}

/** Whether a variable's name says it is a credential, a placeholder's words aside (`YOUR_API_KEY_HERE`). */
export function credentialByName(name: string): boolean {
  const bare = withoutPlaceholderEnd(name);
  return CREDENTIAL_BY_NAME.test(bare) && !NOT_CREDENTIAL.test(bare);
}

/**
 * A name written as a placeholder, its last word telling the reader where to put the value and its first whose it is
 * (`YOUR_API_KEY_HERE`, `api_key_goes_here`), read without those words: what it names is the value's kind.
 */
function withoutPlaceholderEnd(name: string): string {
  const bare = name.replace(/(?<=[a-z0-9])[_-]?(goes[_-]?)?here$/i, "");
  return bare === name ? name : bare.replace(/^(your|my)[_-]?(?=[a-z0-9])/i, "");
}

/** The characters of one path segment, which any credential in the address is made of. */
const SEGMENT = "^[A-Za-z0-9._~:@-]+$";
const UUID = "^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$";

/**
 * The pattern of the credential's values: the slot's own (its schema's `pattern`, or a UUID's for `format: uuid`), so
 * that a credential given, and the suite's stand-in made to it, are values the slot takes; else a path segment's
 * characters.
 */
function patternOf(schema: unknown): { pattern: string; said?: string } {
  if (isJson(schema) && typeof schema.pattern === "string" && isRegExp(schema.pattern))
    return { pattern: schema.pattern, said: "its pattern" };
  if (isJson(schema) && schema.format === "uuid") return { pattern: UUID, said: "format uuid" };
  return { pattern: SEGMENT };
}

function isRegExp(source: string): boolean {
  try {
    new RegExp(source, "u");
    return true;
  } catch {
    return false;
  }
}

/** Formats of values that are no secret (a date, an address, an email address): a variable of one is data. */
const NO_SECRET_FORMATS: ReadonlySet<string> = new Set([
  "date",
  "date-time",
  "time",
  "email",
  "uri",
  "url",
  "hostname",
  "ipv4",
  "ipv6",
]);

/**
 * Whether a path parameter's schema gives values no secret takes: a type other than text (`integer`: an id's key), a
 * list of values, or a format of data. A credential is opaque text: drafted as one there, its stand-ins and real
 * values would break the parameter's own schema (the mocks refuse the request).
 */
function noSecretValues(schema: unknown): boolean {
  if (!isJson(schema)) return false;
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  if (types.some((t) => t !== "string" && t !== "null")) return true;
  if (Array.isArray(schema.enum) || schema.const !== undefined) return true;
  return typeof schema.format === "string" && NO_SECRET_FORMATS.has(schema.format);
}

const isJson = (value: unknown): value is Json => value !== null && typeof value === "object" && !Array.isArray(value);
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/**
 * The secret parameter the variable's credential is given in: required, no default (the document's is a placeholder),
 * one path segment's characters.
 */
export function addressCredentialParam(
  found: { variable: string; description?: string; pattern: string },
  maxLength: number,
): ManifestParam {
  const said = found.description
    ? found.description.replace(/\s+/g, " ")
    : `The credential the API takes in its address ({${found.variable}}).`;
  return {
    type: "string",
    title: found.variable,
    required: true,
    secret: true,
    pattern: found.pattern,
    maxLength,
    description:
      `${said.length > 300 ? `${said.slice(0, 299)}…` : said} Sent in the address as {${found.variable}}, withheld ` +
      "from every message.",
  };
}

/**
 * The server without the variable the credential fills (auth.variable): no connection input of server.variables, but
 * the secret credential parameter.
 */
export function withoutCredentialVariable<
  T extends { server: Manifest["server"]; address?: Record<string, ManifestParam> },
>(drafted: T, variable: string | undefined, notes: ShapeNote[]): T {
  const variables = drafted.server.variables;
  if (variable === undefined || !variables || !Object.hasOwn(variables, variable)) return drafted;
  const { [variable]: param, ...rest } = variables;
  // The template's note said each variable a connection input: the credential's is not (one with no other variable says
  // so).
  const said = notes.findIndex((n) => n.at.join(".") === "server.url");
  if (said >= 0 && !Object.keys(rest).length)
    notes[said] = {
      at: ["server", "url"],
      note:
        `the document's server ${JSON.stringify(drafted.server.url)} has {${variable}} in its path, the credential ` +
        "(auth.variable): drafted as the address template; the credential goes to its host only",
    };
  const { variables: _all, ...server } = drafted.server;
  const address = Object.fromEntries(Object.entries(drafted.address ?? {}).filter(([name]) => name !== param));
  return {
    ...drafted,
    server: { ...server, ...(Object.keys(rest).length ? { variables: rest } : {}) },
    address: Object.keys(address).length ? address : undefined,
  };
}
