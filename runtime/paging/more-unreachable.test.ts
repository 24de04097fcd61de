// A reply whose flag says more pages remain (`pagination.more`) but that gives no cursor or address to reach them
// (the last item's id missing or null, no next address): the pages end there, and the result says they are not
// complete — never `complete: true` beside the upstream's own `has_more: true`.
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "../execute/execute.js";
import type { ToolSpec } from "../spec/tool-types.js";

const zqpayments = irFixture("zqpayments");
const listCustomers = zqpayments.operations.find((o) => o.tool.id === "zqpayments_list_customers")!.tool;
const KEY = "sk_test_4eC39HqLyjWDarjt";
const page = (items: object[], hasMore: boolean, extra: object = {}) =>
  json(200, { object: "list", url: "/v1/customers", has_more: hasMore, data: items, ...extra });

describe("more pages said to remain, with no way to them", () => {
  it.each([
    ["with no id", { object: "customer" }],
    ["with a null id", { id: null, object: "customer" }],
  ])("a cursor from the last item %s: one page, not complete", async (_, last) => {
    const { fetch, seen } = scriptedFetch(page([{ id: "cus_Zq1", object: "customer" }, last], true));
    const result = await executeToolDefinition(listCustomers, { apiKey: KEY, limit: 2 }, { fetch, allPages: true });
    expect(seen).toHaveLength(1);
    expect(result).toMatchObject({ success: true, pages: { count: 1, items: 2, complete: false } });
  });

  it("the same page with has_more false is the last one, complete", async () => {
    const { fetch, seen } = scriptedFetch(page([{ id: "cus_Zq1", object: "customer" }, { object: "customer" }], false));
    const result = await executeToolDefinition(listCustomers, { apiKey: KEY, limit: 2 }, { fetch, allPages: true });
    expect(seen).toHaveLength(1);
    expect(result).toMatchObject({ success: true, pages: { count: 1, items: 2, complete: true } });
  });

  it("a next address the reply leaves out while has_more is true: not complete; given, followed", async () => {
    const byAddress: ToolSpec = {
      ...listCustomers,
      pagination: {
        ...listCustomers.pagination!,
        next: {
          style: "nextUrl",
          url: { expression: "$response.body#/zq_next", ref: { kind: "body", pointer: ["zq_next"] } },
        },
      },
    };
    const one = { id: "cus_Zq1", object: "customer" };
    const stuck = scriptedFetch(page([one], true));
    const stopped = await executeToolDefinition(byAddress, { apiKey: KEY }, { fetch: stuck.fetch, allPages: true });
    expect(stuck.seen).toHaveLength(1);
    expect(stopped).toMatchObject({ success: true, pages: { count: 1, complete: false } });

    const next = "https://api.zqpayments.test/v1/customers?page=zq2";
    const going = scriptedFetch(page([one], true, { zq_next: next }), page([{ id: "cus_Zq2" }], false));
    const followed = await executeToolDefinition(byAddress, { apiKey: KEY }, { fetch: going.fetch, allPages: true });
    expect(going.seen.map((s) => s.url)).toEqual(["https://api.zqpayments.test/v1/customers", next]);
    expect(followed).toMatchObject({ success: true, pages: { count: 2, items: 2, complete: true } });
  });
});
