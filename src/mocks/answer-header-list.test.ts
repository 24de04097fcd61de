// An answer header whose schema is a list (`Link: {type: array, items: string}, style: simple`, as a paged API writes
// its RFC 8288 links): Prism's own check of the answer read the header it had not made as null and threw
// ("Cannot read properties of null (reading 'split')"), which ended the process serving the mock.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";

const work = mkdtempSync(join(tmpdir(), "blockwright-answer-header-list-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const document = openapi({
  "/zqreports": {
    get: {
      operationId: "listZqReports",
      responses: {
        "200": {
          description: "ok",
          headers: {
            Link: { description: "Pages.", style: "simple", schema: { type: "array", items: { type: "string" } } },
          },
          content: { "application/json": { schema: { type: "object", properties: { total: { type: "integer" } } } } },
        },
      },
    },
  },
});

describe("an answer header whose schema is a list", () => {
  it("is answered by the mock", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqreports"), { recursive: true });
    writeFileSync(join(dir, "zqreports", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqreports"], { specsDir: dir, logLevel: "silent" });
    try {
      const response = await fetch(`${mocks.urls.zqreports}/zqreports`, {
        headers: { authorization: "Bearer zq-token-1", accept: "application/json" },
      });
      expect(response.status).toBe(200);
      expect(typeof (await response.json()).total).toBe("number");
    } finally {
      await mocks.close();
    }
  });
});
