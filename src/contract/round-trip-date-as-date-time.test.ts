// A round trip whose create sends a day (`format: date`) that its answers hold as a date-time (`format: date-time`:
// a booking's `end`, the answer's format taken from its example by the cut): the stateful mock kept its own drawn
// date-time, since the day sent breaks the answer's format, and the trip's check that the record holds what the create
// sent failed (`expected "2024-05-01", got "2025-10-15T13:51:55.172Z"`). The mock now keeps the day as that day's
// date-time (UTC midnight), and the trip reads a date-time of the day sent as the day sent.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { type DraftedOnMock, draftedOnMock, runOnMock } from "./__fixtures__/drafted-subject.js";
import { roundTripCases } from "./kinds/round-trip.js";

const stay = {
  type: "object",
  required: ["zqStayId", "zqEnd"],
  properties: {
    zqStayId: { type: "string", example: "zq-stay-1" },
    zqEnd: { type: "string", format: "date-time", example: "2025-10-15T13:51:55.172Z" },
  },
};
const idParam = { name: "zqStayId", in: "path", required: true, schema: { type: "string" } };
const document = openapi({
  "/zqstays": {
    post: {
      operationId: "createZqStay",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["zqEnd"],
              properties: { zqEnd: { type: "string", format: "date", example: "2024-05-01" } },
            },
          },
        },
      },
      responses: { "201": reply(stay) },
    },
  },
  "/zqstays/{zqStayId}": {
    get: {
      operationId: "getZqStay",
      parameters: [idParam],
      responses: { "200": reply(stay), "404": { description: "None." } },
    },
    delete: { operationId: "deleteZqStay", parameters: [idParam], responses: { "204": { description: "Gone." } } },
  },
});

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqstays", document, ["createZqStay", "getZqStay", "deleteZqStay"], { stateful: true });
});
afterAll(async () => {
  await on?.close();
});

describe("a round trip whose create sends a day its answers hold as a date-time", () => {
  it("holds on the stateful mock: the record keeps the day sent, as that day's date-time", async () => {
    const { subject, url } = on as DraftedOnMock;
    const trips = roundTripCases(subject);
    expect(trips).toHaveLength(1);
    await runOnMock(url, trips);
  });
});
