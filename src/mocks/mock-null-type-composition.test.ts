// An answer's field written `{oneOf: [string, number], type: "null"}` (a 3.0 `nullable` written as 3.1's type, beside
// a composition): as written no value meets it, so Prism's check refused the answer the mock made from the branches
// ("must be null"), and would have refused null ("must match oneOf"). The mock reads it as the document means it, that
// composition or null, and serves a value its own answer check accepts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { makeSchemasCompilable } from "./prism-schemas.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-null-type-composition-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const owner = {
  type: "object",
  required: ["zqSpace"],
  properties: { zqSpace: { oneOf: [{ type: "string" }, { type: "number" }], type: "null" } },
};

describe("an answer's type null beside a composition", () => {
  it("is served as a value of the composition or null, which the mock's own answer check accepts", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqowner"), { recursive: true });
    const document = {
      ...openapi({
        "/zqowner": {
          get: {
            operationId: "zqowner",
            responses: { "200": { description: "ok", content: { "application/json": { schema: owner } } } },
          },
        },
      }),
      openapi: "3.1.0",
    };
    writeFileSync(join(dir, "zqowner", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqowner"], { specsDir: dir, logLevel: "silent" });
    try {
      const response = await fetch(`${mocks.urls.zqowner}/zqowner`, {
        headers: { authorization: "Bearer zq-token-1", accept: "application/json" },
      });
      const body = (await response.json()) as { zqSpace?: unknown };
      expect([response.status, response.headers.get("sl-violations")]).toEqual([200, null]);
      expect(body.zqSpace === null || ["string", "number"].includes(typeof body.zqSpace)).toBe(true);
    } finally {
      await mocks.close();
    }
  });

  it("reads as the composition or null; a type null alone, or beside no composition, stays", () => {
    const field = structuredClone(owner.properties.zqSpace);
    makeSchemasCompilable(field);
    expect(field).toEqual({ anyOf: [{ oneOf: [{ type: "string" }, { type: "number" }] }, { type: "null" }] });
    const alone = { type: "null" };
    makeSchemasCompilable(alone);
    expect(alone).toEqual({ type: "null" });
  });
});
