// Two templated paths that one request matches alike in Prism's router (`/zqlaws/zqcategories.{format}` and
// `/zqlaws/{id}.{format}` for `/zqlaws/zqcategories.json`): Prism took the one written last, and a document writing
// the list first had its requests routed to the other operation and refused ("id must be integer"). The mock serves
// the most literal path of a tie as the one the request names, whatever the document's order.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { inRouteOrder } from "../load/operation-index.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-route-order-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const format = { name: "format", in: "path", required: true, schema: { type: "string", enum: ["json", "xml"] } };
const answer = (example: object) => ({
  "200": {
    description: "ok",
    content: { "application/json": { schema: { type: "object" }, example } },
  },
});

describe("two templated paths a request matches alike", () => {
  it("orders the more literal path last, the document's order kept otherwise", () => {
    const order = inRouteOrder({ "/a/{x}.{y}": 1, "/a/list.{y}": 2, "/b/{x}": 3, "/b/{z}": 4 }).map(([p]) => p);
    expect(order).toEqual(["/b/{x}", "/b/{z}", "/a/{x}.{y}", "/a/list.{y}"]);
  });

  it("are answered by the operation the request names, whichever the document writes first", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqlaws"), { recursive: true });
    const document = openapi({
      "/zqlaws/zqcategories.{format}": {
        get: { operationId: "listZqCategories", parameters: [format], responses: answer({ zqcategories: [] }) },
      },
      "/zqlaws/{id}.{format}": {
        get: {
          operationId: "getZqLaw",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }, format],
          responses: answer({ zqlaw: 1 }),
        },
      },
    });
    writeFileSync(join(dir, "zqlaws", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqlaws"], { specsDir: dir, logLevel: "silent" });
    try {
      const get = async (path: string) => {
        const r = await fetch(`${mocks.urls.zqlaws}${path}`, { headers: { authorization: "Bearer zq-token-1" } });
        return [r.status, await r.json()];
      };
      expect(await get("/zqlaws/zqcategories.json")).toEqual([200, { zqcategories: [] }]);
      expect(await get("/zqlaws/7.json")).toEqual([200, { zqlaw: 1 }]);
    } finally {
      await mocks.close();
    }
  });
});
