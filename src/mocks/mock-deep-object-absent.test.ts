// A deepObject query parameter whose fields are lists with minItems (`filter[zq_ids][0]=…`): Prism built the value from
// the schema rather than from the pairs sent, each list field the request left out as `[]`, and the parameter as an
// object whether sent or not, so that its check refused every request leaving a field out ("filter.zq_ids must NOT
// have fewer than 1 items"), even one that sent no filter at all. What the request does not carry is not read.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-deep-object-absent-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const filter = {
  type: "object",
  additionalProperties: false,
  minProperties: 1,
  properties: {
    zq_ids: { type: "array", minItems: 1, items: { type: "integer" } },
    zq_names: { type: "array", minItems: 1, items: { type: "string" } },
    zq_window: { type: "object", properties: { zq_from: { type: "array", minItems: 2, items: { type: "string" } } } },
    zq_done: { type: "boolean" },
  },
};

const document = openapi({
  "/zqmatches": {
    get: {
      operationId: "zqmatches",
      parameters: [{ name: "filter", in: "query", style: "deepObject", explode: true, schema: filter }],
      responses: {
        "200": { description: "ok", content: { "application/json": { schema: { type: "object" }, example: {} } } },
      },
    },
  },
});

describe("a deepObject parameter whose list fields have minItems", () => {
  it("is read from the pairs the request sends: a field (or the parameter) left out is not an empty list", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqmatches"), { recursive: true });
    writeFileSync(join(dir, "zqmatches", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqmatches"], { specsDir: dir, logLevel: "silent" });
    try {
      const status = async (query: string) => {
        const response = await fetch(`${mocks.urls.zqmatches}/zqmatches${query}`, {
          headers: { authorization: "Bearer zq-token-1", accept: "application/json" },
        });
        await response.body?.cancel();
        return [response.status, response.headers.get("sl-violations")];
      };
      expect(await status("")).toEqual([200, null]);
      expect(await status("?filter[zq_done]=true")).toEqual([200, null]);
      expect(await status("?filter[zq_ids][0]=4&filter[zq_ids][1]=5")).toEqual([200, null]);
      expect(await status("?filter[zq_window][zq_from][0]=a&filter[zq_window][zq_from][1]=b")).toEqual([200, null]);
      // Still checked where sent: one item where two are the fewest.
      expect((await status("?filter[zq_window][zq_from][0]=a"))[0]).toBe(422);
    } finally {
      await mocks.close();
    }
  });

  it("keeps the items in their indexes' order, and reads nothing for a parameter not sent", () => {
    const { deserializeDeepObjectStyle } = createRequire(import.meta.url)("../vendor/parts/prism-deep-object.cjs") as {
      deserializeDeepObjectStyle(name: string, pairs: Record<string, unknown>, schema: unknown): unknown;
    };
    const pairs = { "filter[zq_ids][1]": "5", "filter[zq_ids][0]": "4", other: "x" };
    expect(deserializeDeepObjectStyle("filter", pairs, filter)).toEqual({ zq_ids: ["4", "5"] });
    expect(deserializeDeepObjectStyle("filter", { other: "x" }, filter)).toBeUndefined();
  });
});
