// A number whose document bound is exclusive (3.0's `minimum: 0, exclusiveMinimum: true`, 3.1's `exclusiveMaximum: 1`)
// was linked as the inclusive bound next to it, the next double past it: true of every number, but its refusal said
// "must be at least 5e-324". The IR keeps the bound exclusive now (spec-bounds.ts), and the refusal says it as the
// document does, "greater than 0", rule exclusiveMinimum (so "less than 1", exclusiveMaximum); an inclusive bound and
// an integer's stay "at least".
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { keyedDocument, keyedManifest, linkedTool } from "../../../test-support/linked-tool.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-exclusive-bound-words-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const openapi = keyedDocument("zqbounds", {
  "/zqitems": {
    get: {
      operationId: "listZqItems",
      parameters: [
        { name: "zqSize", in: "query", schema: { type: "number", minimum: 0, exclusiveMinimum: true, maximum: 100 } },
        { name: "zqRatio", in: "query", schema: { type: "number", maximum: 1, exclusiveMaximum: true } },
        { name: "zqCount", in: "query", schema: { type: "integer", minimum: 0, exclusiveMinimum: true } },
        { name: "zqStep", in: "query", schema: { type: "number", minimum: 0.5 } },
      ],
      responses: { "200": { description: "the items" } },
    },
  },
});
const param = (name: string) => `      ${name}:
        type: number
        description: The ${name}.
        limitsFromSpec: true
        wire: { in: query }
`;
const manifest = keyedManifest(
  "zqbounds",
  `  zqbounds_list_items:
    operationId: listZqItems
    title: List items
    description: List items.
    params:
${["zqSize", "zqRatio", "zqCount", "zqStep"].map(param).join("")}    outputs: {}
`,
);
const { tool } = await linkedTool(work, "zqbounds", openapi, manifest, "zqbounds_list_items");

async function refusal(input: Record<string, unknown>): Promise<{ rule?: string; message?: string }> {
  const fetch = async () => new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
  const result = await executeToolDefinition(tool, { apiKey: "zq-key-0123456789", ...input }, { fetch });
  expect(result.success).toBe(false);
  return (result as { error?: { rule?: string; message?: string } }).error ?? {};
}

describe("a number's exclusive bound, as a refusal says it", () => {
  it("says the document's exclusive minimum and maximum as it does", async () => {
    expect(await refusal({ zqSize: 0 })).toMatchObject({
      rule: "exclusiveMinimum",
      message: "zqSize: must be greater than 0 (allowed: greater than 0, at most 100), got 0",
    });
    expect(await refusal({ zqRatio: 1 })).toMatchObject({
      rule: "exclusiveMaximum",
      message: "zqRatio: must be less than 1, got 1",
    });
  });

  it("keeps an inclusive bound's and an integer's words", async () => {
    expect(await refusal({ zqCount: 0 })).toMatchObject({
      rule: "minimum",
      message: "zqCount: must be at least 1, got 0",
    });
    expect(await refusal({ zqStep: 0.25 })).toMatchObject({
      rule: "minimum",
      message: "zqStep: must be at least 0.5, got 0.25",
    });
  });
});
