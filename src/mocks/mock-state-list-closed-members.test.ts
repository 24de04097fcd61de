// A collection whose list answers `allOf: [{records: [...]}, {limit, offset, hasMore, …}]`, each member closed
// (`additionalProperties: false`, GrowthBook's lists). The mock's copy of the document reads it as meant: the members
// open, the parent closed over their fields, each named at the parent with an empty schema. The stateful mock read
// those empty schemas over the members' own, found no list of records in the answer, and gave the collection no list:
// the round trip's list held no record it made (the contract suite, reading the document itself, expected one).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { type DraftedOnMock, draftedOnMock, runOnMock } from "../contract/__fixtures__/drafted-subject.js";
import { roundTripCases } from "../contract/kinds/round-trip.js";

const text = { type: "string" };
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const idParam = { name: "id", in: "path", required: true, schema: { type: "string" } };
const closed = (properties: object, required: string[]) => ({
  type: "object",
  properties,
  required,
  additionalProperties: false,
});
const document = openapi(
  {
    "/zqgauges": {
      get: {
        operationId: "ListZqGauges",
        responses: {
          "200": {
            description: "a page",
            content: {
              "application/json": {
                schema: {
                  allOf: [closed({ zqgauges: { type: "array", items: ref("ZqGauge") } }, ["zqgauges"]), ref("ZqPage")],
                },
              },
            },
          },
        },
      },
      post: {
        operationId: "CreateZqGauge",
        requestBody: {
          required: true,
          content: { "application/json": { schema: { type: "object", properties: { zqname: text } } } },
        },
        responses: {
          "200": {
            description: "made",
            content: { "application/json": { schema: closed({ zqgauge: ref("ZqGauge") }, ["zqgauge"]) } },
          },
        },
      },
    },
    "/zqgauges/{id}": {
      get: {
        operationId: "GetZqGauge",
        parameters: [idParam],
        responses: {
          "200": {
            description: "one",
            content: { "application/json": { schema: closed({ zqgauge: ref("ZqGauge") }, ["zqgauge"]) } },
          },
        },
      },
    },
  },
  {
    schemas: {
      ZqGauge: closed({ id: text, zqname: text }, ["id"]),
      ZqPage: closed({ limit: { type: "integer" }, offset: { type: "integer" }, hasMore: { type: "boolean" } }, [
        "limit",
        "offset",
        "hasMore",
      ]),
    },
  },
);

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqgauges", document, ["ListZqGauges", "CreateZqGauge", "GetZqGauge"], { stateful: true });
});
afterAll(async () => {
  await on?.close();
});

describe("a list answer of closed allOf members (the records, the page's fields)", () => {
  it("answers a list holding the record made", async () => {
    const { url } = on as DraftedOnMock;
    const headers = { authorization: "Bearer zq-token-1", "content-type": "application/json" };
    const body = JSON.stringify({ zqname: "zqsent" });
    const created = (await (await fetch(`${url}/zqgauges`, { method: "POST", headers, body })).json()) as {
      zqgauge: { id: string };
    };
    const listed = (await (await fetch(`${url}/zqgauges`, { headers })).json()) as { zqgauges: unknown[] };
    expect(listed.zqgauges).toContainEqual(expect.objectContaining({ id: created.zqgauge.id, zqname: "zqsent" }));
  });

  it("holds a round trip on the stateful mock", async () => {
    const { subject, url } = on as DraftedOnMock;
    const trips = roundTripCases(subject);
    expect(trips.map((t) => t.name)).toEqual([expect.stringContaining("create → get → list")]);
    await runOnMock(url, trips);
  });
});
