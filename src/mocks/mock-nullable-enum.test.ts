// A nullable enum (`type: string, nullable: true, enum: [zq.created, zq.updated]`) whose document's own example holds
// null: the example check reads `nullable` as adding null to the enum, and took the example, but Prism's check (Ajv's
// `nullable`, which adds null to the type and not to the enum) refused the answer holding it, so every case of the
// operation failed (increase.com's event subscriptions, directory seed 150). The mock's copy lists null in the enum.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { violationsOf } from "../contract/prism.js";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-nullable-enum-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const category = { type: "string", nullable: true, enum: ["zq.created", "zq.updated"] };
const subs = [
  { zqId: "zq1", zqCategory: null },
  { zqId: "zq2", zqCategory: "zq.updated" },
];

describe("a nullable enum whose document's example holds null", () => {
  it("is served as the document's example, and Prism's own check passes it", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqsubs"), { recursive: true });
    const sub = {
      type: "object",
      required: ["zqId", "zqCategory"],
      properties: { zqId: { type: "string" }, zqCategory: category },
    };
    const list = {
      type: "object",
      required: ["zqData"],
      properties: { zqData: { type: "array", items: { $ref: "#/components/schemas/ZqSub" } } },
      example: { zqData: subs },
    };
    // The example the list's schema gives, not the answer's: the mock serves it as Prism would.
    const ok = {
      description: "ok",
      content: { "application/json": { schema: { $ref: "#/components/schemas/ZqList" } } },
    };
    const document = openapi(
      { "/zqsubs": { get: { operationId: "zqsubs", responses: { "200": ok } } } },
      { schemas: { ZqSub: sub, ZqList: list } },
    );
    writeFileSync(join(dir, "zqsubs", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqsubs"], { specsDir: dir, logLevel: "silent" });
    try {
      const response = await fetch(`${mocks.urls.zqsubs}/zqsubs`, {
        headers: { authorization: "Bearer zq-token-1", accept: "application/json" },
      });
      const body = await response.text();
      expect(violationsOf(response.headers, body)).toEqual([]);
      expect(response.status).toBe(200);
      expect(JSON.parse(body)).toEqual({ zqData: subs });
    } finally {
      await mocks.close();
    }
  });
});
