// A path parameter is never given a value that makes its operation's address another path's concrete one: such a
// call reaches the other operation (OpenAPI, the mocks and services match a concrete path first), as a published
// document's example of the templated operation (`{name}` given `monitoring`, beside `/monitoring`) did.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { validInput } from "./random-inputs.js";
import { ToolValues } from "./values.js";
import { keyedDocument, keyedManifest, linkedTool } from "../../../test-support/linked-tool.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-concrete-paths-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const answer = {
  "200": {
    description: "a shelf",
    content: { "application/json": { schema: { type: "object", properties: { id: { type: "string" } } } } },
  },
};
const openapi = keyedDocument("zqshelves", {
  "/zqhalls/{hall}/zqshelves/{shelf}": {
    get: {
      operationId: "getShelf",
      parameters: [
        { name: "hall", in: "path", required: true, schema: { type: "string" }, example: "east" },
        {
          name: "shelf",
          in: "path",
          required: true,
          schema: { type: "string", enum: ["zq archive", "zq-top", "zq-low"] },
          example: "zq archive",
        },
      ],
      responses: answer,
    },
  },
  // The concrete path the templated one's example spells (percent-encoded, as a path is written).
  "/zqhalls/{hall}/zqshelves/zq%20archive": {
    get: {
      operationId: "getArchive",
      parameters: [{ name: "hall", in: "path", required: true, schema: { type: "string" } }],
      responses: answer,
    },
  },
  // Ours with both templates given: reached by the two values together, not by either alone.
  "/zqhalls/west/zqshelves/zq-low": { get: { operationId: "getWestLow", responses: answer } },
  // Not the same address with a value given: another segment differs in text.
  "/zqrooms/east/zqshelves/zq-top": { get: { operationId: "getTop", responses: answer } },
});

const manifest = keyedManifest(
  "zqshelves",
  `  zqshelves_get_shelf:
    operationId: getShelf
    title: Get a shelf
    description: Get a shelf.
    params:
      hall:
        type: string
        maxLength: 64
        required: true
        description: The hall.
        wire: { in: path }
      shelf:
        type: string
        enum: [ "zq archive", zq-top, zq-low ]
        example: zq archive
        required: true
        description: The shelf.
        wire: { in: path }
    outputs:
      id:
        type: string
        from: "$response.body#/id"
        description: The id.
  zqshelves_get_archive:
    operationId: getArchive
    title: Get the archive
    description: Get the archive.
    params:
      hall:
        type: string
        maxLength: 64
        required: true
        description: The hall.
        wire: { in: path }
    outputs:
      id:
        type: string
        from: "$response.body#/id"
        description: The id.
  zqshelves_get_west_low:
    operationId: getWestLow
    title: Get the west hall's low shelf
    description: Get the west hall's low shelf.
    outputs:
      id:
        type: string
        from: "$response.body#/id"
        description: The id.
  zqshelves_get_top:
    operationId: getTop
    title: Get the top
    description: Get the top.
    outputs:
      id:
        type: string
        from: "$response.body#/id"
        description: The id.
`,
);

const { linked, tool } = await linkedTool(work, "zqshelves", openapi, manifest, "zqshelves_get_shelf");
const values = new ToolValues(tool, linked.document);
const shelf = values.param("shelf");

describe("a path parameter's values that spell another path's concrete segment", () => {
  it("are not taken: not the example, not in the inputs, never drawn", () => {
    expect(values.accepts(shelf, "zq archive")).toBe(false);
    expect(values.accepts(shelf, "zq-low")).toBe(true);
    // Another path whose other segment differs is no such address.
    expect(values.accepts(shelf, "zq-top")).toBe(true);
    expect(values.example("shelf")?.value).not.toBe("zq archive");
    expect(values.minimal().shelf).not.toBe("zq archive");
    expect(values.full().shelf).not.toBe("zq archive");
    const drawn = fc.sample(validInput(tool, values, "http://127.0.0.1:1"), { numRuns: 200, seed: 7 });
    expect(drawn.map((input) => input.shelf)).not.toContain("zq archive");
    expect(new Set(drawn.map((input) => input.shelf))).toEqual(new Set(["zq-top", "zq-low"]));
  });

  it("of a parameter that takes no such text are all taken", () => {
    expect(values.accepts(values.param("hall"), "east")).toBe(true);
    // `west` and `zq-low` spell another path together only: each alone is taken.
    expect(values.accepts(values.param("hall"), "west")).toBe(true);
    expect(values.accepts(shelf, "zq-low")).toBe(true);
    expect(values.example("hall")?.value).toBe("east");
  });
});
