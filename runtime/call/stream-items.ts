// The answer of a tool that answers a stream of JSON values (ToolCall.stream):
// newline-delimited JSON (`application/x-ndjson`, `application/jsonl`: one
// value per line) or JSON text sequences (`application/json-seq`, RFC 7464:
// each value after a record separator). Read within the reply limit, each
// item at most `itemBytes` (a longer one fails the call), each
// parsed on its own, into the fixed outputs `data` (the items, in order) and
// `metadata.count`. Part of the files support (file-support.ts): a package
// whose tools neither download nor stream bundles none of it.
import type { RuntimeErrorCode } from "../http/error-codes.js";
import type { Deadline } from "../http/deadline.js";
import type { Failure } from "../http/errors.js";
import type { ExpressionContext } from "../http/expressions.js";
import { readBytes } from "../http/read-body.js";
import type { ToolCall } from "../spec/tool-types.js";
import { mapOutputs } from "./map-outputs.js";

/** The tool fields whose effect this module gives (tool-field-readers.ts: each field has a reader; tool-field-readers.test.ts: each reader reads it). */
export const TOOL_FIELDS_READ = ["stream"] as const satisfies readonly (keyof ToolCall)[];

const RECORD_SEPARATOR = 0x1e;
const LINE_FEED = 0x0a;
const decoder = new TextDecoder();

/**
 * The outcome of a reply that is the stream: the outputs read from its items, the reply they rest on and its
 * size, or the failure when an item is too large or no JSON; undefined when the reply is no stream (an error,
 * another status), which the call reads as usual.
 */
export async function streamAnswer(
  tool: ToolCall,
  response: Response,
  deadline: Deadline,
  limit: number,
  params: Record<string, unknown>,
): Promise<{ output: Record<string, unknown>; reply: ExpressionContext; bytes: number } | { failure: Failure } | undefined> {
  const stream = tool.stream;
  if (!stream || response.status !== stream.status) return undefined;
  const read = await deadline.race(readBytes(response, limit, deadline));
  const fail = (code: RuntimeErrorCode, message: string): { failure: Failure } => ({ failure: { type: "upstream", status: response.status, code, message: `${tool.provider} answered ${response.status} with ${message}`, retryable: false } });
  if ("tooLarge" in read) return fail("REPLY_TOO_LARGE" satisfies RuntimeErrorCode, `a stream of more than ${limit} bytes (limits.replyBytes); the rest was not read`);
  const bytes = read.bytes;
  const got = streamItems(bytes, stream.itemBytes);
  if ("tooLarge" in got) return fail("ITEM_TOO_LARGE" satisfies RuntimeErrorCode, `an item of more than ${stream.itemBytes} bytes (item ${got.tooLarge} of the stream), so none was returned`);
  if ("invalid" in got) return fail("INVALID_JSON" satisfies RuntimeErrorCode, `a stream whose item ${got.invalid} is not valid JSON`);
  const items = got.items;
  const reply: ExpressionContext = { status: response.status, body: { items }, headers: response.headers, params };
  return { output: mapOutputs(tool.outputs, reply).output, reply, bytes: bytes.byteLength };
}

/**
 * The items of a stream's bytes: one JSON value a line, or after each record separator (JSON text sequences),
 * blank lines skipped; or the 1-based number of the first item longer than `itemBytes` or not JSON.
 */
export function streamItems(bytes: Uint8Array, itemBytes: number): { items: unknown[] } | { tooLarge: number } | { invalid: number } {
  const items: unknown[] = [];
  // An item ends at a line feed, or at the record separator that starts the next (JSON text sequences).
  let start = 0;
  for (let at = 0; at <= bytes.length; at++) {
    const end = at === bytes.length || bytes[at] === LINE_FEED || bytes[at] === RECORD_SEPARATOR;
    if (!end) continue;
    if (at - start > itemBytes) return { tooLarge: items.length + 1 };
    const text = decoder.decode(bytes.subarray(start, at)).trim();
    start = at + 1;
    if (text === "") continue;
    try {
      items.push(JSON.parse(text));
    } catch {
      return { invalid: items.length + 1 };
    }
  }
  return { items };
}
