// A body field that is `oneOf` a string and a string that may be null (Elasticsearch's `auto_expand_replicas`: `oneOf:
// [{type: string}, $ref NullValue]`, NullValue `{type: string, nullable: true}`). Every string meets both shapes,
// so by the letter only null met the union: add drafted the field as a string, and the mock's judge refused every
// request that sent one ("does not match exactly one subschema (2 matches)"), two cases of the operation failing. add
// now cuts such a union as anyOf, as it does one whose shapes each take every value of another, and says so; a union
// whose shapes differ in more than null is left as published.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "./__fixtures__/drafted-subject.js";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const document = openapi(
  {
    "/zqindices/{zqName}/settings": {
      put: {
        operationId: "PutZqSettings",
        parameters: [{ name: "zqName", in: "path", required: true, schema: { type: "string" } }],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  zqReplicas: { default: "false", oneOf: [{ type: "string" }, ref("ZqNullValue")] },
                  // A string or an integer that may be null: an integer meets only its shape, left a oneOf.
                  zqShards: { oneOf: [{ type: "string" }, { type: "integer", nullable: true }] },
                },
              },
            },
          },
        },
        responses: { "204": { description: "Updated." } },
      },
    },
  },
  {
    schemas: {
      ZqNullValue: { type: "string", nullable: true, description: "A null to be read as a value: resets the setting." },
    },
  },
);

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqnulltwin", document, ["PutZqSettings"]);
});
afterAll(async () => {
  await on?.close();
});

describe("a oneOf of a string and a string that may be null", () => {
  it("is cut as anyOf and said so; a oneOf whose shapes differ in more than null is left as published", () => {
    type Cut = { paths: Record<string, { put: { requestBody: { content: Record<string, { schema: Props }> } } }> };
    type Props = { properties: Record<string, unknown> };
    const { paths } = (on as DraftedOnMock).subject.document.source.data as Cut;
    const fields =
      paths["/zqindices/{zqName}/settings"]?.put.requestBody.content["application/json"]?.schema.properties;
    expect(fields?.zqReplicas).toEqual({ default: "false", anyOf: [{ type: "string" }, ref("ZqNullValue")] });
    expect(fields?.zqShards).toEqual({ oneOf: [{ type: "string" }, { type: "integer", nullable: true }] });
    expect((on as DraftedOnMock).subject.document.source.text).toContain(
      "(oneOf of shape 1, ZqNullValue): anyOf, not oneOf",
    );
  });

  it("every derived case passes on the mock, a string sent for the field among them", async () => {
    expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
  });
});
