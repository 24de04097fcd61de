// Texts of `format: byte` (base64) inside a JSON body and answer: a list's items, a map's values, an object's fields,
// some with a pattern of any text (`^.{1,100}$`, which says only a length) or a minLength. A top-level byte parameter
// is drafted with the base64 pattern; inside a JSON value the link took the pattern of any text as the items' rule and
// the suite drew text the mock refused as no base64, and the sampler made every byte field "" (below a minLength of
// 4), so no body was made and every case of the operation could not run. Both now make them by the base64 pattern,
// the lengths of the pattern of any text kept.
import { describe, expect, it } from "vitest";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { BASE64_PATTERN } from "../load/examples/format-texts.js";
import { casesNotPassed, draftedOnMock } from "./__fixtures__/drafted-subject.js";

const byte = (extra: object = {}) => ({ type: "string", format: "byte", ...extra });
const anyText = { pattern: "^.{1,100}$" };
const doc = openapi({
  "/zqblobs": {
    post: {
      operationId: "createZqBlob",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["zqChunks", "zqMeta", "zqSums"],
              properties: {
                zqChunks: { type: "array", minItems: 1, items: byte(anyText) },
                zqSums: { type: "object", additionalProperties: byte({ minLength: 4 }) },
                zqMeta: {
                  type: "object",
                  required: ["zqData", "zqPic"],
                  properties: { zqData: byte({ minLength: 4 }), zqPic: byte(anyText), zqName: { type: "string" } },
                },
              },
            },
          },
        },
      },
      responses: {
        "200": reply({
          type: "object",
          required: ["zqBlob", "zqParts"],
          properties: {
            zqBlob: { type: "object", required: ["zqData"], properties: { zqData: byte({ minLength: 8 }) } },
            zqParts: { type: "array", minItems: 1, items: byte({ pattern: "^.{4,100}$" }) },
          },
        }),
      },
    },
  },
});

describe("texts of format byte inside a JSON body and answer", () => {
  it("are limited by the base64 pattern, lengths of a pattern of any text kept; every case passes", async () => {
    const on = await draftedOnMock("acme", doc, ["createZqBlob"]);
    try {
      const param = (name: string) => on.subject.tools[0]?.params.find((p) => p.name === name);
      const base64 = { type: "string", pattern: BASE64_PATTERN };
      expect(param("zqChunks")?.items).toEqual({ ...base64, minLength: 1, maxLength: 100 });
      expect(param("zqSums")?.values).toEqual({ ...base64, minLength: 4 });
      expect(await casesNotPassed(on)).toEqual([]);
    } finally {
      await on.close();
    }
  }, 120_000);
});
