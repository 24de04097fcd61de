// A client without its observer (observe.ts), as a browser's bundle makes one unless given it: its headers still go
// out, and what only the observer gives (hooks, a logger, withResponse) is refused by name, never silently dropped.
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { createClient } from "./client.js";
import { observeCalls } from "./observe.js";
import type { ClientOptions, RequestInfo } from "./types.js";

const payments = irFixture("zqpayments");
const listCustomers = payments.operations.find((o) => o.tool.id === "zqpayments_list_customers")!.tool;
const table = { methods: { listCustomers }, credentials: ["apiKey"] };
const KEY = "sk_test_zq_widgets_4eC39HqLyjW";
type Call = ((input: object, options?: object) => Promise<unknown>) & { withResponse: Call };
const clientOf = (options: ClientOptions & { apiKey?: string }) =>
  createClient(table, options) as unknown as { listCustomers: Call };
const IMPORT =
  'observe (`observe: observeCalls`, imported from the provider\'s package or "@blockwright/runtime/observe")';

describe("a client without its observer", () => {
  it("sends its headers and the call's, the call's winning in any case, the credential never replaced", async () => {
    const { fetch, seen } = scriptedFetch(json(200, { object: "list", has_more: false, data: [] }));
    const client = clientOf({ apiKey: KEY, fetch, headers: { "x-trace": "t1", Authorization: "Bearer someone" } });
    expect(await client.listCustomers({}, { headers: { "X-Trace": "t2" } })).toMatchObject({ success: true });
    expect(seen[0]!.headers.get("x-trace")).toBe("t2");
    expect(seen[0]!.headers.get("authorization")).toBe(`Bearer ${KEY}`);
  });

  it("refuses hooks and a logger when it is made, and withResponse when it is called, naming the import", async () => {
    const { fetch, seen } = scriptedFetch(json(200, { object: "list", has_more: false, data: [] }));
    expect(() => clientOf({ apiKey: KEY, fetch, hooks: { onRequest: () => undefined } })).toThrow(
      `hooks: this client observes no call: pass ${IMPORT}`,
    );
    expect(() => clientOf({ apiKey: KEY, fetch, logger: console })).toThrow(`logger: this client observes no call`);
    await expect(clientOf({ apiKey: KEY, fetch }).listCustomers.withResponse({})).rejects.toThrow(
      `withResponse: this client observes no call: pass ${IMPORT}`,
    );
    expect(seen).toEqual([]);
  });

  it("tells its hooks once given observeCalls, as the environment's client always does", async () => {
    const { fetch } = scriptedFetch(json(200, { object: "list", has_more: false, data: [] }, { "request-id": "zq-1" }));
    const seen: RequestInfo[] = [];
    const client = clientOf({ apiKey: KEY, fetch, observe: observeCalls, hooks: { onRequest: (r) => seen.push(r) } });
    expect(await client.listCustomers.withResponse({})).toMatchObject({ response: { requestId: "zq-1" } });
    expect(seen.map((r) => [r.attempt, r.headers.authorization])).toEqual([[1, "[redacted]"]]);
  });
});
