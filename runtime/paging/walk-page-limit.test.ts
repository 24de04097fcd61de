// A walk over pages (`paginate`, a client's `items`) its caller gave no maxPages stops at the default number of pages;
// when the upstream says more remain there, it ends with an error rather than as if the list were whole.
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { json } from "../../test-support/runtime/scripted-fetch.js";
import { pageCursors } from "../call/page-cursors.js";
import { createClient } from "../client/client.js";
import { BlockwrightError } from "../client/errors.js";
import { observeCalls } from "../client/observe.js";
import { paginateToolDefinition } from "../execute/execute.js";
import type { ToolResult } from "../http/errors.js";
import type { ToolSpec } from "../spec/tool-types.js";
import { DEFAULT_MAX_PAGES } from "./page-limit.js";

const payments = irFixture("zqpayments");
const listCustomers = payments.operations.find((o) => o.tool.id === "zqpayments_list_customers")!.tool as ToolSpec;
const KEY = "sk_test_zq_walklimit_4eC39Hq";

/** An upstream of `pages` pages of one customer each (a new cursor each), counting the requests it was sent. */
function upstream(pages: number) {
  let sent = 0;
  const fetch = async () => {
    sent++;
    return json(200, { object: "list", has_more: sent < pages, data: [{ id: `cus_zq${sent}`, object: "customer" }] });
  };
  return { fetch, sent: () => sent };
}

async function walk(pages: number, options: Record<string, unknown> = {}) {
  const { fetch, sent } = upstream(pages);
  const results: ToolResult[] = [];
  for await (const r of paginateToolDefinition(listCustomers, { apiKey: KEY }, { fetch, ...options })) results.push(r);
  return { results, sent: sent() };
}

describe("paginate with no maxPages", () => {
  it("ends with a PAGE_LIMIT failure after the default number of pages when the upstream has more", async () => {
    const { results, sent } = await walk(DEFAULT_MAX_PAGES + 5);
    expect(sent).toBe(DEFAULT_MAX_PAGES);
    expect(results).toHaveLength(DEFAULT_MAX_PAGES + 1);
    expect(results.slice(0, -1).every((r) => r.success)).toBe(true);
    expect(results.at(-1)).toMatchObject({
      success: false,
      error: { type: "upstream", code: "PAGE_LIMIT", page: DEFAULT_MAX_PAGES + 1, retryable: false },
    });
    const last = results.at(-1)!;
    expect(!last.success && last.error.message).toMatch(/more pages after 100: pass maxPages/);
  });

  it("ends quietly when the last page is the default cap's, or when the caller's own cap stops it", async () => {
    const whole = await walk(DEFAULT_MAX_PAGES);
    expect(whole.results).toHaveLength(DEFAULT_MAX_PAGES);
    expect(whole.results.every((r) => r.success)).toBe(true);
    for (const options of [{ maxPages: DEFAULT_MAX_PAGES }, { maxPages: 3 }, { maxItems: DEFAULT_MAX_PAGES }]) {
      const capped = await walk(DEFAULT_MAX_PAGES + 5, options);
      expect(capped.results.every((r) => r.success)).toBe(true);
      expect(capped.results).toHaveLength(Math.min(DEFAULT_MAX_PAGES, options.maxPages ?? DEFAULT_MAX_PAGES));
    }
  });

  it("reads on past the default when maxPages says so", async () => {
    const { results, sent } = await walk(DEFAULT_MAX_PAGES + 5, { maxPages: DEFAULT_MAX_PAGES + 10 });
    expect(sent).toBe(DEFAULT_MAX_PAGES + 5);
    expect(results.every((r) => r.success)).toBe(true);
  });
});

describe("a client's items with no maxPages", () => {
  it("throws PAGE_LIMIT after the items of the default number of pages, with what it gave before", async () => {
    const { fetch } = upstream(DEFAULT_MAX_PAGES + 5);
    const client = createClient(
      { methods: { listCustomers }, credentials: ["apiKey"], support: { cursors: pageCursors } },
      { observe: observeCalls, apiKey: KEY, fetch } as Parameters<typeof createClient>[1],
    ) as unknown as { listCustomers: { items: (i: object) => AsyncIterable<{ id: string }> } };
    const ids: string[] = [];
    const run = async () => {
      for await (const c of client.listCustomers.items({})) ids.push(c.id);
    };
    const error = await run().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BlockwrightError);
    expect(error).toMatchObject({
      code: "PAGE_LIMIT",
      partial: { pages: { count: DEFAULT_MAX_PAGES, items: DEFAULT_MAX_PAGES } },
    });
    expect(ids).toHaveLength(DEFAULT_MAX_PAGES);
  });
});
