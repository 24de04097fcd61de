// A stream's values read as `stream.item` and `stream.failure` say (stream-items.ts `lineItem`, `streamItems`): the
// item at its pointer, a failure at its own (null is none), a value without the item refused, whole values otherwise.
import { describe, expect, it } from "vitest";
import type { ToolCall } from "../spec/tool-types.js";
import { lineItem, streamFailure, streamItems } from "./stream-items.js";

const lines = { item: ["result"], failure: ["error"] };
const bytes = (text: string) => new TextEncoder().encode(text);

describe("a stream's values with their item and failure members", () => {
  it("gives the item at its pointer, a null failure being none, and a whole value where no item is named", () => {
    expect(lineItem(lines, { result: { zqId: "zq1" } })).toEqual({ item: { zqId: "zq1" } });
    expect(lineItem(lines, { result: { zqId: "zq1" }, error: null })).toEqual({ item: { zqId: "zq1" } });
    expect(lineItem(lines, { result: null })).toEqual({ item: null });
    expect(lineItem({ item: ["zqPage", "zqRow"] }, { zqPage: { zqRow: 7 } })).toEqual({ item: 7 });
    expect(lineItem({}, { result: 1 })).toEqual({ item: { result: 1 } });
  });

  it("tells a failure, and a value holding no item, by their numbers in the stream", () => {
    expect(lineItem(lines, { error: { code: 5 } })).toEqual({ failed: { code: 5 } });
    expect(lineItem(lines, { zqOther: 1 })).toEqual({ missing: true });
    const read = (text: string) => streamItems(bytes(text), { itemBytes: 1024, ...lines });
    expect(read('{"result":1}\n{"result":2}\n')).toEqual({ items: [1, 2] });
    expect(read('{"result":1}\n{"error":{"code":5,"message":"zq"}}\n')).toEqual({
      failed: { code: 5, message: "zq" },
      at: 2,
    });
    expect(read('{"result":1}\n{"zqOther":1}\n')).toEqual({ missing: true, at: 2 });
  });

  it("keeps a failure's members beside its code and message, a gRPC status's details, as the error's details", () => {
    const tool = { provider: "zqstreams" } as ToolCall;
    const info = { "@type": "type.zq.example/zq.ErrorInfo", reason: "ZQ_GONE", metadata: { zqKey: "z".repeat(5000) } };
    const failure = streamFailure(tool, 200, { code: 9, message: "zq gone", details: [info], zqMore: 1 }, 2);
    expect(failure).toMatchObject({
      type: "upstream",
      code: "9",
      message: "zqstreams ended the stream with a failure after 2 items: zq gone",
      details: { details: [{ "@type": "type.zq.example/zq.ErrorInfo", reason: "ZQ_GONE" }], zqMore: 1 },
    });
    // Within an error body's bounds: a text cut, as the message is.
    const kept = (failure.details as { details: { metadata: { zqKey: string } }[] }).details[0]?.metadata.zqKey ?? "";
    expect(kept.length).toBeGreaterThan(100);
    expect(kept.length).toBeLessThan(1100);
    expect(streamFailure(tool, 200, { code: 9, message: "zq" }, 0)).not.toHaveProperty("details");
    expect(streamFailure(tool, 200, ["zq"], 0)).not.toHaveProperty("details");
  });
});
