// The request head (request line and headers) an upstream accepts is bounded
// (16,384 bytes is common, answered 414 or 431), and a parameter's own length
// limit cannot guarantee it: percent-encoding makes one character up to 12
// bytes. A manifest's `limits.requestHeadBytes` is checked on the built
// request, before it is sent, naming the parameter that takes the most room.
import { ownOf } from "../common/own.js";
import type { RouteSpec, ToolCall, WireSpec } from "../spec/tool-types.js";
import type { HttpRequest } from "./transport.js";
import { credentialOfParam } from "./credentials.js";
import { percentEncoded, queryNameEncoded } from "./percent-encoding.js";
import type { Issue } from "../common/issue.js";
import { scalarText } from "../common/scalar-text.js";

/**
 * The tool fields whose effect this module gives (tool-field-readers.ts: each field has a reader;
 * tool-field-readers.test.ts: each reader reads it).
 */
export const TOOL_FIELDS_READ = ["server"] as const satisfies readonly (keyof ToolCall)[];

/** What fetch adds to every request head (user-agent, accept, connection, content-length…), generously. */
const TRANSPORT_HEAD_BYTES = 256;

/** Bytes of the request line and headers as HTTP/1.1 carries them (the URL as serialised: ASCII). */
export function requestHeadBytes(request: HttpRequest): number {
  const url = new URL(request.url);
  return headBytes(request, url.pathname.length + url.search.length + url.host.length);
}

/** The request line's and the host header's own bytes beside the method and the address. */
const REQUEST_LINE_AND_HOST_BYTES = "  HTTP/1.1\r\nhost: \r\n".length;

/** Bytes of the request head whose address (path, query and host as serialised) takes `address` bytes. */
function headBytes(request: HttpRequest, address: number): number {
  // `${method}  HTTP/1.1\r\nhost: \r\n`, counted rather than written out on every call.
  let size = request.method.length + REQUEST_LINE_AND_HOST_BYTES + address;
  // Header values are Latin-1 (validated): one byte a character.
  for (const name in request.headers) size += name.length + 2 + (request.headers[name] ?? "").length + 2;
  return size + TRANSPORT_HEAD_BYTES + 2;
}

/**
 * The most bytes an address's text can take serialised: a UTF-16 unit at most
 * 12 (a character percent-encoded as up to four UTF-8 bytes, `%XX` each).
 */
const BYTES_PER_UNIT = 12;

/** The problem (rule `requestSize`) with a request head larger than the tool's server accepts, if it is. */
export function requestSizeIssue(
  tool: ToolCall,
  request: HttpRequest,
  values: Record<string, unknown>,
  unsent: ReadonlySet<string>,
  route: RouteSpec | undefined,
): Issue | undefined {
  const limit = tool.server.requestHeadBytes;
  if (limit === undefined) return undefined;
  // Within the limit at the most the address could take: no parsing (a URL parsed on every call cost 0.3 µs of it).
  if (headBytes(request, request.url.length * BYTES_PER_UNIT) <= limit) return undefined;
  const size = requestHeadBytes(request);
  if (size <= limit) return undefined;
  const shares = tool.params
    .filter((p) => values[p.name] !== undefined && !unsent.has(p.name))
    .map((p) => ({ param: p.name, bytes: share(ownOf(route?.wire, p.name) ?? p.wire, values[p.name], tool, p.name) }))
    .filter((s) => s.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes);
  const top = shares[0];
  const what =
    `the request's address and headers would take ${size} bytes, more than the ${limit} ${tool.provider} ` + `accepts`;
  return top
    ? {
        param: top.param,
        rule: "requestSize",
        message: `${top.param}: ${what} (${top.param} takes ${top.bytes} of them, percent-encoded)`,
      }
    : { rule: "requestSize", message: what };
}

/** Bytes a parameter's value takes in the request head (0 in the body). */
function share(wire: WireSpec, value: unknown, tool: ToolCall, name: string): number {
  const text = scalarText(value);
  switch (wire.in) {
    case "query":
      return queryNameEncoded(wire.name).length + 1 + percentEncoded(text).length;
    case "path":
      return percentEncoded(text).length;
    case "header":
      return wire.name.length + text.length;
    case "cookie":
      return wire.name.length + 2 + percentEncoded(text).length;
    case "auth":
      return authShare(tool, name, text);
    default:
      return 0;
  }
}

/**
 * Bytes a credential parameter takes: a query pair's name and encoded value; a basic credential's part of its base64;
 * a key sent encoded, its base64; else its text.
 */
function authShare(tool: ToolCall, name: string, text: string): number {
  const c = credentialOfParam(tool.auth, name);
  if (c?.type === "query") return queryNameEncoded(c.name).length + 1 + percentEncoded(text).length;
  if (c?.type === "basic") return Math.ceil((new TextEncoder().encode(text).length * 4) / 3);
  // A key sent as its base64 (auth.encode): four characters for each three bytes, padded.
  if (c?.type === "header" && c.encode) return 4 * Math.ceil(new TextEncoder().encode(text).length / 3);
  return text.length;
}
