// An answer's field whose schema is an object that lists texts as its enum (`{type: object, enum: [PKW, VAN],
// properties: {name}}`, a car configurator's product group): no value meets both, the mock's Prism served a text of the
// enum and then refused it as no object, and every case of the operation failed (31 of 609). The mock reads the type,
// which is what an answer carries, without the enum; a list whose enum lists no list likewise.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "./__fixtures__/drafted-subject.js";

const group = {
  type: "object",
  enum: ["ZQCAR", "ZQVAN"],
  properties: { name: { type: "string" } },
  required: ["name"],
};
const tags = { type: "array", enum: ["zqa", "zqb"], items: { type: "string" } };
const model = {
  type: "object",
  required: ["id", "zqGroup", "zqTags"],
  properties: { id: { type: "string" }, zqGroup: group, zqTags: tags },
};
const document = openapi({
  "/zqmodels/{zqModelId}": {
    get: {
      operationId: "GetZqModel",
      parameters: [{ name: "zqModelId", in: "path", required: true, schema: { type: "string" } }],
      responses: { "200": reply(model) },
    },
  },
});

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqmodels", document, ["GetZqModel"]);
});
afterAll(async () => {
  await on?.close();
});

describe("an answer's object or list whose enum lists no value of its type", () => {
  it("is served as its type, and every derived case passes on the mock", async () => {
    expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
  });
});
