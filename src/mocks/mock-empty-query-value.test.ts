// A required query parameter whose schema lists "" (`enum: [""]`, a flag sent as `?zqflag=`): Prism reads a value sent
// empty as absent, so the mock refused every request ("must have required property 'zqflag'"), the one the document
// asks for too. Requiring it is the request judge's: `?zqflag=` is taken, a request without it still refused.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-empty-query-value-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const document = openapi({
  "/zqitems": {
    get: {
      operationId: "zqitems",
      parameters: [{ name: "zqflag", in: "query", required: true, schema: { type: "string", enum: [""] } }],
      responses: {
        "200": { description: "ok", content: { "application/json": { schema: { type: "object" }, example: {} } } },
      },
    },
  },
});

describe("a required query parameter whose one value is empty text", () => {
  it("is taken sent empty (zqflag=), and still required", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqitems"), { recursive: true });
    writeFileSync(join(dir, "zqitems", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqitems"], { specsDir: dir, logLevel: "silent" });
    try {
      const status = async (query: string) => {
        const response = await fetch(`${mocks.urls.zqitems}/zqitems${query}`, {
          headers: { authorization: "Bearer zq-token-1", accept: "application/json" },
        });
        await response.body?.cancel();
        return response.status;
      };
      expect(await status("?zqflag=")).toBe(200);
      expect(await status("")).not.toBe(200);
      expect(await status("?zqflag=zq-on")).not.toBe(200);
    } finally {
      await mocks.close();
    }
  });
});
