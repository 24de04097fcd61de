// A round trip whose create sends a text naming another record (`zqRegion: "zq1"`, a slug) that the answer gives
// back as that record, expanded (`zqRegion: {zqSlug: "zq1", zqName: …}`), as a cloud API's load balancers do: the
// trip held the record's field to the text sent and failed ("expected "zq1", got {…}"). A text sent is kept where
// the answer's field is an object one of whose own fields it is; an object that does not hold it still fails.
import { afterAll, describe, expect, it } from "vitest";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { type DraftedOnMock, draftedOnMock } from "./__fixtures__/drafted-subject.js";
import { roundTripCases } from "./kinds/round-trip.js";
import type { CaseContext } from "./types.js";

const idParam = { name: "zqBalancerId", in: "path", required: true, schema: { type: "string" } };

/** A create sending region "zq1", whose answers give the region back as the object `answered`. */
function document(answered: { zqSlug: string; zqName: string }) {
  // Its slug's one value, so that an answer the stateful mock makes holds it too.
  const region = {
    type: "object",
    required: ["zqSlug"],
    properties: { zqSlug: { type: "string", enum: [answered.zqSlug] }, zqName: { type: "string" } },
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
async function tripFailure(answered: { zqSlug: string; zqName: string }): Promise<string | undefined> {
  const on = await draftedOnMock(
    "zqbalancers",
    document(answered),
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

  it("still fails where it does not", async () => {
    expect(await tripFailure({ zqSlug: "zq2", zqName: "Zq Two" })).toMatch(/field "zqRegion" of the created record/);
  });
});
