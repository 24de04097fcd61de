// A stream's answer in another form than its own: a JSON body or an HTML page where server-sent events (or JSON lines)
// were asked for is no stream of no items, but an upstream error saying the content type (stream-items.ts).
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "../execute/execute.js";
import type { ToolSpec } from "../spec/tool-types.js";

const KEY = "zq-stream-key-5c1e9a7d3b";
const base = irFixture("shelf").operations.find((o) => o.tool.id === "shelf_get_book")!.tool;
const events: ToolSpec = {
  ...base,
  stream: { status: 200, mediaTypes: ["text/event-stream"], itemBytes: 1024, events: "json" },
};
const lines: ToolSpec = { ...base, stream: { status: 200, mediaTypes: ["application/x-ndjson"], itemBytes: 1024 } };
const answer = (body: string, type: string) =>
  scriptedFetch(new Response(body, { status: 200, headers: { "content-type": type } })).fetch;
/** The call's result and the items it handed out as they came. */
const call = async (tool: ToolSpec, body: string, type: string) => {
  const items: unknown[] = [];
  const onItem = (item: unknown) => void items.push(item);
  const result = await executeToolDefinition(
    tool,
    { apiKey: KEY, bookId: "b1" },
    { fetch: answer(body, type), retries: 0, onItem },
  );
  return { ...result, items };
};

describe("a stream answered in another form", () => {
  it("of server-sent events, as a JSON body, is an upstream error naming the type, not an empty stream", async () => {
    for (const type of ["application/json", "application/problem+json; charset=utf-8"]) {
      const result = await call(events, '{"zqItems":[{"id":"zq1"}]}', type);
      expect(result).toMatchObject({
        success: false,
        error: {
          type: "upstream",
          status: 200,
          code: "UNEXPECTED_CONTENT_TYPE",
          message: `shelf answered 200 with ${type.split(";")[0]}, not a stream of events`,
          details: { contentType: type.split(";")[0] },
          retryable: false,
        },
        items: [],
      });
    }
  });

  it("as an HTML page, events or JSON lines, is an upstream error, its markup never read as items", async () => {
    for (const tool of [events, lines]) {
      const result = await call(tool, "<html><body>data: zq</body></html>", "text/html; charset=utf-8");
      expect(result).toMatchObject({
        success: false,
        error: {
          status: 200,
          code: "UNEXPECTED_CONTENT_TYPE",
          message: "shelf answered 200 with an HTML page (text/html), not a stream",
        },
        items: [],
      });
    }
  });

  it("is read as before in its own type, in none, or as JSON lines labelled application/json", async () => {
    const sse = 'data: {"id":"zq1"}\n\n';
    for (const type of ["text/event-stream; charset=utf-8", "text/plain", ""]) {
      const result = await call(events, sse, type);
      expect(result).toMatchObject({ success: true, items: [{ event: "message", data: { id: "zq1" } }] });
    }
    const result = await call(lines, '{"id":"zq1"}\n{"id":"zq2"}\n', "application/json");
    expect(result).toMatchObject({ success: true, items: [{ id: "zq1" }, { id: "zq2" }] });
  });
});
