// Typed openapi-fetch clients with the provider's credential applied by
// middleware: credentials never travel as typed parameters (openapi-typescript
// does not type security schemes). Like tools, these clients never follow a
// redirect (see transport.ts): a 3xx comes back as the response itself.
import createClient, {
  type Client,
  createQuerySerializer,
  defaultBodySerializer,
  type Middleware,
} from "openapi-fetch";
import type { AuthSpec, AuthWay, RouteSpec, SigV4Spec, ToolCall } from "../spec/tool-types.js";
import { hostRefusal } from "../http/hosts.js";
import { type PlacedSpec, placeCredential } from "../http/credentials.js";
import { applyPlaced, credentialPlacement, requestUrl, withQueryPair, type FetchLike } from "../http/transport.js";
import { parsePointer } from "../http/expressions.js";
import { ownOf, ownValue } from "../common/own.js";
import { resolveBaseUrl } from "./base-address.js";
import { partHeadersBody } from "./files/client-part-headers.js";
import type { Support } from "./support.js";
import { type AddressWire, emptyRequest, type FormSupport, placeValue, type WireRequest } from "./wire-request.js";

export type { Client, FetchLike };

export interface ProviderClientOptions {
  /** Scheme and host of the API (version prefixes are part of the paths). */
  baseUrl: string;
  /**
   * The token or API key; for HTTP basic, `user:secret` (the key alone where it is the user name beside a fixed
   * password, auth.password); for a provider that signs (auth.sigv4), the secret key.
   */
  credential: string;
  /**
   * The credential's other inputs by name, for a provider that signs each request with AWS Signature Version 4:
   * its access key id, a session token, the region (`{ accessKeyId, sessionToken, region }`, as its tools name them).
   */
  values?: Record<string, string>;
  fetch?: FetchLike;
  /**
   * Hosts beyond the provider's own that a given `baseUrl` may name (as the tools' `allowHosts`): the credential goes
   * only to those, the provider's hosts and loopback; another is refused before any request.
   */
  allowHosts?: readonly string[];
}

export function authMiddleware(auth: AuthSpec, credential: string): Middleware {
  return {
    onRequest({ request }) {
      const placed = credentialPlacement(auth, credential);
      // Sent only at the operation's other places (auth.alsoSends), by the wire middleware: nothing of its own.
      if (!placed) return request;
      if ("query" in placed) return withUrl(request, withQueryPair(request.url, placed.query));
      // A variable of the address (the base URL as given, `{token}` written in it: the URL parser encodes the braces).
      if ("path" in placed)
        return withUrl(
          request,
          request.url
            .replaceAll(`{${placed.path[0]}}`, placed.path[1])
            .replaceAll(`%7B${placed.path[0]}%7D`, placed.path[1]),
        );
      if ("cookie" in placed)
        request.headers.set("Cookie", [request.headers.get("Cookie"), placed.cookie].filter(Boolean).join("; "));
      else request.headers.set(...placed.header);
      return request;
    },
  };
}

function withUrl(request: Request, url: string, body?: { text: string | Blob | FormData | undefined }): Request {
  const init: RequestInit & { duplex?: "half" } = {
    method: request.method,
    headers: request.headers,
    signal: request.signal,
    redirect: request.redirect,
  };
  if (body) {
    if (body.text !== undefined) init.body = body.text;
  } else if (request.body) {
    init.body = request.body;
    init.duplex = "half";
  }
  return new Request(url, init);
}

/**
 * A request signed for a way that signs, as the tools sign theirs, loaded on the first request (a client of a provider
 * that signs nothing bundles none of it), over the bytes sent: with AWS Signature Version 4 (auth.sigv4,
 * sign-request.ts), or given a JWT bound to it (auth.signedJwt, signed-jwt/sign-jwt.ts), the credentials sent with it
 * (`also`, an API key) placed from `values`.
 */
