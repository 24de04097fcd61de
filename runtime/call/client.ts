// Typed openapi-fetch clients with the provider's credential applied by
// middleware: credentials never travel as typed parameters (openapi-typescript
// does not type security schemes). Like tools, these clients never follow a
// redirect (see transport.ts): a 3xx comes back as the response itself.
import createClient, { type Client, type Middleware } from "openapi-fetch";
import type { AuthSpec } from "../spec/tool-types.js";
import { credentialPlacement, withQueryPair, type FetchLike } from "../http/transport.js";

export type { Client, FetchLike };

export interface ProviderClientOptions {
  /** Scheme and host of the API (version prefixes are part of the paths). */
  baseUrl: string;
  /** The token or API key; for HTTP basic, `user:secret`. */
  credential: string;
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

export function createProviderClient<Paths extends {}>(auth: AuthSpec, options: ProviderClientOptions): Client<Paths> {
  const client = createClient<Paths>({
    baseUrl: options.baseUrl,
    redirect: "manual",
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.use(authMiddleware(auth, options.credential));
  return client;
}
