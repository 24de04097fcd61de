// An output of another kind than declared (a number where a string is
// promised): the call fails by default, naming the output, the place it was
// read from, the kind expected and the kind found; with `validateOutputs:
// false`, or with outputs of their types, the same reply is a success.
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "../execute/execute.js";
import type { ToolSpec } from "../spec/tool-types.js";

const shelf = irFixture("shelf");
const addBook = shelf.operations.find((o) => o.tool.id === "shelf_add_book")!.tool as ToolSpec;
const KEY = "shelf-key-7f3a9c2e51";
const input = { apiKey: KEY, shelfId: "fiction", title: "Dune" };

describe("outputs held to their declared types", () => {
  it("fails a reply whose output is not of its declared type by default, naming output, place and kinds", async () => {
    const { fetch } = scriptedFetch(json(201, { id: 42, state: "pending" }));
    const result = await executeToolDefinition(addBook, input, { fetch });
    expect(result).toEqual({
      success: false,
      error: {
        provider: "shelf",
        operation: "shelf_add_book",
        type: "upstream",
        status: 201,
        code: "INVALID_OUTPUT",
        rule: "type",
        message:
          "shelf answered 201 with output bookId (read from $response.body#/id) that must be string, got number 42",
        details: {
          output: "bookId",
          place: "$response.body#/id",
          rule: "type",
          expected: "string",
          found: "number",
          value: 42,
        },
        retryable: false,
        // A POST answered 201: carried out, so not to be repeated blindly.
        mayHaveBeenApplied: true,
      },
    });
  });

  it("checks optional outputs when present, and keeps secrets out of the value shown", async () => {
    const { fetch } = scriptedFetch(json(201, { id: "b9", state: "pending", rank: `top ${KEY}` }));
    const result = await executeToolDefinition(addBook, input, { fetch });
    expect(result.success).toBe(false);
    expect(JSON.stringify(result)).not.toContain(KEY);
    expect(!result.success && result.error.details).toMatchObject({ output: "rank", expected: "number" });
  });

  it("lets outputs of their types through, and checks nothing with validateOutputs: false", async () => {
    const good = await executeToolDefinition(addBook, input, {
      fetch: scriptedFetch(json(201, { id: "b9", state: "pending", rank: 3 })).fetch,
    });
    expect(good).toEqual({ success: true, output: { bookId: "b9", state: "pending", rank: 3 } });
    const unchecked = await executeToolDefinition(addBook, input, {
      fetch: scriptedFetch(json(201, { id: 42, state: "pending" })).fetch,
      validateOutputs: false,
    });
    expect(unchecked).toEqual({ success: true, output: { bookId: 42, state: "pending" } });
  });
});
