// A value nested thousands of levels deep, given to a tool: its check, its
// message and its sending recurse, and ran out of stack ("Maximum call stack
// size exceeded", thrown out of executeTool). A JSON parameter nested past the
// nesting limit (common/nesting.ts) is refused with the rule before anything
// walks it; any other parameter given one is refused by its type, the value
// not shown; a model's argument of any parameter (MCP, the agent adapters:
// llmCallParams) gets the rule.
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { executeToolDefinition } from "../execute/execute.js";
import { llmCallParams } from "../llm/llm-tools.js";
import type { ToolSpec } from "../spec/tool-types.js";

const shelf = (id: string) => irFixture("shelf").operations.find((o) => o.tool.id === id)!.tool as ToolSpec;
const nested = (depth: number, inner: unknown = 1): unknown => {
  let v = inner;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};
const send = (tool: ToolSpec, params: Record<string, unknown>) =>
  executeToolDefinition(tool, { apiKey: "zq-deep-key-1", ...params }, { baseUrl: "http://127.0.0.1:9", retries: 0 });

describe("a value nested past the nesting limit", () => {
  it("given to a JSON parameter, as a value or as JSON text, is refused with the rule before any request", async () => {
    const add = shelf("shelf_add_book");
    for (const meta of [{ q: nested(10_000) }, `{"q":${"[".repeat(20_000)}1${"]".repeat(20_000)}}`]) {
      const result = await send(add, { shelfId: "s-1", title: "Zq", meta });
      expect(result).toMatchObject({
        success: false,
        error: {
          type: "validation",
          param: "meta",
          rule: "depth",
          message:
            "meta: is nested more than 100 levels deep (rule: depth; arrays and objects may nest at most 100 " +
            "levels), got a value nested deeper at q/0/0/…/0/0",
        },
      });
    }
  });

  it("given to a parameter of another type, is refused by its type without showing the value", async () => {
    const result = await send(shelf("shelf_get_book"), { bookId: nested(10_000) });
    expect(result).toMatchObject({
      success: false,
      error: { type: "validation", param: "bookId", rule: "type", message: "bookId: must be a string, got array …" },
    });
  });

  it("at the limit, is checked as any other value", async () => {
    const result = await send(shelf("shelf_add_book"), { shelfId: "s-1", title: "Zq", meta: { q: nested(99) } });
    // Valid: sent (to a port nothing listens on).
    expect(result).toMatchObject({ success: false, error: { type: "network" } });
  });
});

describe("a model's argument nested past the nesting limit", () => {
  const getBook = shelf("shelf_get_book");
  const connection = { apiKey: "zq-deep-key-1" };

  it("is refused with the rule, whatever its parameter's type", () => {
    for (const [args, at] of [
      [{ bookId: nested(10_000, "x") }, "0/0/0/…/0/0"],
      [{ bookId: { where: nested(10_000, "x") } }, "where/0/0/…/0/0"],
    ] as const) {
      expect(llmCallParams(getBook, args, connection)).toEqual({
        error: expect.objectContaining({
          type: "validation",
          param: "bookId",
          rule: "depth",
          message:
            `bookId: is nested more than 100 levels deep (rule: depth; arrays and objects may nest at most 100 ` +
            `levels), got a value nested deeper at ${at}`,
        }),
      });
    }
  });

  it("at the limit, is the validator's to judge", () => {
    const limit = nested(100, "x");
    expect(llmCallParams(getBook, { bookId: limit }, connection)).toEqual({ params: { bookId: limit, ...connection } });
  });
});
