// All pages in as few requests as the manifest allows, and nothing fetched
// thrown away (issue 54, P1). Asked for every page with no page size, a call
// took the upstream's default page (1 record for a provider whose default is
// 1): 100 requests, and 100 rate-limit turns, for 100 records; with a rate of
// 10 a minute it failed at page 11 and returned none of the 10 pages it had.
// Now a tool that names its page size parameter asks for the parameter's
// maximum unless the caller gives a size, and a call that fails after some
// pages returns them (`partial`) beside its error: executeTool's result, a
// client's `items` (the error it throws says what came before) and the
// workflow runner (the failed block keeps the outputs and pages).
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { createClient } from "../client/client.js";
import { pageCursors } from "../call/page-cursors.js";
import { BlockwrightError } from "../client/errors.js";
import type { ClientOptions } from "../client/types.js";
import { executeToolDefinition } from "../execute/execute.js";
import { RateLimiter } from "../http/rate-limiter.js";
import type { ToolSpec } from "../spec/tool-types.js";
import { runWorkflowWith } from "../workflow/run.js";
import type { Registry, ValidatedWorkflow } from "../workflow/types.js";

const zqpayments = irFixture("zqpayments");
const tracker = irFixture("tracker");
const plainCustomers = zqpayments.operations.find((o) => o.tool.id === "zqpayments_list_customers")!.tool;
const plainIssues = tracker.operations.find((o) => o.tool.id === "tracker_list_issues")!.tool;
const KEY = "sk_test_zq_pages_4eC39HqLyjW";
const ITEMS = 1000;

/** The customers list naming `limit` (1 to 100) as its page size, in each style of paging. */
const customersBy = (next: NonNullable<ToolSpec["pagination"]>["next"]): ToolSpec => ({
  ...plainCustomers,
  pagination: { ...plainCustomers.pagination!, next, pageSize: "limit" },
});
const byCursor = customersBy(plainCustomers.pagination!.next);
const byOffset = customersBy({ style: "offset", send: { in: "query", name: "offset" }, start: 0 });
const byPage = customersBy({ style: "page", send: { in: "query", name: "page" }, start: 1 });
const byLink: ToolSpec = { ...plainIssues, pagination: { ...plainIssues.pagination!, pageSize: "perPage" } };

/**
 * An upstream of ITEMS customers (or issues) that pages as the tool says, `defaultPage` at a time when the
 * request names no size, the size asked for otherwise; every request noted.
 */
function upstream(tool: ToolSpec, defaultPage: number) {
  const sizes: number[] = [];
  const { fetch, seen } = scriptedFetch((request) => {
    const url = new URL(request.url);
    const sizeParam = tool === byLink ? "per_page" : "limit";
    const size = Number(url.searchParams.get(sizeParam) ?? defaultPage);
    sizes.push(size);
    const style = tool.pagination!.next.style;
    const from =
      style === "cursor"
        ? Number((url.searchParams.get("starting_after") ?? "cus_-1").slice(4)) + 1
        : style === "offset"
          ? Number(url.searchParams.get("offset") ?? 0)
          : style === "page"
            ? (Number(url.searchParams.get("page") ?? 1) - 1) * size
            : Number(url.searchParams.get("zqfrom") ?? 0);
    const ids = Array.from({ length: Math.max(0, Math.min(size, ITEMS - from)) }, (_, i) => from + i);
    const more = from + ids.length < ITEMS;
    if (tool === byLink) {
      const next = new URL(url);
      next.searchParams.set("zqfrom", String(from + ids.length));
      const headers = {
        "content-type": "application/vnd.tracker+json",
        ...(more ? { link: `<${next}>; rel="next"` } : {}),
      };
      return new Response(JSON.stringify(ids.map((n) => ({ id: n, number: n, title: `#${n}`, state: "open" }))), {
        status: 200,
        headers,
      });
    }
    return json(200, {
      object: "list",
      has_more: more,
      data: ids.map((n) => ({ id: `cus_${n}`, object: "customer" })),
    });
  });
  return { fetch, seen, sizes };
}

const paramsOf = (tool: ToolSpec) =>
  tool === byLink ? { token: "tracker-token-1234", owner: "octo", repo: "hello" } : { apiKey: KEY };

