// A stream of server-sent events (`text/event-stream`, the event stream format
// of the WHATWG HTML standard) split into its events as its bytes arrive, for
// a tool that answers one (ToolCall.stream with `events`): each event is an
// item `{event, data, id?, retry?}`. The format's parsing (fields, comments,
// CR/LF/CRLF line ends, a leading BOM, `data` lines joined by a line feed, an
// event without data never dispatched) is eventsource-parser's: a small,
// dependency-free parser kept to the standard, rather than a hand-written one.
// Part of the files support with stream-items.ts: a JSON-only package bundles none of it.
import { createParser, type EventSourceParser } from "eventsource-parser";
import type { EventData } from "../../spec/tool-types.js";

/** One event of the stream, as a tool's `data` output lists it. */
export interface StreamEvent {
  /** The event's type: its `event` field, else `message` (as the standard dispatches it). */
  event: string;
  /** Its `data` lines joined by line feeds: parsed when the document says the data is JSON and it is, else text. */
  data: unknown;
  /** Its `id` field, when the event has one. */
  id?: string;
  /** The reconnection time in milliseconds a `retry` field set since the event before it. */
  retry?: number;
}

/** What a chunk gave: its complete events, or the 1-based number of the first event longer than allowed. */
export type EventSplit = { items: unknown[] } | { itemTooLarge: number };

/**
 * A stream's bytes split into events as they arrive: no event's data, nor a line still arriving, is longer than
 * `itemBytes` (told as soon as it is). An event not ended by a blank line when the stream ends is not dispatched,
 * as the standard says.
 */
export class EventSplitter {
  private readonly decoder = new TextDecoder();
  private readonly parser: EventSourceParser;
  private ready: StreamEvent[] = [];
  private retry: number | undefined;
  private count = 0;
  /** The 1-based number of the first event too large, once one is. */
  private tooLarge: number | undefined;

  constructor(
    private readonly itemBytes: number,
    private readonly data: EventData,
  ) {
    this.parser = createParser({
      maxBufferSize: itemBytes,
      onEvent: (e) => {
        if (this.tooLarge !== undefined) return;
        if (longerThan(e.data, this.itemBytes)) {
          this.tooLarge = this.count + this.ready.length + 1;
          return;
        }
        const event: StreamEvent = { event: e.event || "message", data: this.dataOf(e.data) };
        if (e.id !== undefined) event.id = e.id;
        if (this.retry !== undefined) event.retry = this.retry;
        this.retry = undefined;
        this.ready.push(event);
      },
      onRetry: (ms) => {
        this.retry = ms;
      },
      onError: (error) => {
        if (error.type === "max-buffer-size-exceeded") this.tooLarge ??= this.count + this.ready.length + 1;
      },
    });
  }

  /** The events that end in this chunk. */
  push(chunk: Uint8Array): EventSplit {
    return this.fed(this.decoder.decode(chunk, { stream: true }));
  }

  /** The stream's end: an event still without its blank line is left out. */
  end(): EventSplit {
    return this.fed(this.decoder.decode());
  }

  private fed(text: string): EventSplit {
    if (this.tooLarge === undefined && text) {
      try {
        this.parser.feed(text);
      } catch {
        // The parser refuses more input once its buffer passed the bound (onError said so first).
        this.tooLarge ??= this.count + this.ready.length + 1;
      }
    }
    if (this.tooLarge !== undefined) return { itemTooLarge: this.tooLarge };
    const items = this.ready;
    this.ready = [];
    this.count += items.length;
    return { items };
  }

  /** An event's data as the document types it: JSON read when it is JSON (`[DONE]`, a closing word, stays text). */
  private dataOf(text: string): unknown {
    if (this.data !== "json") return text;
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
}

const encoder = new TextEncoder();

/** Whether a text's UTF-8 bytes are more than `bytes` (a text of n UTF-16 units has at most 3n). */
function longerThan(text: string, bytes: number): boolean {
  return text.length * 3 > bytes && encoder.encode(text).byteLength > bytes;
}
