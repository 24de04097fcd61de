// A collection whose list answers one of two shapes, a page (`{collection: [...], next_href}`) or a bare list, whose
// document example for the bare list is one record (not a list of one): the page is open, lists no required field,
// so that object is a valid page and the example is kept, and served. The stateful mock found no list in it to put the
// records in, kept it, and a round trip's list held none of them. A list answer holding no list now holds the records
// in an answer drawn from its schema, where one holds a list and fits with them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { type DraftedOnMock, draftedOnMock, runOnMock } from "../contract/__fixtures__/drafted-subject.js";
import { roundTripCases } from "../contract/kinds/round-trip.js";

const text = { type: "string" };
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const one = { id: 7, zqtitle: "zqshown" };
const idParam = { name: "zqListId", in: "path", required: true, schema: { type: "integer" } };
const document = openapi(
  {
    "/zqlists": {
      get: {
        operationId: "ListZqLists",
        responses: {
          "200": {
            description: "a page, or (deprecated) a bare list",
            content: {
              "application/json": {
                schema: { oneOf: [ref("ZqListPage"), ref("ZqListArray")] },
                examples: { zqbare: { value: one } },
              },
            },
          },
        },
      },
      post: {
        operationId: "CreateZqList",
        requestBody: {
          required: true,
          content: { "application/json": { schema: { type: "object", properties: { zqtitle: text } } } },
        },
        responses: { "201": { description: "made", content: { "application/json": { schema: ref("ZqList") } } } },
      },
    },
    "/zqlists/{zqListId}": {
      get: {
        operationId: "GetZqList",
        parameters: [idParam],
        responses: { "200": { description: "one", content: { "application/json": { schema: ref("ZqList") } } } },
      },
    },
  },
  {
    schemas: {
      ZqList: { type: "object", properties: { id: { type: "integer" }, zqtitle: text }, example: one },
      ZqListPage: {
        type: "object",
        properties: { collection: { type: "array", items: ref("ZqList") }, next_href: text },
      },
      ZqListArray: { type: "array", items: ref("ZqList") },
    },
  },
);

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqlists", document, ["ListZqLists", "CreateZqList", "GetZqList"], { stateful: true });
});
afterAll(async () => {
  await on?.close();
});

describe("a list answer whose served example holds no list (one record, valid as the open page)", () => {
  it("answers a list holding the record made, in a shape of the answer's union", async () => {
    const { url } = on as DraftedOnMock;
    const headers = { authorization: "Bearer zq-token-1", "content-type": "application/json" };
    const body = JSON.stringify({ zqtitle: "zqsent" });
    const created = (await (await fetch(`${url}/zqlists`, { method: "POST", headers, body })).json()) as {
      id: number;
    };
    const listed = (await (await fetch(`${url}/zqlists`, { headers })).json()) as unknown;
    const items = Array.isArray(listed) ? listed : (listed as { collection?: unknown[] }).collection;
    expect(items).toContainEqual(expect.objectContaining({ id: created.id, zqtitle: "zqsent" }));
  });

  it("holds a round trip on the stateful mock", async () => {
    const { subject, url } = on as DraftedOnMock;
    const trips = roundTripCases(subject);
    expect(trips.map((t) => t.name)).toEqual([expect.stringContaining("create → get → list")]);
    await runOnMock(url, trips);
  });
});