describe("an all-pages call that gives no page size", () => {
  for (const [style, tool] of [
    ["a cursor", byCursor],
    ["an offset", byOffset],
    ["a page number", byPage],
    ["a Link header (the first request carries it)", byLink],
  ] as const) {
    it(
      `asks for the largest page the manifest allows: ${ITEMS} items in ${ITEMS / 100} requests, not ${ITEMS} ` +
        `(${style})`,
      async () => {
        const { fetch, seen, sizes } = upstream(tool, 1);
        const result = await executeToolDefinition(tool, paramsOf(tool), { fetch, allPages: true });
        expect(result).toMatchObject({ success: true, pages: { count: ITEMS / 100, items: ITEMS, complete: true } });
        expect(seen).toHaveLength(ITEMS / 100);
        expect(sizes.every((s) => s === 100)).toBe(true);
      },
    );
  }

  it("keeps the size the caller gives", async () => {
    const { fetch, seen } = upstream(byCursor, 1);
    const result = await executeToolDefinition(
      byCursor,
      { apiKey: KEY, limit: 40 },
      { fetch, allPages: true, maxItems: 100 },
    );
    expect(result).toMatchObject({ success: true, pages: { count: 3, items: 100 } });
    expect(seen.map((s) => new URL(s.url).searchParams.get("limit"))).toEqual(["40", "40", "20"]);
  });

  it("under maxItems, asks only for the items still missing", async () => {
    const { fetch, seen } = upstream(byCursor, 1);
    await executeToolDefinition(byCursor, { apiKey: KEY }, { fetch, allPages: true, maxItems: 130 });
    expect(seen.map((s) => new URL(s.url).searchParams.get("limit"))).toEqual(["100", "30"]);
  });

  it("with page numbers, keeps one size after the first page (page 2 of 30 is not items 101 to 130)", async () => {
    const { fetch, seen } = upstream(byPage, 1);
    const result = await executeToolDefinition(byPage, { apiKey: KEY }, { fetch, allPages: true, maxItems: 130 });
    expect(seen.map((s) => new URL(s.url).searchParams.get("limit"))).toEqual(["100", "100"]);
    const ids = result.success ? (result.output.data as { id: string }[]).map((c) => c.id) : [];
    expect(ids).toEqual(Array.from({ length: 130 }, (_, i) => `cus_${i}`));
  });

  it("walks a client's items the same way", async () => {
    const { fetch, seen } = upstream(byCursor, 1);
    const client = createClient(
      { methods: { list: byCursor }, credentials: ["apiKey"], support: { cursors: pageCursors } },
      { apiKey: KEY, fetch } as ClientOptions,
    ) as unknown as { list: { items(input: object): AsyncIterable<unknown> } };
    let count = 0;
    for await (const _ of client.list.items({})) count++;
    expect(count).toBe(ITEMS);
    expect(seen).toHaveLength(ITEMS / 100);
  });
});

describe("an all-pages call whose page size is bounded only by its number format (int32's 2147483647)", () => {
  // As add drafts a `format: int32` page size no maximum documents: 2147483647 was sent as the page size of every
  // request, which servers refuse or cut. The upstream's own page size is taken instead.
  const byFormat: ToolSpec = {
    ...byCursor,
    params: byCursor.params.map((p) => (p.name === "limit" ? { ...p, minimum: -(2 ** 31), maximum: 2 ** 31 - 1 } : p)),
  };

  it("sends no page size: the upstream's own pages", async () => {
    const { fetch, seen } = upstream(byFormat, 250);
    const result = await executeToolDefinition(byFormat, { apiKey: KEY }, { fetch, allPages: true });
    expect(result).toMatchObject({ success: true, pages: { count: 4, items: ITEMS, complete: true } });
    expect(seen.map((s) => new URL(s.url).searchParams.get("limit"))).toEqual([null, null, null, null]);
  });

  it("under maxItems, asks only for the items still missing", async () => {
    const { fetch, seen } = upstream(byFormat, 250);
    await executeToolDefinition(byFormat, { apiKey: KEY }, { fetch, allPages: true, maxItems: 30 });
    expect(seen.map((s) => new URL(s.url).searchParams.get("limit"))).toEqual(["30"]);
  });
});

