import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { REDACTED } from "../common/redact.js";
import type { ToolSpec } from "../spec/tool-types.js";
import { pageCursors } from "../call/page-cursors.js";
import { type ClientTable, createClient as plainClient } from "./client.js";
import { observeCalls } from "./observe.js";
import {
  AuthenticationError,
  AuthError,
  BadRequestError,
  BlockwrightError,
  ConflictError,
  InternalServerError,
  NetworkError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
  UpstreamError,
  ValidationError,
} from "./errors.js";
import type { ClientOptions, RequestInfo } from "./types.js";

// Observed, as the environment's client is (observe.test.ts: a client without its observer).
const createClient = (t: ClientTable, o: ClientOptions = {}) => plainClient(t, { observe: observeCalls, ...o });
const payments = irFixture("zqpayments");
const toolOf = (id: string): ToolSpec => payments.operations.find((o) => o.tool.id === id)!.tool;
const table = {
  methods: { listCustomers: toolOf("zqpayments_list_customers"), createCustomer: toolOf("zqpayments_create_customer") },
  credentials: ["apiKey"],
  support: { cursors: pageCursors },
};
const KEY = "sk_test_zq_widgets_4eC39HqLyjW";
const customers = (ids: string[], hasMore: boolean, headers: Record<string, string> = {}) =>
  json(200, { object: "list", has_more: hasMore, data: ids.map((id) => ({ id, object: "customer" })) }, headers);
const refusal = (status: number, headers: Record<string, string> = {}) =>
  json(
    status,
    { error: { type: "invalid_request_error", message: "no such thing", code: "resource_missing" } },
    headers,
  );

type Call = (input: Record<string, unknown>, options?: Record<string, unknown>) => Promise<Record<string, unknown>>;
type Client = Record<
  string,
  Call & {
    withResponse: Call;
    items: (input: Record<string, unknown>, options?: Record<string, unknown>) => AsyncIterable<{ id: string }>;
  }
>;
const clientOf = (options: Record<string, unknown>) => createClient(table, options) as unknown as Client;

