// The manifest schema is assembled from its concepts' fragments
// (scripts/build/manifest-schema.mjs): each field goes after the one it
// names, a required field stays in field order, and a fragment that names a
// field nobody gives, or gives a field twice, stops the build naming it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { assembleManifestSchema } from "../../scripts/build/manifest-schema.mjs";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-fragments-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const ROOT = {
  root: {
    type: "object",
    required: ["a"],
    properties: { a: { type: "string" }, c: { type: "string" } },
    definitions: {},
  },
};
let counter = 0;

/** Assemble `fragments` (file name → content) from a folder of their own. */
function assemble(fragments: Record<string, object>): Record<string, unknown> {
  const dir = `set${counter++}`;
  mkdirSync(join(work, dir));
  for (const [name, content] of Object.entries(fragments))
    writeFileSync(join(work, dir, `${name}.schema.json`), JSON.stringify(content));
  return assembleManifestSchema(`${work}/`, dir);
}

describe("the manifest schema's assembly", () => {
  it("puts each block after the field it names, in field order, with required fields in that order", () => {
    const schema = assemble({
      base: ROOT,
      // Placed after a field another fragment gives: it waits for that one.
      late: { into: { "#": { after: "b", properties: { b2: { type: "number" } }, required: ["b2"] } } },
      middle: {
        into: { "#": { after: "a", properties: { b: { $ref: "#/definitions/thing" } } } },
        definitions: { thing: { type: "object", properties: { x: { type: "string" } } } },
      },
      extra: { into: { thing: { properties: { y: { type: "string" } }, required: ["y"] } } },
    });
    expect(Object.keys(schema.properties as object)).toEqual(["a", "b", "b2", "c"]);
    expect(schema.required).toEqual(["a", "b2"]);
    expect(schema.definitions).toEqual({
      thing: { type: "object", properties: { x: { type: "string" }, y: { type: "string" } }, required: ["y"] },
    });
  });

  it("names the fragment that places a field after one no fragment gives", () => {
    expect(() => assemble({ base: ROOT, lost: { into: { "#": { after: "nope", properties: { d: {} } } } } })).toThrow(
      /^set\d+\/lost\.schema\.json: into "#" after "nope": no such field$/,
    );
  });

  it("names the fragment that gives a field or a definition again", () => {
    expect(() => assemble({ base: ROOT, again: { into: { "#": { properties: { c: {} } } } } })).toThrow(
      /again\.schema\.json: field "c" is also given by another fragment/,
    );
    expect(() => assemble({ base: ROOT, one: { definitions: { d: {} } }, two: { definitions: { d: {} } } })).toThrow(
      /two\.schema\.json: definition "d" is also given by another fragment/,
    );
  });

  it("wants one root", () => {
    expect(() => assemble({ lone: { definitions: {} } })).toThrow(
      /exactly one fragment gives the schema's "root" \(found: none\)/,
    );
  });
});