export function signingMiddleware(
  way: AuthWay & { type: "sigv4" | "signedJwt" },
  credential: string,
  values: Record<string, string>,
): Middleware {
  const jwt = way.type === "signedJwt" ? way : undefined;
  const needed = jwt
    ? [...(jwt.also ?? []).map((c) => c.param), ...[jwt.claims.sub ?? []].flat()]
    : [(way as SigV4Spec).user];
  for (const name of needed)
    if (!values[name])
      throw new Error(
        `${name}: is required: this provider ` +
          (jwt
            ? "sends a JWT signed for each request with the private key (auth.signedJwt)"
            : "signs each request with AWS Signature Version 4 (auth.sigv4)") +
          `; pass it in values ({ values: { ${name}: … } }) beside the ${jwt ? "private" : "secret"} key`,
      );
  return {
    async onRequest({ request }) {
      const headers: Record<string, string> = {};
      request.headers.forEach((value, name) => {
        headers[name] = value;
      });
      const bytes = request.body ? await request.arrayBuffer() : undefined;
      const unsigned = {
        method: request.method,
        url: request.url,
        headers,
        ...(bytes?.byteLength ? { body: new Blob([bytes]) } : {}),
      };
      const call = { way, credential, values };
      if (jwt)
        applyPlaced(
          unsigned,
          (jwt.also ?? []).map((c) => placeCredential(c as PlacedSpec, values[c.param] ?? "", values)),
        );
      const signed = jwt
        ? await (await import("./signed-jwt/sign-jwt.js")).signJwtRequest(call, unsigned)
        : await (await import("./sign-request.js")).signRequest(call, unsigned);
      return new Request(signed.url, {
        method: signed.method,
        headers: signed.headers,
        ...(signed.body !== undefined ? { body: signed.body } : {}),
        signal: request.signal,
        redirect: request.redirect,
      });
    },
  };
}

/**
 * What a generated package gives its typed client of its tools: their calls (by method name) and the support parts they
 * need (its client table, client/client.ts `ClientTable`).
 */
export interface WiredTools {
  methods: Record<string, ToolCall>;
  support?: Support;
}

/**
 * `given`: the baseUrl the caller gave, if any (the package's `create<Provider>Client`): without one, each operation
 * goes where its tool sends it (its own server, its server variables' defaults), not to `options.baseUrl`.
 */
