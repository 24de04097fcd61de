import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "../execute/execute.js";
import { parseExpression } from "../http/expressions.js";
import type { ToolSpec } from "../spec/tool-types.js";

const zqpayments = irFixture("zqpayments");
const tracker = irFixture("tracker");
const toolOf = (ir: typeof zqpayments, id: string): ToolSpec => ir.operations.find((o) => o.tool.id === id)!.tool;
const createCustomer = toolOf(zqpayments, "zqpayments_create_customer");
const listCustomers = toolOf(zqpayments, "zqpayments_list_customers");
const createIssue = toolOf(tracker, "tracker_create_issue");
const KEY = "sk_test_4eC39HqLyjWDarjt";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const created = () => json(200, { id: "cus_N3w", object: "customer" });
const busy = () => json(503, { error: { type: "api_error", message: "Try again." } }, { "retry-after": "0" });

describe("an idempotency key", () => {
  it("is new for every call (a random UUID)", async () => {
    const { fetch, seen } = scriptedFetch(created());
    await executeToolDefinition(createCustomer, { apiKey: KEY, email: "ada@example.com" }, { fetch });
    await executeToolDefinition(createCustomer, { apiKey: KEY, email: "ada@example.com" }, { fetch });
    const [first, second] = seen.map((s) => s.headers.get("idempotency-key"));
    expect(first).toMatch(UUID);
    expect(second).toMatch(UUID);
    expect(first).not.toBe(second);
  });

  it("is the same on every retry, and makes a POST retryable like a GET", async () => {
    const { fetch, seen } = scriptedFetch(busy(), busy(), created());
    const result = await executeToolDefinition(createCustomer, { apiKey: KEY, email: "ada@example.com" }, { fetch });
    expect(result).toMatchObject({ success: true, output: { metadata: { id: "cus_N3w" } } });
    expect(seen).toHaveLength(3);
    expect(new Set(seen.map((s) => s.headers.get("idempotency-key"))).size).toBe(1);
    expect(seen.map((s) => s.body)).toEqual(Array(3).fill("email=ada%40example.com"));
  });

  it("comes back with a failure, which is retryable and not 'may have been applied'", async () => {
    const { fetch, seen } = scriptedFetch(busy());
    const result = await executeToolDefinition(createCustomer, { apiKey: KEY }, { fetch, retries: 1 });
    expect(seen).toHaveLength(2);
    const key = seen[0]!.headers.get("idempotency-key")!;
    expect(result).toEqual({
      success: false,
      error: {
        type: "upstream",
        provider: "zqpayments",
        operation: "zqpayments_create_customer",
        status: 503,
        message: "Try again.",
        code: "api_error",
        retryable: true,
        retryAfterMs: 0,
        details: { type: "api_error" },
        idempotencyKey: key,
      },
    });
    expect(result.success ? undefined : result.error.mayHaveBeenApplied).toBeUndefined();
  });

  it("survives a connection reset: the request is sent again with the same key", async () => {
    const reset = Object.assign(new TypeError("fetch failed"), {
      cause: { code: "ECONNRESET", message: "socket hang up" },
    });
    const { fetch, seen } = scriptedFetch(reset, created());
    expect((await executeToolDefinition(createCustomer, { apiKey: KEY }, { fetch })).success).toBe(true);
    expect(seen[0]!.headers.get("idempotency-key")).toBe(seen[1]!.headers.get("idempotency-key"));
  });

  it("can be the caller's own, to repeat a call that failed", async () => {
    const { fetch, seen } = scriptedFetch(created());
    await executeToolDefinition(createCustomer, { apiKey: KEY }, { fetch, idempotencyKey: "order-6735-attempt" });
    expect(seen[0]!.headers.get("idempotency-key")).toBe("order-6735-attempt");
  });

  it("is refused when it could break the header, or when the tool takes none, before any request", async () => {
    const { fetch, seen } = scriptedFetch(created());
    expect(
      await executeToolDefinition(createCustomer, { apiKey: KEY }, { fetch, idempotencyKey: "a\r\nX-Evil: 1" }),
    ).toMatchObject({
      success: false,
      error: {
        type: "validation",
        param: "idempotencyKey",
        rule: "format",
        message: "idempotencyKey: must be 1 to 255 visible ASCII characters (it is sent in the Idempotency-Key header)",
      },
    });
    expect(
      await executeToolDefinition(
        createIssue,
        { token: "tracker-token-1234", owner: "o", repo: "r", title: "t" },
        { fetch, idempotencyKey: "k-1" },
      ),
    ).toMatchObject({
      success: false,
      error: { type: "validation", param: "idempotencyKey", rule: "unknown" },
    });
    expect(seen).toHaveLength(0);
  });

  it("is not sent by a GET", async () => {
    const { fetch, seen } = scriptedFetch(
      json(200, { object: "list", url: "/v1/customers", has_more: false, data: [] }),
    );
    await executeToolDefinition(listCustomers, { apiKey: KEY }, { fetch });
    expect(seen[0]!.headers.get("idempotency-key")).toBeNull();
  });
});

