// A number whose enum lists its values as texts (`type: number, enum: ["2", "3", "4"]`, JSON's quotes: an
// environmental data API's compliance filter, in the query and in a JSON body). The link reads the values (2, 3, 4),
// but add drafted no enum (it kept only numbers), so generate refused add's own draft (BW2006: "enum (none) is
// looser");
// and in a JSON body no value met the mock's copy (2 is no "2", and "2" no number). Now the draft states the values,
// the mock reads them as the judge does, and every derived case passes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "./__fixtures__/drafted-subject.js";
import { deriveCases } from "./derive.js";

const level = { type: "number", enum: ["2", "3", "4"] };
const document = openapi({
  "/zqfacilities": {
    get: {
      operationId: "ListZqFacilities",
      parameters: [{ name: "zq_level", in: "query", schema: level }],
      responses: { "200": { description: "Found.", content: { "application/json": { schema: { type: "object" } } } } },
    },
    post: {
      operationId: "SearchZqFacilities",
      requestBody: {
        content: { "application/json": { schema: { type: "object", properties: { zq_level: level } } } },
      },
      responses: { "200": { description: "Found.", content: { "application/json": { schema: { type: "object" } } } } },
    },
  },
});

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqfacilities", document, ["ListZqFacilities", "SearchZqFacilities"]);
});
afterAll(async () => {
  await on?.close();
});

describe("a number whose enum lists texts of its values", () => {
  it("is drafted with its values, in the query and in a JSON body; every derived case passes on the mock", async () => {
    const subject = (on as DraftedOnMock).subject;
    for (const tool of subject.tools) expect(tool.params.find((p) => p.name === "zq_level")?.enum).toEqual([2, 3, 4]);
    const ids = deriveCases(subject).map((c) => c.id);
    expect(ids).toContain("zqfacilities_search_zq_facilities › enum › zq_level = 3");
    expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
  });
});
