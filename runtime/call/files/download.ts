// The answer of a tool that downloads a file (ToolCall.download): its bytes,
// never parsed as JSON. A redirect to the file (a storage host's signed
// address) is followed, a few hops at most, as a plain GET that carries
// neither the credential nor any other header of the request: the address
// itself is the permission. Everything read counts against the reply limit.
import type { RuntimeErrorCode } from "../../http/error-codes.js";
import type { Deadline } from "../../http/deadline.js";
import type { Failure } from "../../http/errors.js";
import { evaluate, type ExpressionContext } from "../../http/expressions.js";
import { isLoopback } from "../../http/hosts.js";
import { readBody, readBytes } from "../../http/read-body.js";
import { upstreamError } from "../../http/upstream-error.js";
import { isRedirect, redirectOrigin, type FetchLike } from "../../http/transport.js";
import type { ToolCall } from "../../spec/tool-types.js";
import { mapOutputs } from "../map-outputs.js";
import { parseBody, upstreamFailure } from "../reply-failures.js";
import { type OnItem, streamAnswer } from "../stream-items.js";
import type { EventSplitter } from "./event-stream.js";

/**
 * The tool fields whose effect this module gives (tool-field-readers.ts: each field has a reader;
 * tool-field-readers.test.ts: each reader reads it).
 */
export const TOOL_FIELDS_READ = ["download"] as const satisfies readonly (keyof ToolCall)[];

/** A downloaded file as the outputs read it (`$response.body#/content`, …). */
export interface DownloadedFile {
  content: Uint8Array;
  contentType: string;
  size: number;
  filename?: string;
}

const MAX_HOPS = 5;

/**
 * The Accept header of a download's request, when the call sets none: the file's media types, JSON (an error) after
 * them, unless the file's own type is JSON (bytes declared `application/json`).
 */
export function acceptFile(tool: ToolCall, header: Record<string, string>): void {
  if (!tool.download || header.Accept !== undefined) return;
  const json = tool.download.mediaTypes.some((t) => t.split(";")[0]?.trim().toLowerCase() === "application/json");
  header.Accept = [...tool.download.mediaTypes, ...(json ? [] : ["application/json;q=0.5"])].join(", ");
}

/**
 * The outcome of a reply that is the file (or a redirect to it): the outputs
 * read from the file, the reply they rest on and its size, or the failure
 * when it cannot be read within `limit` bytes; undefined when the reply is
 * no file (an error, another outcome), which the call reads as usual.
 */
export async function fileAnswer(
  tool: ToolCall,
  response: Response,
  url: string,
  fetchFn: FetchLike,
  deadline: Deadline,
  limit: number,
  call: { values: Record<string, unknown>; secrets: readonly string[] },
  onItem?: OnItem,
  events?: typeof EventSplitter,
): Promise<
  { output: Record<string, unknown>; reply: ExpressionContext; bytes: number } | { failure: Failure } | undefined
> {
  // A stream of JSON values (or of events, split by `events`) is read item by item, each handed to onItem as it
  // arrives (stream-items.ts).
  if (tool.stream) return streamAnswer(tool, response, deadline, limit, call.values, onItem, events);
  if (!answersFile(tool, response)) return undefined;
  // A JSON or an HTML answer where the document declares only a file's types (the link's onlyFile) is an error body
  // under a 2xx, not the file.
  const type = response.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (tool.download?.onlyFile?.includes(response.status) && /json$|^text\/html$|xhtml/.test(type))
    return { failure: await errorBodyFailure(tool, response, type, deadline, limit, call.secrets) };
  const got = await deadline.race(readDownload(tool, response, url, fetchFn, deadline, limit));
  if ("failure" in got) return got;
  const reply: ExpressionContext = {
    status: got.response.status,
    body: got.file,
    headers: got.response.headers,
    params: call.values,
  };
  return { output: mapOutputs(tool.outputs, reply).output, reply, bytes: got.file.size };
}

/** The most of an error body read under a file's status: a message is short, and the answer may be the file. */
const ERROR_BODY_BYTES = 65_536;

/**
 * The failure of a JSON or an HTML answer under a status whose declared types are a file's only (the link's
 * onlyFile: a PDF's, an image's, and a text file's, `text/plain` or `text/csv`, alike). JSON is text, but the document
 * says this status answers the file in its own type: a JSON document labelled so instead is the service's error body
 * under a 2xx (issue 59: an export "not ready" taken as the PDF). Its JSON is read as an error answer's is
 * (upstream-error.ts): where it says a message (the manifest's `errors.message`, or a body that is one text) the
 * failure is the upstream's error, its message and code (its own where it says one) and request id, the type in
 * `details`, so that the caller learns what went wrong; refused as "not the file" with the message hidden, the caller
 * had nothing to act on. JSON that says no message (the service may answer JSON for this status after all: the
 * document should then say so), and an HTML page (never parsed), are UNEXPECTED_CONTENT_TYPE.
 */