describe("a client made once", () => {
  it("gives every call its credential, headers and options; a call's own win", async () => {
    const { fetch, seen } = scriptedFetch(customers(["cus_A1"], false));
    const client = clientOf({ apiKey: KEY, fetch, headers: { "x-trace": "t1" }, baseUrl: "http://127.0.0.1:9" });
    const first = await client.listCustomers!({ limit: 1 });
    expect(first).toMatchObject({ success: true, output: { data: [{ id: "cus_A1" }] } });
    await client.listCustomers!({ limit: 2 }, { headers: { "x-trace": "t2" }, baseUrl: "http://127.0.0.1:8" });
    expect(seen.map((s) => [s.url, s.headers.get("x-trace"), s.headers.get("authorization")])).toEqual([
      ["http://127.0.0.1:9/v1/customers?limit=1", "t1", `Bearer ${KEY}`],
      ["http://127.0.0.1:8/v1/customers?limit=2", "t2", `Bearer ${KEY}`],
    ]);
  });

  it("sends a call's header over the client's of the same name in another case", async () => {
    const { fetch, seen } = scriptedFetch(customers([], false));
    await clientOf({ apiKey: KEY, fetch, headers: { "x-trace": "t1" } }).listCustomers!(
      {},
      { headers: { "X-Trace": "t2" } },
    );
    expect(seen[0]!.headers.get("x-trace")).toBe("t2");
  });

  it("never lets a header replace one the call sets (the credential)", async () => {
    const { fetch, seen } = scriptedFetch(customers([], false));
    await clientOf({ apiKey: KEY, fetch, headers: { Authorization: "Bearer someone-else" } }).listCustomers!({});
    expect(seen[0]!.headers.get("authorization")).toBe(`Bearer ${KEY}`);
  });

  it("takes a credential given with a call instead of the client's", async () => {
    const other = "sk_test_zq_widgets_other_9876";
    const { fetch, seen } = scriptedFetch(customers([], false));
    await clientOf({ apiKey: KEY, fetch }).listCustomers!({ apiKey: other });
    expect(seen[0]!.headers.get("authorization")).toBe(`Bearer ${other}`);
  });

  it("tells the hooks and the logger of each request, answer and retry, with the credential redacted", async () => {
    const { fetch } = scriptedFetch(json(503, {}), customers([], false, { "request-id": "req_zq_1" }));
    const events: string[] = [];
    const requests: RequestInfo[] = [];
    const lines: string[] = [];
    const line = (m: string) => lines.push(m);
    const client = clientOf({
      apiKey: KEY,
      fetch,
      retries: 1,
      logger: { debug: line, info: line, warn: line },
      hooks: {
        onRequest: (r: RequestInfo) => {
          events.push(`request ${r.attempt}`);
          requests.push(r);
        },
        onResponse: (r: { status: number; requestId?: string }) =>
          events.push(`response ${r.status} ${r.requestId ?? "-"}`),
        onRetry: (r: RequestInfo) => events.push(`retry ${r.attempt}`),
      },
    });
    const result = await client.listCustomers!.withResponse({});
    expect(result).toMatchObject({ success: true, response: { status: 200, requestId: "req_zq_1" } });
    expect(events).toEqual(["request 1", "response 503 -", "retry 2", "request 2", "response 200 req_zq_1"]);
    expect(JSON.stringify([requests, lines])).not.toContain(KEY);
    expect(requests[0]!.headers.authorization).toBe(REDACTED);
    expect(lines.some((l) => l.startsWith("retry 1: GET"))).toBe(true);
  });

  it("withholds a credential sent in the query, and a token obtained by a flow, from hooks", async () => {
    const inQuery = { ...table.methods.listCustomers, auth: { type: "query" as const, name: "key", param: "apiKey" } };
    const { fetch } = scriptedFetch(customers([], false));
    const urls: string[] = [];
    const client = createClient({ methods: { list: inQuery }, credentials: ["apiKey"] }, {
      apiKey: KEY,
      fetch,
      hooks: { onRequest: (r: RequestInfo) => urls.push(r.url) },
    } as ClientOptions) as unknown as Client;
    await client.list!({ limit: 3 });
    expect(urls).toEqual([`https://api.zqpayments.test/v1/customers?limit=3&key=${REDACTED}`]);
    // A bearer token the client was never given (as a flow's would be) is withheld all the same.
    const headers: Record<string, string>[] = [];
    const other = "sk_test_zq_widgets_given_per_call";
    await clientOf({ apiKey: KEY, fetch, hooks: { onRequest: (r: RequestInfo) => headers.push(r.headers) } })
      .listCustomers!({ apiKey: other });
    expect(headers[0]!.authorization).toBe(REDACTED);
  });

  it("shows hooks and the logger the address as sent, byte for byte, its query credential alone withheld", async () => {
    // Written as a form-style list and a `%20` go: a URLSearchParams round trip wrote `TRANSIT%2CWALK` and `a+b`.
    const sent = `https://api.zq.test/v1/zqtrips?mode=TRANSIT,WALK&key=${KEY}&when=a%20b&zq%5Ftag=x`;
    const urls: string[] = [];
    const lines: string[] = [];
    const observed = observeCalls(async () => new Response("{}", { status: 200 }), {
      operation: "zqtrips",
      tool: { ...table.methods.listCustomers, auth: { type: "query", name: "key", param: "apiKey" } },
      hooks: { onRequest: (r: RequestInfo) => urls.push(r.url) },
      logger: { debug: (line: string) => lines.push(line) },
      secrets: [KEY],
      state: { last: undefined, keep: false, sent: new Map() },
    });
    await observed(new Request(sent));
    const shown = `https://api.zq.test/v1/zqtrips?mode=TRANSIT,WALK&key=${REDACTED}&when=a%20b&zq%5Ftag=x`;
    expect(urls).toEqual([shown]);
    expect(lines[0]).toBe(`GET ${shown}`);
    // Each pair of the credential's name withheld, whichever way its name is written; none else touched.
    const twice = `https://api.zq.test/v1/zqtrips?k%65y=${KEY}&a=1,2&key=${KEY}#zqpart`;
    await observed(new Request(twice));
    expect(urls[1]).toBe(`https://api.zq.test/v1/zqtrips?k%65y=${REDACTED}&a=1,2&key=${REDACTED}#zqpart`);
  });

  it("withholds a caller's secret from the address hooks see, sent percent-encoded in another parameter", async () => {
    const secret = "zq secret/with+chars&0001";
    const { fetch, seen } = scriptedFetch(customers([], false));
    const urls: string[] = [];
    await clientOf({
      apiKey: KEY,
      fetch,
      secrets: [secret],
      hooks: { onRequest: (r: RequestInfo) => urls.push(r.url) },
    }).listCustomers!({ startingAfter: secret });
    expect(seen[0]!.url).toContain(encodeURIComponent(secret));
    expect(urls).toEqual([`https://api.zqpayments.test/v1/customers?starting_after=${REDACTED}`]);
  });

  it(
    "withholds a credential an answer's headers echo, from the hooks, the logger and withResponse, " + "as a request's",
    async () => {
      // The credential echoed as it was sent, in a header of its own, in the request id; a session set; a flow-like
      // token never given to the client.
      const other = "sk_test_zq_widgets_given_per_call";
      const echoed = {
        authorization: `Bearer ${KEY}`,
        "x-zq-echo": `key=${KEY}`,
        "request-id": `req_${KEY}`,
        "set-cookie": "zqsession=abc123def456; HttpOnly",
        "x-zq-plain": "ok",
      };
      const { fetch } = scriptedFetch(
        customers([], false, echoed),
        customers([], false, { "x-zq-token": other, "request-id": `req_${other}` }),
      );
      const shown: unknown[] = [];
      const lines: unknown[] = [];
      const client = clientOf({
        apiKey: KEY,
        fetch,
        logger: { debug: (m: string, f?: unknown) => lines.push(m, f) },
        hooks: { onResponse: (r: { headers: Headers; requestId?: string }) => shown.push([...r.headers], r.requestId) },
      });
      const result = (await client.listCustomers!.withResponse({}, {})) as {
        response: { headers: Headers; requestId?: string };
      };
      const answered = await client.listCustomers!.withResponse({ apiKey: other });
      const seen = JSON.stringify([
        shown,
        lines,
        [...result.response.headers],
        result.response.requestId,
        [...(answered.response as { headers: Headers }).headers],
      ]);
      for (const secret of [KEY, other, "abc123def456"]) expect(seen).not.toContain(secret);
      expect(result.response.headers.get("x-zq-plain")).toBe("ok");
      expect(result.response.headers.get("set-cookie")).toBe(REDACTED);
      expect(result.response.requestId).toBe(`req_${REDACTED}`);
    },
  );

  it("does not fail a call whose hook throws", async () => {
    const { fetch } = scriptedFetch(customers([], false));
    const warned: string[] = [];
    const client = clientOf({
      apiKey: KEY,
      fetch,
      logger: { warn: (m: string) => warned.push(m) },
      hooks: {
        onRequest: () => {
          throw new Error("hook broke");
        },
      },
    });
    expect(await client.listCustomers!({})).toMatchObject({ success: true });
    expect(warned).toEqual(["onRequest hook threw: hook broke"]);
  });
});

