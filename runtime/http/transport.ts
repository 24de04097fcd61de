// Transport policy, in one place: how a built request is sent and which
// answers are never taken at face value.
//
// Redirects are never followed. A 3xx would carry the credential (a header
// or a query key) to wherever `Location` points, re-send a body there, or
// turn a POST into a GET; instead it becomes an `upstream` error naming the
// Location's origin, so the caller can fix the address they gave.
import type { AuthWay, CredentialSpec, ToolCall } from "../spec/tool-types.js";
import { placeCredential, placeWay, wayCredentials, type Placed, type SimplePlaced } from "./credentials.js";
import { type Encoded, isEncoded, percentEncoded, queryNameEncoded } from "./percent-encoding.js";
import { formDecoded } from "./query-pairs.js";
import { ownValue } from "../common/own.js";
import { scalarText } from "../common/scalar-text.js";

/**
 * The tool fields whose effect this module gives (tool-field-readers.ts: each field has a reader;
 * tool-field-readers.test.ts: each reader reads it).
 */
export const TOOL_FIELDS_READ = ["method", "body"] as const satisfies readonly (keyof ToolCall)[];

export type FetchLike = (input: Request) => Promise<Response>;

export interface HttpRequest {
  method: string;
  /** Absolute address, path parameters and query (credential included) encoded. */
  url: string;
  headers: Record<string, string>;
  /** Text (JSON, a form), a multipart body whose files stream out as it is sent, or one file's bytes (a raw body). */
  body?: string | FormData | Blob;
}

/** Scalar query values, or arrays sent as repeated keys (form style, exploded); an `Encoded` value goes as it is. */
export type QueryValue = string | number | boolean | Encoded | (string | number | boolean | Encoded)[];

/**
 * `{baseUrl}{path}` with `{name}` path parameters percent-encoded and the
 * query serialised as `name=value&…` (values percent-encoded, names as the
 * spec writes them: `$top` stays `$top`). Arrays repeat their key.
 */
export function requestUrl(
  baseUrl: string,
  pathTemplate: string,
  path: Record<string, string | Encoded>,
  query: Record<string, QueryValue>,
): string {
  let url = baseUrl;
  for (const part of templateParts(pathTemplate)) {
    if (typeof part === "string") {
      url += part;
      continue;
    }
    // Own values only: a variable named like an Object property (`{toString}`) with no value stays as written.
    const value = ownValue(path, part.name) as string | Encoded | undefined;
    // Written for its place already; a whole address (an `as-given` link, held to the call's origin before:
    // call/base-address.ts) is the request's.
    if (isEncoded(value)) {
      // A link's own leading `/` after the template's is the same one (path-link.ts), not an empty segment.
      url = value.whole
        ? value.encoded
        : url + (value.leadingSlash && url.endsWith("/") ? value.encoded.slice(1) : value.encoded);
      continue;
    }
    url +=
      value === undefined
        ? `{${part.name}}`
        : part.next
          ? percentEncoded(value).replace(part.next, (m) =>
              m.length < 3 ? (part.encoded as string) : part.lower ? m.toLowerCase() : m,
            )
          : percentEncoded(value);
  }
  // A path holding fixed query pairs (`/services?funcs=news`, load/operation-index.ts), or a link its own query
  // (path-link.ts): the query follows them.
  let separator = url.includes("?") ? "&" : "?";
  for (const key in query) {
    const value = query[key];
    if (value === undefined || value === null) continue;
    const name = queryNameEncoded(key);
    if (Array.isArray(value)) {
      for (const item of value) {
        url += `${separator}${name}=${isEncoded(item) ? item.encoded : percentEncoded(scalarText(item))}`;
        separator = "&";
      }
    } else {
      url += `${separator}${name}=${isEncoded(value) ? value.encoded : percentEncoded(scalarText(value))}`;
      separator = "&";
    }
  }
  return url;
}

/**
 * A `{name}` part of a path template; `next`: the unreserved character the literal text after it in its segment starts
 * with (`{position}.{ext}`: `.`), which the value then sends encoded (`encoded`): else a router matching up to the
 * first `.` (as Prism's does) reads `37.83,-122.27` as position `37`. `next` matches that character and the value's
 * percent-encoded triplets, which keep theirs: where it is an upper-case hex letter (`{day}F{start}`), a triplet
 * holding it (`/` is `%2F`) is written in lower case (`%2f`, the same octet by RFC 3986 2.1): no router splits inside.
 */
type VariablePart = { name: string; next?: RegExp; encoded?: string; lower?: boolean };

// A path template split once into its literal text and `{name}` parts (templates come from tool definitions: a small,
// fixed set).
const templates = new Map<string, (string | VariablePart)[]>();

function templateParts(template: string): (string | VariablePart)[] {
  let parts = templates.get(template);
  if (!parts) {
    const split = template.split(/(\{[^{}]+\})/).filter(Boolean);
    parts = split.map((p, i) => {
      if (!/^\{[^{}]+\}$/.test(p)) return p;
      const next = /^[\w.~-]/.exec(split[i + 1] ?? "")?.[0];
      return {
        name: p.slice(1, -1),
        ...(next && {
          next: new RegExp(`%[0-9A-F]{2}|[${next}]`, "g"),
          encoded: `%${next.charCodeAt(0).toString(16).toUpperCase()}`,
          lower: /[A-F]/.test(next),
        }),
      };
    });
    templates.set(template, parts);
  }
  return parts;
}

