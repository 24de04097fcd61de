// A multipart body's request example holding a boolean and an object (`zqAuto: true`, `zqPlacement: {zqScale: 0}`):
// the runtime sends each as its part's text (`true`; the object's JSON), as the part reads on the wire, and the
// example's case held the part's text to the example's value ("expected true, got "true""; a whole network API's
// two map uploads). A part is compared as the text the value is sent as.
import { describe, expect, it } from "vitest";
import { casesNotPassed, draftedOnMock } from "../__fixtures__/drafted-subject.js";
import { deriveCases } from "../derive.js";
import { openapi } from "../../import/__fixtures__/draft-kit.js";

const doc = (example: Record<string, unknown>) =>
  openapi({
    "/zqmaps": {
      post: {
        operationId: "importZqMap",
        requestBody: {
          required: true,
          content: {
            "multipart/form-data": {
              schema: {
                type: "object",
                required: ["zqName"],
                properties: {
                  zqName: { type: "string" },
                  zqAuto: { type: "boolean" },
                  zqPlacement: { type: "object", properties: { zqScale: { type: "number" } } },
                },
              },
              examples: { zqOne: { value: example } },
            },
          },
        },
        responses: { "204": { description: "Imported." } },
      },
    },
  });

describe("a multipart body's request example of a boolean and an object", () => {
  it("goes back on the wire as each part's text, and the example's case passes on the mock", async () => {
    const on = await draftedOnMock("acme", doc({ zqName: "zq", zqAuto: true, zqPlacement: { zqScale: 0 } }), [
      "importZqMap",
    ]);
    try {
      expect(deriveCases(on.subject).map((c) => c.id)).toContain(
        'acme_import_zq_map › example › request example "zqOne"',
      );
      expect(await casesNotPassed(on)).toEqual([]);
    } finally {
      await on.close();
    }
  }, 120_000);
});
