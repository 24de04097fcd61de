// A decimal step (`multipleOf: 0.1`): Prism's validator (Ajv) divides in binary floating point, 0.6 / 0.1 =
// 5.999…, and refused 0.6, a multiple of 0.1 to the upstream's decimals, so every random valid input holding such a
// value failed on the mock. The mock's copy leaves the step to the judge, which holds it exactly.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-decimal-step-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const body = {
  type: "object",
  properties: { zqcover: { type: "number", multipleOf: 0.1 }, zqcount: { type: "integer", multipleOf: 5 } },
};
const document = openapi({
  "/zqinvoices": {
    post: {
      operationId: "zqinvoicesCreate",
      requestBody: { content: { "application/json": { schema: body } } },
      responses: { "200": { description: "ok", content: { "application/json": { schema: { type: "object" } } } } },
    },
  },
});

describe("a decimal multipleOf on the mock", () => {
  it("accepts a multiple in decimal digits and refuses one that is none, naming the rule", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqinvoices"), { recursive: true });
    writeFileSync(join(dir, "zqinvoices", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqinvoices"], { specsDir: dir, logLevel: "silent" });
    const send = async (value: unknown) => {
      const response = await fetch(`${mocks.urls.zqinvoices}/zqinvoices`, {
        method: "POST",
        headers: { authorization: "Bearer zq-token-1", "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(value),
      });
      return { status: response.status, text: await response.text() };
    };
    try {
      for (const zqcover of [0.6, 16.7, 0.3, 12345.6])
        expect([zqcover, (await send({ zqcover, zqcount: 10 })).status]).toEqual([zqcover, 200]);
      const off = await send({ zqcover: 0.65 });
      expect(off.status).toBeGreaterThanOrEqual(400);
      expect(off.text).toMatch(/multipleOf|multiple of/i);
      const offWhole = await send({ zqcount: 7 });
      expect(offWhole.status).toBeGreaterThanOrEqual(400);
      expect(offWhole.text).toMatch(/multipleOf|multiple of/i);
    } finally {
      await mocks.close();
    }
  });
});
