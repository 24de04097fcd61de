// A HEAD operation whose answer is JSON content alone, without the description OpenAPI requires (`ping@200: {content:
// {application/json: {}}}`: OpenSearch's `ping` and `exists`). The mock serves an answer to HEAD without content (RFC
// 9110), which left that answer an empty object, and Prism answered every HEAD with a 500: 7 cases of `ping` failed.
// The mock keeps a description now ("" where none was given); an answer with one (ZqDocExists's) passed before too.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "./__fixtures__/drafted-subject.js";

const document = openapi(
  {
    "/": { head: { operationId: "PingZq", responses: { "200": { $ref: "#/components/responses/zqping@200" } } } },
    "/zqdocs/{zqId}": {
      head: {
        operationId: "ZqDocExists",
        parameters: [{ name: "zqId", in: "path", required: true, schema: { type: "string" } }],
        responses: {
          "200": { description: "Found.", content: { "application/json": {} } },
          "404": { description: "Missing.", content: { "application/json": {} } },
        },
      },
    },
  },
  { responses: { "zqping@200": { content: { "application/json": {} } } } },
  { openapi: "3.1.0" },
);

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqhead", document, ["PingZq", "ZqDocExists"]);
});
afterAll(async () => {
  await on?.close();
});

describe("a HEAD operation whose answer declares JSON without a schema", () => {
  it("every derived case passes on the mock", async () => {
    expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
  });
});
