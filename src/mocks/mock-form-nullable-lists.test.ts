// A form or multipart body whose list field may also be null, written as a union (`anyOf: [list, null]`, as
// OpenAPI 3.1 documents made from typed models write an optional list) or as a type list (`type: [array, "null"]`):
// the runtime sends a one-item list as one pair (`zqTags=ab`), as OpenAPI's default asks, but Prism read that pair as
// a text and refused it ("must be array", "must be null", "must match a schema in anyOf"): the mock's one-item form
// lists saw only a field whose own type is `array`. The judge, in front, holds the request to the document as written.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "../contract/__fixtures__/drafted-subject.js";
import { deriveCases } from "../contract/derive.js";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";

const list = { type: "array", minItems: 1, maxItems: 4, items: { type: "string", minLength: 2, maxLength: 20 } };
const fields = {
  "a union with null": { anyOf: [list, { type: "null" }] },
  "a type list with null": { ...list, type: ["array", "null"] },
};
const document = (media: string, field: unknown) => ({
  ...openapi({
    "/zqclips": {
      post: {
        operationId: "zqAddClip",
        requestBody: {
          required: true,
          content: {
            [media]: {
              schema: {
                type: "object",
                required: ["zqName"],
                properties: { zqName: { type: "string", maxLength: 40 }, zqTags: field },
              },
            },
          },
        },
        responses: { "200": reply({ type: "object", properties: { zqId: { type: "integer" } } }, { zqId: 1 }) },
      },
    },
  }),
  openapi: "3.1.0",
});

const cases = ["application/x-www-form-urlencoded", "multipart/form-data"].flatMap((media) =>
  Object.entries(fields).map(([shape, field]) => [media, shape, field] as const),
);

describe.each(cases)("a %s body whose list field is %s", (media, _shape, field) => {
  let on: DraftedOnMock | undefined;
  beforeAll(async () => {
    on = await draftedOnMock("zqclips", document(media, field), ["zqAddClip"]);
  });
  afterAll(async () => {
    await on?.close();
  });

  it("passes every derived case on the mock, a one-item list among them, the judge on", async () => {
    // The list's own cases (its bounds, one item the least), so that a green run is one that sent it.
    expect(deriveCases((on as DraftedOnMock).subject).filter((c) => c.id.includes("zqTags")).length).toBeGreaterThan(0);
    expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
  });
});
