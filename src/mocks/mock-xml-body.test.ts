// An XML request body on the mock: Prism reads it as text and would hold the text to the object schema (refusing every
// correct body, 422); it takes any text, and the judge in front of it reads the XML by the document's `xml` objects,
// so a correct body is answered and one not so written is refused, naming the element.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-mock-xml-body-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const note = {
  type: "object",
  xml: { name: "zqNote" },
  required: ["zqTitle"],
  properties: {
    zqTitle: { type: "string" },
    zqTags: { type: "array", items: { type: "string", xml: { name: "zqTag" } } },
  },
};
const document = openapi({
  "/zqnotes": {
    post: {
      operationId: "zqPutNote",
      requestBody: { required: true, content: { "application/xml": { schema: note } } },
      responses: { "204": { description: "stored" } },
    },
  },
});

describe("an XML request body on the mock", () => {
  it("is answered when written as the document says, refused by the judge naming the element when not", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqnotes"), { recursive: true });
    writeFileSync(join(dir, "zqnotes", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqnotes"], { specsDir: dir, logLevel: "silent" });
    try {
      const sent = (body: string) =>
        fetch(`${mocks.urls.zqnotes}/zqnotes`, {
          method: "POST",
          headers: { authorization: "Bearer zq-token-1", "content-type": "application/xml" },
          body,
        });
      const kept = await sent("<zqNote><zqTitle>a &amp; b</zqTitle><zqTag>x</zqTag><zqTag>y</zqTag></zqNote>");
      expect(kept.status, await kept.text()).toBe(204);
      const refused = await sent("<zqNote><zqTitle>a</zqTitle><zqTags>x</zqTags></zqNote>");
      const text = await refused.text();
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(text).toContain("the element <zqTags> is no property of the schema as written");
    } finally {
      await mocks.close();
    }
  });
});
