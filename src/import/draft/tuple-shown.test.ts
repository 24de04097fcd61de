// issue 59: a 3.1 tuple (`prefixItems`, `items: false` or a rest, `minItems`/`maxItems`) was checked before any request
// but shown as a plain list: the typed client typed it `unknown[]`, models saw `{type: array}` and no positions. Now
// one IR record (a parameter's `tuple`, a nested list's `prefix`) feeds each reader: the typed client's TypeScript
// tuple (a consumer under the project's strict options takes a value of the document's shape and refuses, at compile
// time, one the runtime refuses), JSON Schema 2020-12's `prefixItems` where the schema is 2020-12 (MCP, Anthropic:
// both read 2020-12), and words with the count where no keyword says it (OpenAI strict mode's JSON text, n8n's JSON
// property, Sim's parameter, whose `items` is one schema of every item).
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { inputSchema, type ToolSpec } from "@blockwright/runtime/internal";
import Ajv2020Module from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { typeCheckMessages } from "../../../test-support/type-check.js";
import { generate } from "../../emit/generate-all.js";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

// CommonJS default exports, as Node's ESM loader hands them over.
const Ajv2020 = Ajv2020Module.default ?? Ajv2020Module;
const ajv = new Ajv2020({ strict: false });

const span = { type: "array", prefixItems: [{ type: "string" }, { type: "number" }], items: false, minItems: 2 };
const run = { type: "array", prefixItems: [{ type: "string" }], items: { type: "boolean" } };
const corner = {
  type: "array",
  prefixItems: [{ type: "number" }, { type: ["number", "null"] }],
  items: false,
  minItems: 1,
};
const document = {
  ...openapi({
    "/zqspans": {
      post: {
        operationId: "createZqSpan",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["zqSpan"],
                properties: {
                  zqSpan: span,
                  zqRun: run,
                  zqBox: { type: "object", properties: { zqCorner: corner } },
                },
              },
            },
          },
        },
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
      },
    },
  }),
  openapi: "3.1.0",
};
const PROVIDER = "zqtuples";

let tool: ToolSpec;
beforeAll(async () => {
  const tools = await linkedTools(drafted(document, ["createZqSpan"], PROVIDER), PROVIDER);
  tool = tools.find((t) => t.id === `${PROVIDER}_create_zq_span`)!;
});

/** The drafted package and its n8n and Sim files, written out once. */
let made: Promise<{ outDir: string; files: Map<string, string> }> | undefined;
const generated = () => {
  made ??= generatedOnce();
  return made;
};

async function generatedOnce(): Promise<{ outDir: string; files: Map<string, string> }> {
  const d = drafted(document, ["createZqSpan"], PROVIDER);
  expect(await linkProblems(d, PROVIDER)).toEqual([]);
  const specsDir = join(draftWorkFolder, "tuples", "specs");
  mkdirSync(join(specsDir, PROVIDER), { recursive: true });
  writeFileSync(join(specsDir, PROVIDER, "openapi.yaml"), d.openapiText);
  writeFileSync(join(specsDir, PROVIDER, "manifest.yaml"), d.manifestText);
  const outDir = join(draftWorkFolder, "tuples", "generated");
  const files = new Map<string, string>();
  for (const target of ["packages", "n8n", "sim"] as const) {
    const made = await generate({
      root,
      specsDir,
      outDir: join(outDir, target),
      packagesDir: join(outDir, "packages"),
      target,
      author: "Zq Tester <zq@example.com>",
    });
    for (const [path, content] of made.files) {
      mkdirSync(join(outDir, target, path, ".."), { recursive: true });
      writeFileSync(join(outDir, target, path), content);
      files.set(`${target}/${path}`, content);
    }
  }
  return { outDir, files };
}

