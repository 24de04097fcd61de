// A pattern that repeats a group holding an unbounded repetition (star height
// two): fast-check's draw of it split each string in exponentially many ways
// and never ended; drawn with the outer repetition written out, its values are
// made at once and still match the published pattern.
import { describe, expect, it } from "vitest";
import { drawablePattern } from "./drawable-pattern.js";
import { madeStrings } from "./string-values.js";

const NESTED = "^(?:[^\\|]*\\|?)+$";

describe("a pattern repeating a group of unbounded repetitions", () => {
  it("is drawn with the outer repetition written out: its least count, then once more optionally", () => {
    expect(drawablePattern(NESTED)).toBe("^(?:[^\\|]*\\|?)(?:(?:[^\\|]*\\|?))?$");
    expect(drawablePattern("^zq((?:[0-9]\\.?)+,?)*$")).toBe("^zq(?:((?:[0-9]\\.?)+,?))?$");
    expect(drawablePattern("^(a+){2}$")).toBe("^(a+)(a+)$");
  });

  it("leaves other repetitions, escapes and classes as written", () => {
    for (const p of ["^\\(x+\\)+$", "^[(]+(a)+$", "^(ab)+[a-z]*$", "^[^)]*(?:x{2})+$"])
      expect(drawablePattern(p)).toBe(p);
  });

  it("has values made from it, each matching the published pattern (it hung before)", () => {
    const made = madeStrings({ pattern: NESTED, maxLength: 64 });
    expect(made.length).toBeGreaterThan(0);
    for (const v of made) expect(v).toMatch(new RegExp(NESTED, "u"));
  });
});
