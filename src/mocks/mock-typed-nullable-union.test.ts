// A body field written `{type: object, nullable: true, oneOf: [...]}` (a type beside the union, as generators of 3.0
// documents write it) and described "null turns it off": Ajv's `nullable` widened the type alone, and the union's
// branches refused null, so the mock refused the null request the document admits (as the judge does not). The mock
// reads it as the union or null; a value of no branch is still refused.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-typed-nullable-union-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const proxy = {
  description: "Null turns the proxy off.",
  nullable: true,
  type: "object",
  oneOf: [
    { type: "object", properties: { zqMode: { enum: ["home"] } }, required: ["zqMode"] },
    {
      type: "object",
      properties: { zqMode: { enum: ["shop"] }, zqPort: { type: "integer" } },
      required: ["zqMode", "zqPort"],
    },
  ],
};

describe("a nullable union with a type beside it, in a request body", () => {
  it("takes null and a branch's value, and refuses a value of no branch", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqrelay"), { recursive: true });
    const document = openapi({
      "/zqrelay": {
        patch: {
          operationId: "zqrelay",
          requestBody: {
            required: true,
            content: { "application/json": { schema: { type: "object", properties: { zqProxy: proxy } } } },
          },
          responses: { "204": { description: "done" } },
        },
      },
    });
    writeFileSync(join(dir, "zqrelay", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqrelay"], { specsDir: dir, logLevel: "silent" });
    const send = async (zqProxy: unknown) => {
      const response = await fetch(`${mocks.urls.zqrelay}/zqrelay`, {
        method: "PATCH",
        headers: { authorization: "Bearer zq-token-1", "content-type": "application/json" },
        body: JSON.stringify({ zqProxy }),
      });
      await response.arrayBuffer();
      return response.status;
    };
    try {
      expect(await send(null)).toBe(204);
      expect(await send({ zqMode: "shop", zqPort: 8 })).toBe(204);
      expect(await send({ zqMode: "shop" })).toBe(422);
    } finally {
      await mocks.close();
    }
  });
});