/**
 * Where the provider's security scheme puts a single credential (a bearer
 * token, a named header, a query pair, a cookie pair; basic has no user here:
 * typed clients take a basic credential whole, `user:secret`, or the key alone when it is the user name beside a fixed
 * password); none for a credential sent only at its way's other places (`places`: the wire middleware writes those).
 */
export function credentialPlacement(auth: AuthWay, credential: string): Placed | undefined {
  if (auth.type === "places") return undefined;
  // A signature is made from the whole request with a key id and a secret, never placed as it is: the tools' calls
  // and the typed client sign (request-signing.ts, client.ts's signingMiddleware).
  if (auth.type === "sigv4" || auth.type === "signedJwt")
    throw new Error(
      `this provider signs each request ${auth.type === "sigv4" ? "with AWS Signature Version 4 " : ""}` +
        `(auth.${auth.type}): no credential is placed`,
    );
  // A key sent as the user name beside a fixed password is given alone, as any key is.
  if (auth.type === "basic" && "user" in auth) {
    const at = credential.indexOf(":");
    return placeCredential(auth, credential.slice(at + 1), { [auth.user]: at < 0 ? "" : credential.slice(0, at) });
  }
  return placeCredential(auth, credential, {});
}

/** Append a query pair to an address, after its query if it has one. */
export function withQueryPair(url: string, pair: string): string {
  return `${url}${url.includes("?") ? "&" : "?"}${pair}`;
}

/**
 * Put the credentials of the way a call uses on a built request (credentials.ts); `credential` is the first one's
 * value.
 */
export function applyCredential(
  request: HttpRequest,
  way: AuthWay,
  credential: string,
  values: Record<string, unknown>,
): void {
  applyPlaced(request, placeWay(way, credential, values));
}

/** Put a new value of a way's first credential (an OAuth 2 flow's token) on a request; the others stay as they are. */
export function applyFirstCredential(
  request: HttpRequest,
  way: AuthWay,
  credential: string,
  values: Record<string, unknown>,
): void {
  const first = wayCredentials(way)[0] as CredentialSpec;
  // A signed credential is no token: flows never obtain one (the link refuses auth.flows beside auth.sigv4), nor one of
  // its way's other places alone (auth.flows need a scheme).
  if (first.type !== "sigv4" && first.type !== "signedJwt" && first.type !== "places")
    applyPlaced(request, [placeCredential(first, credential, values)]);
}

/**
 * Put placed credentials on a request: a header replaces one of the same name (any case), a cookie pair one of the same
 * name.
 */
export function applyPlaced(request: HttpRequest, placed: readonly Placed[]): void {
  for (const p of placed) {
    // A variable of the address (auth's, which the address template and the path leave as written): its value in its
    // place.
    if ("path" in p) request.url = request.url.replaceAll(`{${p.path[0]}}`, p.path[1]);
    else if (!("cookie" in p)) applySimple(request, p);
    else {
      const key = Object.keys(request.headers).find((k) => k.toLowerCase() === "cookie");
      const name = p.cookie.slice(0, p.cookie.indexOf("="));
      const kept = (key ? (request.headers[key] ?? "") : "")
        .split(";")
        .map((x) => x.trim())
        .filter((x) => x && x.slice(0, x.indexOf("=")) !== name);
      if (key) delete request.headers[key];
      request.headers.Cookie = [...kept, p.cookie].join("; ");
    }
  }
}

/** Put a header (replacing one of the same name, any case) or a query pair on a request. */
export function applySimple(request: HttpRequest, p: SimplePlaced): void {
  if ("query" in p) request.url = withQueryPair(request.url, p.query);
  else setHeader(request.headers, p.header[0], p.header[1]);
}

function setHeader(headers: Record<string, string>, name: string, value: string): void {
  // `for…in`, not an array of the keys made on every call (a request's headers are a plain object of its own).
  for (const k in headers) if (k !== name && k.toLowerCase() === name.toLowerCase()) delete headers[k];
  headers[name] = value;
}

/** Send without following redirects (see the policy above). */
export function send(fetch: FetchLike, request: HttpRequest, signal: AbortSignal | undefined): Promise<Response> {
  // A body's headers go in with it (made without them, the Request would type a text body text/plain itself);
  // without one, each header is appended to the Request's own: what the Request does with a headers object (the same
  // checks, the same list), without undici's conversion of it as a record (Node 24: 130 ns a header; an empty
  // object's, 150 ns). An undefined member is one not given (WebIDL).
  const { body, headers } = request;
  const sent = new Request(request.url, {
    method: request.method,
    redirect: "manual",
    signal,
    body,
    headers: body === undefined ? undefined : headers,
  });
  if (body === undefined) for (const name in headers) sent.headers.append(name, headers[name] as string);
  if (!signal) return fetch(sent);
  // Node's fetch (undici) follows the signal through a weak reference from the Request: once the
  // Request is garbage collected, an abort no longer reaches the request (nodejs/node#55428), and an
  // endpoint that never answers kept the call's process alive. Held until the answer comes (its
  // body is stopped by cancelling its reader, read-body.ts). Returned, not voided: a minifier drops `() => void sent`.
  return fetch(sent).finally(() => sent);
}

