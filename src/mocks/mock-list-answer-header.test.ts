// An answer header whose schema is a list (`Link`, `style: simple`, items text) or an object: Prism cannot make one,
// and its own check of the answer read a null it made and threw outside any handler, which ended the process serving
// the mock (the contract run then ended with "internal error"). The mock serves such a header as its text.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-list-answer-header-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const document = openapi({
  "/zqreports": {
    get: {
      operationId: "zqreports",
      responses: {
        "200": {
          description: "a page",
          headers: {
            Link: { style: "simple", schema: { type: "array", items: { type: "string" } } },
            "X-Zq-Window": {
              schema: { type: "object", properties: { from: { type: "integer" } } },
              example: { from: 3 },
            },
            "X-Zq-Total": { schema: { type: "integer" } },
          },
          content: { "application/json": { schema: { type: "array", items: { type: "string" } } } },
        },
      },
    },
  },
});

describe("an answer header that is a list or an object", () => {
  it("is served as text, and the mock keeps serving", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqreports"), { recursive: true });
    writeFileSync(join(dir, "zqreports", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqreports"], { specsDir: dir, logLevel: "silent" });
    try {
      for (let round = 0; round < 2; round++) {
        const response = await fetch(`${mocks.urls.zqreports}/zqreports`, {
          headers: { authorization: "Bearer zq-token-1", accept: "application/json" },
        });
        await response.arrayBuffer();
        expect([response.status, response.headers.get("sl-violations")]).toEqual([200, null]);
        expect(response.headers.get("x-zq-window")).toBe("from,3");
        expect(typeof response.headers.get("link")).toBe("string");
      }
    } finally {
      await mocks.close();
    }
  });
});
