// A collection with two creates at one method and path, the second keyed apart by a fragment (`/zqfaces` taking a
// JSON address, `/zqfaces#zq=bytes` the image's bytes: a face store's overloads). The round trip took the first tool
// whose request path was the collection's, the fragment's, which the stateful mock serves apart (mock-document.ts)
// and keeps no record of, so the get answered another record than the create. The trip's create is the operation the
// collection's own key holds: the record it makes is kept, and the get answers it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { type DraftedOnMock, draftedOnMock, runOnMock } from "./__fixtures__/drafted-subject.js";
import { roundTripCases } from "./kinds/round-trip.js";

const face = {
  type: "object",
  required: ["zqFaceId"],
  properties: { zqFaceId: { type: "string", format: "uuid" }, zqNote: { type: "string" } },
};
const created = { "200": reply(face) };
const document = openapi({
  "/zqfaces": {
    post: {
      operationId: "ZqFaces_AddFromUrl",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: { type: "object", required: ["url"], properties: { url: { type: "string", format: "uri" } } },
          },
        },
      },
      responses: created,
    },
  },
  "/zqfaces#zq=bytes": {
    post: {
      operationId: "ZqFaces_AddFromBytes",
      requestBody: {
        required: true,
        content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } },
      },
      responses: created,
    },
  },
  "/zqfaces/{zqFaceId}": {
    get: {
      operationId: "ZqFaces_Get",
      parameters: [{ name: "zqFaceId", in: "path", required: true, schema: { type: "string" } }],
      responses: { "200": reply(face), "404": { description: "No such face." } },
    },
  },
});

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  // The fragment's create drafted first: the tool a lookup by request path alone finds.
  on = await draftedOnMock("zqfaces", document, ["ZqFaces_AddFromBytes", "ZqFaces_AddFromUrl", "ZqFaces_Get"], {
    stateful: true,
  });
});
afterAll(async () => {
  await on?.close();
});

describe("a collection whose second create is keyed apart by a fragment", () => {
  it("round-trips through the create at the collection's own key, and the get answers its record", async () => {
    const { subject, url } = on as DraftedOnMock;
    const trips = roundTripCases(subject);
    expect(trips.map((c) => c.id)).toEqual([
      "zqfaces_zq_faces_add_from_url › scenario › round trip of /zqfaces: create → get",
    ]);
    await runOnMock(url, trips);
  });
});
