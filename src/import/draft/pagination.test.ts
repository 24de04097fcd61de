// The drafted paging, per known shape, on small documents of the tests' own:
// a cursor, a page token, has_more with the last id, the Link header, the next
// page's address, an offset, page numbers — each draft links as generate
// links it, and pages as the runtime pages.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  linkProblems,
  notesAt,
  openapi,
  reply,
  type Json,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const order = { type: "object", required: ["id"], properties: { id: { type: "string" }, total: { type: "integer" } } };
const list = (params: Json[], schema: Json, example: unknown, headers?: Json): Json => ({
  "/orders": {
    get: {
      operationId: "listOrders",
      summary: "List orders",
      parameters: params,
      responses: { "200": reply(schema, example, headers) },
    },
  },
});
const query = (name: string, schema: Json, extra: Json = {}) => ({ name, in: "query", schema, ...extra });

describe("paging, per known shape", () => {
  it("a cursor in the reply sent back as a parameter (response_metadata.next_cursor → cursor)", async () => {
    const doc = openapi(
      list(
        [
          query("limit", { type: "integer", minimum: 1, maximum: 200 }),
          query("cursor", { type: "string", maxLength: 500 }),
        ],
        {
          type: "object",
          required: ["orders"],
          properties: {
            orders: { type: "array", items: order },
            response_metadata: { type: "object", properties: { next_cursor: { type: "string" } } },
          },
        },
        { orders: [{ id: "o1" }], response_metadata: { next_cursor: "" } },
      ),
    );
    const d = drafted(doc, ["listOrders"]);
    expect(d.manifest.operations.acme_list_orders!.pagination).toEqual({
      style: "cursor",
      cursor: "$response.body#/response_metadata/next_cursor",
      send: { in: "query", name: "cursor" },
      items: ["data"],
      pageSize: "limit",
    });
    expect(notesAt(d, "operations.acme_list_orders.pagination")).toEqual([
      "paging recognised as a cursor: response_metadata.next_cursor of the reply, sent back as cursor",
    ]);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("a page token (nextPageToken → pageToken)", () => {
    const doc = openapi(
      list(
        [query("pageToken", { type: "string", maxLength: 100 })],
        { type: "object", properties: { items: { type: "array", items: order }, nextPageToken: { type: "string" } } },
        { items: [] },
      ),
    );
    expect(drafted(doc, ["listOrders"]).manifest.operations.acme_list_orders!.pagination).toEqual({
      style: "cursor",
      cursor: "$response.body#/nextPageToken",
      send: { in: "query", name: "pageToken" },
      items: ["data"],
    });
  });

  it("has_more beside a list of records, the last id sent back as starting_after", async () => {
    const doc = openapi(
      list(
        [query("limit", { type: "integer" }), query("starting_after", { type: "string", maxLength: 5000 })],
        {
          type: "object",
          required: ["data", "has_more", "object"],
          properties: {
            data: { type: "array", items: order },
            has_more: { type: "boolean" },
            object: { type: "string", enum: ["list"] },
            url: { type: "string" },
          },
        },
        { data: [{ id: "o1" }], has_more: false, object: "list", url: "/orders" },
      ),
    );
    const d = drafted(doc, ["listOrders"]);
    expect(d.manifest.operations.acme_list_orders!.pagination).toEqual({
      style: "cursor",
      cursor: "$response.body#/data/-1/id",
      send: { in: "query", name: "starting_after" },
      more: { from: "$response.body#/has_more", equals: true },
      items: ["data"],
      pageSize: "limit",
    });
    expect(await linkProblems(d)).toEqual([]);
  });

  it("a Link header on the reply (page and per_page beneath it)", async () => {
    const doc = openapi(
      list(
        [query("per_page", { type: "integer", default: 30 }), query("page", { type: "integer", default: 1 })],
        { type: "array", items: order },
        [{ id: "o1" }],
        { Link: { schema: { type: "string" } } },
      ),
    );
    const d = drafted(doc, ["listOrders"]);
    expect(d.manifest.operations.acme_list_orders!.pagination).toEqual({ style: "linkHeader", items: ["data"] });
    expect(await linkProblems(d)).toEqual([]);
  });

  it("the address of the next page in the reply", async () => {
    const doc = openapi(
      list(
        [],
        {
          type: "object",
          properties: {
            results: { type: "array", items: order },
            next: { type: "string", format: "uri", nullable: true },
          },
        },
        { results: [], next: null },
      ),
    );
    const d = drafted(doc, ["listOrders"]);
    expect(d.manifest.operations.acme_list_orders!.pagination).toEqual({
      style: "nextUrl",
      url: "$response.body#/next",
      items: ["data"],
    });
    expect(await linkProblems(d)).toEqual([]);
  });

  it("an offset, with the page size and the total", async () => {
    const doc = openapi(
      list(
        [
          query("offset", { type: "integer", minimum: 0 }),
          query("limit", { type: "integer", minimum: 1, maximum: 100 }),
        ],
        { type: "object", properties: { results: { type: "array", items: order }, total: { type: "integer" } } },
        { results: [], total: 0 },
      ),
    );
    const d = drafted(doc, ["listOrders"]);
    expect(d.manifest.operations.acme_list_orders!.pagination).toEqual({
      style: "offset",
      send: { in: "query", name: "offset" },
      total: "$response.body#/total",
      items: ["data"],
      pageSize: "limit",
    });
    expect(await linkProblems(d)).toEqual([]);
  });

  it("page numbers without a Link header: the page style, from page 1", async () => {
    const doc = openapi(
      list(
        [query("page", { type: "integer", minimum: 1 }), query("per_page", { type: "integer", maximum: 100 })],
        { type: "array", items: order },
        [],
      ),
    );
    const d = drafted(doc, ["listOrders"]);
    expect(d.manifest.operations.acme_list_orders!.pagination).toEqual({
      style: "page",
      send: { in: "query", name: "page" },
      items: ["data"],
      pageSize: "per_page",
    });
    expect(notesAt(d, "operations.acme_list_orders.pagination")).toEqual([
      "paging recognised as a page number sent as page, the first page 1, per_page the page size; the list ends " +
        "at an empty page",
    ]);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("a reply that is no list has no paging", () => {
    const doc = openapi({
      "/orders/{id}": {
        get: {
          operationId: "getOrder",
          parameters: [
            { name: "id", in: "path", required: true, schema: { type: "string" } },
            query("cursor", { type: "string" }),
          ],
          responses: {
            "200": reply({ type: "object", properties: { id: { type: "string" }, cursor: { type: "string" } } }),
          },
        },
      },
    });
    expect(drafted(doc, ["getOrder"]).manifest.operations.acme_get_order!.pagination).toBeUndefined();
  });
});