describe("error details", () => {
  it("carry the fields the manifest names (a card decline: type, param, decline code)", async () => {
    const { fetch } = scriptedFetch(
      json(
        402,
        {
          error: {
            type: "card_error",
            code: "card_declined",
            decline_code: "insufficient_funds",
            message: "Your card has insufficient funds.",
            param: "source",
          },
        },
        { "request-id": "req_8f2Kx" },
      ),
    );
    const result = await executeToolDefinition(createCustomer, { apiKey: KEY }, { fetch });
    expect(result.success ? undefined : { ...result.error, idempotencyKey: "(random)" }).toEqual({
      type: "upstream",
      provider: "zqpayments",
      operation: "zqpayments_create_customer",
      status: 402,
      code: "card_declined",
      message: "Your card has insufficient funds.",
      requestId: "req_8f2Kx",
      retryable: false,
      details: { declineCode: "insufficient_funds", param: "source", type: "card_error" },
      idempotencyKey: "(random)",
    });
  });

  it("carry a list as it is (a 422's errors)", async () => {
    const errors = [{ resource: "Issue", field: "title", code: "missing_field" }];
    const body = {
      message: "Validation Failed",
      documentation_url: "https://docs.tracker.test/rest/issues#create-an-issue",
      errors,
    };
    const { fetch } = scriptedFetch(
      new Response(JSON.stringify(body), { status: 422, headers: { "content-type": "application/vnd.tracker+json" } }),
    );
    const result = await executeToolDefinition(
      createIssue,
      { token: "tracker-token-1234", owner: "octo", repo: "hello", title: "x" },
      { fetch },
    );
    expect(result).toEqual({
      success: false,
      error: {
        type: "upstream",
        provider: "tracker",
        operation: "tracker_create_issue",
        status: 422,
        message: "Validation Failed",
        retryable: false,
        details: { errors, documentationUrl: body.documentation_url },
      },
    });
  });

  it("leave out what the body does not have", async () => {
    const { fetch } = scriptedFetch(json(400, { error: { type: "invalid_request_error", message: "Bad email." } }));
    const result = await executeToolDefinition(createCustomer, { apiKey: KEY }, { fetch });
    expect(result.success ? undefined : result.error.details).toEqual({ type: "invalid_request_error" });
  });
});

describe("a failure in a 2xx body (failureWhen)", () => {
  const reading = (expression: string) => ({ expression, ref: parseExpression(expression) });
  const chatty: ToolSpec = {
    ...structuredClone(createIssue),
    errors: {
      code: [parseExpression("$response.body#/error")],
      message: [parseExpression("$response.body#/detail")],
      requestId: [],
      retryableStatuses: [429],
      failureWhen: [{ ...reading("$response.body#/ok"), equals: false }],
    },
  };

  it("is an upstream error with the body's code and message, not retried", async () => {
    const { fetch, seen } = scriptedFetch(
      json(200, { ok: false, error: "channel_not_found", detail: "No such channel." }),
    );
    const result = await executeToolDefinition(
      chatty,
      { token: "tracker-token-1234", owner: "octo", repo: "hello", title: "x" },
      { fetch },
    );
    expect(result).toEqual({
      success: false,
      error: {
        type: "upstream",
        provider: "tracker",
        operation: "tracker_create_issue",
        status: 200,
        code: "channel_not_found",
        message: "No such channel.",
        retryable: false,
      },
    });
    expect(seen).toHaveLength(1);
  });

  it("lets a body that does not meet the test through", async () => {
    const { fetch } = scriptedFetch(json(201, { ok: true, id: 9, number: 1350, title: "x", state: "open" }));
    expect(
      await executeToolDefinition(
        chatty,
        { token: "tracker-token-1234", owner: "octo", repo: "hello", title: "x" },
        { fetch },
      ),
    ).toMatchObject({ success: true, output: { metadata: { number: 1350 } } });
  });
});
