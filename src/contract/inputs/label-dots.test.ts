// A path list or object in style label, exploded (`.a.b`, `.k=v.w=x`), writes each item after a "." it leaves
// unencoded (RFC 6570: "." is unreserved), so the runtime refuses an item, key or value holding one (a number's
// decimals too: validate/json-params.ts), and the contract suite keeps only values the runtime takes: its drawn values
// never hold one, not even where the document's example does, and each is sent.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { validInput } from "./random-inputs.js";
import { ToolValues } from "./values.js";
import { keyedDocument, keyedManifest, linkedTool, sentGet } from "../../../test-support/linked-tool.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-label-dots-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const label = { in: "path", required: true, style: "label", explode: true };
const openapi = keyedDocument("zqlabels", {
  "/zqtags/{tags}/zqsizes/{sizes}/zqpoint/{point}": {
    get: {
      operationId: "getTags",
      parameters: [
        {
          ...label,
          name: "tags",
          schema: { type: "array", minItems: 1, items: { type: "string", minLength: 1 } },
          example: ["zq.a", "zqb"],
        },
        {
          ...label,
          name: "sizes",
          schema: { type: "array", minItems: 1, items: { type: "number" } },
          example: [1.5, 2],
        },
        {
          ...label,
          name: "point",
          schema: { type: "object", additionalProperties: { type: "string", minLength: 1 }, minProperties: 1 },
          example: { "zq.k": "v.w" },
        },
      ],
      responses: { "200": { description: "the tags" } },
    },
  },
});
const json = (name: string, jsonType: string, items: string) =>
  `      ${name}:
        type: json
        jsonType: ${jsonType}
        required: true
        ${items}
        description: The ${name}.
        wire: { in: path }
`;
const manifest = keyedManifest(
  "zqlabels",
  `  zqlabels_get_tags:
    operationId: getTags
    title: Get tags
    description: Get tags.
    params:
${json("tags", "array", "minItems: 1\n        items: { type: string, minLength: 1 }")}${json(
  "sizes",
  "array",
  "minItems: 1\n        items: { type: number }",
)}${json("point", "object", "values: { type: string, minLength: 1 }")}    outputs: {}
`,
);

const { linked, tool } = await linkedTool(work, "zqlabels", openapi, manifest, "zqlabels_get_tags");
const values = new ToolValues(tool, linked.document);

describe("a path list or object in style label, exploded, in the contract suite's inputs", () => {
  it("is never drawn with an item, key or value holding a dot, and each drawn value is sent", async () => {
    const drawn = fc.sample(validInput(tool, values, "http://127.0.0.1:1"), { numRuns: 150, seed: 11 });
    const texts = drawn.flatMap((input) => [
      ...(input.tags as unknown[]),
      ...(input.sizes as unknown[]),
      ...Object.entries(input.point as object).flat(),
    ]);
    expect(texts.length).toBeGreaterThan(450);
    expect(texts.filter((t) => String(t).includes("."))).toEqual([]);
    for (const input of drawn.slice(0, 20)) await sentGet(tool, { apiKey: "zq-key-0123456789", ...input });
  });
});
