import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "../execute/execute.js";
import type { ToolSpec } from "../spec/tool-types.js";

const shelf = irFixture("shelf");
const tracker = irFixture("tracker");
const zqpayments = irFixture("zqpayments");
const toolOf = (ir: typeof shelf, id: string): ToolSpec => ir.operations.find((o) => o.tool.id === id)!.tool;
const listIssues = toolOf(tracker, "tracker_list_issues");
const getBook = toolOf(shelf, "shelf_get_book");
const createCustomer = toolOf(zqpayments, "zqpayments_create_customer");
const TOKEN = "tracker-token-1234";
const SHELF_KEY = "shelf-key-7f3a9c2e51";
const issues = (numbers: number[], link?: string) =>
  new Response(JSON.stringify(numbers.map((n) => ({ id: n, number: n, title: `#${n}`, state: "open" }))), {
    status: 200,
    headers: { "content-type": "application/vnd.tracker+json", ...(link ? { link } : {}) },
  });

describe("a next page on the first page's origin", () => {
  it("is followed with the credential whatever its path: the origin is the credential's audience", async () => {
    // As GitHub-style APIs answer: the next page of /repos/{owner}/{repo}/issues under /repositories/{id}/issues.
    const next = "https://api.tracker.test/repositories/42/issues?page=2";
    const { fetch, seen } = scriptedFetch(issues([1], `<${next}>; rel="next"`), issues([2]));
    const result = await executeToolDefinition(
      listIssues,
      { token: TOKEN, owner: "octo", repo: "hello" },
      { fetch, allPages: true },
    );
    expect(result).toMatchObject({ success: true, pages: { count: 2, items: 2 } });
    expect(seen[1]!.url).toBe(next);
    expect(seen[1]!.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
  });

  it("is refused when its address carries a user name or password, which no error shows", async () => {
    const { fetch, seen } = scriptedFetch(
      issues([1], '<https://ada:hunter2pass@api.tracker.test/repos/octo/hello/issues?page=2>; rel="next"'),
      issues([2]),
    );
    const result = await executeToolDefinition(
      listIssues,
      { token: TOKEN, owner: "octo", repo: "hello" },
      { fetch, allPages: true },
    );
    expect(seen).toHaveLength(1);
    expect(result).toMatchObject({
      success: false,
      error: { type: "upstream", code: "NEXT_PAGE_ELSEWHERE", page: 2, retryable: false },
    });
    expect(JSON.stringify(result)).not.toMatch(/ada|hunter2pass/);
    if (!result.success)
      expect(result.error.message).toContain("an address with a user name or password in it (withheld)");
  });
});

describe("an HTML body", () => {
  const page = (status: number, body = "<html><body><h1>Sign in</h1></body></html>", statusText = "") =>
    new Response(body, { status, statusText, headers: { "content-type": "text/html; charset=utf-8" } });

  it("on a success is never parsed as JSON: an upstream error that says the content type", async () => {
    // Even when the page's text happens to be JSON.
    for (const body of ["<html><body>Sign in</body></html>", '{"id":"b1","title":"t","state":"ready"}']) {
      const result = await executeToolDefinition(
        getBook,
        { apiKey: SHELF_KEY, bookId: "b1" },
        { fetch: scriptedFetch(page(200, body)).fetch },
      );
      expect(result).toEqual({
        success: false,
        error: {
          type: "upstream",
          provider: "shelf",
          operation: "shelf_get_book",
          status: 200,
          code: "UNEXPECTED_CONTENT_TYPE",
          message: "shelf answered 200 with an HTML page (text/html), not JSON",
          retryable: false,
        },
      });
    }
  });

  it("on an error is reported by status and content type, not as a message of markup", async () => {
    const result = await executeToolDefinition(
      getBook,
      { apiKey: SHELF_KEY, bookId: "b1" },
      {
        fetch: scriptedFetch(page(502, "<html><head><title>502 Bad Gateway</title></head></html>", "Bad Gateway"))
          .fetch,
        retries: 0,
      },
    );
    expect(result).toMatchObject({
      success: false,
      error: {
        type: "upstream",
        status: 502,
        message: "shelf answered 502 Bad Gateway with an HTML page (text/html), not its error body",
        retryable: true,
      },
    });
  });
});

describe("a 304 Not Modified", () => {
  it("is not a redirect: an upstream error with its own status, nothing said of another address", async () => {
    const { fetch } = scriptedFetch(
      new Response(null, {
        status: 304,
        statusText: "Not Modified",
        headers: { location: "https://elsewhere.example/" },
      }),
    );
    const result = await executeToolDefinition(getBook, { apiKey: SHELF_KEY, bookId: "b1" }, { fetch, retries: 0 });
    expect(result).toMatchObject({ success: false, error: { type: "upstream", status: 304, retryable: false } });
    if (result.success) return;
    expect(result.error.code).not.toBe("REDIRECT");
    expect(result.error.message).toBe("HTTP 304 Not Modified with no error message");
  });
});

describe("a caller's idempotency key reused for another body", () => {
  it(
    "is sent as given (the runtime keeps no record of keys); the upstream's refusal comes back as its error, " +
      "with the key, not retried",
    async () => {
      const refusal = json(400, {
        error: {
          type: "idempotency_error",
          message: "Keys for idempotent requests can only be used with the same parameters they were first used with.",
        },
      });
      const { fetch, seen } = scriptedFetch(json(200, { id: "cus_1", object: "customer" }), refusal);
      const key = "order-6735";
      const first = await executeToolDefinition(
        createCustomer,
        { apiKey: "sk_test_4eC39HqLyjWDarjt", email: "ada@example.com" },
        { fetch, idempotencyKey: key },
      );
      const second = await executeToolDefinition(
        createCustomer,
        { apiKey: "sk_test_4eC39HqLyjWDarjt", email: "grace@example.com" },
        { fetch, idempotencyKey: key },
      );
      expect(first.success).toBe(true);
      expect(seen.map((s) => [s.headers.get("idempotency-key"), s.body])).toEqual([
        [key, "email=ada%40example.com"],
        [key, "email=grace%40example.com"],
      ]);
      expect(second).toMatchObject({
        success: false,
        error: { type: "upstream", status: 400, code: "idempotency_error", retryable: false, idempotencyKey: key },
      });
    },
  );
});