describe("withOptions (issue 61)", () => {
  it("makes a copy with options changed, the original as it was, a credential given replacing its whole", async () => {
    const { fetch, seen } = scriptedFetch(
      customers([], false),
      customers([], false),
      customers([], false),
      refusal(404),
    );
    const client = createClient(table, {
      apiKey: KEY,
      fetch,
      headers: { "x-trace": "t1" },
    } as ClientOptions) as unknown as Client & { withOptions(o: object): Client };
    const traced = client.withOptions({ headers: { "x-trace": "t2" }, throwOnError: true });
    await client.listCustomers!({});
    await traced.listCustomers!({});
    const other = "sk_test_zq_widgets_other_9876";
    await client.withOptions({ apiKey: other }).listCustomers!({});
    expect(seen.map((s) => [s.headers.get("x-trace"), s.headers.get("authorization")])).toEqual([
      ["t1", `Bearer ${KEY}`],
      ["t2", `Bearer ${KEY}`],
      ["t1", `Bearer ${other}`],
    ]);
    await expect(traced.listCustomers!({})).rejects.toBeInstanceOf(NotFoundError);
    // Not a method: a client's own keys are its operations'.
    expect(Object.keys(client)).toEqual(Object.keys(table.methods));
  });

  it("says no User-Agent without the environment's entry (a browser's bundle): the fetch's own goes", async () => {
    const { fetch, seen } = scriptedFetch(customers([], false));
    await clientOf({ apiKey: KEY, fetch }).listCustomers!({});
    expect(seen[0]!.headers.get("user-agent")).toBeNull();
  });
});

