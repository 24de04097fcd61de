// Paging of an RPC-style list: a POST whose JSON body carries the offset,
// page number or page size, as add drafts it (draft-pagination.ts).
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, openapi, reply } from "./__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const order = { type: "object", required: ["id"], properties: { id: { type: "string" }, total: { type: "integer" } } };

describe("paging values in a JSON body", () => {
  it("an offset and a page size in the JSON body of a POST (an RPC-style list), the reply without a total: offset paging sent in the body", async () => {
    const body = { type: "object", properties: { offset: { type: "number", example: 0 }, limit: { type: "number", example: 25 }, zqfolder: { type: "string" } } };
    const doc = openapi({
      "/orders.list": {
        post: {
          operationId: "ordersList",
          requestBody: { content: { "application/json": { schema: body } } },
          responses: { "200": reply({ type: "object", properties: { data: { type: "array", items: order }, pagination: { type: "object", properties: { offset: { type: "number" }, limit: { type: "number" } } } } }, { data: [] }) },
        },
      },
    });
    const d = drafted(doc, ["ordersList"]);
    expect(d.manifest.operations.acme_orders_list!.pagination).toEqual({ style: "offset", send: { in: "body", pointer: "/offset" }, items: ["data"], pageSize: "limit" });
    expect(await linkProblems(d)).toEqual([]);
    // The same fields in a body that is no JSON object, or not numbers, are no paging.
    const named = { ...body, properties: { ...body.properties, offset: { type: "string" } } };
    const unnumbered = openapi({
      "/orders.list": {
        post: { operationId: "ordersList", requestBody: { content: { "application/json": { schema: named } } }, responses: { "200": reply({ type: "object", properties: { data: { type: "array", items: order } } }, { data: [] }) } },
      },
    });
    expect(drafted(unnumbered, ["ordersList"]).manifest.operations.acme_orders_list!.pagination).toBeUndefined();
  });
});
