// A round trip whose create sends a field its answer's record fixes to a value of its own: a JSON:API record
// (`{data: {id, type: {enum: [zqshare]}, attributes: {type}}}`) whose `type` is the resource's, where the request's
// `type` is the share's kind (`zqfolder`), kept in `attributes`. The stateful mock keeps the record valid, its `type`
// `zqshare`, and the trip's check that the record holds what the create sent failed (`field "type" of the created
// record (the create sent it): expected "zqfolder", got "zqshare"`). A field the answer fixes to values leaving out the
// one sent is the record's own now, not the sent one echoed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { type DraftedOnMock, draftedOnMock, runOnMock } from "./__fixtures__/drafted-subject.js";
import { roundTripCases } from "./kinds/round-trip.js";

const share = {
  type: "object",
  properties: {
    data: {
      type: "object",
      required: ["id", "type"],
      properties: {
        id: { type: "integer", example: 7 },
        type: { type: "string", enum: ["zqshare"] },
        attributes: {
          type: "object",
          properties: { name: { type: "string" }, type: { type: "string", enum: ["zqfolder", "zqfile"] } },
        },
      },
    },
  },
};
const idParam = { name: "id", in: "path", required: true, schema: { type: "integer" } };
const document = openapi({
  "/zqshares": {
    post: {
      operationId: "addZqShare",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["type", "name"],
              properties: {
                name: { type: "string", example: "Zq folder" },
                type: { type: "string", enum: ["zqfolder", "zqfile"], example: "zqfolder" },
              },
            },
          },
        },
      },
      responses: { "201": reply(share) },
    },
  },
  "/zqshares/{id}": {
    get: {
      operationId: "getZqShare",
      parameters: [idParam],
      responses: { "200": reply(share), "404": { description: "None." } },
    },
    delete: { operationId: "deleteZqShare", parameters: [idParam], responses: { "204": { description: "Gone." } } },
  },
});

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqshares", document, ["addZqShare", "getZqShare", "deleteZqShare"], { stateful: true });
});
afterAll(async () => {
  await on?.close();
});

describe("a round trip whose create sends a field the answer's record fixes to its own value", () => {
  it("holds on the stateful mock: the record's own `type` is not read as the one sent", async () => {
    const { subject, url } = on as DraftedOnMock;
    const trips = roundTripCases(subject);
    expect(trips).toHaveLength(1);
    await runOnMock(url, trips);
  });
});
