// A JSON parameter whose document example holds an integer beyond ±(2^53−1) (`n: 3408207428662661600`, of no
// stated format): a JavaScript number holds it rounded and the mock refuses it, so the suite neither sends that
// example nor draws it; it sends a value made from the schema instead.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { unsafeIntegerAt } from "../../model/safe-integers.js";
import { validInput } from "./random-inputs.js";
import { ToolValues } from "./values.js";
import { keyedDocument, keyedManifest, linkedTool } from "../../../test-support/linked-tool.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-unsafe-integers-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const big = 3408207428662661600;
const openapi = keyedDocument("zqpins", {
  "/zqpins": {
    put: {
      operationId: "putZqpin",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["meta"],
              properties: {
                meta: {
                  type: "object",
                  required: ["n"],
                  // No format: an int64's example past the range is the load's to refuse (schema-lookup.ts).
                  properties: { n: { type: "integer" } },
                  example: { n: big },
                },
              },
              example: { meta: { n: big } },
            },
          },
        },
      },
      responses: { "204": { description: "done" } },
    },
  },
});

const manifest = keyedManifest(
  "zqpins",
  `  zqpins_put:
    operationId: putZqpin
    title: Put a pin
    description: Put a pin.
    params:
      meta:
        type: json
        jsonType: object
        required: true
        description: The pin's meta.
        wire: { in: body }
    outputs: {}
`,
);

const { linked, tool } = await linkedTool(work, "zqpins", openapi, manifest, "zqpins_put");
const values = new ToolValues(tool, linked.document);
const meta = tool.params.find((p) => p.name === "meta")!;

describe("a JSON parameter whose document example holds an integer beyond the safe range", () => {
  it("is not accepted as a value; a safe one is", () => {
    expect(values.accepts(meta, { n: big })).toBe(false);
    expect(values.accepts(meta, { n: 9007199254740991 })).toBe(true);
  });

  it("is sent as a value made from the schema, in the minimal and the full input and in random draws", () => {
    expect(unsafeIntegerAt(values.minimal().meta)).toBeUndefined();
    expect(values.minimal().meta).toMatchObject({ n: expect.any(Number) });
    expect(unsafeIntegerAt(values.full().meta)).toBeUndefined();
    const draws = fc.sample(validInput(tool, values, "https://api.zqpins.test"), { numRuns: 60, seed: 7 });
    for (const input of draws) expect(unsafeIntegerAt(input), JSON.stringify(input)).toBeUndefined();
  });
});
