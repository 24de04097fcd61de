// Typed openapi-fetch clients with the provider's credential applied by
// middleware: credentials never travel as typed parameters (openapi-typescript
// does not type security schemes). Like tools, these clients never follow a
// redirect (see transport.ts): a 3xx comes back as the response itself.
import createClient, { type Client, type Middleware } from "openapi-fetch";
import type { AuthSpec, AuthWay } from "../spec/tool-types.js";
import { credentialPlacement, withQueryPair, type FetchLike } from "../http/transport.js";

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

export function createProviderClient<Paths extends {}>(auth: AuthSpec, options: ProviderClientOptions): Client<Paths> {
  const client = createClient<Paths>({
    baseUrl: options.baseUrl,
    redirect: "manual",
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.use(
    auth.type === "sigv4"
      ? signingMiddleware(auth, options.credential, options.values ?? {})
      : authMiddleware(auth, options.credential),
  );
  return client;
}