describe("a 3.1 tuple, shown as a tuple", () => {
  it("is typed as a TypeScript tuple: its positions, their count, its rest", async () => {
    const { outDir } = await generated();
    const consumer = join(outDir, "consumer.mts");
    const lines = [
      `import type { ZqtuplesCreateZqSpanParams } from "./packages/${PROVIDER}/index.js";`,
      'type Span = Omit<ZqtuplesCreateZqSpanParams, "accessToken">;',
      "export const spans: Span[] = [",
      '  { zqSpan: ["zq", 1], zqRun: ["zq", true, false], zqBox: { zqCorner: [1, null] } },',
      '  { zqSpan: ["zq", 2], zqRun: ["zq"], zqBox: { zqCorner: [1] } },',
      "];",
      "export const refused: Span[] = [",
      "  // @ts-expect-error the positions' kinds swapped",
      '  { zqSpan: [1, "zq"] },',
      "  // @ts-expect-error one item past the positions (items: false)",
      '  { zqSpan: ["zq", 1, 2] },',
      "  // @ts-expect-error fewer items than minItems",
      '  { zqSpan: ["zq"] },',
      "  // @ts-expect-error a rest item of another kind than items'",
      '  { zqSpan: ["zq", 1], zqRun: ["zq", "yes"] },',
      "  // @ts-expect-error a nested tuple past its positions",
      '  { zqSpan: ["zq", 1], zqBox: { zqCorner: [1, 2, 3] } },',
      "];",
      "",
    ];
    writeFileSync(consumer, lines.join("\n"));
    expect(typeCheckMessages([join(outDir, "packages", PROVIDER, "index.d.ts"), consumer])).toEqual([]);
  });

  it("is shown to MCP and Anthropic (JSON Schema 2020-12) with prefixItems, its rest and its count", () => {
    const props = inputSchema(tool).properties;
    expect(props.zqSpan).toMatchObject({
      type: "array",
      prefixItems: [{ type: "string" }, { type: "number" }],
      minItems: 2,
      maxItems: 2,
    });
    expect(props.zqSpan).not.toHaveProperty("items");
    expect(props.zqRun).toMatchObject({ prefixItems: [{ type: "string" }], items: { type: "boolean" } });
    expect(props.zqBox!.properties!.zqCorner).toEqual({
      type: "array",
      prefixItems: [{ type: "number" }, { type: ["number", "null"] }],
      minItems: 1,
      maxItems: 2,
    });
    // What a model fills is held there as the call holds it.
    const check = ajv.compile(inputSchema(tool));
    expect(check({ zqSpan: ["zq", 1], zqRun: ["zq", true], zqBox: { zqCorner: [1, null] } })).toBe(true);
    for (const wrong of [
      { zqSpan: [1, "zq"] },
      { zqSpan: ["zq", 1, 2] },
      { zqSpan: ["zq", 1], zqRun: ["zq", "yes"] },
      { zqSpan: ["zq", 1], zqBox: { zqCorner: [] } },
    ])
      expect(check(wrong), JSON.stringify(wrong)).toBe(false);
  });

  it("is said in words with its count where no keyword says it: OpenAI strict mode, n8n, Sim", async () => {
    const strict = inputSchema(tool, { strict: true }).properties;
    expect(strict.zqSpan!.description).toContain(
      "A list of, in order: a string, a number; no other items. At least 2, at most 2 items.",
    );
    expect(strict.zqRun!.description).toContain("A list of, in order: a string; then any more, each true or false.");
    const { files } = await generated();
    const n8n = [...files].find(([path]) => path.startsWith("n8n/") && path.endsWith(".node.ts"));
    expect(n8n?.[1]).toContain("A list of, in order: a string, a number; no other items. At least 2, at most 2 items");
    // The ToolConfig's parameters (what Sim's agent shows a model), not the block's inputs.
    const sim = [...files].find(
      ([path, text]) => path.startsWith("sim/") && path.includes("/tools/") && text.includes("zqSpan"),
    );
    expect(sim?.[1]).toContain("A list of, in order: a string, a number; no other items. At least 2, at most 2 items.");
  });
});
