// A list whose reply counts every item (`pagination.total`), paged by offset or page number from where the caller
// began: the items before the caller's first page count toward the total, so the call ends on the list's last page
// instead of asking for the empty one past it (or a 404 that fails a call which has every item).
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { pageCursors } from "../call/page-cursors.js";
import { executeToolDefinition } from "../execute/execute.js";
import { parseExpression } from "../http/expressions.js";
import type { PageNext, ToolSpec } from "../spec/tool-types.js";

const listCustomers = irFixture("zqpayments").operations.find((o) => o.tool.id === "zqpayments_list_customers")!.tool;
const KEY = "sk_test_4eC39HqLyjWDarjt";
const TOTAL = "$response.body#/total_count";

/** The fixture's list paged by `next` (the query's `at`, the caller's `at` where it starts), counting `total`. */
function pagedBy(next: PageNext): ToolSpec {
  const { startingAfter: _cursor, ...rest } = Object.fromEntries(listCustomers.params.map((p) => [p.name, p]));
  const at = { ...rest.limit!, name: "at", minimum: 0, maximum: 10_000, wire: { in: "query" as const, name: "at" } };
  return {
    ...listCustomers,
    params: [...Object.values(rest), at],
    // The page's list alone: this list says no `has_more`.
    outputs: listCustomers.outputs.filter((o) => o.path === "data"),
    pagination: { next, total: { expression: TOTAL, ref: parseExpression(TOTAL) }, items: ["data"] },
  };
}
const byOffset = pagedBy({ style: "offset", send: { in: "query", name: "at" }, start: 0, param: "at" });
const byPage = (start: number) => pagedBy({ style: "page", send: { in: "query", name: "at" }, start, param: "at" });

const page = (ids: string[], total: number) =>
  json(200, { object: "list", total_count: total, data: ids.map((id) => ({ id, object: "customer" })) });
const missing = json(404, { error: { type: "invalid_request_error", message: "No such page" } });
const sentAt = (seen: { url: string }[]) => seen.map((s) => new URL(s.url).searchParams.get("at"));
const run = (tool: ToolSpec, params: Record<string, unknown>, ...replies: Response[]) => {
  const { fetch, seen } = scriptedFetch(...replies);
  return executeToolDefinition(tool, { apiKey: KEY, ...params }, { fetch, allPages: true, cursors: pageCursors }).then(
    (result) => ({ result, sent: sentAt(seen) }),
  );
};

describe("a total counted from where the caller began", () => {
  it("by offset: the items skipped count, so the last page ends the call", async () => {
    const { result, sent } = await run(byOffset, { at: 4 }, page(["c5", "c6"], 8), page(["c7", "c8"], 8), missing);
    expect(sent).toEqual(["4", "6"]);
    expect(result).toMatchObject({ success: true, pages: { count: 2, items: 4, complete: true } });
  });

  it("by page number: the pages before count at the first page's size", async () => {
    const { result, sent } = await run(byPage(1), { at: 3 }, page(["c5", "c6"], 6), missing);
    expect(sent).toEqual(["3"]);
    expect(result).toMatchObject({ success: true, pages: { count: 1, items: 2, complete: true } });
  });

  it("by page number from 0: the page numbered 2 follows two pages", async () => {
    const { sent } = await run(byPage(0), { at: 2 }, page(["c5", "c6"], 8), page(["c7", "c8"], 8), missing);
    expect(sent).toEqual(["2", "3"]);
  });

  it("a short first page counts the pages before at its size, never more: the page after it is asked", async () => {
    // Page 3 of pages of 2 holds the fifth item of 5; read as pages of 1 item, 2 come before: 3, not yet 5.
    const { sent } = await run(byPage(1), { at: 3 }, page(["c5"], 5), page([], 5));
    expect(sent).toEqual(["3", "4"]);
  });

  it("from the list's start, as before: the total alone ends it", async () => {
    const { sent } = await run(byOffset, {}, page(["c1", "c2"], 3), page(["c3"], 3), missing);
    expect(sent).toEqual([null, "2"]);
  });
});
