// A collection whose list answer holds a list of texts before its records (`{warnings: [..], position, items: [..]}`,
// a gateway's key listing): the stateful mock filled the first list it found, the texts, which the answer's schema
// refused (so it kept the realistic page), and the round trip read the same first list back for the created record's
// id, finding none. A list that holds a text, a number or a boolean holds no record: both look past it to the records.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firstListAt } from "../common/first-list.js";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { type DraftedOnMock, draftedOnMock, runOnMock } from "./__fixtures__/drafted-subject.js";
import { roundTripCases } from "./kinds/round-trip.js";

const key = {
  type: "object",
  properties: {
    id: { type: "string" },
    zqName: { type: "string" },
    zqStages: { type: "array", items: { type: "string" } },
  },
};
const param = [{ name: "zqKey", in: "path", required: true, schema: { type: "string" } }];
const document = openapi({
  "/zqkeys": {
    get: {
      operationId: "ListZqKeys",
      responses: {
        "200": reply({
          type: "object",
          properties: {
            warnings: { type: "array", items: { type: "string" } },
            position: { type: "string" },
            items: { type: "array", items: key },
          },
        }),
      },
    },
    post: {
      operationId: "CreateZqKey",
      requestBody: {
        required: true,
        content: { "application/json": { schema: { type: "object", properties: { zqName: { type: "string" } } } } },
      },
      responses: { "201": reply(key) },
    },
  },
  "/zqkeys/{zqKey}": {
    get: {
      operationId: "GetZqKey",
      parameters: param,
      responses: { "200": reply(key), "404": { description: "None." } },
    },
  },
});

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqkeys", document, ["ListZqKeys", "CreateZqKey", "GetZqKey"], { stateful: true });
});
afterAll(async () => {
  await on?.close();
});

describe("a list answer holding a list of texts before its records", () => {
  it("is read at its records, a list of texts or numbers passed by, an empty one taken", () => {
    expect(firstListAt({ warnings: ["a"], counts: [1, 2], items: [{ id: "1" }] })).toEqual(["items"]);
    expect(firstListAt({ data: { notes: [true], results: [] } })).toEqual(["data", "results"]);
    expect(firstListAt({ warnings: ["a"] })).toBeUndefined();
  });

  it("round-trips: the list the stateful mock answers holds the created record", async () => {
    const { subject, url } = on as DraftedOnMock;
    const trips = roundTripCases(subject);
    expect(trips.map((c) => c.name)).toEqual(["round trip of /zqkeys: create → get → list"]);
    await runOnMock(url, trips);
  });
});
