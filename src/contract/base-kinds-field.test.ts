// A JSON body's field whose schema is a discriminated base (`zqCondition: {$ref: ZqCondition}`, ZqCondition requiring
// `zqType` with a discriminator whose mapping names two schemas extending it by allOf, one adding required fields):
// the link reads the field as one of the kinds, `zqType` naming it, but the suite's sampler made the base's own fields
// alone (`{zqType: "example"}`), which no kind is, so no value of the field passed its own rules and no case of the
// operation could run ("no value of parameter zqCondition passes its own rules"). The sampler now makes a kind, named.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "./__fixtures__/drafted-subject.js";
import { valuesOf } from "./inputs/values.js";
import { DocumentSampler } from "../mocks/sample/schema-sample.js";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const schemas = {
  ZqCoupon: {
    type: "object",
    required: ["zqCondition", "zqTitle"],
    properties: { zqCondition: ref("ZqCondition"), zqTitle: { type: "string", maxLength: 60 } },
  },
  ZqCondition: {
    type: "object",
    required: ["zqType"],
    properties: { zqType: { type: "string", description: "How the coupon is handed out." } },
    discriminator: {
      propertyName: "zqType",
      mapping: { zqplain: ref("ZqPlainCondition").$ref, zqdraw: ref("ZqDrawCondition").$ref },
    },
  },
  ZqPlainCondition: { type: "object", allOf: [ref("ZqCondition")] },
  ZqDrawCondition: {
    type: "object",
    allOf: [
      ref("ZqCondition"),
      {
        type: "object",
        required: ["zqOdds", "zqMost"],
        properties: {
          zqOdds: { type: "integer", minimum: 1, maximum: 99 },
          zqMost: { type: "integer", maximum: 999999 },
        },
      },
    ],
  },
};
const document = openapi(
  {
    "/zqcoupons": {
      post: {
        operationId: "createZqCoupon",
        requestBody: { required: true, content: { "application/json": { schema: ref("ZqCoupon") } } },
        responses: {
          "200": {
            description: "Created.",
            content: {
              "application/json": {
                schema: { type: "object", required: ["zqId"], properties: { zqId: { type: "string" } } },
              },
            },
          },
        },
      },
    },
  },
  { schemas },
);

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqcoupons", document, ["createZqCoupon"]);
});
afterAll(async () => {
  await on?.close();
});

describe("a JSON field of a discriminated base", () => {
  it("is made as one of its kinds, named by the discriminator, by the sampler", () => {
    const sampler = new DocumentSampler(document);
    const kinds = [0, 1, 2, 3].map((seed) => {
      const made = sampler.sample("/components/schemas/ZqCoupon", { seed })?.value as { zqCondition?: unknown };
      return made?.zqCondition as { zqType?: string; zqOdds?: number } | undefined;
    });
    for (const kind of kinds) expect(["zqplain", "zqdraw"]).toContain(kind?.zqType);
    // The kind's own required fields are made with it.
    for (const kind of kinds.filter((k) => k?.zqType === "zqdraw")) expect(kind?.zqOdds).toBeGreaterThanOrEqual(1);
  });

  it("has a value that passes its own rules, and every derived case passes on the mock", async () => {
    const { subject } = on as DraftedOnMock;
    const tool = subject.tools[0];
    if (!tool) throw new Error("no tool drafted");
    const value = valuesOf(tool, subject.document).example("zqCondition")?.value as { zqType?: string } | undefined;
    expect(["zqplain", "zqdraw"]).toContain(value?.zqType);
    expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
  });
});
