// A query list in form style whose explode the document leaves unstated (OpenAPI's default: true, one `k=item` pair
// per item), with a count of items (`zqbox[]`, minItems 4, maxItems 4, a name some documents end in `[]`): Prism's
// reader takes an unstated explode as false and read only the last pair, so that four items sent were one ("must NOT
// have fewer than 4 items"). The mock states the default; the count is still checked.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-query-list-explode-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const corners = { type: "array", minItems: 4, maxItems: 4, items: { type: "number", format: "float" } };
const document = openapi({
  "/zqsites": {
    get: {
      operationId: "zqsites",
      parameters: [
        { name: "zqbox[]", in: "query", schema: corners },
        { name: "zqpair", in: "query", schema: { ...corners, minItems: 2, maxItems: 2 } },
      ],
      responses: {
        "200": { description: "ok", content: { "application/json": { schema: { type: "object" }, example: {} } } },
      },
    },
  },
});

describe("a query list whose explode the document leaves unstated", () => {
  it("is read as exploded, every pair an item, its count of items still checked", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqsites"), { recursive: true });
    writeFileSync(join(dir, "zqsites", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqsites"], { specsDir: dir, logLevel: "silent" });
    try {
      const status = async (query: string) => {
        const response = await fetch(`${mocks.urls.zqsites}/zqsites?${query}`, {
          headers: { authorization: "Bearer zq-token-1", accept: "application/json" },
        });
        await response.body?.cancel();
        return [response.status, response.headers.get("sl-violations")];
      };
      const box = ["-105.4", "39.4", "-104.5", "40.1"];
      expect(await status(box.map((v) => `zqbox%5B%5D=${v}`).join("&"))).toEqual([200, null]);
      expect(await status("zqpair=1.5&zqpair=2.5")).toEqual([200, null]);
      expect((await status("zqpair=1.5&zqpair=2.5&zqpair=3.5"))[0]).toBe(422);
      expect((await status("zqbox%5B%5D=1&zqbox%5B%5D=2"))[0]).toBe(422);
    } finally {
      await mocks.close();
    }
  });
});
