// A form or multipart body's required list (line items, tags) with no minItems: the suite made it with the fewest
// items, `[]`, which a form sends no pair for, so no value of it could be sent and every case of the operation failed
// ("no value of parameter … passes its own rules"). The made values now include one whose lists hold an item, after
// the fewest: the list is sent, the other fields keep their fewest. Every derived case passes on the mock.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "./__fixtures__/drafted-subject.js";

const line = {
  type: "object",
  required: ["zqsku"],
  properties: { zqsku: { type: "string", maxLength: 9 }, zqqty: { type: "integer", minimum: 1, maximum: 9 } },
};
const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) };
const document = openapi({
  "/zqorders": {
    post: {
      operationId: "CreateZqOrder",
      requestBody: {
        required: true,
        content: {
          "application/x-www-form-urlencoded": {
            schema: {
              type: "object",
              required: ["zqlines"],
              properties: {
                zqlines: { type: "array", items: line },
                zqtags: { type: "array", items: { type: "string", maxLength: 9 } },
              },
            },
            encoding: { zqlines: { style: "deepObject", explode: true } },
          },
        },
      },
      responses: ok,
    },
  },
  "/zqlabels": {
    post: {
      operationId: "CreateZqLabel",
      requestBody: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: {
              type: "object",
              required: ["zqnames"],
              properties: { zqnames: { type: "array", items: { type: "string", maxLength: 9 } } },
            },
          },
        },
      },
      responses: ok,
    },
  },
});

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqorders", document, ["CreateZqOrder", "CreateZqLabel"]);
});
afterAll(async () => {
  await on?.close();
});

describe("a form or multipart body's required list", () => {
  it("gets a value holding an item, and every derived case passes on the mock", async () => {
    expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
  });
});
