// A JSON body field several `allOf` members declare, one of them `nullable: true` and another a type without it (a
// shared options schema whose fields are nullable, beside the operation's own member requiring one of them as a text):
// null fails the second member, so it fails the allOf, and the request judge refused it; but the draft offered null
// there (the merge of the field kept the one member's `nullable`), a red case "null given to …". A member's `nullable`
// is kept only where no other member refuses null; one the allOf holder itself writes still makes the whole nullable.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { casesNotPassed, draftedOnMock } from "../../contract/__fixtures__/drafted-subject.js";
import { draftWorkFolder, drafted, linkProblems, openapi } from "../../import/__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const options = {
  allOf: [
    { type: "object", properties: { zqHook: {}, zqUrl: {} } },
    {
      type: "object",
      properties: {
        zqUrl: { type: "string", maxLength: 40, nullable: true },
        zqHook: { type: "string", maxLength: 40, nullable: true },
      },
    },
  ],
};
const body = {
  allOf: [
    { type: "object", required: ["zqUrl"], properties: { zqUrl: { type: "string", maxLength: 40 } } },
    { $ref: "#/components/schemas/ZqOptions" },
    { type: "object", properties: { zqKind: { nullable: true, allOf: [{ $ref: "#/components/schemas/ZqKind" }] } } },
  ],
};
const document = openapi(
  {
    "/zqjobs": {
      post: {
        operationId: "zqSubmitJob",
        requestBody: { required: true, content: { "application/json": { schema: body } } },
        responses: { "204": { description: "Taken." } },
      },
    },
  },
  {
    schemas: {
      ZqOptions: options,
      ZqKind: { type: "object", properties: { zqName: { type: "string", maxLength: 20 } } },
    },
  },
);

describe("a body field several allOf members declare, one nullable", () => {
  it("is nullable only where no member refuses null; an allOf holder's own nullable still counts", async () => {
    const d = drafted(document, ["zqSubmitJob"]);
    const params = d.manifest.operations.acme_zq_submit_job?.params;
    expect(params?.zqUrl?.nullable).toBeUndefined();
    expect(params?.zqHook?.nullable).toBe(true);
    expect(params?.zqKind?.nullable).toBe(true);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("passes every derived case on the mock, the judge on", async () => {
    const on = await draftedOnMock("acme", document, ["zqSubmitJob"]);
    try {
      expect(await casesNotPassed(on)).toEqual([]);
    } finally {
      await on.close();
    }
  }, 120_000);
});
