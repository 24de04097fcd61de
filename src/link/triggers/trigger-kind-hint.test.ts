// A trigger written by hand naming its event but not how a delivery proves where it came from: the manifest schema's
// oneOf (delivered, or polled) answered with both branches' requirements ("missing required field authentication",
// "… secret", "… poll", "must match exactly one schema in oneOf"), asking for `poll` beside `event`. One line says
// the two kinds and what each takes; a polled one saying no way of finding new items, the three ways.
import { describe, expect, it } from "vitest";
import { handManifest, handWritten } from "../__fixtures__/hand-written.js";
import { linkProblems, reply } from "../../import/__fixtures__/draft-kit.js";

const document = {
  openapi: "3.1.0",
  info: { title: "zqbells", version: "1" },
  servers: [{ url: "https://api.acme.test" }],
  security: [{ bearer: [] }],
  components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
  paths: {
    "/zqbells": {
      get: { operationId: "zqListBells", responses: { "200": reply({ type: "object" }, {}) } },
    },
  },
  webhooks: {
    zqBellRung: {
      post: {
        requestBody: {
          content: { "application/json": { schema: { type: "object", properties: { id: { type: "string" } } } } },
        },
        responses: { "200": { description: "received" } },
      },
    },
  },
};

const manifest = handManifest("zqbells", "Bells of a made-up tower.", {
  operations: {
    zqbells_list: {
      operationId: "zqListBells",
      title: "List",
      description: "Lists bells.",
      outputs: { data: { type: "json", description: "The bells.", from: "$response.body" } },
    },
  },
  triggers: {
    zqbells_rung: {
      title: "Bell rung",
      description: "A bell was rung.",
      event: { webhook: "zqBellRung" },
      outputs: { bellId: { description: "The bell.", from: "$event#/id" } },
    },
  },
});

describe("a trigger written by hand without what its kind takes", () => {
  it("is told in one line that a delivered trigger takes authentication and secret, a polled one poll", async () => {
    const problems = await linkProblems(handWritten(document, manifest), "zqbells");
    expect(problems.map((p) => p.replace(/^[^ ]+ /, ""))).toEqual([
      "triggers.zqbells_rung: a trigger is delivered by the provider or found by polling: give event (its webhook " +
        "or callback), authentication (how a delivery proves where it came from: hmac, sharedSecret or " +
        "standardWebhooks) and secret, or give poll alone",
    ]);
  });

  it("a polled one that says no way of finding new items is told the three ways in one line", async () => {
    const polled = {
      ...manifest,
      triggers: {
        zqbells_added: {
          title: "Bell added",
          description: "A bell was added.",
          eventId: ["$event#/id"],
          outputs: { bellId: { description: "The bell.", from: "$event#/id" } },
          poll: { operation: "zqbells_list", items: "data", intervalSeconds: 300 },
        },
      },
    };
    const problems = await linkProblems(handWritten(document, polled), "zqbells");
    expect(problems.map((p) => p.replace(/^[^ ]+ /, ""))).toEqual([
      "triggers.zqbells_added.poll: say how a poll finds the new items, one way: ids (an item whose id was not " +
        "seen among the last ones, the list newest or oldest first), since (a field of each item that only grows, " +
        "a time or a sequence, passed back as {{poll.since}}) or delta (the address the upstream gives to come back " +
        "with for the changes since)",
    ]);
  });
});
