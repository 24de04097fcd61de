// A stream's items are outputs like any other: one that echoes a credential is handed out with it withheld, both to
// the caller's onItem as it arrives and in the call's output (single-call.ts), as a JSON answer's output is.
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "../execute/execute.js";
import type { ToolSpec } from "../spec/tool-types.js";

const KEY = "zq-stream-key-5c1e9a7d3b";
const base = irFixture("shelf").operations.find((o) => o.tool.id === "shelf_get_book")!.tool;
const streaming: ToolSpec = {
  ...base,
  stream: { status: 200, mediaTypes: ["application/x-ndjson"], itemBytes: 1024 },
};

describe("a stream's items holding a secret", () => {
  it("are withheld in each item handed out and in the output", async () => {
    const lines = [{ id: "zq1" }, { id: "zq2", echo: `key=${KEY}` }, { id: KEY }];
    const { fetch } = scriptedFetch(
      new Response(lines.map((l) => JSON.stringify(l)).join("\n"), {
        status: 200,
        headers: { "content-type": "application/x-ndjson" },
      }),
    );
    const handed: unknown[] = [];
    const result = await executeToolDefinition(
      streaming,
      { apiKey: KEY, bookId: "b1" },
      { fetch, retries: 0, onItem: (item) => void handed.push(item) },
    );
    expect(result.success).toBe(true);
    const output = result.success ? result.output : undefined;
    expect(handed).toHaveLength(3);
    expect(handed[0]).toEqual({ id: "zq1" });
    for (const seen of [handed, output]) {
      const text = JSON.stringify(seen);
      expect(text).not.toContain(KEY);
      expect(text).toContain("zq2");
    }
  });
});
