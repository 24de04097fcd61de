// A query list sent exploded (form style, OpenAPI's default: `zqkeys=a&zqkeys=b`)
// whose one item holds a comma (`zqkeys=%2C`): the wire is unambiguous, one
// item ",", but Prism split a lone value on its commas and refused the list
// as two empty items ("must NOT have fewer than 1 characters"). The mock
// leaves such a list to its request judge, which reads it as sent, and still
// refuses an item that breaks the schema.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-query-list-comma-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const document = openapi({
  "/zqtags": {
    delete: {
      operationId: "untagZq",
      parameters: [
        {
          name: "zqkeys",
          in: "query",
          required: true,
          schema: { type: "array", items: { type: "string", minLength: 1, maxLength: 8 } },
        },
      ],
      responses: { "204": { description: "Untagged." } },
    },
  },
});

describe("a mock's exploded query list whose one item holds a comma", () => {
  it("takes the item as sent, and still refuses an item the schema refuses", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqtags"), { recursive: true });
    writeFileSync(join(dir, "zqtags", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqtags"], { specsDir: dir, logLevel: "silent" });
    try {
      const answer = async (query: string) => {
        const response = await fetch(`${mocks.urls.zqtags}/zqtags?${query}`, {
          method: "DELETE",
          headers: { authorization: "Bearer zq-token-1" },
        });
        await response.arrayBuffer();
        return { status: response.status, violations: JSON.parse(response.headers.get("sl-violations") ?? "[]") };
      };
      expect(await answer("zqkeys=%2C")).toEqual({ status: 204, violations: [] });
      expect(await answer("zqkeys=a%2Cb")).toEqual({ status: 204, violations: [] });
      expect(await answer("zqkeys=a&zqkeys=b%2C")).toEqual({ status: 204, violations: [] });
      expect((await answer("zqkeys=too-long-a-key")).status).toBe(422);
    } finally {
      await mocks.close();
    }
  });
});
