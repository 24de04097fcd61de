// A resource whose create answers another schema than its read, each requiring fields the other has not (a new
// customer's answer holds its first admin, the read its counts of users): a record drawn from either schema misses a
// field the other requires, so the stateful mock made none, served both answers drawn apart, and a round trip read back
// another contract type than the one it sent. The mock also draws a record holding both answers' fields: it is kept,
// with what the create sent.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { type DraftedOnMock, draftedOnMock, runOnMock } from "../contract/__fixtures__/drafted-subject.js";
import { roundTripCases } from "../contract/kinds/round-trip.js";

const kind = { type: "string", enum: ["zqdemo", "zqfree", "zqpay"] };
const admin = {
  type: "object",
  required: ["zqfirstName"],
  properties: { zqfirstName: { type: "string", maxLength: 30 } },
};
const json = (ref: string) => ({ "application/json": { schema: { $ref: `#/components/schemas/${ref}` } } });
const idParam = { name: "zqCustomerId", in: "path", required: true, schema: { type: "integer", format: "int64" } };
const document = openapi(
  {
    "/zqcustomers": {
      post: {
        operationId: "CreateZqCustomer",
        requestBody: { required: true, content: json("ZqNewCustomer") },
        responses: { "201": { description: "made", content: json("ZqNewCustomerAnswer") } },
      },
      get: {
        operationId: "ListZqCustomers",
        responses: { "200": { description: "all", content: json("ZqCustomerList") } },
      },
    },
    "/zqcustomers/{zqCustomerId}": {
      get: {
        operationId: "GetZqCustomer",
        parameters: [idParam],
        responses: { "200": { description: "one", content: json("ZqCustomer") } },
      },
      delete: { operationId: "DeleteZqCustomer", parameters: [idParam], responses: { "204": { description: "gone" } } },
    },
  },
  {
    schemas: {
      ZqNewCustomer: {
        type: "object",
        required: ["zqkind", "zqfirstAdmin"],
        properties: { zqkind: kind, zqfirstAdmin: admin, zqquota: { type: "integer", minimum: 0 } },
      },
      ZqNewCustomerAnswer: {
        type: "object",
        required: ["id", "zqkind", "zqfirstAdmin"],
        properties: { id: { type: "integer", format: "int64" }, zqkind: kind, zqfirstAdmin: admin },
      },
      ZqCustomer: {
        type: "object",
        required: ["id", "zqkind", "zqusers"],
        properties: { id: { type: "integer", format: "int64" }, zqkind: kind, zqusers: { type: "integer" } },
      },
      ZqCustomerList: {
        type: "object",
        required: ["zqitems"],
        properties: { zqitems: { type: "array", items: { $ref: "#/components/schemas/ZqCustomer" } } },
      },
    },
  },
);

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  const operations = ["CreateZqCustomer", "ListZqCustomers", "GetZqCustomer", "DeleteZqCustomer"];
  on = await draftedOnMock("zqcustomers", document, operations, { stateful: true });
});
afterAll(async () => {
  await on?.close();
});

describe("a resource whose create and read answers each require fields the other has not", () => {
  it("keeps the record the create sent, read back with both answers' fields", async () => {
    const { url } = on as DraftedOnMock;
    const headers = { authorization: "Bearer zq-token-1", "content-type": "application/json" };
    const sent = { zqkind: "zqdemo", zqfirstAdmin: { zqfirstName: "zqada" }, zqquota: 3 };
    for (const zqkind of ["zqdemo", "zqpay"]) {
      const body = JSON.stringify({ ...sent, zqkind });
      const created = (await (await fetch(`${url}/zqcustomers`, { method: "POST", headers, body })).json()) as {
        id: number;
        zqkind: string;
      };
      expect(created.zqkind).toBe(zqkind);
      const read = (await (await fetch(`${url}/zqcustomers/${created.id}`, { headers })).json()) as object;
      expect(read).toMatchObject({ id: created.id, zqkind, zqfirstAdmin: { zqfirstName: "zqada" } });
      expect(typeof (read as { zqusers?: unknown }).zqusers).toBe("number");
    }
  });

  it("holds a round trip on the stateful mock", async () => {
    const { subject, url } = on as DraftedOnMock;
    const trips = roundTripCases(subject);
    expect(trips.length).toBe(1);
    await runOnMock(url, trips);
  });
});
