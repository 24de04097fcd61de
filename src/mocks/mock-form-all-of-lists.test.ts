// A form or multipart body written as an `allOf` (a shared `$ref` and the operation's own fields), with a list of
// texts among its fields: the runtime sends the list as repeated parts (OpenAPI's default), and the judge reads it so,
// but Prism reads a form's fields by the schema's own `properties`, which an `allOf` has none of: it took the parts as
// one text and refused every request that sent the list ("tags must be array"). The mock serves such a body's schema
// merged into one object; the judge, in front, holds the request to the document as written.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "../contract/__fixtures__/drafted-subject.js";
import { deriveCases } from "../contract/derive.js";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";

const common = {
  type: "object",
  required: ["zqName"],
  properties: {
    zqName: { type: "string", maxLength: 40 },
    zqTags: { type: "array", minItems: 1, maxItems: 5, items: { type: "string", minLength: 2, maxLength: 30 } },
  },
};
const document = (media: string, own: Record<string, unknown>) =>
  openapi(
    {
      "/zqclips": {
        post: {
          operationId: "zqAddClip",
          requestBody: {
            required: true,
            content: { [media]: { schema: { allOf: [{ $ref: "#/components/schemas/ZqClipCommon" }, own] } } },
          },
          responses: { "200": reply({ type: "object", properties: { zqId: { type: "integer" } } }, { zqId: 1 }) },
        },
      },
    },
    { schemas: { ZqClipCommon: common } },
  );

const bodies = {
  "multipart/form-data": {
    type: "object",
    required: ["zqFile"],
    properties: { zqFile: { type: "string", format: "binary" } },
  },
  "application/x-www-form-urlencoded": { type: "object", properties: { zqPlace: { type: "string", maxLength: 20 } } },
};

describe.each(Object.entries(bodies))("a %s body of an allOf with a list of texts", (media, own) => {
  let on: DraftedOnMock | undefined;
  beforeAll(async () => {
    on = await draftedOnMock("zqclips", document(media, own), ["zqAddClip"]);
  });
  afterAll(async () => {
    await on?.close();
  });

  it("passes every derived case on the mock, the judge on", async () => {
    // The list's own cases among them (its bounds), so that a green run is one that sent it.
    expect(deriveCases((on as DraftedOnMock).subject).filter((c) => c.id.includes("zqTags")).length).toBeGreaterThan(0);
    expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
  });
});
