// Text written as JSON is read by JSON.parse (yaml-source.ts parsedAsJson): the
// data js-yaml would make, and whatever js-yaml refuses still refused in its
// words, at its place: a key an object repeats, a value nested past the limit.
import { describe, expect, it } from "vitest";
import { parseYamlSource, SourceError } from "./yaml-source.js";

const problem = (text: string): string => {
  try {
    parseYamlSource(text, "zqtext.json");
  } catch (e) {
    if (e instanceof SourceError) return e.printed;
    throw e;
  }
  throw new Error("read without a problem");
};

describe("text written as JSON", () => {
  it("reads to the data js-yaml makes of it: escapes, numbers, an own __proto__ key, keys in their order", () => {
    // A whole number past 2^53 loses its last digits in both readers alike.
    const text =
      '{"b": [1, -0.5, 1e3, true, null, "\\u00e9\\/\\n"], "a": {"__proto__": {"x": 1}, "": ""}, "big": ' +
      "12345678901234567890}";
    const data = parseYamlSource<Record<string, unknown>>(text, "zqtext.json").data;
    expect(data).toEqual({
      b: [1, -0.5, 1000, true, null, "é/\n"],
      a: JSON.parse('{"__proto__": {"x": 1}, "": ""}'),
      big: Number("12345678901234567890"),
    });
    expect(Object.keys(data)).toEqual(["b", "a", "big"]);
    expect(Object.hasOwn(data.a as object, "__proto__")).toBe(true);
  });

  it("that repeats a key in an object is refused where the key is repeated, as YAML text is", () => {
    expect(problem('{\n  "a": {"x": 1,\n    "x": 2}\n}')).toMatch(
      /^zqtext\.json:3:5: invalid YAML: Map keys must be unique \[BW1001\]$/,
    );
  });

  it("nested past the limit is refused at its place, as YAML text is", () => {
    const deep = `${"[".repeat(150)}${"]".repeat(150)}`;
    expect(problem(deep)).toBe(
      "zqtext.json:1:100: refused: the value there is nested more than 100 levels deep (rule: depth; " +
        "arrays and objects may nest at most 100 levels) [BW1002]",
    );
    // Up to the limit, it is read.
    expect(parseYamlSource(`${"[".repeat(99)}${"]".repeat(99)}`, "zqtext.json").data).toBeInstanceOf(Array);
  });
});
