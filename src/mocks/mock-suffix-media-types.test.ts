// An answer declaring a `+json` type and `application/json`, each with its own schema, the `+json` one first
// (`application/zq-geo+json` beside `application/json`): Prism's media type match reads only the subtype after the
// suffix, so a JSON answer was checked against the `+json` type's schema ("must have required property 'zqShape'")
// and the mock answered 500. Each type's body is checked against its own schema.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-suffix-media-types-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const shaped = { type: "object", required: ["zqShape"], properties: { zqShape: { type: "string" } } };
const plain = { type: "object", required: ["zqData"], properties: { zqData: { type: "string" } } };
const document = openapi({
  "/zqsites/{id}": {
    get: {
      operationId: "zqsite",
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
      responses: {
        "200": {
          description: "ok",
          content: { "application/zq-geo+json": { schema: shaped }, "application/json": { schema: plain } },
        },
      },
    },
  },
});

describe("an answer of a +json type and application/json, each its own schema", () => {
  it("serves each type checked against its own schema", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqsites"), { recursive: true });
    writeFileSync(join(dir, "zqsites", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqsites"], { specsDir: dir, logLevel: "silent" });
    try {
      for (const [accept, field] of [
        ["application/json", "zqData"],
        ["application/zq-geo+json", "zqShape"],
      ] as const) {
        const response = await fetch(`${mocks.urls.zqsites}/zqsites/zq1`, {
          headers: { authorization: "Bearer zq-token-1", accept },
        });
        const text = await response.text();
        expect([response.status, response.headers.get("content-type")?.split(";")[0]], text).toEqual([200, accept]);
        expect(typeof (JSON.parse(text) as Record<string, unknown>)[field]).toBe("string");
      }
    } finally {
      await mocks.close();
    }
  });
});
