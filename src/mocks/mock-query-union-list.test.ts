// A query parameter that is a union with a list among its branches and no type of its own (`oneOf: [{type: boolean},
// {type: array, items: {type: string}}]`: a flag, or the values to choose among), given a list of one item: sent as
// one pair (`zqlang=%20`), which Prism read as text, neither a boolean nor a list, and refused. The request judge reads
// such a parameter in full: one pair is a list of one, a value no branch takes is still refused.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-query-union-list-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const document = openapi({
  "/zqlisten": {
    post: {
      operationId: "zqlisten",
      parameters: [
        {
          name: "zqlang",
          in: "query",
          schema: { oneOf: [{ type: "boolean" }, { type: "array", items: { type: "string", maxLength: 5 } }] },
        },
      ],
      responses: {
        "200": { description: "ok", content: { "application/json": { schema: { type: "object" }, example: {} } } },
      },
    },
  },
});

describe("a query union with a list among its branches", () => {
  it("takes one pair as a list of one, several as a list, and refuses what no branch takes", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqlisten"), { recursive: true });
    writeFileSync(join(dir, "zqlisten", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqlisten"], { specsDir: dir, logLevel: "silent" });
    try {
      const status = async (query: string) => {
        const response = await fetch(`${mocks.urls.zqlisten}/zqlisten?${query}`, {
          method: "POST",
          headers: { authorization: "Bearer zq-token-1", accept: "application/json" },
        });
        await response.body?.cancel();
        return [response.status, response.headers.get("sl-violations")];
      };
      expect(await status("zqlang=%20")).toEqual([200, null]);
      expect(await status("zqlang=en&zqlang=fr")).toEqual([200, null]);
      expect(await status("zqlang=true")).toEqual([200, null]);
      expect((await status("zqlang=toolongvalue"))[0]).toBe(422);
    } finally {
      await mocks.close();
    }
  });
});
