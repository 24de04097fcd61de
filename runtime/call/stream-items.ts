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
import type { StreamSpec, ToolCall } from "../spec/tool-types.js";
import { ERROR_TEXT_CHARS, redactThenCut } from "../common/outgoing-text.js";
import { upstreamFailure } from "./reply-failures.js";
import { boundedCopy, DETAIL_DEPTH } from "../http/upstream-error.js";
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
  const other = notStream(tool, response);
  if (other) {
    void response.body?.cancel().catch(() => undefined);
    return { failure: other };
  }
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
        for (const value of got.items) {
          const line = lineItem(stream, value);
          if (!("item" in line)) return { ...line, at: items.length + 1 };
          items.push(line.item);
          if (onItem) await deadline.race(Promise.resolve(onItem(line.item)));
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
  if ("missing" in read)
    return fail(
      "MISSING_OUTPUT" satisfies RuntimeErrorCode,
      `a stream whose item ${read.at} holds nothing at ${pointer(stream.item ?? [])} (stream.item)`,
    );
  if ("failed" in read) return { failure: streamFailure(tool, response.status, read.failed, read.at - 1) };
  const reply: ExpressionContext = { status: response.status, body: { items }, headers: response.headers, params };
  return { output: mapOutputs(tool.outputs, reply).output, reply, bytes: read.bytes };
}

type Split = { items: unknown[] } | { itemTooLarge: number } | { invalid: number };
/** A value of the stream that is no item: it holds none where `stream.item` says, or a failure; `at` its number. */
type NoItem = ({ missing: true } | { failed: unknown }) & { at: number };

/**
 * What a value of the stream is: the item it holds (at `stream.item`, else the whole value), or the failure it
 * reports (a value at `stream.failure`, not null), or none where `stream.item` says it holds its item.
 */
export function lineItem(
  stream: Pick<StreamSpec, "item" | "failure">,
  value: unknown,
): { item: unknown } | { missing: true } | { failed: unknown } {
  const failed = stream.failure ? valueAt(value, stream.failure) : undefined;
  if (failed !== undefined && failed !== null) return { failed };
  if (!stream.item) return { item: value };
  const item = valueAt(value, stream.item);
  return item === undefined ? { missing: true } : { item };
}

function valueAt(value: unknown, segments: readonly string[]): unknown {
  let at = value;
  for (const segment of segments) {
    if (!at || typeof at !== "object" || !Object.hasOwn(at, segment)) return undefined;
    at = (at as Record<string, unknown>)[segment];
  }
  return at;
}

const pointer = (segments: readonly string[]): string =>
  segments.map((s) => `/${s.replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");

/**
 * The upstream error a stream's failure value ends the call with (manifest `stream.failure`): its own code (`code`, or
 * the member `stream.failureCode` names) and `message` (the whole value as JSON where it has no message), each cut,
 * and its other members (a gRPC status's `details`) as the error's `details`, within the bounds of an error body's;
 * after `count` items.
 */
export function streamFailure(tool: ToolCall, status: number, failed: unknown, count: number): Failure {
  const fields =
    failed && typeof failed === "object" && !Array.isArray(failed) ? (failed as Record<string, unknown>) : {};
  const text = (v: unknown): string | undefined =>
    v === undefined || v === null || v === "" ? undefined : typeof v === "string" ? v : JSON.stringify(v);
  const cut = (t: string) => redactThenCut(t, [], ERROR_TEXT_CHARS);
  const said = text(fields.message) ?? text(failed) ?? "no message";
  // Its code where the link found the failure's schema names it (`grpc_code`), else its `code`.
  const key = tool.stream?.failureCode ?? "code";
  const code = text(fields[key]);
  const { [key]: _code, message: _message, ...others } = fields;
  const items = `${count} item${count === 1 ? "" : "s"}`;
  return {
    type: "upstream",
    status,
    message: `${tool.provider} ended the stream with a failure after ${items}: ${cut(said)}`,
    ...(code !== undefined ? { code: cut(code) } : {}),
    retryable: false,
    ...(Object.keys(others).length
      ? { details: boundedCopy(others, DETAIL_DEPTH + 1, cut) as Record<string, unknown> }
      : {}),
  };
}

/**
 * The failure of a stream's answer in another form: an HTML page (a proxy's page, a login form) for any stream, a
 * JSON document where server-sent events were asked for (a service that does not stream, or not this call). Neither
 * is read as items: it holds no event and no line of the stream, and read so it was a stream of none, a success.
 * No type, `text/plain`, or JSON for JSON lines (services label them so) are read as the stream.
 */
function notStream(tool: ToolCall, response: Response): Failure | undefined {
  const type = response.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  const code = "UNEXPECTED_CONTENT_TYPE" satisfies RuntimeErrorCode;
  const answered = `${tool.provider} answered ${response.status} with`;
  if (type === "text/html" || type === "application/xhtml+xml")
    return upstreamFailure(response.status, code, `${answered} an HTML page (${type}), not a stream`);
  if (tool.stream?.events && /^application\/([\w.-]+\+)?json$/.test(type))
    return {
      ...upstreamFailure(response.status, code, `${answered} ${type}, not a stream of events`),
      details: { contentType: type },
    };
  return undefined;
}

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
  each: (chunk: Uint8Array | undefined) => Promise<Exclude<Split, { items: unknown[] }> | NoItem | undefined>,
): Promise<{ bytes: number } | { tooLarge: true } | Exclude<Split, { items: unknown[] }> | NoItem> {
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
 * blank lines skipped, or its events (`events`: server-sent events, files/event-stream.ts), each read as
 * `stream.item` and `stream.failure` say (lineItem); or the 1-based number of the first item longer than
 * `itemBytes`, not JSON, holding no item or a failure.
 */
export function streamItems(
  bytes: Uint8Array,
  stream: Pick<StreamSpec, "itemBytes" | "events" | "item" | "failure">,
): { items: unknown[] } | { tooLarge: number } | { invalid: number } | NoItem {
  const splitter = stream.events
    ? new EventSplitter(stream.itemBytes, stream.events)
    : new ItemSplitter(stream.itemBytes);
  const first = splitter.push(bytes);
  if (!("items" in first)) return "itemTooLarge" in first ? { tooLarge: first.itemTooLarge } : first;
  const last = splitter.end();
  if (!("items" in last)) return "itemTooLarge" in last ? { tooLarge: last.itemTooLarge } : last;
  const items: unknown[] = [];
  for (const value of [...first.items, ...last.items]) {
    const line = lineItem(stream, value);
    if (!("item" in line)) return { ...line, at: items.length + 1 };
    items.push(line.item);
  }
  return { items };
}
