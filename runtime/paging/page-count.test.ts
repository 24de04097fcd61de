// Paging by page number where the reply says how many pages there are (`pagination.pages`): the last page, full or
// not, ends the call; no request is made for the empty page past it.
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "../execute/execute.js";
import { parseExpression } from "../http/expressions.js";
import { collectPages, paginateToolDefinition } from "./paginate.js";
import type { ToolSpec } from "../spec/tool-types.js";
import { pageCursors } from "../call/page-cursors.js";

// A fixture's list paged by page number (the query's `pg`, the caller's `page` where it starts), its reply giving the
// count of pages.
const list = irFixture("zqpayments").operations.find((o) => o.tool.id === "zqpayments_list_customers")!.tool;
const size = list.params.find((p) => p.name === "limit")!;
const counted = (expression: string, start = 1): ToolSpec => ({
  ...list,
  params: [
    ...list.params.filter((p) => p.name !== "startingAfter"),
    { ...size, name: "page", minimum: 0, maximum: 1000, wire: { in: "query", name: "pg" } },
  ],
  // The page's list alone: this list says no `has_more`.
  outputs: list.outputs.filter((o) => o.path === "data"),
  pagination: {
    next: { style: "page", send: { in: "query", name: "pg" }, start, param: "page" },
    pages: { expression, ref: parseExpression(expression) },
    items: ["data"],
  },
});
const inBody = counted("$response.body#/meta/pagination/total_pages");
const page = (ids: string[], pages: unknown, headers: Record<string, string> = {}) =>
  json(200, { object: "list", meta: { pagination: { total_pages: pages } }, data: ids.map((id) => ({ id })) }, headers);
const sentPages = (seen: { url: string }[]) => seen.map((s) => new URL(s.url).searchParams.get("pg"));
const params = { apiKey: "sk_test_4eC39HqLyjWDarjt", limit: 2 };
const options = { cursors: pageCursors };

describe("the reply's count of pages", () => {
  it("ends the call after the last page, full, without asking for the one past it", async () => {
    const { fetch, seen } = scriptedFetch(page(["v1", "v2"], 2), page(["v3", "v4"], 2), page([], 2));
    const result = await executeToolDefinition(inBody, params, { fetch, allPages: true });
    expect(sentPages(seen)).toEqual([null, "2"]);
    expect(result).toMatchObject({ success: true, pages: { count: 2, items: 4, complete: true } });
  });

  it("counts from the caller's own page number", async () => {
    const { fetch, seen } = scriptedFetch(page(["v5", "v6"], 3), page(["v7", "v8"], 3), page([], 3));
    await executeToolDefinition(inBody, { ...params, page: 2 }, { fetch, allPages: true });
    expect(sentPages(seen)).toEqual(["2", "3"]);
  });

  it("with pages numbered from 0, the last is the count less one", async () => {
    const { fetch, seen } = scriptedFetch(page(["v1", "v2"], 2), page(["v3", "v4"], 2), page([], 2));
    await executeToolDefinition(counted("$response.body#/meta/pagination/total_pages", 0), params, {
      fetch,
      allPages: true,
    });
    expect(sentPages(seen)).toEqual([null, "1"]);
  });

  it("read from a header as text", async () => {
    const { fetch, seen } = scriptedFetch(page(["v1", "v2"], null, { "x-total-pages": "1" }), page([], null));
    await executeToolDefinition(counted("$response.header.X-Total-Pages"), params, { fetch, allPages: true });
    expect(sentPages(seen)).toEqual([null]);
  });

  it("a reply without one says nothing: the pages end at an empty page, as before", async () => {
    const { fetch, seen } = scriptedFetch(page(["v1", "v2"], null), page(["v3"], null), page([], null));
    await executeToolDefinition(inBody, params, { fetch, allPages: true });
    expect(sentPages(seen)).toEqual([null, "2", "3"]);
  });

  it("the caller's maxPages and maxItems still cut the call short", async () => {
    const { fetch, seen } = scriptedFetch(page(["v1", "v2"], 5));
    const capped = await collectPages(inBody, params, { ...options, fetch, maxPages: 2 });
    expect(sentPages(seen)).toEqual([null, "2"]);
    expect(capped).toMatchObject({ success: true, pages: { count: 2, complete: false } });
    const few = await collectPages(inBody, params, { ...options, fetch, maxItems: 3 });
    expect(few).toMatchObject({ success: true, pages: { count: 2, items: 3, complete: false } });
  });

  it("paginate yields the pages up to the last one", async () => {
    const { fetch, seen } = scriptedFetch(page(["v1", "v2"], 2), page(["v3", "v4"], 2), page([], 2));
    const results = [];
    for await (const result of paginateToolDefinition(inBody, params, { ...options, fetch })) results.push(result);
    expect(results).toHaveLength(2);
    expect(sentPages(seen)).toEqual([null, "2"]);
  });
});
