// A recorded request in canonical form, so that two clients' requests compare
// by what a server reads from them, not by the bytes each library happens to
// write: path segments percent-decoded (a `/` inside a segment stays `%2F`:
// it is another path), query pairs decoded and ordered by key (the order of a
// key's repeated values kept), JSON bodies parsed, form bodies as decoded
// pairs, multipart bodies as their parts by name (the boundary dropped), any
// other body as its length and hash. Header names are lowercased; which
// headers are compared is compare.ts's choice.
import { createHash } from "node:crypto";
import type { Recorded } from "./recorder.js";

export type CanonicalBody =
  | { kind: "none" }
  | { kind: "json"; value: unknown }
  | { kind: "form"; pairs: [string, string][] }
  | { kind: "multipart"; parts: Part[] }
  | { kind: "bytes"; length: number; sha256: string; text?: string }
  /** A body whose media type says JSON or a form but which does not parse as one. */
  | { kind: "unreadable"; mediaType: string; text: string };

export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  /** The part's text when it is UTF-8 and short, else its length and hash. */
  value: string;
}

export interface CanonicalRequest {
  method: string;
  /** Each segment decoded; `/` within a segment written `%2F`. */
  path: string[];
  query: [string, string][];
  headers: Record<string, string>;
  /** The Content-Type's media type, lowercased, without parameters. */
  mediaType?: string;
  body: CanonicalBody;
}

/** Decode a path segment, keeping a `/` it carries visible as `%2F`. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment.replace(/%2F/gi, "%252F"));
  } catch {
    return segment;
  }
}

/**
 * Query or form pairs, decoded the way a server's form parser does (`+` is a space), ordered by key, each key's values
 * in their order.
 */
export function formPairs(text: string): [string, string][] {
  const pairs = [...new URLSearchParams(text)] as [string, string][];
  return pairs
    .map((p, i) => [p, i] as const)
    .sort((a, b) => (a[0][0] < b[0][0] ? -1 : a[0][0] > b[0][0] ? 1 : a[1] - b[1]))
    .map(([p]) => p);
}

export function mediaTypeOf(contentType: string | undefined): string | undefined {
  return contentType?.split(";")[0]?.trim().toLowerCase() || undefined;
}

/** JSON by its media type: `application/json`, a `+json` suffix, or a versioned JSON protocol's (`x-amz-json-1.1`). */
const isJson = (type: string) => /^application\/([\w.-]+\+)?json$|^application\/x-[\w.]+-json-[\d.]+$/.test(type);

/** A control character other than tab, newline and carriage return: the mark of bytes that are not text. */
const binaryChar = (c: string) => c < " " && c !== "\t" && c !== "\n" && c !== "\r";

function shortText(bytes: Buffer, max = 4096): string | undefined {
  const text = bytes.toString("utf8");
  return Buffer.from(text, "utf8").equals(bytes) && text.length <= max && ![...text].some(binaryChar)
    ? text
    : undefined;
}

const hashOf = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex").slice(0, 16);

function multipartParts(body: Buffer, contentType: string): Part[] | undefined {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const mark = boundary?.[1] ?? boundary?.[2];
  if (!mark) return undefined;
  const delimiter = Buffer.from(`--${mark}`);
  const parts: Part[] = [];
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === "--") break;
    const next = body.indexOf(delimiter, start);
    if (next === -1) return undefined;
    // Each part: CRLF, headers, CRLF CRLF, content, CRLF before the next delimiter.
    const raw = body.subarray(start + 2, next - 2);
    const split = raw.indexOf("\r\n\r\n");
    if (split === -1) return undefined;
    const head = raw.subarray(0, split).toString("utf8");
    const content = raw.subarray(split + 4);
    const disposition = /^content-disposition:(.*)$/im.exec(head)?.[1] ?? "";
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1] ?? "";
    const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
    const type = mediaTypeOf(/^content-type:(.*)$/im.exec(head)?.[1]);
    const text = shortText(content);
    parts.push({
      name,
      ...(filename !== undefined ? { filename } : {}),
      ...(type ? { contentType: type } : {}),
      value: text ?? `${content.length} bytes, sha256 ${hashOf(content)}`,
    });
    at = next;
  }
  return parts
    .map((p, i) => [p, i] as const)
    .sort((a, b) => (a[0].name < b[0].name ? -1 : a[0].name > b[0].name ? 1 : a[1] - b[1]))
    .map(([p]) => p);
}

function bodyOf(recorded: Recorded, mediaType: string | undefined): CanonicalBody {
  const bytes = recorded.body;
  if (!bytes.length) return { kind: "none" };
  const text = shortText(bytes, Number.POSITIVE_INFINITY);
  if (mediaType && isJson(mediaType)) {
    try {
      return { kind: "json", value: JSON.parse(bytes.toString("utf8")) };
    } catch {
      return { kind: "unreadable", mediaType, text: text ?? `${bytes.length} bytes` };
    }
  }
  if (mediaType === "application/x-www-form-urlencoded" && text !== undefined)
    return { kind: "form", pairs: formPairs(text) };
  if (mediaType === "multipart/form-data") {
    const parts = multipartParts(bytes, recorded.headers["content-type"] ?? "");
    return parts ? { kind: "multipart", parts } : { kind: "unreadable", mediaType, text: `${bytes.length} bytes` };
  }
  const short = shortText(bytes);
  return {
    kind: "bytes",
    length: bytes.length,
    sha256: hashOf(bytes),
    ...(short !== undefined ? { text: short } : {}),
  };
}

export function canonical(recorded: Recorded): CanonicalRequest {
  const [rawPath = "", rawQuery = ""] = splitTarget(recorded.target);
  const mediaType = mediaTypeOf(recorded.headers["content-type"]);
  return {
    method: recorded.method.toUpperCase(),
    path: rawPath.split("/").slice(1).map(decodeSegment),
    query: formPairs(rawQuery),
    headers: recorded.headers,
    ...(mediaType ? { mediaType } : {}),
    body: bodyOf(recorded, mediaType),
  };
}

function splitTarget(target: string): [string, string] {
  const q = target.indexOf("?");
  return q === -1 ? [target, ""] : [target.slice(0, q), target.slice(q + 1)];
}
