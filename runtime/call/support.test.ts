// The runtime's support (support.ts): a caller made without a part its tool
// needs fails before any request, naming the part to pass; with the part,
// the same call goes out. (The generator's choice of parts per provider:
// src/emit/support-parts.test.ts.)
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/ir-fixtures.js";
import { json, scriptedFetch } from "../../test-support/scripted-fetch.js";
import { createExecutor } from "../execute/executor.js";
import { fullSupport } from "../execute/full-support.js";
import type { ToolSpec } from "../spec/tool-types.js";
import { checkJson } from "../validate/json-params.js";
import { checkRules } from "../validate/cross-field-rules.js";

const shelf = irFixture("shelf");
const tools: Record<string, ToolSpec> = Object.fromEntries(shelf.operations.map((o) => [o.tool.id, o.tool]));
const KEY = "shelf-key-7f3a9c2e51";
const addBook = { apiKey: KEY, shelfId: "fiction", title: "Dune", meta: '{"isbn":"9780441013593"}' };

describe("a part of the support a tool needs", () => {
  it("missing: the call fails before any request, naming the part and where it comes from", async () => {
    const { fetch, seen } = scriptedFetch(json(201, { id: "b9", title: "Dune", state: "pending" }));
    const result = await createExecutor(tools)("shelf_add_book", addBook, { fetch });
    expect(result).toMatchObject({ success: false, error: { type: "validation", param: "meta", rule: "support" } });
    expect(!result.success && result.error.message).toBe("meta: checking a JSON parameter needs the runtime's jsonParams, which this caller was made without (pass json: jsonParams from @blockwright/runtime to createExecutor)");
    expect(seen).toHaveLength(0);
  });

  it("missing the file support: a download fails before any request, naming fileSupport", async () => {
    const { fetch, seen } = scriptedFetch(json(200, {}));
    const tool = { ...tools.shelf_get_book!, download: { status: 200, mediaTypes: ["application/pdf"] } };
    const result = await createExecutor({ [tool.id]: tool })(tool.id, { apiKey: KEY, bookId: "b9" }, { fetch });
    expect(result).toMatchObject({ success: false, error: { type: "validation", rule: "support" } });
    expect(!result.success && result.error.message).toContain("needs the runtime's fileSupport");
    expect(seen).toHaveLength(0);
  });

  it("given: the same call goes out", async () => {
    const { fetch, seen } = scriptedFetch(json(201, { id: "b9", title: "Dune", state: "pending" }));
    const result = await createExecutor(tools, { json: checkJson, rules: checkRules })("shelf_add_book", addBook, { fetch });
    expect(result).toMatchObject({ success: true, output: { bookId: "b9" } });
    expect(JSON.parse(seen[0]!.body)).toMatchObject({ meta: { isbn: "9780441013593" } });
  });

  it("the full support holds every part", () => {
    expect(Object.keys(fullSupport).sort()).toEqual(["files", "form", "formats", "json", "links", "oauth", "rateLimits", "rules"]);
  });
});
