// An OAuth 2 scheme whose document declares a client credentials flow, drafted
// so that the runtime obtains the token itself (manifest `auth.flows`): the
// flow's token URL (a relative one resolved against the API's address, as
// OpenAPI says), the scopes the chosen operations ask for, a client id and a
// secret parameter, and how the token request authenticates the client — what
// the document says (HTTP Basic, or the form's fields), else the body when the
// document's own operation at the token URL takes client_secret in its body,
// else HTTP Basic, which RFC 6749 §2.3.1 requires every token endpoint to
// accept. A flow whose token endpoint is no fixed https address, nor on the
// host of the API's address template (a tenant's: `{tenant}.example.com`,
// which the calls go to too), is not drafted, with a note saying why.
import { GRANT_FIELDS } from "../../link/auth-flows/auth-flows.js";
import type { Manifest, ManifestAuthFlows, ManifestParam } from "../../load/precompiled/manifest-types.js";

type Json = Record<string, unknown>;

/** A review note, as manifest-yaml.ts writes it. */
export interface ShapeNote {
  at: (string | number)[];
  note: string;
}

/** A POST of the document with a body (auth/token-bodies.ts): at a flow's token URL, the token endpoint's. */
export interface TokenBody {
  path: string;
  /** It takes `client_secret` among its fields (client_secret_post): the endpoint reads the client from the body. */
  secret: boolean;
  /** It takes JSON and no form: the token request goes as JSON (a flow's `tokenFormat: json`). */
  jsonOnly: boolean;
}

export interface ClientCredentialsDraft {
  flow: NonNullable<ManifestAuthFlows["clientCredentials"]>;
  /** The client id and secret parameters, shared. */
  params: Record<string, ManifestParam>;
}

/** Words of a document saying the client authenticates with HTTP Basic, or in the request's form. */
const SAYS_BASIC = new RegExp(
  String.raw`client_secret_basic|\b(http )?basic (auth(entication)?|scheme|header)\b|authorization: basic|` +
    String.raw`\bbasic\b[^.]*\bclient (id|credentials)`,
  "i",
);
const JSON_REQUEST_WORDS =
  ", sending the request as JSON (tokenFormat: json), as the document's own operation at the token URL takes no form";
// Where a Speakeasy document names the token request's extra fields (an `audience`), on the flow or its scheme.
const TOKEN_FIELDS_EXTENSION = "x-speakeasy-token-endpoint-additional-properties";

/**
 * The token request's fixed extra fields the document names (`audience: {type: string, example: https://…}`), each
 * with the text it shows (its example, default or one enum value), and a note to check them; a field it shows no text
 * for is noted, not drafted: a token request without it is refused, but a made-up one is no better.
 */
function documentedTokenFields(
  definition: Json,
  declared: Json,
  notes: ShapeNote[],
): Record<string, string> | undefined {
  const named = (declared[TOKEN_FIELDS_EXTENSION] ?? definition[TOKEN_FIELDS_EXTENSION]) as unknown;
  if (!named || typeof named !== "object" || Array.isArray(named)) return undefined;
  const fields: Record<string, string> = {};
  const unshown: string[] = [];
  for (const [name, said] of Object.entries(named as Json)) {
    // A grant's own field is the flow's to send (the link refuses one as a tokenField).
    if (GRANT_FIELDS.has(name) || !/^[A-Za-z][A-Za-z0-9_.:-]*$/.test(name)) continue;
    const shape = said && typeof said === "object" ? (said as Json) : {};
    const one = Array.isArray(shape.enum) && shape.enum.length === 1 ? shape.enum[0] : undefined;
    const text = [said, shape.example, shape.default, shape.const, one].find(
      (v): v is string => typeof v === "string" && v.trim() !== "",
    );
    if (text === undefined) unshown.push(name);
    else fields[name] = text.trim();
  }
  const drafted = Object.entries(fields);
  if (drafted.length)
    notes.push({
      at: ["auth", "flows", "clientCredentials", "tokenFields"],
      note: `the token request also sends ${drafted.map(([k, v]) => `${k}=${v}`).join(", ")}, the value${
        drafted.length > 1 ? "s" : ""
      } the document's ${TOKEN_FIELDS_EXTENSION} shows: check them against the provider's documentation`,
    });
  if (unshown.length)
    notes.push({
      at: ["auth", "flows", "clientCredentials"],
      note:
        `the document's ${TOKEN_FIELDS_EXTENSION} names ${unshown.join(", ")} with no value to send: add each to ` +
        "tokenFields with the value the provider documents",
    });
  return drafted.length ? fields : undefined;
}

