// A stream of server-sent events read as the WHATWG HTML standard's event stream format says: each event an item
// `{event, data, id?, retry?}`, whatever the chunks its bytes arrive in.
import { describe, expect, it } from "vitest";
import { EventSplitter } from "./event-stream.js";
import { streamItems } from "../stream-items.js";

const bytes = (text: string) => new TextEncoder().encode(text);
const events = (text: string, data: "json" | "text" = "text", itemBytes = 1024) =>
  streamItems(bytes(text), { itemBytes, events: data });

describe("a stream of server-sent events", () => {
  it("gives each event its type (message when none), its data lines joined by line feeds, its id and retry", () => {
    const text =
      ": a comment, ignored\nretry: 2500\n\ndata: one\n\nevent: update\nid: 7\ndata: first line\ndata:second line\n\n";
    expect(events(text)).toEqual({
      items: [
        { event: "message", data: "one", retry: 2500 },
        { event: "update", data: "first line\nsecond line", id: "7" },
      ],
    });
  });

  it("reads CR, LF and CRLF line ends and a leading byte order mark; an event without data is not dispatched", () => {
    expect(events("\ufeffdata: a\r\n\r\nevent: empty\n\ndata: b\r\rdata\n\n")).toEqual({
      items: [
        { event: "message", data: "a" },
        { event: "message", data: "b" },
        { event: "message", data: "" },
      ],
    });
  });

  it("leaves out an event the stream ends in before its blank line", () => {
    expect(events("data: whole\n\ndata: cut off")).toEqual({ items: [{ event: "message", data: "whole" }] });
  });

  it("parses each event's data as JSON where the document says it is, keeping a closing word as text", () => {
    expect(events('data: {"n":1}\n\ndata: [1,\ndata: 2]\n\ndata: [DONE]\n\n', "json")).toEqual({
      items: [
        { event: "message", data: { n: 1 } },
        { event: "message", data: [1, 2] },
        { event: "message", data: "[DONE]" },
      ],
    });
    expect(events('data: {"n":1}\n\n', "text")).toEqual({ items: [{ event: "message", data: '{"n":1}' }] });
  });

  it("gives the same events whatever the chunks (a character split across two)", () => {
    const whole = bytes('event: é\ndata: {"name":"café"}\n\nid: 2\ndata: ok\n\n');
    const splitter = new EventSplitter(1024, "json");
    const items: unknown[] = [];
    for (let at = 0; at < whole.length; at += 3) {
      const got = splitter.push(whole.subarray(at, at + 3));
      if ("items" in got) items.push(...got.items);
    }
    const last = splitter.end();
    if ("items" in last) items.push(...last.items);
    expect(items).toEqual([
      { event: "é", data: { name: "café" } },
      { event: "message", data: "ok", id: "2" },
    ]);
  });

  it("ends at an event whose data is longer than itemBytes, naming it", () => {
    expect(events(`data: a\n\ndata: ${"x".repeat(64)}\n\ndata: c\n\n`, "text", 32)).toEqual({ tooLarge: 2 });
    // A line still arriving past the bound is told as soon as it is.
    expect(events(`data: a\n\ndata: ${"x".repeat(64)}`, "text", 32)).toEqual({ tooLarge: 2 });
  });
});
