// An answer whose schema is an integer listing only labels in its enum
// (`type: integer, enum: ["0 (Unknown)", "1 (Quota)"]`, each value's number
// and name, as some generators write them): Prism served a label and its own
// answer check refused it ("Response body must be integer"), so every error
// case failed. No value meets both; the mock serves the type.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { isEnumOfLabels } from "../load/text-enum.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-enum-of-labels-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const codes = { type: "integer", format: "int32", enum: ["0 (Unknown)", "1 (ZqQuotaSpent)", "2 (ZqNameTaken)"] };
const document = openapi({
  "/zqprune": {
    post: {
      operationId: "zqprune",
      responses: {
        "200": { description: "ok" },
        "400": { description: "refused", content: { "application/json": { schema: codes } } },
      },
    },
  },
});

describe("an answer's integer whose enum lists only labels", () => {
  it("is served as an integer the mock's own answer check accepts", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqprune"), { recursive: true });
    writeFileSync(join(dir, "zqprune", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqprune"], { specsDir: dir, logLevel: "silent" });
    try {
      const response = await fetch(`${mocks.urls.zqprune}/zqprune`, {
        method: "POST",
        headers: { authorization: "Bearer zq-token-1", accept: "application/json", prefer: "code=400" },
      });
      const body = await response.text();
      expect([response.status, response.headers.get("sl-violations")]).toEqual([400, null]);
      expect(Number.isInteger(JSON.parse(body))).toBe(true);
    } finally {
      await mocks.close();
    }
  });

  it("is told from an enum whose texts are the type's values, or that lists one of them", () => {
    expect(isEnumOfLabels(codes)).toBe(true);
    expect(isEnumOfLabels({ type: "boolean", enum: ["yes", "no"] })).toBe(true);
    expect(isEnumOfLabels({ type: "integer", enum: ["0", "1"] })).toBe(false);
    expect(isEnumOfLabels({ type: "integer", enum: ["0 (Unknown)", 1] })).toBe(false);
    expect(isEnumOfLabels({ type: "integer", enum: [null, "x"] })).toBe(false);
    expect(isEnumOfLabels({ type: "string", enum: ["0 (Unknown)"] })).toBe(false);
  });
});

// The converse: an answer's string whose enum lists numbers (YAML's unquoted `1`, `2`: `type: string, enum: [1, 2]`).
// Prism served the number 1 and its own answer check refused it as no string, so every case of the operation failed.
// The values the document allows are their texts, as the judge and the linker read a parameter's (text-enum.ts).
describe("an answer's string whose enum lists numbers", () => {
  it("is served as one of their texts, which the mock's own answer check accepts", async () => {
    const dir = join(work, "specs-text");
    mkdirSync(join(dir, "zqledger"), { recursive: true });
    const row = {
      type: "object",
      properties: { zqLeg: { type: "string", enum: [1, 2] }, zqFlag: { type: "string", enum: [true, false] } },
    };
    const ledger = openapi({
      "/zqledger": {
        get: {
          operationId: "zqledger",
          responses: {
            "200": { description: "ok", content: { "application/json": { schema: { type: "array", items: row } } } },
          },
        },
      },
    });
    writeFileSync(join(dir, "zqledger", "openapi.yaml"), JSON.stringify(ledger));
    const mocks = await startMocks(["zqledger"], { specsDir: dir, logLevel: "silent" });
    try {
      const response = await fetch(`${mocks.urls.zqledger}/zqledger`, {
        headers: { authorization: "Bearer zq-token-1", accept: "application/json" },
      });
      const body = (await response.json()) as { zqLeg?: unknown; zqFlag?: unknown }[];
      expect([response.status, response.headers.get("sl-violations")]).toEqual([200, null]);
      expect(body.length).toBeGreaterThan(0);
      for (const item of body) {
        expect(["1", "2"]).toContain(item.zqLeg);
        expect(["true", "false"]).toContain(item.zqFlag);
      }
    } finally {
      await mocks.close();
    }
  });
});
