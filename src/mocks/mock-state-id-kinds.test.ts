// A create whose answer gives the record's id as text while the read answers it as a number (and takes a number in
// its path): no value is both, so no record the stateful mock keeps fits both answers, the mock made none, and the
// derived round trip compared what the create sent with a read drawn afresh (red on a document that contradicts
// itself, not on the client). A resource's create must give the id a type the read gives it too for a round trip; ids
// typed integer on one side and number on the other still meet, and their round trip holds.
import { afterAll, describe, expect, it } from "vitest";
import { type DraftedOnMock, draftedOnMock } from "../contract/__fixtures__/drafted-subject.js";
import { roundTripCases } from "../contract/kinds/round-trip.js";
import type { CaseContext } from "../contract/types.js";
import { openapi } from "../import/__fixtures__/draft-kit.js";

const text = { type: "string", maxLength: 20 };
const json = (ref: string) => ({ "application/json": { schema: { $ref: `#/components/schemas/${ref}` } } });

function document(createdId: object, readId: object) {
  const record = (id: object) => ({ type: "object", required: ["id"], properties: { id, zqlabel: text } });
  return openapi(
    {
      "/zqtickets": {
        post: {
          operationId: "CreateZqTicket",
          requestBody: {
            required: true,
            content: {
              "application/json": { schema: { type: "object", required: ["zqlabel"], properties: { zqlabel: text } } },
            },
          },
          responses: { "200": { description: "made", content: json("ZqTicketMade") } },
        },
      },
      "/zqtickets/{zqTicketId}": {
        get: {
          operationId: "GetZqTicket",
          parameters: [{ name: "zqTicketId", in: "path", required: true, schema: readId }],
          responses: { "200": { description: "one", content: json("ZqTicket") } },
        },
      },
    },
    { schemas: { ZqTicketMade: record(createdId), ZqTicket: record(readId) } },
  );
}

const opened: DraftedOnMock[] = [];
afterAll(async () => {
  for (const on of opened) await on.close();
});

async function tripsOf(createdId: object, readId: object) {
  const on = await draftedOnMock("zqtickets", document(createdId, readId), ["CreateZqTicket", "GetZqTicket"], {
    stateful: true,
  });
  opened.push(on);
  const ctx: CaseContext = { mockUrl: () => on.url, statefulMockUrl: async () => on.url, seed: 1, runs: 1 };
  return { trips: roundTripCases(on.subject), ctx };
}

describe("a resource whose create and read answer its id", () => {
  it("as text and as a number: no round trip is derived (no record is both)", async () => {
    const { trips } = await tripsOf({ type: "string" }, { type: "integer", minimum: 1 });
    expect(trips).toEqual([]);
  });

  it("as an integer and a number: the round trip is derived and holds on the stateful mock", async () => {
    const { trips, ctx } = await tripsOf({ type: "integer", minimum: 1 }, { type: "number", minimum: 1 });
    expect(trips).toHaveLength(1);
    for (const c of trips) await c.run(ctx);
  });
});
