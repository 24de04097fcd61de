// Transport policy, in one place: how a built request is sent and which
// answers are never taken at face value.
//
// Redirects are never followed. A 3xx would carry the credential (a header
// or a query key) to wherever `Location` points, re-send a body there, or
// turn a POST into a GET; instead it becomes an `upstream` error naming the
// Location's origin, so the caller can fix the address they gave.
import type { AuthSpec } from "./tool-types.js";

export type FetchLike = (input: Request) => Promise<Response>;

export interface HttpRequest {
  method: string;
  /** Absolute address, path parameters and query (credential included) encoded. */
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** Scalar query values, or arrays sent as repeated keys (form style, exploded). */
export type QueryValue = string | number | boolean | (string | number | boolean)[];

/**
 * `{baseUrl}{path}` with `{name}` path parameters percent-encoded and the
 * query serialised as `name=value&…` (values percent-encoded, names as the
 * spec writes them: `$top` stays `$top`). Arrays repeat their key.
 */
export function requestUrl(baseUrl: string, pathTemplate: string, path: Record<string, string>, query: Record<string, QueryValue>): string {
  const pathname = pathTemplate.replace(/\{([^{}]+)\}/g, (whole, name: string) => (name in path ? encodeURIComponent(path[name]) : whole));
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) pairs.push(`${name}=${encodeURIComponent(String(item))}`);
    else pairs.push(`${name}=${encodeURIComponent(String(value))}`);
  }
  return `${baseUrl}${pathname}${pairs.length ? `?${pairs.join("&")}` : ""}`;
}

/** Put the credential where the provider's security scheme says: a bearer header, a named header or a query key. */
export function applyCredential(request: HttpRequest, auth: AuthSpec, credential: string): void {
  switch (auth.type) {
    case "bearer":
      request.headers.Authorization = `Bearer ${credential}`;
      return;
    case "header":
      request.headers[auth.name] = credential;
      return;
    case "query":
      request.url += `${request.url.includes("?") ? "&" : "?"}${encodeURIComponent(auth.name)}=${encodeURIComponent(credential)}`;
  }
}

/** Send without following redirects (see the policy above). */
export function send(fetch: FetchLike, request: HttpRequest, signal: AbortSignal): Promise<Response> {
  const init: RequestInit = { method: request.method, headers: request.headers, signal, redirect: "manual" };
  if (request.body !== undefined) init.body = request.body;
  return fetch(new Request(request.url, init));
}

/** A redirect answer: 3xx, or the opaque redirect a browser gives for `redirect: "manual"`. */
export function isRedirect(response: Response): boolean {
  return response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400);
}

/** The origin a redirect points to (never its path or query, which may echo a key), or a placeholder. */
export function redirectOrigin(response: Response, requestUrl: string): string {
  const location = response.headers.get("location");
  if (!location) return "an address it did not give";
  try {
    return new URL(location, requestUrl).origin;
  } catch {
    return "an address that is not valid";
  }
}
