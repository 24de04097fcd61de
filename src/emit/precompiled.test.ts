// The validators, templates, manifest schema and manifest types made at build
// time are those of the current sources: a schema fragment or template edited
// without `npm run build` fails here, naming the file.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hoistedLocs, outputs } from "../../scripts/build/precompile.mjs";
import { templates } from "./precompiled/templates.js";

const root = join(import.meta.dirname, "../..");

const all = (await outputs()) as Map<string, string>;

describe("precompiled schemas and templates", () => {
  for (const [path, content] of all) {
    it(`${path} is current (npm run build regenerates it)`, () => {
      expect(readFileSync(join(root, path), "utf8") === content).toBe(true);
    });
  }
});

describe("the templates' places (scripts/build/precompile.mjs, hoistedLocs)", () => {
  const text = readFileSync(join(root, "src/emit/precompiled/templates.ts"), "utf8");
  const place = /\{"start":\{"line":\d+,"column":\d+\},"end":\{"line":\d+,"column":\d+\}\}/g;

  it("are made once, in the module's list, not anew at each lookup or helper call", () => {
    const list = text.slice(text.indexOf("const locs = ["), text.indexOf("];", text.indexOf("const locs = [")));
    const inList = list.match(place)?.length ?? 0;
    expect(inList).toBeGreaterThan(100);
    expect(text.match(place)?.length).toBe(inList);
    expect(text.match(/locs\[\d+\]/g)?.length).toBeGreaterThan(inList);
  });

  it("are each listed once and read by index, the code around them as the precompiler wrote it", () => {
    const locs = new Map<string, number>();
    const a = '{"start":{"line":1,"column":2},"end":{"line":1,"column":8}}';
    const b = '{"start":{"line":3,"column":0},"end":{"line":5,"column":9}}';
    const code = `strict(d, "x", ${a} ), {"name":"each","loc":${b}}, strict(d, "y", ${a} ), "{\\"start\\":1}"`;
    expect(hoistedLocs(code, locs)).toBe(
      'strict(d, "x", locs[0] ), {"name":"each","loc":locs[1]}, strict(d, "y", locs[0] ), "{\\"start\\":1}"',
    );
    expect([...locs]).toEqual([
      [a, 0],
      [b, 1],
    ]);
  });

  it("still name a missing value's place in its template", () => {
    expect(() => templates["generated-readme.md.hbs"]({})).toThrow(/"header" not defined in .* - 1:2/);
  });
});
