// A collection read back by two item paths alike but for their expressions' names (`/zqfolders/{zqFolderId}` and
// `/zqfolders/{zqFolderPath}`, as a file store reads a folder by its id or its path): the derivation named both
// round trips by the collection and stopped ("two derived cases share the id"); and the mock, serving each item path
// apart (mock-document.ts), kept no record for either. Each trip is named by its item path and holds.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { type DraftedOnMock, draftedOnMock, runOnMock } from "./__fixtures__/drafted-subject.js";
import { deriveCases } from "./derive.js";
import { roundTripCases } from "./kinds/round-trip.js";

// The id is digits, the path words: a request to either is told apart by the request judge (mock-judge.ts).
const id = { type: "string", pattern: "^[0-9]+$" };
const folder = {
  type: "object",
  properties: { zqFolderId: id, zqFolderPath: { type: "string" }, zqLabel: { type: "string" } },
};
const itemPath = (name: string, operationId: string, schema: object) => ({
  get: {
    operationId,
    parameters: [{ name, in: "path", required: true, schema }],
    responses: { "200": reply(folder), "404": { description: "None." } },
  },
});
const document = openapi({
  "/zqfolders": {
    post: {
      operationId: "createZqFolder",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: { type: "object", required: ["zqLabel"], properties: { zqLabel: { type: "string" } } },
          },
        },
      },
      responses: { "201": reply(folder) },
    },
  },
  "/zqfolders/{zqFolderId}": itemPath("zqFolderId", "getZqFolderById", id),
  "/zqfolders/{zqFolderPath}": itemPath("zqFolderPath", "getZqFolderByPath", { type: "string" }),
});

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqfolders", document, ["all"], { stateful: true });
});
afterAll(async () => {
  await on?.close();
});

describe("a collection read back by two item paths alike", () => {
  it("has a round trip through each, named by its item path, and each holds on the stateful mock", async () => {
    const { subject, url } = on as DraftedOnMock;
    expect(() => deriveCases(subject)).not.toThrow();
    const trips = roundTripCases(subject);
    expect(trips.map((c) => c.id)).toEqual([
      "zqfolders_create_zq_folder › scenario › round trip of /zqfolders through /zqfolders/{zqFolderId}: create → " +
        "get",
      "zqfolders_create_zq_folder › scenario › round trip of /zqfolders through /zqfolders/{zqFolderPath}: create → " +
        "get",
    ]);
    await runOnMock(url, trips);
  });
});
