// Reading a reply's body: once, chunk by chunk, counting bytes as they
// arrive, under the call's deadline and within the tool's reply limit.
// `response.text()` could be neither stopped nor bounded: without a request
// signal (see deadline.ts) an endless body went on downloading after the
// call had answered with its time-out, and a 2 GB reply ended the process
// with a V8 fatal error.
import { DeadlineExpired, type Deadline } from "./deadline.js";
import type { ToolCall } from "../spec/tool-types.js";

/**
 * The tool fields whose effect this module gives (tool-field-readers.ts: each field has a reader;
 * tool-field-readers.test.ts: each reader reads it).
 */
export const TOOL_FIELDS_READ = ["server"] as const satisfies readonly (keyof ToolCall)[];

/** Reply bytes a call reads when the manifest sets no `limits.replyBytes`: 64 MiB (a minifier keeps a product). */
export const DEFAULT_REPLY_BYTES = 67_108_864;

/** The most reply a call of this tool reads (one reply; all pages together for `allPages`). */
export function replyLimit(tool: Pick<ToolCall, "server">): number {
  return tool.server.replyBytes ?? DEFAULT_REPLY_BYTES;
}

/**
 * The body as text (UTF-8, as `Response.text()` decodes it), its size and its bytes as read (an answer in a form other
 * than the declared one is read as a file: reply-failures.ts `otherForm`), or `tooLarge` past `limit` bytes.
 */
export type Body = { text: string; bytes: number; raw: Uint8Array } | { tooLarge: true };

/** Read the body; throws DeadlineExpired when the time runs out (or the caller cancels) first. */
export function readBody(response: Response, limit: number, deadline: Deadline): Promise<Body> {
  // Decoded by the reading itself: a `.then` of its own after it was a promise and a microtask more a call.
  return readAll(response, limit, deadline, undefined, decoded);
}

function decoded(bytes: Uint8Array): Body {
  return { text: decoder.decode(bytes), bytes: bytes.byteLength, raw: bytes };
}

/**
 * The body's bytes, or `tooLarge` past `limit` bytes (a Content-Length past
 * it refused before reading); `onProgress` is told the bytes received so far
 * as they arrive. Throws DeadlineExpired when the time runs out (or the
 * caller cancels) first: the reader is then cancelled, the download stopped.
 */
export function readBytes(
  response: Response,
  limit: number,
  deadline: Deadline,
  onProgress?: (received: number) => void,
): Promise<{ bytes: Uint8Array } | { tooLarge: true }> {
  return readAll(response, limit, deadline, onProgress, asRead);
}

const asRead = (bytes: Uint8Array) => ({ bytes });

/** The whole body as `finish` makes it of its bytes, or `tooLarge` (readBytes). */
async function readAll<T>(
  response: Response,
  limit: number,
  deadline: Deadline,
  onProgress: ((received: number) => void) | undefined,
  finish: (bytes: Uint8Array) => T,
): Promise<T | { tooLarge: true }> {
  const stream = response.body;
  if (!stream) return finish(new Uint8Array(0));
  const reader = stream.getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  // A reply that arrives after the deadline is not read at all; nor is one that says it is too large.
  if (deadline.timedOut || deadline.cancelled) {
    stop();
    throw new DeadlineExpired(0);
  }
  if (Number(response.headers.get("content-length")) > limit) {
    stop();
    return { tooLarge: true };
  }
  deadline.stopOnExpiry(stop);
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (bytes > limit) {
        stop();
        return { tooLarge: true };
      }
      chunks.push(value);
      onProgress?.(bytes);
    }
  } finally {
    deadline.stopOnExpiry(undefined);
  }
  // Cancelled by the deadline: what was read is not the whole body.
  if (deadline.timedOut || deadline.cancelled) throw new DeadlineExpired(0);
  return finish(joined(chunks, bytes));
}

const decoder = new TextDecoder();

/** The chunks as one array (a chunk boundary may split a character: decoded once, whole). */
function joined(chunks: Uint8Array[], bytes: number): Uint8Array {
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const whole = new Uint8Array(bytes);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  return whole;
}
