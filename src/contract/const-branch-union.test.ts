// A value that is one of several texts, each a branch of its own (`oneOf: [{type: string, const: external},
// {type: string, const: external_gte}, {type: string, const: internal}]`, OpenAPI 3.1's enum with words per value:
// OpenSearch's `version_type`). add drafted it as any string with the first branch's limits, so the suite sent
// "example", which no branch takes, and the judge refused the request. It is drafted as the enum of those values now,
// in the query as in the body; a oneOf whose branches list one value twice leaves that value out (it meets both). Of
// a boolean or texts of one value each (OpenSearch's `refresh`), each text is a form of its one value.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "./__fixtures__/drafted-subject.js";

const text = (value: string) => ({ type: "string", const: value, description: `The ${value} kind.` });

const document = openapi(
  {
    "/zqdocs/{zqId}": {
      put: {
        operationId: "PutZqDoc",
        parameters: [
          { name: "zqId", in: "path", required: true, schema: { type: "string" } },
          { name: "zq_version_type", in: "query", schema: { $ref: "#/components/schemas/ZqVersionType" } },
          // A boolean, or one of three texts (OpenSearch's `refresh`): a form each, a text's of its one value.
          {
            name: "zq_refresh",
            in: "query",
            schema: { oneOf: [{ type: "boolean" }, text("false"), text("true"), text("wait_for")] },
          },
        ],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  // "both" is listed by two branches of the oneOf: a value that meets two, left out.
                  zqMode: { oneOf: [{ type: "string", enum: ["fast", "both"] }, text("safe"), text("both")] },
                  zqNote: { type: "string" },
                },
              },
            },
          },
        },
        responses: { "204": { description: "Stored." } },
      },
    },
  },
  { schemas: { ZqVersionType: { oneOf: [text("external"), text("external_gte"), text("internal")] } } },
);

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqconsts", document, ["PutZqDoc"]);
});
afterAll(async () => {
  await on?.close();
});

describe("a oneOf of texts, one value a branch", () => {
  it("is drafted as the enum of those values, in the query and in the body", () => {
    const [tool] = (on as DraftedOnMock).subject.tools;
    const params = Object.fromEntries((tool?.params ?? []).map((p) => [p.name, p])) as Record<
      string,
      { enum?: unknown }
    >;
    expect(params.zq_version_type?.enum).toEqual(["external", "external_gte", "internal"]);
    expect(params.zqMode?.enum).toEqual(["fast", "safe"]);
    expect((params.zq_refresh as { anyOf?: unknown }).anyOf).toEqual([
      { type: "boolean" },
      { type: "string", enum: ["false"] },
      { type: "string", enum: ["true"] },
      { type: "string", enum: ["wait_for"] },
    ]);
  });

  it("every derived case passes on the mock", async () => {
    expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
  });
});