/**
 * A redirect answer: 3xx, or the opaque redirect a browser gives for
 * `redirect: "manual"`. Not 304 Not Modified, which points nowhere: it
 * answers a conditional request, and is an error like any other status the
 * tool does not map.
 */
export function isRedirect(response: Response): boolean {
  return (
    response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400 && response.status !== 304)
  );
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

/**
 * The request for a next page whose address the upstream gave (a body
 * field or a `Link` header): a GET of that address, resolved against the
 * previous request's, with the same headers (credential included) and no
 * body. Only on the origin the first page came from, and without userinfo:
 * an address elsewhere is refused, so the credential never goes to another
 * host; the reason is returned instead (never the address's userinfo).
 */
export function nextPageRequest(
  previous: HttpRequest,
  first: HttpRequest,
  next: string,
  way: AuthWay,
  credential: string,
  values: Record<string, unknown>,
): HttpRequest | { refused: string } {
  let url: URL;
  try {
    url = new URL(next, previous.url);
  } catch {
    return { refused: "an address that is not valid" };
  }
  // Another identity, and one that would be echoed: fetch refuses such an address with an error quoting it whole.
  if (url.username || url.password) return { refused: "an address with a user name or password in it (withheld)" };
  const origin = new URL(first.url).origin;
  if (url.origin !== origin)
    return {
      refused:
        `${url.protocol === "http:" || url.protocol === "https:" ? url.origin : `a ${url.protocol} address`}, ` +
        `not ${origin}`,
    };
  const { "Content-Type": _contentType, ...headers } = previous.headers;
  // The address is sent as given (its query is the upstream's own encoding); query credentials are replaced, not
  // repeated.
  const queried = wayCredentials(way).flatMap((c) => (c.type === "query" ? [c] : []));
  const address = queried.reduce((href, c) => withoutQueryKey(href, c.name), url.href);
  const request: HttpRequest = { method: "GET", url: address, headers };
  applyPlaced(
    request,
    placeWay(way, credential, values).filter((p) => "query" in p),
  );
  return request;
}

function withoutQueryKey(href: string, name: string): string {
  const hash = href.indexOf("#");
  const base = hash >= 0 ? href.slice(0, hash) : href;
  const q = base.indexOf("?");
  if (q < 0) return base;
  const kept = base
    .slice(q + 1)
    .split("&")
    .filter((pair) => pair !== "" && formDecoded(pair.split("=")[0] ?? "") !== name);
  return `${base.slice(0, q)}${kept.length ? `?${kept.join("&")}` : ""}`;
}

/**
 * The `rel="next"` target of a `Link` header (RFC 8288), if any. A scanner
 * that visits each character once: a regular expression over `<…>` retried
 * the rest of the header from every `<`, quadratic in its size. Hand-written
 * (forty lines) where a parsing library would weigh more in every bundle.
 */
export function linkNext(header: string | null): string | undefined {
  if (!header) return undefined;
  const n = header.length;
  let i = 0;
  while (i < n) {
    const open = header.indexOf("<", i);
    if (open < 0) return undefined;
    const close = header.indexOf(">", open + 1);
    if (close < 0) return undefined;
    let next = false;
    // Its parameters (`; name[=value]`), up to the comma that ends the link-value.
    for (i = close + 1; i < n && header[i] !== "," && header[i] !== "<"; ) {
      if (header[i] !== ";") {
        i++;
        continue;
      }
      i = skipSpace(header, i + 1);
      const nameStart = i;
      while (i < n && TOKEN.test(header.charAt(i))) i++;
      const name = header.slice(nameStart, i).toLowerCase();
      i = skipSpace(header, i);
      if (header[i] !== "=") continue;
      i = skipSpace(header, i + 1);
      let value = "";
      if (header[i] === '"') {
        // A quoted string: a backslash escapes the next character; `,`, `;` and `<` inside are text.
        for (i++; i < n && header[i] !== '"'; i++) value += header[i] === "\\" && i + 1 < n ? header[++i] : header[i];
        i++;
      } else {
        const start = i;
        while (i < n && !VALUE_END.test(header.charAt(i))) i++;
        value = header.slice(start, i);
      }
      if (name === "rel" && value.toLowerCase().split(/\s+/).includes("next")) next = true;
    }
    if (next) return header.slice(open + 1, close);
    if (header[i] === ",") i++;
  }
  return undefined;
}

const TOKEN = /[!#$%&'*+\-.^_`|~0-9A-Za-z]/;
const VALUE_END = /[\s;,]/;

function skipSpace(text: string, i: number): number {
  while (text[i] === " " || text[i] === "\t") i++;
  return i;
}