export function createProviderClient<Paths extends {}>(
  auth: AuthSpec,
  options: ProviderClientOptions,
  tools?: WiredTools,
  given?: string,
): Client<Paths> {
  // A credential that is no text would go as its text (`Bearer undefined`) and be refused upstream as a wrong key.
  const anonymous = tools !== undefined && Object.values(tools.methods).every((m) => m.anonymous);
  if (typeof options.credential !== "string" && !anonymous) {
    const kind = options.credential === null ? "null" : typeof options.credential;
    const given = kind === "null" || kind === "undefined" ? kind : `${/^[aeiou]/.test(kind) ? "an" : "a"} ${kind}`;
    throw new Error(`credential: must be a string (the provider's token, key or password), not ${given}`);
  }
  // The body as given, kept for the wire middleware (a form is written by the tools' writer there): openapi-fetch
  // serializes it just before it calls the middleware, with no await between.
  const kept: { body?: unknown } = {};
  const bodySerializer = (body: unknown, headers?: Headers) => {
    kept.body = body;
    // Its types name the body alone; it is called with the headers too (a form's Content-Type).
    return (defaultBodySerializer as (body: unknown, headers?: Headers) => unknown)(body, headers);
  };
  const client = createClient<Paths>({
    baseUrl: options.baseUrl,
    redirect: "manual",
    ...(tools ? { bodySerializer, querySerializer: sparingQuery } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  // The address and head written as the tools write them, before the credential is placed.
  if (tools)
    client.use(
      wireMiddleware(Object.values(tools.methods), tools.support, {
        given,
        allowHosts: options.allowHosts,
        credential: "param" in auth ? { value: options.credential, param: auth.param } : undefined,
        body: (serializer) => {
          const body = serializer === bodySerializer ? kept.body : undefined;
          kept.body = undefined;
          return body;
        },
      }),
    );
  const credential =
    auth.type === "sigv4" || auth.type === "signedJwt"
      ? signingMiddleware(auth, options.credential, options.values ?? {})
      : authMiddleware(auth, options.credential);
  client.use(tools ? unlessAnonymous(credential, Object.values(tools.methods)) : credential);
  return client;
}

/**
 * The credential's middleware, skipped for an operation whose tool takes no credential (`anonymous`: its security is
 * `[]`), as its tool's calls send none there (credential.ts `sendsNoCredential`).
 */
function unlessAnonymous(credential: Middleware, tools: readonly ToolCall[]): Middleware {
  const byRoute = toolsByRoute(tools);
  return {
    onRequest(params) {
      if (byRoute.get(routeKey(params.request.method, params.schemaPath))?.[0].anonymous) return undefined;
      return credential.onRequest?.(params);
    },
  };
}

/** Each tool (and the route it is bound by) under its method and path; a tool binding its operation itself wins. */
function toolsByRoute(tools: readonly ToolCall[]): Map<string, [ToolCall, RouteSpec | undefined]> {
  const byRoute = new Map<string, [ToolCall, RouteSpec | undefined]>();
  for (const tool of tools) for (const r of tool.routes) byRoute.set(routeKey(r.method, r.path), [tool, r]);
  for (const tool of tools) byRoute.set(routeKey(tool.method, tool.path), [tool, undefined]);
  return byRoute;
}

const openapiQuery = createQuerySerializer();

/**
 * openapi-fetch's query writer, each value alone, one it cannot write (a list or object inside another: a JSON value's,
 * a bracketed object's) left out: openapi-fetch writes the query before any middleware runs, and the wire middleware
 * writes the values the tools name (the JSON text) and the rest with `openapiQuery`, which refuses those.
 */
function sparingQuery(query: Record<string, unknown> | undefined): string {
  const pairs = Object.entries(query ?? {}).map(([name, value]) => {
    try {
      return openapiQuery({ [name]: value });
    } catch {
      return "";
    }
  });
  return pairs.filter(Boolean).join("&");
}

/** An operation's address as tools and openapi-typescript's paths both name it: `{+node}`, `{ids*}` as `{ids}`. */
const routeKey = (method: string, path: string) =>
  `${method.toUpperCase()} ${path.replace(/\{[+.;#/?&]?([^{}*]+)\*?\}/g, "{$1}")}`;

/** Where a typed client's requests go and what they carry beside their parameters (createProviderClient). */
export interface WireOptions {
  /** The baseUrl the caller gave, if any: without one, each operation goes to its tool's own address. */
  given?: string | undefined;
  allowHosts?: readonly string[] | undefined;
  /** The request's body as given to openapi-fetch, when its serializer was the client's own. */
  body?: (serializer: unknown) => unknown;
  /**
   * The client's credential and its way's parameter: sent too at the other places (auth.alsoSends) of an operation
   * whose tool's first way is the client's.
   */
  credential?: { value: string; param: string } | undefined;
}

/**
 * The request's path, query, header and cookie values written by the one writer the tools' calls use
 * (wire-request.ts `placeValue`), from what the operation's tool records of each (a style, a value spanning segments,
 * a link kept as given, allowReserved, JSON content, a cookie), in place of openapi-fetch's own serializers, which
 * know none of it: the same input then reaches the wire the same way through `create<Provider>Client` as through
 * `executeTool`. A route's path (a tool's `routes`) is written with the route's wire; a form body with the tools' form
 * writer (each field's style, explode, JSON). Without a given baseUrl the request goes where the tool sends it (an
 * operation's own server); a given one only to the provider's hosts, loopback or `allowHosts`, as the tools' calls.
 * A link's problems are refused before any request, as a call refuses them, and a whole address given as a link only
 * on the base address's origin and under its path. An operation no tool binds, and the values its tool does not name,
 * keep openapi-fetch's writing.
 */
export function wireMiddleware(
  tools: readonly ToolCall[],
  support: Support | undefined,
  at: WireOptions = {},
): Middleware {
  const form = support?.form;
  const byRoute = toolsByRoute(tools);
  return {
    onRequest({ request, schemaPath, params, options }) {
      const body = at.body?.(options.bodySerializer);
      const bound = byRoute.get(routeKey(request.method, schemaPath));
      // The query of an operation no tool binds as openapi-fetch writes it: a value it cannot write refused as it does.
      const writeQuery = options.querySerializer === sparingQuery ? openapiQuery : options.querySerializer;
      if (!bound) return void writeQuery(params.query ?? {});
      const [tool, route] = bound;
      const given = params as Partial<Record<AddressWire["in"], Record<string, unknown>>>;
      const { wire, values, rest } = placeParams(tool, route, given, form);
      // The credential at the operation's other places (auth.alsoSends) too, as its tool's calls send it.
      const also = !tool.anonymous && at.credential?.param === tool.auth.param ? tool.auth.alsoSends : undefined;
      let sent = body;
      for (const place of also ?? [])
        if (place.in === "body") sent = withField(sent, parsePointer(place.pointer), at.credential?.value ?? "");
        else wire[place.in][place.name] = at.credential?.value ?? "";
      const base = baseOf(tool, values, options.baseUrl, support, at);
      // A path value the tool does not name: as openapi-fetch was given it, its text percent-encoded.
      for (const [name, value] of Object.entries(given.path ?? {}))
        if (!Object.hasOwn(wire.path, name) && value != null) wire.path[name] = String(value);
      let url = requestUrl(base, (route ?? tool).path, wire.path, wire.query);
      const others = writeQuery(rest);
      if (others) url += `${url.includes("?") ? "&" : "?"}${others.replace(/^\?/, "")}`;
      for (const [name, value] of Object.entries(wire.header))
        if (name === "Cookie") {
          const sent = request.headers.get("Cookie");
          request.headers.set("Cookie", sent ? `${sent}; ${value}` : value);
        } else request.headers.set(name, value);
      const raw = rawForm(tool, sent, request.headers, support?.files);
      // JSON typed as the tool types it (JSON text under text/plain: bodyEncoding json), not openapi-fetch's default.
      const json = !raw && tool.body?.encoding === "json" && sent !== undefined;
      if (json && request.headers.get("Content-Type") === "application/json")
        request.headers.set("Content-Type", tool.body?.mediaType ?? "application/json");
      // A multipart body whose parts carry headers of their own: written part by part (files/client-part-headers.ts).
      const written =
        raw ??
        formBody(tool, sent, request.headers, form) ??
        partHeadersBody(tool, sent, params, support, request.headers);
      if (written || sent === body) return withUrl(request, url, written);
      // A JSON or multipart body the credential was added to: written again (a new boundary, its type the body's).
      if (sent instanceof FormData) request.headers.delete("Content-Type");
      return withUrl(request, url, { text: sent instanceof FormData ? sent : JSON.stringify(sent) });
    },
  };
}

/**
 * A body with `value` at `path` (a field of a JSON object, a part of a multipart FormData), copied, the caller's
 * left as it was; a body of another kind (none, a text, bytes) as it is.
 */
function withField(body: unknown, path: readonly string[], value: string): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return body;
  if (body instanceof FormData) {
    const copy = new FormData();
    for (const [name, part] of body) copy.append(name, part);
    copy.set(head, value);
    return copy;
  }
  if (body === null || typeof body !== "object" || Array.isArray(body) || body instanceof Blob) return body;
  const fields = body as Record<string, unknown>;
  const inner = Object.hasOwn(fields, head) ? fields[head] : {};
  return { ...fields, [head]: rest.length ? withField(inner, rest, value) : value };
}

/** The tool's (or its route's) path, query, header and cookie values placed by the tools' writer. */
function placeParams(
  tool: ToolCall,
  route: RouteSpec | undefined,
  given: Partial<Record<AddressWire["in"], Record<string, unknown>>>,
  form: FormSupport | undefined,
): { wire: WireRequest; values: Record<string, unknown>; rest: Record<string, unknown> } {
  const wire = emptyRequest();
  const values: Record<string, unknown> = {};
  const rest: Record<string, unknown> = { ...given.query };
  for (const p of tool.params) {
    const to = ownOf(route?.wire, p.name) ?? p.wire;
    if (to.in !== "path" && to.in !== "query" && to.in !== "header" && to.in !== "cookie") continue;
    const of = to.in === "query" ? to.of : undefined;
    const holder = given[to.in];
    // The caller's own values: `constructor` not given is none, not Object's.
    const value = of ? ownValue(ownValue(holder, of.name) as object | undefined, of.field) : ownValue(holder, to.name);
    if (value === undefined || value === null) continue;
    if (to.in === "query") delete rest[of?.name ?? to.name];
    const link = to.in === "path" && to.multiSegment !== true ? to.multiSegment : undefined;
    // The path's text after the link read as a call reads it (a `?` refused where text follows).
    const problem =
      link && typeof value === "string" ? form?.linkProblem(value, link, { ...p, wire: to }, route ?? tool) : undefined;
    if (problem) throw new Error(`${p.name}: ${problem}`);
    values[p.name] = value;
    placeValue(wire, to, value, form, p.separator);
  }
  return { wire, values, rest };
}

/**
 * The request's base address, as a call's (base-address.ts): the given baseUrl's scheme and host with the tool's server
 * path, held to the provider's hosts (hosts.ts), or else the tool's own (an operation's own server, its server
 * variables' defaults); a link that is a whole address held to it. Refused by a thrown error, before any request.
 */
function baseOf(
  tool: ToolCall,
  values: Record<string, unknown>,
  client: string,
  support: Pick<Support, "form" | "addresses"> | undefined,
  at: WireOptions,
): string {
  const base = resolveBaseUrl(tool, values, at.given, support?.addresses, support?.form);
  if ("problem" in base) throw new Error(base.problem.message);
  const refused = at.given !== undefined && base.url ? hostRefusal(tool, base.url, at.allowHosts) : undefined;
  if (refused) throw new Error(`baseUrl: ${refused}`);
  if (base.url) return base.url;
  // None ("": a token may name it): the client's.
  const elsewhere = support?.form?.linkedElsewhere(tool, values, client);
  if (elsewhere) throw new Error(elsewhere.problem.message);
  return client;
}

/**
 * A raw body, or a JSON body's raw form (`raw`), given as bytes (openapi-fetch would send a Blob as `{}`): the bytes,
 * typed as the tools type the file (files.rawBody) unless the caller typed them.
 */
function rawForm(tool: ToolCall, body: unknown, headers: Headers, files: Support["files"]): { text: Blob } | undefined {
  const spec = tool.body?.raw ? { ...tool.body, ...tool.body.raw } : tool.body;
  const param = tool.params.find((p) => p.type === "file" && p.wire.in === "body");
  if (!files || !param || (spec?.encoding !== "binary" && !tool.body?.raw)) return undefined;
  if (!(body instanceof Blob || body instanceof Uint8Array)) return undefined;
  const blob = body instanceof Blob ? body : new Blob([body as BlobPart]);
  const sent = files.rawBody(tool, spec as NonNullable<typeof spec>, new Map([[param.name, [{ blob, filename: "" }]]]));
  const given = headers.get("Content-Type");
  if (sent && (!given || given === "application/json")) headers.set("Content-Type", sent.contentType);
  return sent && { text: sent.blob };
}

/**
 * A form body (the tool's `body.encoding` form) written by the tools' form writer (each field's style, explode, JSON),
 * typed as the tool types it unless the caller typed it; undefined (the request's body kept) for any other.
 */
function formBody(
  tool: ToolCall,
  body: unknown,
  headers: Headers,
  form: FormSupport | undefined,
): { text: string | undefined } | undefined {
  if (tool.body?.encoding !== "form" || !form || body === null || typeof body !== "object" || body instanceof FormData)
    return undefined;
  const text = form.encodeForm(body, tool.body.fields);
  const type = headers.get("Content-Type");
  if (!type || type === "application/json") headers.set("Content-Type", tool.body.mediaType);
  if (text === "" && !tool.body.required) {
    headers.delete("Content-Type");
    return { text: undefined };
  }
  return { text };
}
