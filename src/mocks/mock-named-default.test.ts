// A response's named example `default` is the one a mock serves as `default`:
// Prism names its own default example `default` too (from the schema's
// `example`) and puts it first, so that the document's was never served
// (Datadog's SearchMonitors: the suite asked for example "default").
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-named-default-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const document = openapi(
  {
    "/zqmonitors": {
      get: {
        operationId: "searchZqmonitors",
        responses: {
          "200": {
            description: "Found.",
            content: {
              "application/json": {
                schema: { $ref: "#/components/schemas/ZqSearch" },
                examples: {
                  default: { value: { total: 1, monitors: [{ id: 123 }] } },
                  empty: { value: { total: 0, monitors: [] } },
                },
              },
            },
          },
        },
      },
    },
  },
  {
    schemas: {
      ZqSearch: {
        type: "object",
        properties: {
          total: { type: "integer" },
          monitors: { type: "array", items: { type: "object", properties: { id: { type: "integer" } } } },
        },
        example: { total: 6, monitors: [] },
      },
    },
  },
);

describe("a response whose named examples include `default`", () => {
  it("serves the document's default, not the schema's example, and the other named ones by name", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqmonitors"), { recursive: true });
    writeFileSync(join(dir, "zqmonitors", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqmonitors"], { specsDir: dir, logLevel: "silent" });
    try {
      const get = async (prefer?: string) =>
        (
          await fetch(`${mocks.urls.zqmonitors}/zqmonitors`, {
            headers: { authorization: "Bearer zq-token-1", accept: "application/json", ...(prefer ? { prefer } : {}) },
          })
        ).json();
      expect(await get("example=default")).toEqual({ total: 1, monitors: [{ id: 123 }] });
      expect(await get()).toEqual({ total: 1, monitors: [{ id: 123 }] });
      expect(await get("example=empty")).toEqual({ total: 0, monitors: [] });
    } finally {
      await mocks.close();
    }
  });
});
