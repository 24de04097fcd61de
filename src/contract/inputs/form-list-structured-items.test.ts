// A required form field that is a list of any items (`items: {}`), no `encoding`: an item drawn as an object went in
// bracket form (`zqkinds[0][k]=v`), which the document's style (form, a pair per item) does not describe and a form
// reader (Prism) takes for another field: `zqkinds` read back as missing and the property case failed. Such an item
// is no value sent as given now; under `style: deepObject` it still is. And in bracket form a key of empty text
// (`zqdeep[0][]=`, a list's next item to qs, PHP and Rack) is not drawn, as a key holding `[` or `]` is not.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { withoutBracketKeys } from "../../judge/bracket-form.js";
import { validInput } from "./random-inputs.js";
import { ToolValues } from "./values.js";
import { keyedDocument, keyedManifest, linkedTool } from "../../../test-support/linked-tool.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-form-list-structured-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const openapi = keyedDocument("zqbrk", {
  "/zqsubscriptions": {
    post: {
      operationId: "subscribeZq",
      requestBody: {
        required: true,
        content: {
          "application/x-www-form-urlencoded": {
            schema: {
              type: "object",
              required: ["zqkinds"],
              properties: { zqkinds: { type: "array", items: {} }, zqdeep: { type: "array", items: {} } },
            },
            encoding: { zqdeep: { style: "deepObject", explode: true } },
          },
        },
      },
      responses: { "201": { description: "Subscribed." } },
    },
  },
});

const manifest = keyedManifest(
  "zqbrk",
  `  zqbrk_subscribe:
    operationId: subscribeZq
    title: Subscribe
    description: Subscribe.
    params:
      zqkinds:
        type: json
        jsonType: array
        required: true
        description: The kinds, any items.
        wire: { in: body }
      zqdeep:
        type: json
        jsonType: array
        description: The kinds, in brackets.
        wire: { in: body }
    outputs:
      metadata.status:
        type: number
        from: $statusCode
        description: The status.
`,
);

const { linked, tool } = await linkedTool(work, "zqbrk", openapi, manifest, "zqbrk_subscribe");
const values = new ToolValues(tool, linked.document);

/** Every key of every object inside a value. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);
}

describe("a form field of any items, in bracket form", () => {
  it("drops a key that is empty, or left empty by its brackets taken out", () => {
    expect(withoutBracketKeys([{ "": { a: 1 }, b: { "": null, "[]": 2, "c[d]": 3 } }])).toEqual([{ b: { cd: 3 } }]);
  });

  it("takes no list item that is a list or an object in form style, and takes one under deepObject", () => {
    const kinds = tool.params.find((p) => p.name === "zqkinds")!;
    const deep = tool.params.find((p) => p.name === "zqdeep")!;
    expect(values.accepts(kinds, ["a", 2, null])).toBe(true);
    expect(values.accepts(kinds, ["a", { k: "v" }])).toBe(false);
    expect(values.accepts(kinds, [["a"]])).toBe(false);
    expect(values.accepts(deep, ["a", { k: "v" }])).toBe(true);
  });

  it("draws random valid inputs: form-style items plain, bracket-form keys never empty", () => {
    const drawn = fc.sample(validInput(tool, values, "https://api.zqbrk.test"), { numRuns: 300, seed: 11 });
    expect(
      drawn.flatMap((input) => input.zqkinds as unknown[]).filter((i) => i !== null && typeof i === "object"),
    ).toEqual([]);
    const keys = drawn.flatMap((input) => keysOf(input.zqdeep));
    // Not vacuous: the deepObject items do hold objects, whose keys were drawn.
    expect(keys.length).toBeGreaterThan(20);
    expect(keys.filter((k) => k === "")).toEqual([]);
  });
});
