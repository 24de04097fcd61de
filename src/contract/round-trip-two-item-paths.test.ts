// A collection whose records are read at two item paths the wire cannot tell apart (`/folders/{folderId}` and
// `/folders/{folderPath}`, a file store's folders): the suite derived two round trips of one name and stopped with an
// internal error ("two derived cases share the id", exit 70); and the stateful mock looked a record up by the first
// path's id field only, so a get by the folder's path answered another record. Each trip is named by its item path
// where a collection has two, and the mock finds a record by any id field the request's path may name.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { type DraftedOnMock, draftedOnMock } from "./__fixtures__/drafted-subject.js";
import { deriveCases } from "./derive.js";
import { roundTripCases } from "./kinds/round-trip.js";
import type { CaseContext } from "./types.js";

const folder = {
  type: "object",
  required: ["id", "path", "name"],
  properties: { id: { type: "string" }, path: { type: "string" }, name: { type: "string" } },
};
const param = (name: string) => [{ name, in: "path", required: true, schema: { type: "string" } }];
const gone = { "404": { description: "No such folder." } };
const document = openapi({
  "/zqfolders": {
    post: {
      operationId: "CreateZqFolder",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: { type: "object", required: ["name"], properties: { name: { type: "string" } } },
          },
        },
      },
      responses: { "201": reply(folder) },
    },
  },
  "/zqfolders/{zqFolderId}": {
    get: { operationId: "GetZqFolder", parameters: param("zqFolderId"), responses: { "200": reply(folder), ...gone } },
    delete: {
      operationId: "DeleteZqFolder",
      parameters: param("zqFolderId"),
      responses: { "204": { description: "Deleted." }, ...gone },
    },
  },
  "/zqfolders/{zqFolderPath}": {
    get: {
      operationId: "GetZqFolderByPath",
      parameters: param("zqFolderPath"),
      responses: { "200": reply(folder), ...gone },
    },
    delete: {
      operationId: "DeleteZqFolderByPath",
      parameters: param("zqFolderPath"),
      responses: { "204": { description: "Deleted." }, ...gone },
    },
  },
});

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock(
    "zqfolders",
    document,
    ["CreateZqFolder", "GetZqFolder", "DeleteZqFolder", "GetZqFolderByPath", "DeleteZqFolderByPath"],
    { stateful: true },
  );
});
afterAll(async () => {
  await on?.close();
});

describe("a collection read at two item paths", () => {
  it("has a round trip through each, named by it, and each passes on the stateful mock", async () => {
    const trips = deriveCases((on as DraftedOnMock).subject)
      .map((c) => c.id)
      .filter((id) => id.includes("round trip of"));
    expect(trips).toEqual([
      "zqfolders_create_zq_folder › scenario › round trip of /zqfolders through /zqfolders/{zqFolderId}: create → " +
        "get → delete → get (404)",
      "zqfolders_create_zq_folder › scenario › round trip of /zqfolders through /zqfolders/{zqFolderPath}: create → " +
        "get → delete → get (404)",
    ]);
    const opened = on as DraftedOnMock;
    const ctx: CaseContext = { mockUrl: () => opened.url, statefulMockUrl: async () => opened.url, seed: 1, runs: 1 };
    for (const trip of roundTripCases(opened.subject)) await trip.run(ctx);
  });
});
