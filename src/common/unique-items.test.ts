// The linear check the build puts before Ajv's pairwise `uniqueItems` loop (scripts/build/precompile.mjs): it must say
// "two equal items" exactly when Ajv's loop would find them, or a manifest's duplicate enum value would pass, or a
// valid one be refused; and every such loop of the precompiled validators must have it in front.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import ajvEqualModule from "ajv/dist/runtime/equal.js";
import { validateManifest } from "../load/validate-manifest.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { hasDuplicateItems } from "./unique-items.js";

/** The repository, as this file finds it (not the copy of a whole npm test: these files are not providers). */
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const equal = ((ajvEqualModule as { default?: unknown }).default ?? ajvEqualModule) as (
  a: unknown,
  b: unknown,
) => boolean;

/** Ajv's own verdict: its loop over every pair. */
const pairwise = (items: unknown[]) => items.some((a, i) => items.slice(0, i).some((b) => equal(a, b)));

describe("hasDuplicateItems", () => {
  it("agrees with Ajv's pairwise deep equality on lists of any JSON values, NaN and -0 among them", () => {
    const scalar = fc.oneof(
      fc.constantFrom<unknown>(0, -0, Number.NaN, 1, "1", "", null, true, false),
      fc.integer({ min: -3, max: 3 }),
      fc.string({ maxLength: 2 }),
    );
    const value = fc.letrec((tie) => ({
      any: fc.oneof({ depthSize: "small" }, scalar, tie("list"), tie("record")),
      list: fc.array(tie("any"), { maxLength: 3 }),
      record: fc.dictionary(fc.constantFrom("a", "b"), tie("any"), { maxKeys: 2, noNullPrototype: true }),
    })).any;
    fc.assert(
      fc.property(fc.array(value, { maxLength: 8 }), (items) => {
        expect(hasDuplicateItems(items, equal)).toBe(pairwise(items));
      }),
      { numRuns: 500, seed: 20261126 },
    );
  });

  it("is in front of every pairwise uniqueItems loop of the precompiled validators", () => {
    for (const file of ["src/load/precompiled/manifest-schema.ts", "src/load/precompiled/workflow-schema.ts"]) {
      const code = readFileSync(`${ROOT}${file}`, "utf8");
      const loops = code.match(/if\(i\d+ > 1[^{]*\)\{outer\d+:for/g) ?? [];
      expect(
        loops.filter((loop) => !/ && hasDuplicateItems\(\w+, \w+\)\)\{outer/.test(loop)),
        file,
      ).toEqual([]);
    }
  });

  it("leaves Ajv's message on a manifest's duplicate enum value: the two items it names", () => {
    const text = readFileSync(`${ROOT}test-support/fixtures/specs/shelf/manifest.yaml`, "utf8");
    const edited = text.replace("enum: [paper, ebook, audio]", "enum: [paper, ebook, audio, ebook]");
    expect(edited).not.toBe(text);
    const problems = validateManifest(parseYamlSource(edited, "manifest.yaml"));
    expect(problems.map((p) => p.message)).toContainEqual(
      expect.stringContaining("must NOT have duplicate items (items ## 1 and 3 are identical)"),
    );
    expect(validateManifest(parseYamlSource(text, "manifest.yaml"))).toEqual([]);
  });
});
