// A query parameter in deepObject style whose value is a discriminated union with an object inside each kind
// (`zqparams[zqcatalog]=ZQHOTEL&zqparams[zqreport][zqkind]=ZQFEED&…`): Prism builds the value from the fields the
// schema lists beside the union (`zqcatalog` alone), so it found the report missing and the hotel refused by the
// retail kind, and every case sending it failed on the mock while the request judge, which reads the pairs whole,
// took them. The mock's copy now leaves such a parameter to the judge (Prism is told only that an object is there):
// every derived case passes, and a value of no kind is still refused, by the judge.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "./__fixtures__/drafted-subject.js";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const text = { type: "string" };
const report = {
  type: "object",
  properties: { zqkind: { type: "string", enum: ["ZQFEED", "ZQISSUES"] } },
  discriminator: { propertyName: "zqkind", mapping: { ZQFEED: "#/components/schemas/ZqFeedReport" } },
  oneOf: [ref("ZqFeedReport"), ref("ZqIssuesReport")],
};
const catalog = (name: string) => ({
  type: "object",
  properties: { zqcatalog: { type: "string", enum: [name] }, zqreport: report },
  required: ["zqcatalog", "zqreport"],
});

const document = openapi(
  {
    "/zqcatalogs/reports/stats": {
      get: {
        operationId: "zqReportStats",
        parameters: [
          {
            name: "zqparams",
            in: "query",
            required: true,
            style: "deepObject",
            schema: {
              type: "object",
              properties: { zqcatalog: { type: "string", enum: ["ZQRETAIL", "ZQHOTEL"] } },
              required: ["zqcatalog"],
              discriminator: {
                propertyName: "zqcatalog",
                mapping: { ZQRETAIL: "#/components/schemas/ZqRetail", ZQHOTEL: "#/components/schemas/ZqHotel" },
              },
              oneOf: [ref("ZqRetail"), ref("ZqHotel")],
            },
          },
        ],
        responses: { "200": reply({ type: "object", properties: { zqcount: { type: "integer" } } }, { zqcount: 1 }) },
      },
    },
  },
  {
    schemas: {
      ZqRetail: catalog("ZQRETAIL"),
      ZqHotel: catalog("ZQHOTEL"),
      ZqFeedReport: {
        type: "object",
        properties: { zqkind: { type: "string", enum: ["ZQFEED"] }, zqfeed: text },
        required: ["zqkind", "zqfeed"],
      },
      ZqIssuesReport: {
        type: "object",
        properties: { zqkind: { type: "string", enum: ["ZQISSUES"] }, zqrule: text },
        required: ["zqkind"],
      },
    },
  },
);

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqdeepunion", document, ["zqReportStats"]);
});
afterAll(async () => {
  await on?.close();
});

describe("a deepObject query parameter whose value is a discriminated union", () => {
  it("is left to the request judge on the mock: every derived case passes", async () => {
    expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
  });

  it("is read whole: a hotel's feed report taken, a report of no kind refused", async () => {
    const status = async (query: string) => {
      const response = await fetch(`${(on as DraftedOnMock).url}/zqcatalogs/reports/stats?${query}`, {
        headers: { authorization: "Bearer zq-token-1", accept: "application/json" },
      });
      await response.body?.cancel();
      return response.status;
    };
    const hotel = "zqparams[zqcatalog]=ZQHOTEL&zqparams[zqreport][zqkind]=ZQFEED";
    expect(await status(`${encodeURI(hotel)}&zqparams%5Bzqreport%5D%5Bzqfeed%5D=zq%201`)).toBe(200);
    expect(await status(encodeURI("zqparams[zqcatalog]=ZQHOTEL&zqparams[zqreport][zqkind]=ZQNONE"))).toBe(422);
    expect(await status(encodeURI("zqparams[zqcatalog]=ZQRETAIL"))).toBe(422);
    expect(await status("")).toBe(422);
  });
});
