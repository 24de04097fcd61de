// A success answer the mock makes from its schema draws a flag without a default at random (`ok`), and `ok: false`
// is what the manifest's errors.failureWhen reads as a failure: every call a mock answered so failed ("HTTP 200 OK
// with no error message"). A made success answer never reads as a failure by the manifest.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-failure-when-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const answer = {
  type: "object",
  required: ["ok", "result"],
  properties: { ok: { type: "boolean" }, result: { type: "object", properties: { zqname: { type: "string" } } } },
};
const document = openapi({
  "/zqme": {
    get: {
      operationId: "zqMe",
      responses: { "200": { description: "ok", content: { "application/json": { schema: answer } } } },
    },
  },
});

describe("a mock's made success answer beside the manifest's failureWhen", () => {
  it("never carries the value the manifest reads as a failure, whatever the seed", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqbot"), { recursive: true });
    writeFileSync(join(dir, "zqbot", "openapi.yaml"), JSON.stringify(document));
    writeFileSync(
      join(dir, "zqbot", "manifest.yaml"),
      'errors:\n  failureWhen:\n    - { from: "$response.body#/ok", equals: false }\n',
    );
    const seen = new Set<unknown>();
    for (let seed = 1; seed <= 12; seed++) {
      const mocks = await startMocks(["zqbot"], { specsDir: dir, logLevel: "silent", seed });
      try {
        const r = await fetch(`${mocks.urls.zqbot}/zqme`, { headers: { authorization: "Bearer zq-token-1" } });
        seen.add(((await r.json()) as { ok: unknown }).ok);
      } finally {
        await mocks.close();
      }
    }
    expect([...seen]).toEqual([true]);
  });
});
