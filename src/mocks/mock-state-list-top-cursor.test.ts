// A list answered as a bare JSON array, paged by the id of its last record (`starting_after`: the cursor read at
// `/-1/id`). The stateful mock made its list the last page by ending the cursor where it is read, and so emptied the
// last record's id: a round trip's list then held no record with the id it created. A cursor read from the list's own
// items now stays (the page after the last is empty), wherever the list sits, the whole answer too.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { type DraftedOnMock, draftedOnMock, runOnMock } from "../contract/__fixtures__/drafted-subject.js";
import { roundTripCases } from "../contract/kinds/round-trip.js";

const text = { type: "string" };
const zqitem = {
  type: "object",
  required: ["id", "zqlabel"],
  properties: { id: text, zqlabel: text },
  example: { id: "zq_1", zqlabel: "zqshown" },
};
const document = openapi(
  {
    "/zqitems": {
      get: {
        operationId: "ListZqItems",
        parameters: [
          { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 100, default: 10 } },
          {
            name: "starting_after",
            in: "query",
            description: "A cursor for pagination: the `id` of the last item on the previous page.",
            schema: text,
          },
        ],
        responses: {
          "200": {
            description: "the items",
            content: { "application/json": { schema: { type: "array", items: { $ref: "#/components/schemas/Zq" } } } },
          },
        },
      },
      post: {
        operationId: "CreateZqItem",
        requestBody: {
          required: true,
          content: { "application/json": { schema: { type: "object", properties: { zqlabel: text } } } },
        },
        responses: {
          "200": {
            description: "made",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Zq" } } },
          },
        },
      },
    },
    "/zqitems/{zqItemId}": {
      get: {
        operationId: "GetZqItem",
        parameters: [{ name: "zqItemId", in: "path", required: true, schema: text }],
        responses: {
          "200": {
            description: "one",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Zq" } } },
          },
        },
      },
    },
  },
  { schemas: { Zq: zqitem } },
);

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqitems", document, ["ListZqItems", "CreateZqItem", "GetZqItem"], { stateful: true });
});
afterAll(async () => {
  await on?.close();
});

describe("a bare list paged by its last record's id, on the stateful mock", () => {
  it("is drafted as a cursor read from the list's last item", () => {
    const list = (on as DraftedOnMock).subject.tools.find((t) => t.pagination);
    expect(list?.pagination?.next).toMatchObject({ style: "cursor", cursor: { ref: { pointer: ["-1", "id"] } } });
  });

  it("lists the record made with its id, and asks no page after it", async () => {
    const { url } = on as DraftedOnMock;
    const headers = { authorization: "Bearer zq-token-1", "content-type": "application/json" };
    const body = JSON.stringify({ zqlabel: "zqsent" });
    const created = (await (await fetch(`${url}/zqitems`, { method: "POST", headers, body })).json()) as { id: string };
    const listed = (await (await fetch(`${url}/zqitems`, { headers })).json()) as unknown[];
    expect(listed).toContainEqual(expect.objectContaining({ id: created.id, zqlabel: "zqsent" }));
    const after = await (
      await fetch(`${url}/zqitems?starting_after=${encodeURIComponent(created.id)}`, { headers })
    ).json();
    expect(after).toEqual([]);
  });

  it("holds a round trip", async () => {
    const { subject, url } = on as DraftedOnMock;
    const trips = roundTripCases(subject);
    expect(trips.map((t) => t.name)).toEqual([expect.stringContaining("list")]);
    await runOnMock(url, trips);
  });
});
