// A path parameter that is one of an integer id or a text slug: the text `1`
// reads as both, so Prism refused it ("must match exactly one schema in
// oneOf"); the mock takes the branches as anyOf, still refusing a text
// that is neither.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-param-one-of-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const document = openapi(
  {
    "/zqleagues/{zq_id_or_slug}": {
      get: {
        operationId: "getZqleague",
        parameters: [
          { name: "zq_id_or_slug", in: "path", required: true, schema: { $ref: "#/components/schemas/ZqIdOrSlug" } },
          {
            name: "filter",
            in: "query",
            style: "deepObject",
            explode: true,
            schema: { $ref: "#/components/schemas/ZqFilter" },
          },
        ],
        responses: {
          "200": {
            description: "Found.",
            content: {
              "application/json": {
                schema: { type: "object", properties: { id: { type: "integer" } } },
                example: { id: 1 },
              },
            },
          },
        },
      },
    },
  },
  {
    schemas: {
      ZqFilter: {
        type: "object",
        properties: { zq_owner: { type: "array", minItems: 1, items: { $ref: "#/components/schemas/ZqIdOrSlug" } } },
      },
      ZqIdOrSlug: {
        oneOf: [
          { type: "integer", minimum: 1 },
          { type: "string", minLength: 1, pattern: "^[a-z0-9:_-]+$" },
        ],
      },
    },
  },
);

describe("a mock's parameter whose oneOf branches a text can both match", () => {
  it("takes a text of both branches (`1`) and of one, and refuses a text of none", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqleagues"), { recursive: true });
    writeFileSync(join(dir, "zqleagues", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqleagues"], { specsDir: dir, logLevel: "silent" });
    try {
      const status = async (value: string) =>
        (
          await fetch(`${mocks.urls.zqleagues}/zqleagues/${value}`, {
            headers: { authorization: "Bearer zq-token-1", accept: "application/json" },
          })
        ).status;
      expect(await status("1")).toBe(200);
      expect(await status("zq-league")).toBe(200);
      expect(await status("Zq%20League!")).toBeGreaterThanOrEqual(400);
    } finally {
      await mocks.close();
    }
  });
});

// The same inside an object parameter (a deepObject's list field of ids or slugs, `filter[zq_owner][0]=1`): the
// branches were taken as anyOf only where they were the parameter's own schema.
describe("a mock's deepObject field whose items' oneOf branches a text can both match", () => {
  it("takes an item of both branches (`1`) and of one, and refuses an item of none", async () => {
    const dir = join(work, "deep-specs");
    mkdirSync(join(dir, "zqleagues"), { recursive: true });
    writeFileSync(join(dir, "zqleagues", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqleagues"], { specsDir: dir, logLevel: "silent" });
    try {
      const status = async (item: string) =>
        (
          await fetch(`${mocks.urls.zqleagues}/zqleagues/zq-league?filter%5Bzq_owner%5D%5B0%5D=${item}`, {
            headers: { authorization: "Bearer zq-token-1", accept: "application/json" },
          })
        ).status;
      expect(await status("1")).toBe(200);
      expect(await status("zq-owner")).toBe(200);
      expect(await status("Zq%20Owner!")).toBeGreaterThanOrEqual(400);
    } finally {
      await mocks.close();
    }
  });
});
