// A collection under a literal segment of another's items (`/zqorders/zqedits` beside `/zqorders/{zqOrderId}`, as a
// shop's order edits sit beside its orders): the stateful mock took the first resource route a request's path matched,
// in the document's order, so the list of the edits (`GET /zqorders/zqedits`) was read as a get of the order
// "zqedits", answered realistically, and the edits' round trip failed ("the list holds no record with zqEditId …").
// The mock now routes a request as OpenAPI does: the most literal path first (`/pets/mine` before `/pets/{id}`).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { type DraftedOnMock, draftedOnMock } from "./__fixtures__/drafted-subject.js";
import { roundTripCases } from "./kinds/round-trip.js";
import type { CaseContext } from "./types.js";

const record = (id: string) => ({
  type: "object",
  required: [id, "zqName"],
  properties: { [id]: { type: "string" }, zqName: { type: "string" } },
});
const create = (operationId: string) => ({
  operationId,
  requestBody: {
    required: true,
    content: {
      "application/json": {
        schema: { type: "object", required: ["zqName"], properties: { zqName: { type: "string" } } },
      },
    },
  },
  responses: { "201": reply(record(operationId === "createZqOrder" ? "zqOrderId" : "zqEditId")) },
});
const list = (operationId: string, id: string) => ({
  operationId,
  responses: {
    "200": reply({
      type: "object",
      required: ["zqResults"],
      properties: { zqResults: { type: "array", items: record(id) } },
    }),
  },
});
const read = (operationId: string, id: string) => ({
  operationId,
  parameters: [{ name: id, in: "path", required: true, schema: { type: "string" } }],
  responses: { "200": reply(record(id)), "404": { description: "None." } },
});
// The orders first: the document's order put their item path's route before the edits' collection.
const document = openapi({
  "/zqorders": { post: create("createZqOrder"), get: list("listZqOrders", "zqOrderId") },
  "/zqorders/{zqOrderId}": { get: read("getZqOrder", "zqOrderId") },
  "/zqorders/zqedits": { post: create("createZqEdit"), get: list("listZqEdits", "zqEditId") },
  "/zqorders/zqedits/{zqEditId}": { get: read("getZqEdit", "zqEditId") },
});

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock(
    "zqorders",
    document,
    ["createZqOrder", "listZqOrders", "getZqOrder", "createZqEdit", "listZqEdits", "getZqEdit"],
    { stateful: true },
  );
});
afterAll(async () => {
  await on?.close();
});

describe("a collection under a literal segment of another collection's items", () => {
  it("is listed by its own list on the stateful mock, not read as the other's record", async () => {
    const opened = on as DraftedOnMock;
    const trips = roundTripCases(opened.subject);
    expect(trips.map((t) => t.id.replace(/^.*round trip of /, ""))).toEqual([
      "/zqorders: create → get → list",
      "/zqorders/zqedits: create → get → list",
    ]);
    const ctx: CaseContext = { mockUrl: () => opened.url, statefulMockUrl: async () => opened.url, seed: 1, runs: 1 };
    for (const trip of trips) await expect(trip.run(ctx)).resolves.toBeUndefined();
    // The edits' list holds the edit made, and the orders' list only the order.
    const get = async (path: string) =>
      (
        (await (await fetch(`${opened.url}${path}`, { headers: { authorization: "Bearer zq" } })).json()) as {
          zqResults: Record<string, unknown>[];
        }
      ).zqResults;
    expect((await get("/zqorders/zqedits")).map((r) => Object.keys(r).includes("zqEditId"))).toEqual([true]);
    expect((await get("/zqorders")).map((r) => Object.keys(r).includes("zqOrderId"))).toEqual([true]);
  });
});