describe("items", () => {
  it("yields every item of every page, up to maxItems", async () => {
    const { fetch, seen } = scriptedFetch(
      customers(["cus_A1", "cus_B2"], true),
      customers(["cus_C3", "cus_D4"], true),
      customers(["cus_E5"], false),
    );
    const ids: string[] = [];
    for await (const c of clientOf({ apiKey: KEY, fetch }).listCustomers!.items({ limit: 2 }, { maxItems: 3 }))
      ids.push(c.id);
    expect(ids).toEqual(["cus_A1", "cus_B2", "cus_C3"]);
    expect(seen).toHaveLength(2);
  });

  it("stops, throwing a NetworkError, when its signal aborts between pages", async () => {
    const { fetch } = scriptedFetch(
      customers(["cus_A1"], true),
      customers(["cus_B2"], true),
      customers(["cus_C3"], false),
    );
    const stop = new AbortController();
    const ids: string[] = [];
    const walk = async () => {
      for await (const c of clientOf({ apiKey: KEY, fetch }).listCustomers!.items({}, { signal: stop.signal })) {
        ids.push(c.id);
        stop.abort();
      }
    };
    await expect(walk()).rejects.toSatisfy((e: unknown) => e instanceof NetworkError && e.code === "ABORTED");
    expect(ids).toEqual(["cus_A1"]);
  });

  it("throws a failed page as an UpstreamError", async () => {
    const { fetch } = scriptedFetch(customers(["cus_A1"], true), refusal(404));
    const seen: string[] = [];
    const walk = async () => {
      for await (const c of clientOf({ apiKey: KEY, fetch }).listCustomers!.items({})) seen.push(c.id);
    };
    await expect(walk()).rejects.toSatisfy(
      (e: unknown) => e instanceof UpstreamError && e.status === 404 && e.code === "resource_missing",
    );
    expect(seen).toEqual(["cus_A1"]);
  });
});

