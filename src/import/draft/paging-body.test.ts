// Paging shapes add drafts (pagination.ts): an RPC-style list, a POST
// whose JSON body carries the offset, page number or page size; an `after`
// cursor the reply gives back inside its paging object.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const order = { type: "object", required: ["id"], properties: { id: { type: "string" }, total: { type: "integer" } } };

describe("paging values in a JSON body", () => {
  it(
    "an offset and a page size in the JSON body of a POST (an RPC-style list), the reply " +
      "without a total: offset paging sent in the body",
    async () => {
      const body = {
        type: "object",
        properties: {
          offset: { type: "number", example: 0 },
          limit: { type: "number", example: 25 },
          zqfolder: { type: "string" },
        },
      };
      const doc = openapi({
        "/orders.list": {
          post: {
            operationId: "ordersList",
            requestBody: { content: { "application/json": { schema: body } } },
            responses: {
              "200": reply(
                {
                  type: "object",
                  properties: {
                    data: { type: "array", items: order },
                    pagination: {
                      type: "object",
                      properties: { offset: { type: "number" }, limit: { type: "number" } },
                    },
                  },
                },
                { data: [] },
              ),
            },
          },
        },
      });
      const d = drafted(doc, ["ordersList"]);
      expect(d.manifest.operations.acme_orders_list!.pagination).toEqual({
        style: "offset",
        send: { in: "body", pointer: "/offset" },
        items: ["data"],
        pageSize: "limit",
      });
      expect(await linkProblems(d)).toEqual([]);
      // The same fields in a body that is no JSON object, or not numbers, are no paging.
      const named = { ...body, properties: { ...body.properties, offset: { type: "string" } } };
      const unnumbered = openapi({
        "/orders.list": {
          post: {
            operationId: "ordersList",
            requestBody: { content: { "application/json": { schema: named } } },
            responses: {
              "200": reply({ type: "object", properties: { data: { type: "array", items: order } } }, { data: [] }),
            },
          },
        },
      });
      expect(drafted(unnumbered, ["ordersList"]).manifest.operations.acme_orders_list!.pagination).toBeUndefined();
    },
  );
});

describe("an after cursor inside the reply's paging object", () => {
  const cursorParam = (name: string) => ({ name, in: "query", schema: { type: "string" } });
  const listing = (meta: string) =>
    openapi({
      "/orders": {
        get: {
          operationId: "listOrders",
          parameters: [
            cursorParam("before"),
            cursorParam("after"),
            { name: "limit", in: "query", schema: { type: "integer", maximum: 100 } },
          ],
          responses: {
            "200": reply(
              {
                type: "object",
                properties: {
                  data: { type: "array", items: order },
                  [meta]: { type: "object", properties: { before: { type: "string" }, after: { type: "string" } } },
                },
              },
              { data: [] },
            ),
          },
        },
      },
    });

  it("is sent back as after (list_metadata: {before, after})", async () => {
    const d = drafted(listing("list_metadata"), ["listOrders"]);
    expect(d.manifest.operations.acme_list_orders!.pagination).toEqual({
      style: "cursor",
      cursor: "$response.body#/list_metadata/after",
      send: { in: "query", name: "after" },
      items: ["data"],
      pageSize: "limit",
    });
    expect(notesAt(d, "operations.acme_list_orders.pagination")).toEqual([
      "paging recognised as a cursor: list_metadata.after of the reply, sent back as after",
    ]);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is no paging inside an object that does not describe the page", () => {
    expect(
      drafted(listing("zqowner"), ["listOrders"]).manifest.operations.acme_list_orders!.pagination,
    ).toBeUndefined();
  });
});
