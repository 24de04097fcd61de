// A resource whose create answer lets a field be null that its read answer requires a value in, and the other way
// round for another (`nullable` on either side, as published documents write one answer per operation): a record
// drawn from either schema, or the two draws joined, held a null the other answer refuses, so the stateful mock made
// none and a round trip read back the document's example instead of what the create sent. The joined draw now keeps
// a value where one side drew null.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { type DraftedOnMock, draftedOnMock, runOnMock } from "../contract/__fixtures__/drafted-subject.js";
import { roundTripCases } from "../contract/kinds/round-trip.js";

const text = { type: "string" };
const maybeText = { type: "string", nullable: true };
const json = (ref: string) => ({ "application/json": { schema: { $ref: `#/components/schemas/${ref}` } } });
const idParam = { name: "zqTripId", in: "path", required: true, schema: { type: "string" } };
const answer = (note: object, source: object, example: object) => ({
  type: "object",
  required: ["id", "zqlabel", "zqnote", "zqsource"],
  properties: { id: text, zqlabel: text, zqnote: note, zqsource: source },
  example,
});
const document = openapi(
  {
    "/zqtrips": {
      post: {
        operationId: "CreateZqTrip",
        requestBody: {
          required: true,
          content: {
            "application/json": { schema: { type: "object", required: ["zqlabel"], properties: { zqlabel: text } } },
          },
        },
        responses: { "200": { description: "made", content: json("ZqTripStarted") } },
      },
    },
    "/zqtrips/{zqTripId}": {
      get: {
        operationId: "GetZqTrip",
        parameters: [idParam],
        responses: { "200": { description: "one", content: json("ZqTrip") } },
      },
    },
  },
  {
    schemas: {
      ZqTripStarted: answer(maybeText, text, { id: "zq1", zqlabel: "zqshown", zqnote: null, zqsource: "zqweb" }),
      ZqTrip: answer(text, maybeText, { id: "zq1", zqlabel: "zqshown", zqnote: "zqread", zqsource: null }),
    },
  },
);

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqtrips", document, ["CreateZqTrip", "GetZqTrip"], { stateful: true });
});
afterAll(async () => {
  await on?.close();
});

describe("a resource whose create and read answers each let another field be null", () => {
  it("keeps the record the create sent, its label read back, no null where either answer refuses one", async () => {
    const { url } = on as DraftedOnMock;
    const headers = { authorization: "Bearer zq-token-1", "content-type": "application/json" };
    const body = JSON.stringify({ zqlabel: "zqsent" });
    const created = (await (await fetch(`${url}/zqtrips`, { method: "POST", headers, body })).json()) as {
      id: string;
      zqlabel: string;
    };
    expect(created.zqlabel).toBe("zqsent");
    const read = (await (await fetch(`${url}/zqtrips/${created.id}`, { headers })).json()) as Record<string, unknown>;
    expect(read).toMatchObject({ id: created.id, zqlabel: "zqsent" });
    expect(typeof read.zqnote).toBe("string");
    expect(typeof read.zqsource).toBe("string");
  });

  it("holds a round trip on the stateful mock", async () => {
    const { subject, url } = on as DraftedOnMock;
    const trips = roundTripCases(subject);
    expect(trips.length).toBe(1);
    await runOnMock(url, trips);
  });
});
