// An answer header whose schema has a `pattern` (an ETag of `["][ -~]{40}["]`)
// and no example: Prism wrote "string" for it, then its own check of the answer
// refused that value, failing every case of the operation. The mock serves a
// value made from the schema, as the header's example, which meets it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { violationsOf } from "../contract/prism.js";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-header-pattern-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const PATTERN = '["][ -~]{40}["]';
const TRACE = "^[{(]?[0-9a-f]{8}[-]?([0-9a-f]{4}[-]?){3}[0-9a-f]{12}[)}]?$";
const document = openapi(
  {
    "/zqsettings": {
      get: {
        operationId: "getZqsettings",
        responses: {
          "200": {
            description: "The settings.",
            headers: {
              ETag: { $ref: "#/components/headers/ZqTag" },
              "X-Zq-Region": { schema: { type: "string", pattern: "^[a-z]{2}-[0-9]$" } },
              // Named as extensions are (`x-`, lower case): a walk that skipped extensions had left it unsampled.
              "x-zq-trace-id": { schema: { type: "string", pattern: TRACE } },
            },
            content: { "application/json": { schema: { type: "object", properties: { on: { type: "boolean" } } } } },
          },
        },
      },
    },
  },
  { headers: { ZqTag: { required: true, schema: { type: "string", pattern: PATTERN } } } },
);

describe("an answer header with a pattern", () => {
  it("is served with a value that meets it, and the mock's own check of its answer passes", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqsettings"), { recursive: true });
    writeFileSync(join(dir, "zqsettings", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqsettings"], { specsDir: dir, logLevel: "silent" });
    try {
      const answer = await fetch(`${mocks.urls.zqsettings}/zqsettings`, {
        headers: { authorization: "Bearer zq-token-1", accept: "application/json" },
      });
      const body = await answer.text();
      expect(answer.status).toBe(200);
      expect(violationsOf(answer.headers, body)).toEqual([]);
      expect(answer.headers.get("etag")).toMatch(new RegExp(PATTERN));
      expect(answer.headers.get("x-zq-region")).toMatch(/^[a-z]{2}-[0-9]$/);
      expect(answer.headers.get("x-zq-trace-id")).toMatch(new RegExp(TRACE));
    } finally {
      await mocks.close();
    }
  });
});
