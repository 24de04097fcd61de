// A secret path parameter of a minLength over 2 (a key of at least 8 characters in the address): the random invalid
// inputs' dot segment (`.`, `..`) breaks its minLength before the path's own rule, and the runtime says so first; the
// case expected rule pathSegment alone and failed ("expected rule pathSegment, got minLength").
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { keyedDocument, keyedManifest, linkedTool } from "../../../test-support/linked-tool.js";
import { deriveCases } from "../derive.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-dot-segment-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const openapi = keyedDocument("zqtiles", {
  "/zqtiles/{zqkey}/caps.xml": {
    get: {
      operationId: "getZqcaps",
      parameters: [{ name: "zqkey", in: "path", required: true, schema: { type: "string", minLength: 8 } }],
      responses: { "204": { description: "none" } },
    },
  },
});
const manifest = keyedManifest(
  "zqtiles",
  `  zqtiles_caps:
    operationId: getZqcaps
    title: Capabilities
    description: The capabilities.
    params:
      zqkey:
        type: string
        minLength: 8
        maxLength: 64
        required: true
        secret: true
        description: The tile set's key.
        wire: { in: path }
    outputs: {}
`,
);

describe("a secret path parameter whose minLength is over a dot segment's length", () => {
  it("takes the minLength refusal of a dot segment as the invalid input's", async () => {
    const { linked, tool } = await linkedTool(work, "zqtiles", openapi, manifest, "zqtiles_caps");
    const cases = deriveCases({ provider: "zqtiles", tools: [tool], document: linked.document });
    const invalid = cases.find((c) => c.name === "random invalid inputs: refused before any request");
    expect(invalid).toBeDefined();
    await invalid?.run({ mockUrl: () => "http://127.0.0.1:9", seed: 66, runs: 200 });
  });
});
