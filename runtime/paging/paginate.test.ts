import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { executeTool } from "../../test-support/runtime/packages.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { createExecutor } from "../execute/executor.js";
import { pageCursors } from "../call/page-cursors.js";
import { executeToolDefinition } from "../execute/execute.js";
import type { ToolResult } from "../http/errors.js";
import type { ToolSpec } from "../spec/tool-types.js";

const zqpayments = irFixture("zqpayments");
const tracker = irFixture("tracker");
const toolOf = (ir: typeof zqpayments, id: string): ToolSpec => ir.operations.find((o) => o.tool.id === id)!.tool;
const listCustomers = toolOf(zqpayments, "zqpayments_list_customers");
const listIssues = toolOf(tracker, "tracker_list_issues");
const KEY = "sk_test_4eC39HqLyjWDarjt";
const TOKEN = "tracker-token-1234";

const customer = (id: string) => ({ id, object: "customer" });
const customers = (ids: string[], hasMore: boolean) =>
  json(200, { object: "list", url: "/v1/customers", has_more: hasMore, data: ids.map(customer) });

describe("a cursor read from the last item of the page", () => {
  it("follows starting_after = the last id while has_more, gathering every page", async () => {
    const { fetch, seen } = scriptedFetch(
      customers(["cus_A1", "cus_B2"], true),
      customers(["cus_C3", "cus_D4"], true),
      customers(["cus_E5"], false),
    );
    const result = await executeToolDefinition(listCustomers, { apiKey: KEY, limit: 2 }, { fetch, allPages: true });
    expect(seen.map((s) => s.url)).toEqual([
      "https://api.zqpayments.test/v1/customers?limit=2",
      "https://api.zqpayments.test/v1/customers?limit=2&starting_after=cus_B2",
      "https://api.zqpayments.test/v1/customers?limit=2&starting_after=cus_D4",
    ]);
    expect(result).toEqual({
      success: true,
      output: {
        data: ["cus_A1", "cus_B2", "cus_C3", "cus_D4", "cus_E5"].map(customer),
        metadata: { count: 5, hasMore: false },
      },
      pages: { count: 3, items: 5, complete: true },
    });
  });

  it("adds up, page by page, a count of a list it does not gather", async () => {
    // A count of another array of each page (not one of the gathered lists): the pages' counts are summed.
    const withFlags: ToolSpec = {
      ...listCustomers,
      outputs: [
        ...listCustomers.outputs,
        {
          path: "metadata.flags",
          type: "number",
          description: "Flags on the page.",
          optional: false,
          source: { expression: "$response.body#/flags", ref: { kind: "body", pointer: ["flags"] }, count: true },
        },
      ],
    };
    const page = (ids: string[], flags: number, hasMore: boolean) =>
      json(200, {
        object: "list",
        has_more: hasMore,
        data: ids.map(customer),
        flags: Array.from({ length: flags }, (_, i) => i),
      });
    const { fetch } = scriptedFetch(page(["cus_A1"], 2, true), page(["cus_B2"], 3, false));
    const result = await executeToolDefinition(withFlags, { apiKey: KEY }, { fetch, allPages: true });
    expect(result).toMatchObject({ success: true, output: { metadata: { count: 2, flags: 5 } } });
  });

  it("takes the caller's own cursor for the first page and replaces it afterwards", async () => {
    const { fetch, seen } = scriptedFetch(customers(["cus_C3"], true), customers(["cus_D4"], false));
    await executeToolDefinition(listCustomers, { apiKey: KEY, startingAfter: "cus_B2" }, { fetch, allPages: true });
    expect(seen.map((s) => new URL(s.url).search)).toEqual(["?starting_after=cus_B2", "?starting_after=cus_C3"]);
  });

  it("stops at maxItems, cutting the lists, and says the result is incomplete", async () => {
    const { fetch, seen } = scriptedFetch(customers(["cus_A1", "cus_B2"], true), customers(["cus_C3", "cus_D4"], true));
    const result = await executeToolDefinition(
      listCustomers,
      { apiKey: KEY, limit: 2 },
      { fetch, allPages: true, maxItems: 3 },
    );
    expect(seen).toHaveLength(2);
    expect(result).toEqual({
      success: true,
      output: { data: ["cus_A1", "cus_B2", "cus_C3"].map(customer), metadata: { count: 3, hasMore: true } },
      pages: { count: 2, items: 3, complete: false },
    });
  });

  it("stops at maxPages", async () => {
    const { fetch, seen } = scriptedFetch(customers(["cus_A1"], true), customers(["cus_B2"], true));
    const result = await executeToolDefinition(listCustomers, { apiKey: KEY }, { fetch, maxPages: 1 });
    expect(seen).toHaveLength(1);
    expect(result).toMatchObject({ success: true, pages: { count: 1, items: 1, complete: false } });
  });

  it("ends with an error when the upstream gives the same cursor twice, rather than loop", async () => {
    const { fetch, seen } = scriptedFetch(customers(["cus_A1"], true));
    const result = await executeToolDefinition(listCustomers, { apiKey: KEY }, { fetch, allPages: true });
    expect(seen).toHaveLength(2);
    expect(result).toEqual({
      success: false,
      error: {
        type: "upstream",
        // The status of the page that gave the cursor again: an upstream error always has one.
        status: 200,
        provider: "zqpayments",
        operation: "zqpayments_list_customers",
        code: "PAGINATION_LOOP",
        message: 'zqpayments gave the same next page twice (cursor "cus_A1"); stopped rather than loop',
        retryable: false,
        page: 3,
      },
      // The two pages it did fetch, gathered as the whole call's would be.
      partial: {
        output: expect.objectContaining({
          data: [
            { id: "cus_A1", object: "customer" },
            { id: "cus_A1", object: "customer" },
          ],
        }),
        pages: { count: 2, items: 2, complete: false },
      },
    });
  });

  it("reports a page that fails with its number", async () => {
    const { fetch } = scriptedFetch(
      customers(["cus_A1"], true),
      json(400, {
        error: {
          type: "invalid_request_error",
          code: "resource_missing",
          message: "No such customer: 'cus_A1'",
          param: "starting_after",
        },
      }),
    );
    const result = await executeToolDefinition(listCustomers, { apiKey: KEY }, { fetch, allPages: true });
    expect(result).toMatchObject({
      success: false,
      error: { status: 400, code: "resource_missing", page: 2, details: { param: "starting_after" } },
    });
  });

  it("yields the pages one by one through paginate", async () => {
    const { fetch } = scriptedFetch(customers(["cus_A1", "cus_B2"], true), customers(["cus_C3"], false));
    const executor = createExecutor({ zqpayments_list_customers: listCustomers }, { cursors: pageCursors });
    const pages: ToolResult[] = [];
    for await (const page of executor.paginate("zqpayments_list_customers" as never, { apiKey: KEY } as never, {
      fetch,
    }))
      pages.push(page);
    expect(pages).toEqual([
      {
        success: true,
        output: { data: [customer("cus_A1"), customer("cus_B2")], metadata: { count: 2, hasMore: true } },
      },
      { success: true, output: { data: [customer("cus_C3")], metadata: { count: 1, hasMore: false } } },
    ]);
  });
});

