// An answer's string whose enum lists an object beside its texts (`type: string, enum: [{override: true}, "DEFAULT"]`,
// a generator's leftover in a published document): Prism's sampler served the object, first, and its own answer check
// refused it ("must be string"), so every case of the operation failed. An object or a list is no value of a scalar:
// the mock serves one of the values that are.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-structured-enum-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const reasons = { type: "array", items: { type: "string", enum: [{ zqOverride: true }, "ZQ_DEFAULT", ["zq"]] } };
const document = openapi({
  "/zqcharge": {
    get: {
      operationId: "zqcharge",
      responses: {
        "200": {
          description: "ok",
          content: {
            "application/json": {
              schema: { type: "object", required: ["zqReasons"], properties: { zqReasons: reasons } },
            },
          },
        },
      },
    },
  },
});

describe("an answer's string whose enum lists an object or a list beside its texts", () => {
  it("is served as one of the texts, which the mock's own answer check accepts", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqcharge"), { recursive: true });
    writeFileSync(join(dir, "zqcharge", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqcharge"], { specsDir: dir, logLevel: "silent" });
    try {
      const response = await fetch(`${mocks.urls.zqcharge}/zqcharge`, {
        headers: { authorization: "Bearer zq-token-1", accept: "application/json" },
      });
      const body = (await response.json()) as { zqReasons: unknown[] };
      expect([response.status, response.headers.get("sl-violations")]).toEqual([200, null]);
      expect(body.zqReasons.every((reason) => reason === "ZQ_DEFAULT")).toBe(true);
    } finally {
      await mocks.close();
    }
  });
});
