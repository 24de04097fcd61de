// Whether a value fits in a request head: an address or header value at a parameter's maxLength can be longer than any
// server reads (a document's path segment of `maxLength: 2097152`), and the mock, a Node.js server as many are,
// answers 431 past 16,384 bytes of request line and headers (its default). A case that expects the value accepted
// sends it only when the whole head fits: the manifest's `limits.requestHeadBytes`, or else that common size. The
// runtime refuses a value past a stated limit before any request (the limit kind's `requestSize` case).
//
// And whether a case's request body fits what the mock reads: a text at a body parameter's maxLength can be longer
// than the mock takes (a JSON field of `maxLength: 10485760`, 10 MiB, beside the rest of the body), and Prism's server
// reads at most 10 MiB of a request body, answering 413 past it. A case that expects the value accepted sends it only
// when the whole body fits; the step past the bound is still refused before any request.
import { type ParamSpec, scalarText, type ToolSpec } from "@blockwright/runtime/internal";
import type { Input } from "./values.js";

/** The request head a server commonly reads (Node.js's default, the mocks' server): 414 or 431 past it. */
export const COMMON_HEAD_BYTES = 16_384;

/** Room for the rest of a head: the request line's method and version, the host, and fetch's own headers. */
const FIXED_HEAD_BYTES = 1024;

/** The bytes a text takes in an address, percent-encoded (all but the unreserved characters, as the runtime does). */
const encodedBytes = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, "%XX").length;

/** The bytes a parameter's value takes in the request head (0 in a body or as the base address). */
export function headShare(p: ParamSpec, value: unknown): number {
  if (value === undefined) return 0;
  const text = textOf(p, value);
  switch (p.wire.in) {
    case "path":
      return encodedBytes(text);
    case "query":
      return p.wire.name.length + 2 + encodedBytes(text);
    case "cookie":
      return p.wire.name.length + 3 + encodedBytes(text);
    case "header":
      return p.wire.name.length + 4 + text.length;
    case "auth":
      return text.length + 32;
    default:
      return 0;
  }
}

/**
 * A value's text as the runtime writes it: a number (or a number parameter's value given as text, `"6e-323"`) in plain
 * decimal notation, so 5e-324 takes 326 bytes, not 6.
 */
function textOf(p: ParamSpec, value: unknown): string {
  const numeric = p.type === "number" && typeof value === "string" && value.trim() !== "";
  if (numeric && Number.isFinite(Number(value))) return scalarText(Number(value));
  return typeof value === "string" ? value : typeof value === "number" ? scalarText(value) : JSON.stringify(value);
}

/** Whether the call with `input` has a request head a server reads (requestHeadBytes, else COMMON_HEAD_BYTES). */
export function fitsRequestHead(tool: ToolSpec, input: Record<string, unknown>): boolean {
  const limit = tool.server.requestHeadBytes ?? COMMON_HEAD_BYTES;
  let bytes = FIXED_HEAD_BYTES + tool.path.length;
  for (const p of tool.params) bytes += headShare(p, input[p.name]);
  return bytes <= limit;
}

const HEAD_PLACES: string[] = ["query", "header", "cookie"];

/**
 * `input` in parts a request head holds each (one part where it holds them all): the parameters the head carries that
 * the tool does not require (a list's hundreds of filters) are spread over the parts, each part with all the others.
 * A part's bytes are kept as it grows, each value's share counted as it joins (as fitsRequestHead counts the part
 * whole): counting each part whole at each step made a draw of hundreds of values quadratic.
 */
export function inHeadParts(tool: ToolSpec, input: Input): Input[] {
  const limit = tool.server.requestHeadBytes ?? COMMON_HEAD_BYTES;
  const named = new Map<string, ParamSpec[]>();
  for (const p of tool.params) named.set(p.name, [...(named.get(p.name) ?? []), p]);
  // The share of a name's parameters with `value`: a part's head is the fixed room, the path and each name's share.
  const share = (name: string, value: unknown) =>
    (named.get(name) ?? []).reduce((bytes, p) => bytes + headShare(p, value), 0);
  const bytesOf = (part: Input) =>
    [...named.keys()].reduce((bytes, name) => bytes + share(name, part[name]), FIXED_HEAD_BYTES + tool.path.length);
  if (bytesOf(input) <= limit) return [input];
  const spread = tool.params.filter(
    (p) => !p.required && input[p.name] !== undefined && HEAD_PLACES.includes(p.wire.in),
  );
  const base = { ...input };
  for (const p of spread) delete base[p.name];
  const baseBytes = bytesOf(base);
  const parts: Input[] = [];
  let part: Input = { ...base };
  let bytes = baseBytes;
  // How many names the part holds beyond the base's.
  let added = 0;
  for (const p of spread) {
    const value = input[p.name];
    const next = bytes - share(p.name, part[p.name]) + share(p.name, value);
    // A value alone past the head goes alone: the limit cases are the ones to tell what a server does with it.
    if (next <= limit || added === 0) {
      if (!Object.hasOwn(part, p.name)) added++;
      // Defined as `{ ...part, [name]: value }` defines it, a name like `__proto__` included.
      Object.defineProperty(part, p.name, { value, writable: true, enumerable: true, configurable: true });
      bytes = next;
    } else {
      parts.push(part);
      part = { ...base, [p.name]: value };
      bytes = baseBytes - share(p.name, base[p.name]) + share(p.name, value);
      added = Object.hasOwn(base, p.name) ? 0 : 1;
    }
  }
  return [...parts, part];
}

/** The most bytes of a request body the mocks read (Prism's server's body reader, `10mb`): 413 past it. */
export const MOCK_BODY_BYTES = 10 * 1024 * 1024;

/** Room for the rest of a body beside the values counted: its syntax, a multipart's boundaries and part headers. */
const BODY_ROOM_BYTES = 64 * 1024;

/** The bytes a value takes at most in a body, UTF-8 (a JSON text's escapes aside: the room covers them). */
function bodyShare(p: ParamSpec, value: unknown): number {
  if (value === undefined || p.wire.in !== "body") return 0;
  if (value instanceof Uint8Array) return value.byteLength;
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? "");
  return Buffer.byteLength(text, "utf8");
}

/** Whether the call with `input` sends a request body the mock reads whole. */
export function fitsMockBody(tool: ToolSpec, input: Record<string, unknown>): boolean {
  let bytes = BODY_ROOM_BYTES;
  for (const p of tool.params) bytes += bodyShare(p, input[p.name]);
  return bytes <= MOCK_BODY_BYTES;
}
