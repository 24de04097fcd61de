// The answers a mock serves, read as their publisher means them: a `oneOf` of
// object shapes that overlap (two objects of optional fields; shapes that each
// require one shared status field), which every answer met twice, and an
// answer closed (`additionalProperties: false`) beside `allOf` members that
// hold its fields, which by the letter allows only `{}`. Prism checked the
// answer it served against them and reported each as a violation ("must
// match exactly one schema in oneOf", "must NOT have additional properties"),
// so every case of the operation failed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-answer-unions-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const get = (operationId: string, answer: object) => ({
  get: { operationId, responses: { "200": answer } },
});
const document = openapi(
  {
    "/zqsent": get(
      "getZqsent",
      reply({ oneOf: [{ $ref: "#/components/schemas/ZqSent" }, { $ref: "#/components/schemas/ZqFailed" }] }),
    ),
    "/zqstatus": get(
      "getZqstatus",
      reply({
        oneOf: [
          { type: "object", required: ["state"], properties: { state: { type: "string" }, link: { type: "string" } } },
          { type: "object", required: ["state"], properties: { state: { type: "string" }, note: { type: "string" } } },
        ],
      }),
    ),
    "/zqmanifest": get(
      "getZqmanifest",
      reply({
        type: "object",
        additionalProperties: false,
        allOf: [{ $ref: "#/components/schemas/ZqManifest" }, { $ref: "#/components/schemas/ZqFailed" }],
        required: ["manifest_id"],
      }),
    ),
  },
  {
    schemas: {
      ZqSent: { type: "object", properties: { count: { type: "string" }, items: { type: "array" } } },
      ZqFailed: { type: "object", properties: { count: { type: "string" }, errors: { type: "array" } } },
      ZqManifest: { type: "object", properties: { manifest_id: { type: "string" } } },
    },
  },
);

describe("the answers a mock serves, as their publisher means them", () => {
  it("serves answers of overlapping oneOf shapes and of a closed allOf without a violation", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqanswers"), { recursive: true });
    writeFileSync(join(dir, "zqanswers", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqanswers"], { specsDir: dir, logLevel: "silent" });
    try {
      const violations = async (path: string) => {
        const response = await fetch(`${mocks.urls.zqanswers}${path}`, {
          headers: { authorization: "Bearer zq-token-1", accept: "application/json" },
        });
        expect(response.status).toBe(200);
        await response.arrayBuffer();
        return JSON.parse(response.headers.get("sl-violations") ?? "[]") as { message: string }[];
      };
      expect(await violations("/zqsent")).toEqual([]);
      expect(await violations("/zqstatus")).toEqual([]);
      expect(await violations("/zqmanifest")).toEqual([]);
    } finally {
      await mocks.close();
    }
  });
});
