// An answer's field of type string whose enum lists numbers only (`type: string, enum: [10, 20, 30]`): the mock
// served 10 and its own answer check refused it ("must be string"), so every case of the operation failed. The request
// judge reads such an enum as its texts ("10", "20", "30": load/text-enum.ts, as a parameter's); the mock serves and
// checks its answers so too.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-textless-enum-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const finding = {
  type: "object",
  required: ["id", "zqlevel"],
  properties: { id: { type: "string" }, zqlevel: { type: "string", enum: [10, 20, 30] } },
};
const document = openapi({
  "/zqfindings": { get: { operationId: "getZqfinding", responses: { "200": reply(finding) } } },
});

describe("an answer's string field whose enum lists numbers only", () => {
  it("is served as one of their texts, which the mock's own answer check accepts", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqfind"), { recursive: true });
    writeFileSync(join(dir, "zqfind", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqfind"], { specsDir: dir, logLevel: "silent" });
    try {
      const response = await fetch(`${mocks.urls.zqfind}/zqfindings`, {
        headers: { authorization: "Bearer zq-token-1", accept: "application/json" },
      });
      const body = await response.text();
      expect([response.status, response.headers.get("sl-violations")]).toEqual([200, null]);
      expect(["10", "20", "30"]).toContain(JSON.parse(body).zqlevel);
    } finally {
      await mocks.close();
    }
  });
});
