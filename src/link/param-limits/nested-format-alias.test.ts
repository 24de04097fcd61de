// A list whose items are texts of `format: url` (ajv-formats' name, which the mocks check as Prism does), in a JSON
// body's field: add drafts a top-level `url` as the manifest's `uri`, but the link's limits inside a JSON value took
// only the manifest's own format names, so the items had none, the suite drew any text (`[""]`), and the mock refused
// it ("must match format url": a whole messaging API's two message operations). The items' limits read the format by
// its manifest name, and every derived case passes on the mock.
import { describe, expect, it } from "vitest";
import { casesNotPassed, draftedOnMock } from "../../contract/__fixtures__/drafted-subject.js";
import { openapi } from "../../import/__fixtures__/draft-kit.js";

const doc = openapi({
  "/zqmessages": {
    post: {
      operationId: "sendZqMessage",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["zqTo"],
              properties: {
                zqTo: { type: "string" },
                zqMediaUrls: { type: "array", items: { type: "string", format: "url" } },
              },
            },
          },
        },
      },
      responses: { "204": { description: "Sent." } },
    },
  },
});

describe("a list of texts of format url in a JSON body", () => {
  it("limits its items to the manifest's uri, and every derived case passes on the mock", async () => {
    const on = await draftedOnMock("acme", doc, ["sendZqMessage"]);
    try {
      const media = on.subject.tools[0]?.params.find((p) => p.name === "zqMediaUrls");
      expect(media?.items).toMatchObject({ type: "string", format: "uri" });
      expect(await casesNotPassed(on)).toEqual([]);
    } finally {
      await on.close();
    }
  }, 120_000);
});
