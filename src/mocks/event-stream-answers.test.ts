// A mock's answer that is a stream of server-sent events: Prism writes none (the word `string`, or a refusal), so
// the mock's document serves an event stream's text made from the document, which a stream tool reads as the
// events the document describes.
import { describe, expect, it } from "vitest";
import { streamItems } from "@blockwright/runtime/internal";
import { mockDocument } from "./mock-document.js";

type Media = Record<string, unknown>;

function served(media: Media): { schema: unknown; example: string } {
  const doc = {
    openapi: "3.0.3",
    info: { title: "zqevents", version: "1" },
    paths: {
      "/zqwatch": {
        get: {
          responses: {
            "200": { description: "events", content: { "text/event-stream": media } },
            "404": {
              description: "none",
              content: { "application/json": { schema: { type: "object" } } },
            },
          },
        },
      },
    },
  };
  const out = mockDocument(doc, () => false) as {
    paths: Record<string, { get: { responses: Record<string, { content: Record<string, unknown> }> } }>;
  };
  const responses = out.paths["/zqwatch"]!.get.responses;
  expect(responses["404"]!.content).toEqual(doc.paths["/zqwatch"].get.responses["404"].content);
  return responses["200"]!.content["text/event-stream"] as { schema: unknown; example: string };
}

const read = (text: string, data: "json" | "text") =>
  streamItems(new TextEncoder().encode(text), { itemBytes: 1 << 20, events: data });

describe("a mock's answer that is a stream of server-sent events", () => {
  it("serves events whose data is a value of the data's schema", () => {
    const change = { type: "object", required: ["id"], properties: { id: { type: "string", enum: ["zq1"] } } };
    const answer = served({ schema: change });
    expect(answer.schema).toEqual({ type: "string" });
    expect(read(answer.example, "json")).toEqual({
      items: [
        { event: "message", data: { id: "zq1" }, retry: 1000 },
        { event: "update", data: { id: "zq1" }, id: "2" },
      ],
    });
  });

  it("serves the document's own example of the data, and of a whole event (its type kept)", () => {
    expect(read(served({ schema: { type: "string" }, example: "zq line" }).example, "text")).toMatchObject({
      items: [{ data: "zq line" }, { data: "zq line" }],
    });
    const itemSchema = {
      type: "object",
      properties: { event: { type: "string" }, data: { type: "string" } },
    };
    expect(read(served({ itemSchema, example: { event: "zqtick", data: "a\nb" } }).example, "text")).toMatchObject({
      items: [{ data: "a\nb" }, { event: "zqtick", data: "a\nb" }],
    });
  });

  it("serves an example that is already an event stream's text as it is", () => {
    const example = "event: zqdone\ndata: [DONE]\n\n";
    expect(served({ schema: { type: "string" }, example }).example).toBe(example);
  });

  it("serves text events where the document gives no schema", () => {
    expect(read(served({}).example, "text")).toMatchObject({ items: [{ data: "text" }, { data: "text" }] });
  });
});
