// An integer parameter bounded by an int64's range (`maximum: 9223372036854775807`, as published documents and `add`
// write it): a value past such a bound is past what a JavaScript number holds, and the runtime refuses it as such
// (rule `integer`: it would be sent rounded) before looking at the bound (a JSON parser reads 9223372036854775807 as
// 2 ** 63). The limit cases past the bounds, and the
// random invalid inputs that break them, expect that refusal; they expected `maximum` and failed.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { keyedDocument, keyedManifest, linkedTool } from "../../../test-support/linked-tool.js";
import { deriveCases } from "../derive.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-limit-int64-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const openapi = keyedDocument("zqorders", {
  "/zqorders": {
    get: {
      operationId: "listZqorders",
      parameters: [
        {
          name: "zqafter",
          in: "query",
          schema: { type: "integer", format: "int64", minimum: -(2 ** 63), maximum: 2 ** 63 },
        },
      ],
      responses: { "204": { description: "none" } },
    },
  },
});

const manifest = keyedManifest(
  "zqorders",
  `  zqorders_list:
    operationId: listZqorders
    title: List orders
    description: List orders.
    params:
      zqafter:
        type: number
        integer: true
        minimum: -9223372036854775808
        maximum: 9223372036854775807
        description: Orders after this one.
        wire: { in: query }
    outputs: {}
`,
);

const { linked, tool } = await linkedTool(work, "zqorders", openapi, manifest, "zqorders_list");
const cases = deriveCases({ provider: "zqorders", tools: [tool], document: linked.document });
const ctx = { mockUrl: () => "http://127.0.0.1:9", seed: 3, runs: 40 };

describe("an integer parameter bounded by an int64's range", () => {
  it("is refused past each bound as an integer a number cannot hold, before any request", async () => {
    const past = cases.filter((c) => c.kind === "limit" && /^zqafter m.* one step past it$/.test(c.name));
    expect(past.map((c) => c.name)).toEqual([
      "zqafter minimum -9223372036854776000 one step past it",
      "zqafter maximum 9223372036854776000 one step past it",
    ]);
    for (const c of past) await c.run(ctx);
  });

  it("holds the random invalid inputs that break its bounds to that refusal", async () => {
    const invalid = cases.find((c) => c.name === "random invalid inputs: refused before any request");
    expect(invalid).toBeDefined();
    await invalid?.run(ctx);
  });
});
