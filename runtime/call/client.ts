// Typed openapi-fetch clients with the provider's credential applied by
// middleware: credentials never travel as typed parameters (openapi-typescript
// does not type security schemes). Like tools, these clients never follow a
// redirect (see transport.ts): a 3xx comes back as the response itself.
import createClient, { type Client, type Middleware } from "openapi-fetch";
import type { AuthSpec, AuthWay, ToolCall } from "../spec/tool-types.js";
import { credentialPlacement, requestUrl, withQueryPair, type FetchLike } from "../http/transport.js";
import type { Support } from "./support.js";
import { type AddressWire, type FormSupport, placeValue, type WireRequest } from "./wire-request.js";

export type { Client, FetchLike };

export interface ProviderClientOptions {
  /** Scheme and host of the API (version prefixes are part of the paths). */
  baseUrl: string;
  /** The token or API key; for HTTP basic, `user:secret`; for a provider that signs (auth.sigv4), the secret key. */
  credential: string;
  /**
   * The credential's other inputs by name, for a provider that signs each request with AWS Signature Version 4:
   * its access key id, a session token, the region (`{ accessKeyId, sessionToken, region }`, as its tools name them).
   */
  values?: Record<string, string>;
  fetch?: FetchLike;
}

export function authMiddleware(auth: AuthSpec, credential: string): Middleware {
  return {
    onRequest({ request }) {
      const placed = credentialPlacement(auth, credential);
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

function withUrl(request: Request, url: string): Request {
  const init: RequestInit & { duplex?: "half" } = {
    method: request.method,
    headers: request.headers,
    signal: request.signal,
    redirect: request.redirect,
  };
  if (request.body) {
    init.body = request.body;
    init.duplex = "half";
  }
  return new Request(url, init);
}

/**
 * A request signed for a way that signs (auth.sigv4), as the tools sign theirs (sign-request.ts, loaded on the
 * first request: a client of a provider that signs nothing bundles none of it). The body is signed as the bytes sent.
 */
export function signingMiddleware(
  way: AuthWay & { type: "sigv4" },
  credential: string,
  values: Record<string, string>,
): Middleware {
  if (!values[way.user])
    throw new Error(
      `${way.user}: is required: this provider signs each request with AWS Signature Version 4 (auth.sigv4); ` +
        `pass it in values ({ values: { ${way.user}: … } }) beside the secret key`,
    );
  return {
    async onRequest({ request }) {
      const { signRequest } = await import("./sign-request.js");
      const headers: Record<string, string> = {};
      request.headers.forEach((value, name) => {
        headers[name] = value;
      });
      const bytes = request.body ? await request.arrayBuffer() : undefined;
      const signed = await signRequest(
        { way, credential, values },
        {
          method: request.method,
          url: request.url,
          headers,
          ...(bytes?.byteLength ? { body: new Blob([bytes]) } : {}),
        },
      );
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

export function createProviderClient<Paths extends {}>(
  auth: AuthSpec,
  options: ProviderClientOptions,
  tools?: WiredTools,
): Client<Paths> {
  const client = createClient<Paths>({
    baseUrl: options.baseUrl,
    redirect: "manual",
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  // The address and head written as the tools write them, before the credential is placed.
  if (tools) client.use(wireMiddleware(Object.values(tools.methods), tools.support?.form));
  client.use(
    auth.type === "sigv4"
      ? signingMiddleware(auth, options.credential, options.values ?? {})
      : authMiddleware(auth, options.credential),
  );
  return client;
}

/** An operation's address as tools and openapi-typescript's paths both name it: `{+node}`, `{ids*}` as `{ids}`. */
const routeKey = (method: string, path: string) =>
  `${method.toUpperCase()} ${path.replace(/\{[+.;#/?&]?([^{}*]+)\*?\}/g, "{$1}")}`;

/**
 * The request's path, query, header and cookie values written by the one writer the tools' calls use
 * (wire-request.ts `placeValue`), from what the operation's tool records of each (a style, a value spanning segments,
 * a link kept as given, allowReserved, JSON content, a cookie), in place of openapi-fetch's own serializers, which
 * know none of it: the same input then reaches the wire the same way through `create<Provider>Client` as through
 * `executeTool`. A link's problems are refused before any request, as a call refuses them, and a whole address given
 * as a link only on the base address's origin and under its path. An operation no tool binds, and the values its tool
 * does not name, keep openapi-fetch's writing.
 */
export function wireMiddleware(tools: readonly ToolCall[], form: FormSupport | undefined): Middleware {
  const byRoute = new Map(tools.map((tool) => [routeKey(tool.method, tool.path), tool]));
  return {
    onRequest({ request, schemaPath, params, options }) {
      const tool = byRoute.get(routeKey(request.method, schemaPath));
      if (!tool) return undefined;
      const given = params as Partial<Record<AddressWire["in"], Record<string, unknown>>>;
      const wire: WireRequest = { path: {}, query: {}, header: {} };
      const values: Record<string, unknown> = {};
      const rest: Record<string, unknown> = { ...given.query };
      for (const p of tool.params) {
        if (p.wire.in !== "path" && p.wire.in !== "query" && p.wire.in !== "header" && p.wire.in !== "cookie") continue;
        const of = p.wire.in === "query" ? p.wire.of : undefined;
        const holder = given[p.wire.in];
        const value = of
          ? (holder?.[of.name] as Record<string, unknown> | undefined)?.[of.field]
          : holder?.[p.wire.name];
        if (value === undefined || value === null) continue;
        if (p.wire.in === "query") delete rest[of?.name ?? p.wire.name];
        const link = p.wire.in === "path" && p.wire.multiSegment !== true ? p.wire.multiSegment : undefined;
        const problem = link && typeof value === "string" ? form?.linkProblem(value, link) : undefined;
        if (problem) throw new Error(`${p.name}: ${problem}`);
        values[p.name] = value;
        placeValue(wire, p.wire, value, form);
      }
      const elsewhere = form?.linkedElsewhere(tool, values, options.baseUrl);
      if (elsewhere) throw new Error(elsewhere.problem.message);
      // A path value the tool does not name: as openapi-fetch was given it, its text percent-encoded.
      for (const [name, value] of Object.entries(given.path ?? {}))
        if (!Object.hasOwn(wire.path, name) && value != null) wire.path[name] = String(value);
      let url = requestUrl(options.baseUrl, tool.path, wire.path, wire.query);
      const others = options.querySerializer(rest as Record<string, unknown>);
      if (others) url += `${url.includes("?") ? "&" : "?"}${others.replace(/^\?/, "")}`;
      for (const [name, value] of Object.entries(wire.header))
        if (name === "Cookie") {
          const sent = request.headers.get("Cookie");
          request.headers.set("Cookie", sent ? `${sent}; ${value}` : value);
        } else request.headers.set(name, value);
      return withUrl(request, url);
    },
  };
}