/** A scope with a placeholder in it: `view_orders:{projectKey}`. */
const TEMPLATED_SCOPE = /\{[^{}\s]+\}/;
const SAYS_BODY = new RegExp(
  String.raw`client_secret_post|\b(client_id|client id)\b[^.]*\b(and|with)\b[^.]*\b(client_secret|` +
    String.raw`client secret)\b[^.]*\b(in the (request )?body|as form (fields|parameters)|in the form)\b|` +
    String.raw`\b(request )?body\b[^.]*\bclient_secret\b`,
  "i",
);

/**
 * The client credentials flow of OAuth 2 scheme `scheme`, when its document declares one whose token URL is a
 * fixed https address (relative ones resolved against `server`, the drafted default address); undefined (and a
 * note) otherwise. `scopes`: those the chosen operations' requirements name; `taken`: parameter names in use.
 */
export function draftClientCredentials(input: {
  scheme: string;
  definition: Json;
  server: string | undefined;
  /** The API's address template and its variables' parameters (`server.url`), when the address is one. */
  template?: { url?: string; variables?: Record<string, string> };
  scopes: readonly string[];
  taken: ReadonlySet<string>;
  notes: ShapeNote[];
  /** The document's own operation at the token URL, where its body is a token request's (credential.ts). */
  tokenBody?: (tokenUrl: string) => TokenBody | undefined;
  /** Another way's parameters holding the same client's id and secret (a `Client-ID`/`Client-Secret` pair). */
  client?: { clientId: string; clientSecret: string };
}): ClientCredentialsDraft | undefined {
  const { scheme, definition, notes } = input;
  // An address template (`https://{tenant}.example.com`): a relative token URL is on the tenant's host.
  const server = input.server ?? input.template?.url;
  const flows = definition.flows !== null && typeof definition.flows === "object" ? (definition.flows as Json) : {};
  const declared = flows.clientCredentials as Json | undefined;
  if (!declared || typeof declared !== "object") return undefined;
  const written = typeof declared.tokenUrl === "string" ? declared.tokenUrl.trim() : "";
  let tokenUrl: string | undefined;
  try {
    // OpenAPI: a relative token URL is relative to the server's address.
    tokenUrl = written ? resolved(written, server) : undefined;
  } catch {
    tokenUrl = undefined;
  }
  const tenant = tenantTokenUrl(tokenUrl, input.template);
  if (tenant) tokenUrl = tenant;
  const why = whyNotDrafted(tokenUrl, written, server, tenant !== undefined);
  if (why !== undefined || tokenUrl === undefined) {
    notes.push({
      at: ["auth"],
      note:
        `security scheme ${scheme} declares a client credentials flow, not drafted as auth.flows: ${why}; a call ` +
        "gives the access token it obtains",
    });
    return undefined;
  }
  const unique = (name: string) => {
    let out = name;
    for (let i = 2; input.taken.has(out); i++) out = `${name}${i}`;
    return out;
  };
  const clientId = input.client?.clientId ?? unique("clientId");
  const clientSecret = input.client?.clientSecret ?? unique("clientSecret");
  const words = [definition.description, declared.description, declared["x-description"]]
    .filter((t): t is string => typeof t === "string")
    .join(" ");
  const body = input.tokenBody?.(tokenUrl);
  const { clientAuth, because } = clientAuthOf(words, () => body?.secret === true);
  const { scope, templates } = scopesAsked(input.scopes);
  const flow: ClientCredentialsDraft["flow"] = {
    tokenUrl,
    ...(scope ? { scope } : {}),
    clientId,
    clientSecret,
    clientAuth,
    // The document's own token endpoint takes JSON, no form: a form would be refused (the link holds it so too).
    ...(body?.jsonOnly ? { tokenFormat: "json" as const } : {}),
  };
  const fields = documentedTokenFields(definition, declared, notes);
  if (fields) flow.tokenFields = fields;
  const resolvedFrom =
    written !== tokenUrl ? ` (the document's ${JSON.stringify(written)}, resolved against the API's address)` : "";
  const onTenant = tenant
    ? "; the token URL is on the tenant's host, the API's address template's, each placeholder filled by the " +
      "same parameter: the client secret goes only where the calls go (check that parameter's pattern admits one " +
      "DNS label only)"
    : "";
  const scopes = scope
    ? ` for the scopes the operations name (${scope})`
    : `, asking for no scope (the operations name none${templates ? " but templates" : ""})`;
  notes.push({
    at: ["auth", "flows", "clientCredentials"],
    note:
      `security scheme ${scheme}'s client credentials flow: the runtime obtains the token at ` +
      `${tokenUrl}${resolvedFrom}${scopes}, ` +
      `and renews it${body?.jsonOnly ? JSON_REQUEST_WORDS : ""}; the client authenticates ` +
      `${clientAuth === "basic" ? "with HTTP Basic" : `with ${body?.jsonOnly ? "the body's" : "form"} fields`} ` +
      `(clientAuth: ${clientAuth}), ${because}${templates}${onTenant}` +
      (input.client ? `; ${clientId} and ${clientSecret} are the client another way sends: one pair of inputs` : ""),
  });
  // The same client another way sends: its parameters, as that way drafted them, serve the flow too.
  if (input.client) return { flow, params: {} };
  return { flow, params: clientParams(scheme, clientId, clientSecret) };
}

