// A query object sent as its own pairs (form, exploded) whose field is a list behind an `allOf` (`RegionOrder: {allOf:
// [{$ref: RegionList}, {description}]}`, as AWS's converted documents write every field): the mock takes each field as
// a parameter of its own, and Prism, reading a list only by a schema's own type, refused one item ("must be array").
// The field's list is stated at the top of its schema, its explode too; the judge holds the whole to the document.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startMocks } from "../mocks.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const document = {
  openapi: "3.0.3",
  info: { title: "zqstacks", version: "1" },
  servers: [{ url: "https://zqstacks.invalid" }],
  paths: {
    "/zqinstances": {
      get: {
        parameters: [
          {
            name: "ZqPreferences",
            in: "query",
            schema: {
              type: "object",
              properties: {
                ZqOrder: { allOf: [{ $ref: "#/components/schemas/ZqRegions" }, { description: "The order." }] },
              },
            },
          },
        ],
        responses: { "200": { description: "Made.", content: { "application/json": { schema: { type: "object" } } } } },
      },
    },
  },
  components: { schemas: { ZqRegions: { type: "array", items: { type: "string", enum: ["zq-east", "zq-west"] } } } },
};

const work = mkdtempSync(join(runScratch(), "blockwright-zqstacks-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("a spread query object's list field behind an allOf", () => {
  it("is taken with one item and with several, and a value outside the list's items refused", async () => {
    const dir = join(work, "specs", "zqstacks");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqstacks"], { specsDir: join(work, "specs"), logLevel: "silent" });
    try {
      const status = async (query: string) => (await fetch(`${mocks.urls.zqstacks}/zqinstances?${query}`)).status;
      expect(await status("ZqOrder=zq-east")).toBe(200);
      expect(await status("ZqOrder=zq-east&ZqOrder=zq-west")).toBe(200);
      expect(await status("ZqOrder=zq-north")).toBe(422);
    } finally {
      await mocks.close();
    }
  });
});
