// A collection whose GET lists links to its records, not the records (`{_links: {zqsubs: [{href, kind}]}}`, a
// telecom standard's subscriptions): the round trip read the list back for the created record's id, which no item of
// such a list can hold, and failed on a mock that rightly kept the list's own shape. A list whose items declare no
// field the id can sit in is no listing of the records: the trip goes create → get → delete → get (404), and a
// list whose items hold the id keeps its step.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { type DraftedOnMock, draftedOnMock } from "./__fixtures__/drafted-subject.js";
import { deriveCases } from "./derive.js";
import { roundTripCases } from "./kinds/round-trip.js";
import type { CaseContext } from "./types.js";

const sub = {
  type: "object",
  required: ["id", "callbackUri"],
  properties: { id: { type: "string" }, callbackUri: { type: "string", format: "uri" } },
};
const link = {
  type: "object",
  required: ["href", "kind"],
  properties: { href: { type: "string", format: "uri" }, kind: { type: "string", enum: ["zqa", "zqb"] } },
};
const param = [{ name: "zqSubId", in: "path", required: true, schema: { type: "string" } }];
const gone = { "404": { description: "No such subscription." } };
const created = (listed: object) =>
  openapi({
    "/zqsubs": {
      get: { operationId: "ListZqSubs", responses: { "200": reply(listed) } },
      post: {
        operationId: "CreateZqSub",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["callbackUri"],
                properties: { callbackUri: { type: "string", format: "uri" } },
              },
            },
          },
        },
        responses: { "201": reply(sub) },
      },
    },
    "/zqsubs/{zqSubId}": {
      get: { operationId: "GetZqSub", parameters: param, responses: { "200": reply(sub), ...gone } },
      delete: {
        operationId: "DeleteZqSub",
        parameters: param,
        responses: { "204": { description: "Gone." }, ...gone },
      },
    },
  });
const operations = ["ListZqSubs", "CreateZqSub", "GetZqSub", "DeleteZqSub"];

const trips = (on: DraftedOnMock) =>
  deriveCases(on.subject)
    .map((c) => c.id.replace(/^.* › scenario › /, ""))
    .filter((id) => id.startsWith("round trip of"));
const runAll = async (on: DraftedOnMock) => {
  const ctx: CaseContext = { mockUrl: () => on.url, statefulMockUrl: async () => on.url, seed: 1, runs: 1 };
  for (const trip of roundTripCases(on.subject)) await trip.run(ctx);
};

describe("a collection whose GET lists links to its records", () => {
  let on: DraftedOnMock | undefined;
  beforeAll(async () => {
    const links = {
      type: "object",
      required: ["_links"],
      properties: {
        _links: {
          type: "object",
          required: ["self"],
          properties: { self: link, zqsubs: { type: "array", items: link } },
        },
      },
    };
    on = await draftedOnMock("zqsublinks", created(links), operations, { stateful: true });
  });
  afterAll(async () => {
    await on?.close();
  });

  it("has a round trip without the list step, and it passes on the stateful mock", async () => {
    const opened = on as DraftedOnMock;
    expect(trips(opened)).toEqual(["round trip of /zqsubs: create → get → delete → get (404)"]);
    await runAll(opened);
  });
});

describe("a collection whose GET lists the records", () => {
  let on: DraftedOnMock | undefined;
  beforeAll(async () => {
    const records = { type: "object", properties: { zqsubs: { type: "array", items: sub } } };
    on = await draftedOnMock("zqsubrecords", created(records), operations, { stateful: true });
  });
  afterAll(async () => {
    await on?.close();
  });

  it("keeps the list step, and the list holds the created record", async () => {
    const opened = on as DraftedOnMock;
    expect(trips(opened)).toEqual(["round trip of /zqsubs: create → get → list → delete → get (404)"]);
    await runAll(opened);
  });
});

// A GET whose answer declares no list at all (`{zqsubs: {}}`: a field of no type, as a generator writes a type it
// could not name): the trip kept its list step, and failed, for no mock can know where the records would go.
describe("a collection whose GET declares no list", () => {
  let on: DraftedOnMock | undefined;
  beforeAll(async () => {
    on = await draftedOnMock("zqsubuntyped", created({ type: "object", properties: { zqsubs: {} } }), operations, {
      stateful: true,
    });
  });
  afterAll(async () => {
    await on?.close();
  });

  it("has a round trip without the list step, and it passes on the stateful mock", async () => {
    const opened = on as DraftedOnMock;
    expect(trips(opened)).toEqual(["round trip of /zqsubs: create → get → delete → get (404)"]);
    await runAll(opened);
  });
});
