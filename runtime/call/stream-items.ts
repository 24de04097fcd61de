// The answer of a tool that answers a stream of JSON values (ToolCall.stream):
// newline-delimited JSON (`application/x-ndjson`, `application/jsonl`: one
// value per line) or JSON text sequences (`application/json-seq`, RFC 7464:
// each value after a record separator). Read within the reply limit, each
// item at most `itemBytes` (a longer one fails the call), each
// parsed on its own as its line arrives (handed to the client's `.items()`
// then), into the fixed outputs `data` (the items, in order) and
// `metadata.count`. Server-sent events are split by files/event-stream.ts instead,
// each event an item. Part of the files support (file-support.ts): a package
// whose tools neither download nor stream bundles none of it.
import type { RuntimeErrorCode } from "../http/error-codes.js";
import { DeadlineExpired, type Deadline } from "../http/deadline.js";
import type { Failure } from "../http/errors.js";
import type { ExpressionContext } from "../http/expressions.js";
import type { EventData, ToolCall } from "../spec/tool-types.js";
import { mapOutputs } from "./map-outputs.js";
import { EventSplitter } from "./files/event-stream.js";

/**
 * The tool fields whose effect this module gives (tool-field-readers.ts: each field has a reader;
 * tool-field-readers.test.ts: each reader reads it).
 */
export const TOOL_FIELDS_READ = ["stream"] as const satisfies readonly (keyof ToolCall)[];

const RECORD_SEPARATOR = 0x1e;
const LINE_FEED = 0x0a;
const decoder = new TextDecoder();

/**
 * Each item of a stream as its line arrives (the client's `.items()`); the reading waits for the promise it returns.
 */
export type OnItem = (item: unknown) => void | Promise<void>;

/**
 * The outcome of a reply that is the stream: the outputs read from its items, the reply they rest on and its
 * size, or the failure when an item is too large or no JSON; undefined when the reply is no stream (an error,
 * another status), which the call reads as usual. The body is read chunk by chunk and each item parsed as its
 * line ends, handed to `onItem` when given (which may hold the reading back), so that a caller has the first
 * item before the last is sent; no item, nor the part of one still arriving, passes `itemBytes`.
 */
export async function streamAnswer(
  tool: ToolCall,
  response: Response,
  deadline: Deadline,
  limit: number,
  params: Record<string, unknown>,
  onItem?: OnItem,
  events?: typeof EventSplitter,
): Promise<
  { output: Record<string, unknown>; reply: ExpressionContext; bytes: number } | { failure: Failure } | undefined
> {
  const stream = tool.stream;
  if (!stream || response.status !== stream.status) return undefined;
  // Server-sent events are read by the part that carries their parser (eventFileSupport), given only where needed.
  if (stream.events && !events) {
    void response.body?.cancel().catch(() => undefined);
    const message = lacksEvents(tool);
    return { failure: { type: "validation", message, issues: [{ rule: "support", message }], retryable: false } };
  }
  const fail = (code: RuntimeErrorCode, message: string): { failure: Failure } => ({
    failure: {
      type: "upstream",
      status: response.status,
      code,
      message: `${tool.provider} answered ${response.status} with ${message}`,
      retryable: false,
    },
  });
  const splitter =
    stream.events && events ? new events(stream.itemBytes, stream.events) : new ItemSplitter(stream.itemBytes);
  const items: unknown[] = [];
  let read: Awaited<ReturnType<typeof readChunks>>;
  try {
    read = await deadline.race(
      readChunks(response, limit, deadline, async (chunk) => {
        const got = chunk ? splitter.push(chunk) : splitter.end();
        if (!("items" in got)) return got;
        for (const item of got.items) {
          items.push(item);
          if (onItem) await deadline.race(Promise.resolve(onItem(item)));
        }
        return undefined;
      }),
    );
  } catch (e) {
    // Items already handed out are not handed out again by a retry: a stream that breaks after them ends the call.
    if (onItem && items.length && !(e instanceof DeadlineExpired)) {
      return {
        failure: {
          type: "network",
          message:
            `the stream of ${tool.provider} broke after ${items.length} item${items.length === 1 ? "" : "s"}: ` +
            `${e instanceof Error ? e.message : String(e)}`,
          retryable: false,
        },
      };
    }
    throw e;
  }
  if ("tooLarge" in read)
    return fail(
      "REPLY_TOO_LARGE" satisfies RuntimeErrorCode,
      `a stream of more than ${limit} bytes (limits.replyBytes); the rest was not read`,
    );
  if ("itemTooLarge" in read)
    return fail(
      "ITEM_TOO_LARGE" satisfies RuntimeErrorCode,
      `an item of more than ${stream.itemBytes} bytes (item ${read.itemTooLarge} of the stream), so none was returned`,
    );
  if ("invalid" in read)
    return fail("INVALID_JSON" satisfies RuntimeErrorCode, `a stream whose item ${read.invalid} is not valid JSON`);
  const reply: ExpressionContext = { status: response.status, body: { items }, headers: response.headers, params };
  return { output: mapOutputs(tool.outputs, reply).output, reply, bytes: read.bytes };
}