async function errorBodyFailure(
  tool: ToolCall,
  response: Response,
  type: string,
  deadline: Deadline,
  limit: number,
  secrets: readonly string[],
): Promise<Failure> {
  const refused = (): Failure => ({
    ...upstreamFailure(
      response.status,
      "UNEXPECTED_CONTENT_TYPE",
      `${tool.provider} answered ${response.status} with ${type}, not the file it declares`,
    ),
    details: { contentType: type },
  });
  if (!type.endsWith("json")) {
    void response.body?.cancel().catch(() => undefined);
    return refused();
  }
  // Not raced: the deadline cancels the reader itself (read-body.ts).
  const read = await readBody(response, Math.min(limit, ERROR_BODY_BYTES), deadline);
  let body: unknown;
  try {
    body = "text" in read ? parseBody(read.text) : undefined;
  } catch {
    return refused();
  }
  const ctx: ExpressionContext = { status: response.status, body, headers: response.headers, params: {} };
  // A message as upstreamError finds one: the first of the manifest's places that holds a value, or a text body.
  const held = (v: unknown) => v !== undefined && v !== null && v !== "";
  const says =
    (typeof body === "string" && body.trim() !== "") || tool.errors.message.some((ref) => held(evaluate(ref, ctx)));
  if (!says) return refused();
  const error = upstreamError(tool, response, body, 0, {}, secrets);
  return {
    ...error,
    message: `${tool.provider} answered ${response.status} with ${type}, not the file it declares: ${error.message}`,
    code: error.code ?? ("UNEXPECTED_CONTENT_TYPE" satisfies RuntimeErrorCode),
    retryable: false,
    details: { ...error.details, contentType: type },
  };
}

/** Whether this answer is the file (or a redirect to it) rather than an error or another outcome. */
export function answersFile(tool: ToolCall, response: Response): boolean {
  const download = tool.download;
  if (download === undefined) return false;
  return response.status === download.status || !!download.statuses?.includes(response.status) || isRedirect(response);
}

/** Read the file an answer carries or points to, within `limit` bytes; the failure otherwise. */
export async function readDownload(
  tool: ToolCall,
  first: Response,
  url: string,
  fetchFn: FetchLike,
  deadline: Deadline,
  limit: number,
): Promise<{ response: Response; file: DownloadedFile } | { failure: Failure }> {
  let response = first;
  let at = url;
  for (let hop = 0; isRedirect(response); hop++) {
    void response.body?.cancel().catch(() => undefined);
    const next = redirectTarget(response, at);
    if (hop >= MAX_HOPS || !next) return { failure: redirectRefused(tool, response, at, hop >= MAX_HOPS) };
    at = next;
    response = await deadline.race(
      fetchFn(new Request(at, { method: "GET", redirect: "manual", signal: deadline.signal })),
    );
  }
  if (!response.ok) {
    void response.body?.cancel().catch(() => undefined);
    return {
      failure: {
        type: "upstream",
        status: response.status,
        message: `the file ${tool.provider} pointed to answered ${response.status}`,
        retryable: response.status >= 500,
      },
    };
  }
  const read = await readBytes(response, limit, deadline);
  if ("tooLarge" in read) {
    return {
      failure: {
        type: "upstream",
        status: response.status,
        code: "REPLY_TOO_LARGE" satisfies RuntimeErrorCode,
        message:
          `${tool.provider} answered ${response.status} with a file of more than ${limit} ` +
          `bytes (limits.replyBytes); the rest was not read`,
        retryable: false,
      },
    };
  }
  const filename = dispositionName(response.headers.get("content-disposition"));
  const contentType = response.headers.get("content-type")?.trim() || "application/octet-stream";
  return {
    response,
    file: { content: read.bytes, contentType, size: read.bytes.byteLength, ...(filename ? { filename } : {}) },
  };
}

/** Where a redirect to the file points: https, or http on loopback (mocks); undefined otherwise. */
function redirectTarget(response: Response, at: string): string | undefined {
  const location = response.headers.get("location");
  if (!location) return undefined;
  try {
    const url = new URL(location, at);
    if (url.username || url.password) return undefined;
    return url.protocol === "https:" || (url.protocol === "http:" && isLoopback(url.hostname)) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function redirectRefused(tool: ToolCall, response: Response, at: string, tooMany: boolean): Failure {
  const why = tooMany
    ? `more than ${MAX_HOPS} redirects`
    : `a redirect to ${redirectOrigin(response, at)}, which is not an https address`;
  return {
    type: "upstream",
    status: response.status,
    code: "REDIRECT" satisfies RuntimeErrorCode,
    message: `${tool.provider} answered ${response.status || "a redirect"} for the file: ${why}`,
    retryable: false,
  };
}

/**
 * The file name of a Content-Disposition header (`filename*=UTF-8''…` first, then `filename="…"`), without any folder.
 */
export function dispositionName(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(header);
  let name: string | undefined;
  if (extended?.[1]) {
    try {
      name = decodeURIComponent(extended[1].trim());
    } catch {
      name = undefined;
    }
  }
  name ??= /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i
    .exec(header)
    ?.slice(1)
    .find((x) => x !== undefined);
  const base = name?.replace(/\\(.)/g, "$1").split(/[\\/]/).pop()?.trim();
  return base || undefined;
}
