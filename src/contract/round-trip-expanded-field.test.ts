// A round trip whose create sends a text naming another record (`zqRegion: "zq1"`, a slug) that the answer gives
// back as that record, expanded (`zqRegion: {zqSlug: "zq1", zqName: …}`), as a cloud API's load balancers do: the
// trip held the record's field to the text sent and failed ("expected "zq1", got {…}"). A text sent is kept where
// the answer's field is an object one of whose own fields it is; an object that does not hold it still fails. The
// stateful mock drew such an object (its fields texts of its own) and kept nothing of the text sent, so the trip failed
// on the mock: it now puts the text in the object's field an answer's example shows it in, else its first text field.
import { afterAll, describe, expect, it } from "vitest";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { type DraftedOnMock, draftedOnMock } from "./__fixtures__/drafted-subject.js";
import { roundTripCases } from "./kinds/round-trip.js";
import { namingObjects, type Resource } from "../mocks/mock-resources.js";
import type { CaseContext } from "./types.js";

const idParam = { name: "zqBalancerId", in: "path", required: true, schema: { type: "string" } };

/**
 * A create sending region "zq1", whose answers' examples give the region back as the object `answered`; its fields
 * of one value each (`pinned`: the stateful mock's drawn record holds them too), else any text the mock draws.
 */
function document(answered: { zqSlug: string; zqName: string }, pinned = true) {
  const region = {
    type: "object",
    required: ["zqSlug"],
    properties: {
      zqSlug: { type: "string", ...(pinned ? { enum: [answered.zqSlug] } : {}) },
      zqName: { type: "string", ...(pinned ? { enum: [answered.zqName] } : {}) },
    },
  };
  const balancer = {
    type: "object",
    required: ["zqBalancerId", "zqRegion"],
    properties: { zqBalancerId: { type: "string" }, zqRegion: region },
  };
  const record = { zqBalancerId: "b1", zqRegion: answered };
  return openapi({
    "/zqbalancers": {
      post: {
        operationId: "createZqBalancer",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["zqRegion"],
                properties: { zqRegion: { type: "string", example: "zq1" } },
              },
            },
          },
        },
        responses: { "201": reply(balancer, record) },
      },
    },
    "/zqbalancers/{zqBalancerId}": {
      get: {
        operationId: "getZqBalancer",
        parameters: [idParam],
        responses: { "200": reply(balancer, record), "404": { description: "None." } },
      },
      delete: {
        operationId: "deleteZqBalancer",
        parameters: [idParam],
        responses: { "204": { description: "Gone." } },
      },
    },
  });
}

const opened: DraftedOnMock[] = [];
afterAll(async () => {
  for (const on of opened) await on.close();
});

/** The round trip of the document, run on its stateful mock: its failure's message, or undefined. */
async function tripFailure(answered: { zqSlug: string; zqName: string }, pinned = true): Promise<string | undefined> {
  const on = await draftedOnMock(
    "zqbalancers",
    document(answered, pinned),
    ["createZqBalancer", "getZqBalancer", "deleteZqBalancer"],
    {
      stateful: true,
    },
  );
  opened.push(on);
  const [trip] = roundTripCases(on.subject);
  expect(trip?.id).toContain("round trip of /zqbalancers");
  const ctx: CaseContext = { mockUrl: () => on.url, statefulMockUrl: async () => on.url, seed: 1, runs: 1 };
  try {
    await trip?.run(ctx);
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

describe("a round trip whose answer expands a text the create sent into the record it names", () => {
  it("holds where the object holds the text sent", async () => {
    expect(await tripFailure({ zqSlug: "zq1", zqName: "Zq One" })).toBeUndefined();
  });

  // The mock drew the record's region (a slug of its own) and kept nothing of the text sent: the trip failed on a
  // document whose examples show the text sent as the region's slug.
  it("holds where the mock draws the object: the text sent put where the answer's example shows it", async () => {
    expect(await tripFailure({ zqSlug: "zq1", zqName: "Zq One" }, false)).toBeUndefined();
  });

  // (The document's examples disagreeing: the create's example sends one text, the answer's shows another.)
  it("holds where the mock draws the object and no example shows the text: put in its first text field", async () => {
    expect(await tripFailure({ zqSlug: "zq9", zqName: "Zq Nine" }, false)).toBeUndefined();
  });

  it("still fails where the object holds no field that can take it", async () => {
    expect(await tripFailure({ zqSlug: "zq2", zqName: "Zq Two" })).toMatch(/field "zqRegion" of the created record/);
  });
});

describe("where the stateful mock puts a text sent for an object", () => {
  const resource = { envelope: undefined } as unknown as Resource;
  const drawn = { zqSlug: "zq-drawn", zqName: "Zq Drawn", zqSize: 3 };

  it("first in the field an answer's example shows it in, then in each field of its type", () => {
    const example = { zqRegion: { zqSlug: "zq-other", zqName: "zq1" } };
    expect(namingObjects(resource, [undefined, example], "zqRegion", drawn, "zq1")).toEqual([
      { ...drawn, zqName: "zq1" },
      { ...drawn, zqSlug: "zq1" },
    ]);
    expect(namingObjects(resource, [], "zqRegion", "zq-text", "zq1")).toEqual([]);
  });
});