describe("the Link header's rel=next", () => {
  const issues = (numbers: number[], link?: string) =>
    new Response(JSON.stringify(numbers.map((n) => ({ id: n, number: n, title: `#${n}`, state: "open" }))), {
      status: 200,
      headers: { "content-type": "application/vnd.tracker+json", ...(link ? { link } : {}) },
    });

  it("is fetched with the same headers until there is none", async () => {
    const next = "https://api.tracker.test/repos/octo/hello/issues?per_page=2&page=2";
    const { fetch, seen } = scriptedFetch(
      issues(
        [1, 2],
        `<${next}>; rel="next", <https://api.tracker.test/repos/octo/hello/issues?per_page=2&page=5>; rel="last"`,
      ),
      issues([3], `<https://api.tracker.test/repos/octo/hello/issues?per_page=2&page=1>; rel="first"`),
    );
    const result = await executeToolDefinition(
      listIssues,
      { token: TOKEN, owner: "octo", repo: "hello", perPage: 2 },
      { fetch, allPages: true },
    );
    expect(seen.map((s) => s.url)).toEqual(["https://api.tracker.test/repos/octo/hello/issues?per_page=2", next]);
    for (const s of seen) {
      expect(s.method).toBe("GET");
      expect(s.headers.get("accept")).toBe("application/vnd.tracker+json");
      expect(s.headers.get("x-tracker-api-version")).toBe("2022-11-28");
      expect(s.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
    }
    expect(result).toMatchObject({
      success: true,
      output: { data: [{ number: 1 }, { number: 2 }, { number: 3 }] },
      pages: { count: 2, items: 3, complete: true },
    });
  });

  for (const [label, address] of [
    ["another host", "https://evil.example/steal?page=2"],
    ["plain http on the same host", "http://api.tracker.test/repos/octo/hello/issues?page=2"],
  ]) {
    // The pages fetched before it are the failure's partial, the last one too (it was left out: the partial of a
    // refused third page held the first page alone).
    it(`is refused on ${label}: the credential never goes there`, async () => {
      const { fetch, seen } = scriptedFetch(
        issues([1], `<https://api.tracker.test/repos/octo/hello/issues?page=2>; rel="next"`),
        issues([2], `<${address}>; rel="next"`),
      );
      const result = await executeToolDefinition(
        listIssues,
        { token: TOKEN, owner: "octo", repo: "hello" },
        { fetch, allPages: true },
      );
      expect(seen).toHaveLength(2);
      expect(result).toEqual({
        success: false,
        error: {
          type: "upstream",
          status: 200,
          provider: "tracker",
          operation: "tracker_list_issues",
          code: "NEXT_PAGE_ELSEWHERE",
          message:
            `tracker gave the next page at ${new URL(address!).origin}, not https://api.tracker.test; ` +
            `it is not followed, so that the credential and the request never go to another address`,
          retryable: false,
          page: 3,
        },
        partial: {
          output: expect.objectContaining({
            data: [expect.objectContaining({ number: 1 }), expect.objectContaining({ number: 2 })],
          }),
          pages: { count: 2, items: 2, complete: false },
        },
      });
    });
  }
});

describe("under maxItems, a tool that names its page size parameter (issue 24)", () => {
  const volumes = (n: number, from = 0) =>
    json(200, {
      kind: "books#volumes",
      totalItems: 1873,
      items: Array.from({ length: n }, (_, i) => ({ id: `v${from + i}` })),
    });

  it("asks the last page only for the items still missing (an offset: maxResults)", async () => {
    const { fetch, seen } = scriptedFetch(volumes(10), volumes(10, 10), volumes(5, 20));
    const result = await executeTool(
      "books_search_volumes",
      { apiKey: "AIzaBooksKey123", q: "dune", maxResults: 10 },
      { fetch, allPages: true, maxItems: 25 },
    );
    expect(seen.map((s) => new URL(s.url).search)).toEqual([
      "?q=dune&maxResults=10&key=AIzaBooksKey123",
      "?q=dune&maxResults=10&startIndex=10&key=AIzaBooksKey123",
      "?q=dune&maxResults=5&startIndex=20&key=AIzaBooksKey123",
    ]);
    expect(result).toMatchObject({ success: true, pages: { count: 3, items: 25, complete: false } });
  });

  it("asks the first page for no more than maxItems, the default size included", async () => {
    const { fetch, seen } = scriptedFetch(volumes(4));
    await executeTool(
      "books_search_volumes",
      { apiKey: "AIzaBooksKey123", q: "dune" },
      { fetch, allPages: true, maxItems: 4 },
    );
    expect(seen.map((s) => new URL(s.url).searchParams.get("maxResults"))).toEqual(["4"]);
  });

  it(
    "asks the last page only for the records still missing (a cursor in the body: size), " + "each record being billed",
    async () => {
      const page = (n: number, token: string) =>
        json(200, {
          status: 200,
          data: Array.from({ length: n }, (_, i) => ({ id: `${token}-${i}` })),
          total: 100,
          scroll_token: token,
        });
      const { fetch, seen } = scriptedFetch(page(10, "t1"), page(5, "t2"));
      const result = await executeTool(
        "persondata_person_search",
        { apiKey: "pdl-key-12345678", sql: "SELECT * FROM person", size: 10 },
        { fetch, allPages: true, maxItems: 15 },
      );
      expect(seen.map((s) => JSON.parse(s.body))).toEqual([
        { sql: "SELECT * FROM person", size: 10 },
        { sql: "SELECT * FROM person", size: 5, scroll_token: "t1" },
      ]);
      expect(result).toMatchObject({ success: true, pages: { count: 2, items: 15 } });
    },
  );

  it("leaves the size alone without maxItems, and never asks for more than the call did", async () => {
    for (const maxItems of [undefined, 100]) {
      const { fetch, seen } = scriptedFetch(volumes(3), volumes(0));
      await executeTool(
        "books_search_volumes",
        { apiKey: "AIzaBooksKey123", q: "dune", maxResults: 3 },
        { fetch, allPages: true, ...(maxItems ? { maxItems } : {}) },
      );
      expect(seen.map((s) => new URL(s.url).searchParams.get("maxResults"))).toEqual(["3", "3"]);
    }
  });
});

describe("page options", () => {
  it("are refused for an operation that does not page, before any request", async () => {
    const { fetch, seen } = scriptedFetch(json(200, {}));
    const result = await executeTool(
      "books_get_volume",
      { apiKey: "AIzaBooksKey123", volumeId: "v1" },
      { fetch, allPages: true },
    );
    expect(result).toEqual({
      success: false,
      error: {
        type: "validation",
        provider: "books",
        operation: "books_get_volume",
        param: "allPages",
        rule: "pagination",
        message: "allPages: books_get_volume declares no pagination (it returns one page only)",
      },
    });
    expect(seen).toHaveLength(0);
  });

  it("take whole numbers of at least 1", async () => {
    const result = await executeToolDefinition(listCustomers, { apiKey: KEY }, { allPages: true, maxItems: 0 });
    expect(result).toMatchObject({
      success: false,
      error: {
        type: "validation",
        param: "maxItems",
        rule: "minimum",
        message: "maxItems: must be a whole number of at least 1, got 0",
      },
    });
  });
});