describe("throwOnError", () => {
  it("throws Error subclasses that keep the structured error as cause", async () => {
    const { fetch } = scriptedFetch(
      refusal(404, { "request-id": "req_zq_2" }),
      refusal(429, { "retry-after": "120" }),
      refusal(401),
    );
    const client = clientOf({ apiKey: KEY, fetch, throwOnError: true, retries: 0 });
    const caught = async () =>
      client.listCustomers!({}).then(
        () => undefined,
        (e: unknown) => e,
      );
    const notFound = await caught();
    expect(notFound).toBeInstanceOf(UpstreamError);
    expect(notFound).toBeInstanceOf(Error);
    expect(notFound).toMatchObject({
      name: "UpstreamError",
      status: 404,
      code: "resource_missing",
      requestId: "req_zq_2",
      provider: "zqpayments",
      operation: "zqpayments_list_customers",
    });
    expect((notFound as Error).cause).toMatchObject({ type: "upstream", status: 404 });
    expect(await caught()).toBeInstanceOf(RateLimitError);
    expect(await caught()).toBeInstanceOf(AuthError);
    const invalid = await client.listCustomers!({ limit: "many" }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(ValidationError);
    expect(invalid).toBeInstanceOf(BlockwrightError);
    expect(invalid).toMatchObject({ param: "limit" });
  });

  it(
    "throws an error that is an instance of the class " + "of its status, and of no other status's (issue 61)",
    async () => {
      const classes = [
        BadRequestError,
        AuthenticationError,
        PermissionDeniedError,
        NotFoundError,
        ConflictError,
        UnprocessableEntityError,
        RateLimitError,
        InternalServerError,
      ];
      const expected: [number, (typeof classes)[number]][] = [
        [400, BadRequestError],
        [401, AuthenticationError],
        [403, PermissionDeniedError],
        [404, NotFoundError],
        [409, ConflictError],
        [422, UnprocessableEntityError],
        [429, RateLimitError],
        [500, InternalServerError],
        [503, InternalServerError],
      ];
      const { fetch } = scriptedFetch(...expected.map(([status]) => refusal(status)));
      const client = clientOf({ apiKey: KEY, fetch, throwOnError: true, retries: 0 });
      for (const [status, klass] of expected) {
        const e = await client.listCustomers!({}).catch((thrown: unknown) => thrown);
        expect(e, String(status)).toBeInstanceOf(UpstreamError);
        expect(classes.filter((c) => e instanceof c)).toEqual([klass]);
        // 401 and 403 are AuthErrors too, as before.
        expect(e instanceof AuthError).toBe(status === 401 || status === 403);
      }
      // A class of one status made by hand is an instance of it, whatever status it carries; no other error is.
      const made = new ConflictError({
        type: "upstream",
        provider: "zq",
        operation: "zq_op",
        status: 418,
        message: "teapot",
        retryable: false,
      });
      expect([made instanceof ConflictError, made instanceof UpstreamError, made instanceof NotFoundError]).toEqual([
        true,
        true,
        false,
      ]);
      expect(
        new ValidationError({
          type: "validation",
          provider: "zq",
          operation: "zq_op",
          rule: "type",
          message: "x",
        }) instanceof NotFoundError,
      ).toBe(false);
    },
  );

  it("carries the request id of a 404 whose manifest names none, as withResponse does (issue 61, N4)", async () => {
    const { fetch } = scriptedFetch(
      refusal(404, { "x-request-id": "req_zq_404" }),
      refusal(404, { "x-request-id": "req_zq_404b" }),
    );
    const untold = { ...table.methods.listCustomers, errors: { ...table.methods.listCustomers.errors, requestId: [] } };
    const client = createClient({ methods: { list: untold }, credentials: ["apiKey"] }, {
      apiKey: KEY,
      fetch,
      retries: 0,
    } as ClientOptions) as unknown as Client;
    const failed = await client.list!({});
    expect(failed).toMatchObject({ success: false, error: { status: 404, requestId: "req_zq_404" } });
    expect(await client.list!.withResponse({})).toMatchObject({
      error: { requestId: "req_zq_404b" },
      response: { requestId: "req_zq_404b" },
    });
  });

  it("returns the result, failures included, without it", async () => {
    const { fetch } = scriptedFetch(refusal(404));
    const result = await clientOf({ apiKey: KEY, fetch, retries: 0 }).listCustomers!({});
    expect(result).toMatchObject({ success: false, error: { type: "upstream", status: 404 } });
  });
});
