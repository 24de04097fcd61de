// A round trip over a resource whose answers make every field optional, as AWS's documents do (Lambda's event source
// mappings and functions, found with `add --operations all`): the stateful mock kept the record but served Prism's
// drawn answer, `{}`, to the create (it held no id to put the record in) and to the list (no list to put the records
// in); and the round trip read the create's answer under the read's envelope (`{Configuration: {...}}`), which the
// create's answer, the record itself, does not have. Each step holds the record now.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { type DraftedOnMock, draftedOnMock } from "./__fixtures__/drafted-subject.js";
import { roundTripCases } from "./kinds/round-trip.js";
import type { CaseContext } from "./types.js";

const shelf = {
  type: "object",
  properties: { ZqShelfId: { type: "string" }, ZqLabel: { type: "string" }, ZqSlots: { type: "integer" } },
};
const idParam = { name: "ZqShelfId", in: "path", required: true, schema: { type: "string" } };
const document = openapi({
  "/zqshelves": {
    post: {
      operationId: "CreateZqShelf",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: { type: "object", required: ["ZqLabel"], properties: { ZqLabel: { type: "string" } } },
          },
        },
      },
      // Examples that hold no field, as Prism may draw such answers: the mock's own answer lacks the id and the list.
      responses: { "202": reply(shelf, {}) },
    },
    get: {
      operationId: "ListZqShelves",
      parameters: [{ name: "Marker", in: "query", schema: { type: "string" } }],
      responses: {
        "200": reply(
          {
            type: "object",
            properties: { NextMarker: { type: "string" }, ZqShelves: { type: "array", items: shelf } },
          },
          {},
        ),
      },
    },
  },
  "/zqshelves/{ZqShelfId}": {
    get: {
      operationId: "GetZqShelf",
      parameters: [idParam],
      responses: {
        "200": reply({ type: "object", properties: { Configuration: shelf, ZqNote: { type: "string" } } }),
        "404": { description: "None." },
      },
    },
    delete: { operationId: "DeleteZqShelf", parameters: [idParam], responses: { "204": { description: "Gone." } } },
  },
});

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  const operations = ["CreateZqShelf", "ListZqShelves", "GetZqShelf", "DeleteZqShelf"];
  on = await draftedOnMock("zqshelves", document, operations, { stateful: true });
});
afterAll(async () => {
  await on?.close();
});

describe("a round trip whose answers make every field optional", () => {
  it("holds on the stateful mock: the create, the get under its envelope, the list and the delete", async () => {
    const { subject, url } = on as DraftedOnMock;
    const trips = roundTripCases(subject);
    expect(trips.map((c) => c.id)).toEqual([
      "zqshelves_create_zq_shelf › scenario › round trip of /zqshelves: create → get → list → delete → get (404)",
    ]);
    const ctx: CaseContext = {
      mockUrl: () => url,
      statefulMockUrl: async () => url,
      seed: 1,
      runs: 1,
    };
    for (const c of trips) await c.run(ctx);
  });
});