type Split = { items: unknown[] } | { itemTooLarge: number } | { invalid: number };

/** The refusal of a stream of events read without the part that parses them. */
export function lacksEvents(tool: ToolCall): string {
  return `${tool.id} answers server-sent events: pass eventFileSupport (from @blockwright/runtime) as files`;
}

/**
 * The body read chunk by chunk within `limit` bytes, each chunk given to `each` (then `undefined` at the end), whose
 * failure stops the reading. Throws DeadlineExpired when the time runs out (or the caller cancels) first.
 */
async function readChunks(
  response: Response,
  limit: number,
  deadline: Deadline,
  each: (chunk: Uint8Array | undefined) => Promise<Exclude<Split, { items: unknown[] }> | undefined>,
): Promise<{ bytes: number } | { tooLarge: true } | Exclude<Split, { items: unknown[] }>> {
  const reader = response.body?.getReader();
  if (!reader) return (await each(undefined)) ?? { bytes: 0 };
  const stop = () => void reader.cancel().catch(() => undefined);
  if (deadline.timedOut || deadline.cancelled) {
    stop();
    throw new DeadlineExpired(0);
  }
  if (Number(response.headers.get("content-length")) > limit) {
    stop();
    return { tooLarge: true };
  }
  deadline.stopOnExpiry(stop);
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (deadline.timedOut || deadline.cancelled) throw new DeadlineExpired(0);
      if (done) return (await each(undefined)) ?? { bytes };
      bytes += value.byteLength;
      if (bytes > limit) {
        stop();
        return { tooLarge: true };
      }
      const failed = await each(value);
      if (failed) {
        stop();
        return failed;
      }
    }
  } catch (e) {
    stop();
    throw e;
  } finally {
    deadline.stopOnExpiry(undefined);
  }
}

/**
 * A stream's bytes split into items as they arrive: one JSON value a line, or after each record separator (JSON
 * text sequences), blank lines skipped; or the 1-based number of the first item longer than `itemBytes` (told as
 * soon as the part of it received is longer) or not JSON.
 */
export class ItemSplitter {
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private count = 0;
  constructor(private readonly itemBytes: number) {}

  /** The items that end in this chunk. */
  push(chunk: Uint8Array): Split {
    const items: unknown[] = [];
    let start = 0;
    for (let at = 0; at < chunk.length; at++) {
      if (chunk[at] !== LINE_FEED && chunk[at] !== RECORD_SEPARATOR) continue;
      const ended = this.item(chunk.subarray(start, at), items);
      if (ended) return ended;
      start = at + 1;
    }
    const rest = chunk.subarray(start);
    if (this.pendingBytes + rest.byteLength > this.itemBytes) return { itemTooLarge: this.count + items.length + 1 };
    if (rest.byteLength) {
      this.pending.push(rest.slice());
      this.pendingBytes += rest.byteLength;
    }
    this.count += items.length;
    return { items };
  }

  /** The last item, when the stream ends without a line feed after it. */
  end(): Split {
    const items: unknown[] = [];
    return this.item(new Uint8Array(0), items) ?? { items };
  }

  /** The item made of what is pending and `tail`, parsed into `items` (none when blank); the failure otherwise. */
  private item(tail: Uint8Array, items: unknown[]): Exclude<Split, { items: unknown[] }> | undefined {
    const size = this.pendingBytes + tail.byteLength;
    const number = this.count + items.length + 1;
    if (size > this.itemBytes) return { itemTooLarge: number };
    const whole = this.pending.length ? joined([...this.pending, tail], size) : tail;
    this.pending = [];
    this.pendingBytes = 0;
    const text = decoder.decode(whole).trim();
    if (text === "") return undefined;
    try {
      items.push(JSON.parse(text));
    } catch {
      return { invalid: number };
    }
    return undefined;
  }
}

function joined(chunks: Uint8Array[], size: number): Uint8Array {
  const whole = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  return whole;
}

/**
 * The items of a stream's bytes: one JSON value a line, or after each record separator (JSON text sequences),
 * blank lines skipped, or its events (`events`: server-sent events, files/event-stream.ts); or the 1-based number
 * of the first item longer than `itemBytes` or not JSON.
 */
export function streamItems(
  bytes: Uint8Array,
  itemBytes: number,
  events?: EventData,
): { items: unknown[] } | { tooLarge: number } | { invalid: number } {
  const splitter = events ? new EventSplitter(itemBytes, events) : new ItemSplitter(itemBytes);
  const first = splitter.push(bytes);
  if (!("items" in first)) return "itemTooLarge" in first ? { tooLarge: first.itemTooLarge } : first;
  const last = splitter.end();
  if (!("items" in last)) return "itemTooLarge" in last ? { tooLarge: last.itemTooLarge } : last;
  return { items: [...first.items, ...last.items] };
}