describe("an all-pages call that fails after some pages", () => {
  // The provider's rate: 3 requests a minute, in a limiter of the test's own (the process's is shared).
  const rated: ToolSpec = { ...byCursor, rateLimits: { requestsPerMinute: 3 } };

  it("returns what it fetched beside the error: a rate limit reached at page 4", async () => {
    const { fetch, seen } = upstream(rated, 1);
    const result = await executeToolDefinition(
      rated,
      { apiKey: KEY },
      { fetch, allPages: true, limiter: new RateLimiter(), timeoutMs: 5_000 },
    );
    expect(seen).toHaveLength(3);
    expect(result).toMatchObject({
      success: false,
      error: { type: "timeout", code: "RATE_LIMITED", page: 4, retryable: true },
      partial: { pages: { count: 3, items: 300, complete: false } },
    });
    if (result.success) return;
    expect(result.error.retryAfterMs).toBeGreaterThan(5_000);
    const data = result.partial?.output.data as { id: string }[];
    expect(data.map((c) => c.id)).toEqual(Array.from({ length: 300 }, (_, i) => `cus_${i}`));
    // The last page's other outputs, as a whole call's: where the call stopped.
    expect(result.partial?.output.metadata).toEqual({ count: 300, hasMore: true });
  });

  it("returns them beside an upstream's failure too, and nothing when the first page fails", async () => {
    const failing = scriptedFetch(
      json(200, { object: "list", has_more: true, data: [{ id: "cus_0", object: "customer" }] }),
      json(500, { error: { type: "api_error", message: "zq down" } }),
    );
    const result = await executeToolDefinition(
      byCursor,
      { apiKey: KEY },
      { fetch: failing.fetch, allPages: true, retries: 0 },
    );
    expect(result).toMatchObject({
      success: false,
      error: { status: 500, page: 2 },
      partial: { output: { data: [{ id: "cus_0" }] }, pages: { count: 1, items: 1, complete: false } },
    });
    const first = await executeToolDefinition(
      byCursor,
      { apiKey: KEY },
      { fetch: scriptedFetch(json(500, {})).fetch, allPages: true, retries: 0 },
    );
    expect(first.success === false && first.partial).toBeUndefined();
  });

  it("in a client's items, throws an error saying what came before it", async () => {
    const { fetch } = upstream(rated, 1);
    const client = createClient(
      { methods: { list: rated }, credentials: ["apiKey"], support: { cursors: pageCursors } },
      { apiKey: KEY, fetch, timeoutMs: 5_000 } as ClientOptions,
    ) as unknown as {
      list: { items(input: object, options?: object): AsyncIterable<unknown> };
    };
    let count = 0;
    const walk = async () => {
      // A limiter of the walk's own: the call options take one as executeTool's do.
      for await (const _ of client.list.items({}, { limiter: new RateLimiter() })) count++;
    };
    const thrown = await walk().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(thrown).toBeInstanceOf(BlockwrightError);
    expect(thrown).toMatchObject({
      code: "RATE_LIMITED",
      partial: { pages: { count: 3, items: 300, complete: false } },
    });
    expect(count).toBe(300);
  });

  it("in a workflow, leaves the failed block its outputs and pages", async () => {
    const { fetch } = upstream(rated, 1);
    const registry: Registry = { tools: { zqpayments_list_customers: rated }, blocks: {} };
    const block = {
      type: "zqpayments",
      name: "Customers",
      inputs: { operation: "zqpayments_list_customers", apiKey: "{{ZQ_KEY}}", allPages: true },
      timeoutMs: 5_000,
    };
    const checked: ValidatedWorkflow = {
      file: "zzpages.workflow.yaml",
      workflow: { blocks: { list: block } },
      placeholders: [],
    };
    const run = await runWorkflowWith(registry, checked, { env: { ZQ_KEY: KEY }, fetch, limiter: new RateLimiter() });
    expect(run.status).toBe("failed");
    expect(run.blocks[0]).toMatchObject({
      status: "failed",
      error: { code: "RATE_LIMITED", page: 4 },
      pages: { count: 3, items: 300, complete: false },
    });
    expect(run.blocks[0]!.outputs?.data).toHaveLength(300);
  });
});