/** The flow's client id and secret parameters, shared, sent to the token endpoint only. */
function clientParams(scheme: string, clientId: string, clientSecret: string): Record<string, ManifestParam> {
  return {
    [clientId]: {
      type: "string",
      title: "Client ID",
      maxLength: 512,
      visibility: "user-only",
      description:
        `The OAuth 2 client id of the application (security scheme ${scheme}, client credentials flow), sent to the ` +
        "token endpoint only.",
    },
    [clientSecret]: {
      type: "string",
      title: "Client secret",
      secret: true,
      maxLength: 2048,
      visibility: "user-only",
      description:
        `The OAuth 2 client secret (security scheme ${scheme}, client credentials flow), sent to the token endpoint ` +
        "only.",
    },
  };
}

/** Why a token URL is not drafted (undefined when it is): none, not https, or not a fixed address nor a tenant's. */
function whyNotDrafted(
  tokenUrl: string | undefined,
  written: string,
  server: string | undefined,
  tenant: boolean,
): string | undefined {
  if (tokenUrl === undefined)
    return (
      `its token URL (${JSON.stringify(written)}) is ` +
      `${server ? "no address" : "relative, and the API has no fixed address to resolve it against"}`
    );
  if (!tokenUrl.startsWith("https://")) return `its token URL (${tokenUrl}) is not https, where a client secret may go`;
  if (!/[?#]/.test(tokenUrl) && (tenant || !/[{}]/.test(tokenUrl))) return undefined;
  return (
    `its token URL (${tokenUrl}) has a query, a fragment or a placeholder` +
    (/^https:\/\/[^/]*\{/.test(tokenUrl) ? " in its host that is not the API's address template's" : "")
  );
}

/** A token URL resolved against the API's address (one with placeholders too: they are kept as written). */
function resolved(written: string, server: string | undefined): string {
  const origin = server ? /^https?:\/\/[^/?#]*/.exec(server)?.[0] : undefined;
  if (server === undefined || !origin?.includes("{") || /^[a-z][a-z0-9+.-]*:/i.test(written))
    return new URL(written, server ? `${server.replace(/\/+$/, "")}/` : undefined).href;
  // `new URL` would percent-encode the host's braces: resolve the path against a stand-in host.
  const path = new URL(written, `https://host.invalid${server.slice(origin.length).replace(/\/+$/, "")}/`).pathname;
  return origin + path;
}

/**
 * A token URL on the host of the API's address template (`https://{tenant}.example.com/...`), its placeholders named
 * by the parameters that fill the template's variables; undefined when it is not on that host.
 */
function tenantTokenUrl(
  url: string | undefined,
  template: { url?: string; variables?: Record<string, string> } | undefined,
): string | undefined {
  if (url === undefined || template?.url === undefined) return undefined;
  const origin = /^https:\/\/[^/?#]*/.exec(url)?.[0];
  const own = /^https:\/\/[^/?#]*/.exec(template.url)?.[0];
  if (!origin || !own || !origin.includes("{") || origin.toLowerCase() !== own.toLowerCase()) return undefined;
  const named = own.replace(/\{([^{}]+)\}/g, (_, v: string) => `{${template.variables?.[v] ?? v}}`);
  return named + url.slice(origin.length);
}

/**
 * The scope to ask for (the operations' scopes a token request can send) and a note's tail on those left out: a scope
 * written as a template (`view_orders:{projectKey}`) stands for one per value of a placeholder the token request has
 * no value for; sent as written, the endpoint refuses the request or grants no such scope.
 */
function scopesAsked(scopes: readonly string[]): { scope: string; templates: string } {
  const tokens = [...new Set(scopes.filter((s) => /^[\x21\x23-\x5B\x5D-\x7E]+$/.test(s)))];
  const templated = tokens.filter((s) => TEMPLATED_SCOPE.test(s));
  const shown = templated.slice(0, 3).join(", ") + (templated.length > 3 ? `, and ${templated.length - 3} more` : "");
  return {
    scope: tokens.filter((s) => !TEMPLATED_SCOPE.test(s)).join(" "),
    templates: templated.length
      ? `; left out of scope: ${templated.length} scope${templated.length > 1 ? "s" : ""} written as a template ` +
        `(${shown}), a placeholder the token request has no value for: write each one the client needs with its ` +
        "value in scope, or leave scope out for the endpoint's default"
      : "",
  };
}

/**
 * The manifest's flows for the first way's credential, when it is one OAuth 2 scheme whose document declares a
 * client credentials flow: auth.flows and the client's parameters added; the access token parameter then is
 * optional (a call gives it, or the client's id and secret). `operations`: the chosen ones, whose requirements
 * name the scopes asked for.
 */
export function clientCredentialsFlow(
  manifest: Manifest,
  first: { scheme: string; definition: Json; param: string } | undefined,
  data: Json,
  operations: readonly { method: string; path: string }[],
  notes: ShapeNote[],
  tokenBodies: readonly TokenBody[] = [],
): void {
  if (first?.definition.type !== "oauth2") return;
  const scopes = operations.flatMap((chosen) => {
    const op = ((data.paths as Json | undefined)?.[chosen.path] as Json | undefined)?.[chosen.method] as
      | Json
      | undefined;
    const security = (
      Array.isArray(op?.security) ? op.security : Array.isArray(data.security) ? data.security : []
    ) as Json[];
    return security.flatMap((r) =>
      r && typeof r === "object" && Array.isArray(r[first.scheme])
        ? (r[first.scheme] as unknown[]).filter((s): s is string => typeof s === "string")
        : [],
    );
  });
  const drafted = draftClientCredentials({
    scheme: first.scheme,
    definition: first.definition,
    server: manifest.server.default,
    template: manifest.server,
    scopes,
    taken: new Set(Object.keys(manifest.params ?? {})),
    notes,
    tokenBody: (tokenUrl) => tokenBodyAt(tokenBodies, manifest.server.default, tokenUrl),
    client: sameClient(manifest),
  });
  if (!drafted) return;
  manifest.auth.flows = { clientCredentials: drafted.flow };
  manifest.params = { ...manifest.params, ...drafted.params };
  const token = manifest.params[first.param];
  if (token) delete token.required;
  // The token is no longer only the caller's to obtain: the note saying so goes.
  const callers = notes.findIndex(
    (n) => n.at.join(".") === "auth" && n.note.startsWith(`security scheme ${first.scheme} is oauth2:`),
  );
  if (callers >= 0) notes.splice(callers, 1);
}

/**
 * The parameters of a way of `manifest` sending a client's id and secret and nothing else, named as a flow's are
 * (`Client-ID` and `Client-Secret` headers drafted `clientId` and `clientSecret`): the flow's client is that one.
 */
function sameClient(manifest: Manifest): { clientId: string; clientSecret: string } | undefined {
  const auth = manifest.auth as { param?: string; also?: { param: string }[]; alternatives?: unknown[] };
  const ways = [auth, ...((auth.alternatives ?? []) as (typeof auth)[])];
  const pair = ways
    .map((w) => [w.param, ...(w.also ?? []).map((a) => a.param)])
    .find((ps) => ps.length === 2 && ps.includes("clientId") && ps.includes("clientSecret"));
  return pair ? { clientId: "clientId", clientSecret: "clientSecret" } : undefined;
}

/**
 * How the token request authenticates the client, and why: the document's words first; else the body when its own
 * token operation takes `client_secret` there (a Swagger 2.0 `formData` of `client_id` and `client_secret`: the
 * endpoint reads the client from the form); else HTTP Basic.
 */
function clientAuthOf(words: string, posted: () => boolean): { clientAuth: "basic" | "body"; because: string } {
  const said = SAYS_BODY.test(words) ? "body" : SAYS_BASIC.test(words) ? "basic" : undefined;
  if (said) return { clientAuth: said, because: "as the document says" };
  if (posted())
    return {
      clientAuth: "body",
      because: "as the document's own operation at the token URL takes client_secret in its body",
    };
  return {
    clientAuth: "basic",
    because:
      "which RFC 6749 §2.3.1 requires every token endpoint to accept (the document does not say which): " +
      "check what it documents",
  };
}

/**
 * The document's own description of the token endpoint: a POST at the token URL (its path under the API's address, or
 * the URL's whole path on the API's host) whose body is a token request's (`tokenBodies`, found in the whole document
 * by auth/credential.ts). One taking `client_secret` reads the client from its body, not from HTTP Basic.
 */
function tokenBodyAt(
  tokenBodies: readonly TokenBody[],
  server: string | undefined,
  tokenUrl: string,
): TokenBody | undefined {
  let token: URL;
  let base: URL | undefined;
  try {
    token = new URL(tokenUrl);
    base = server ? new URL(server) : undefined;
  } catch {
    return undefined;
  }
  if (base && base.origin !== token.origin) return undefined;
  const prefix = base ? base.pathname.replace(/\/+$/, "") : "";
  return tokenBodies.find(({ path }) => token.pathname === `${prefix}${path}` || token.pathname === path);
}
