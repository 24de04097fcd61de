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
  let url = baseUrl;
  for (const part of templateParts(pathTemplate)) url += typeof part === "string" ? part : part.name in path ? encodeURIComponent(path[part.name]) : `{${part.name}}`;
  let separator = "?";
  for (const name in query) {
    const value = query[name];
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) {
        url += `${separator}${name}=${encodeURIComponent(String(item))}`;
        separator = "&";
      }
    } else {
      url += `${separator}${name}=${encodeURIComponent(String(value))}`;
      separator = "&";
    }
  }
  return url;
}

// A path template split once into its literal text and `{name}` parts (templates come from tool definitions: a small, fixed set).
const templates = new Map<string, (string | { name: string })[]>();

function templateParts(template: string): (string | { name: string })[] {
  let parts = templates.get(template);
  if (!parts) {
    parts = template.split(/(\{[^{}]+\})/).filter(Boolean).map((p) => (/^\{[^{}]+\}$/.test(p) ? { name: p.slice(1, -1) } : p));
    templates.set(template, parts);
  }
  return parts;
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
export function send(fetch: FetchLike, request: HttpRequest, signal: AbortSignal | undefined): Promise<Response> {
  const init: RequestInit = { method: request.method, headers: request.headers, redirect: "manual" };
  if (signal) init.signal = signal;
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
