import { describe, expect, it } from "vitest";
import { TEST_BOUND_S, testBound } from "./corpus.js";

describe("the corpus bench's bound on test", () => {
  it("names the slowest document and says all are within the bound", () => {
    expect(
      testBound([
        { vendor: "zqa", seconds: 4.2 },
        { vendor: "zqb", seconds: 9.5 },
        { vendor: "zqc", seconds: 6 },
      ]),
    ).toBe(`test: the slowest document zqb at 9.5 s, median 6.0 s; bound ${TEST_BOUND_S} s: every document within it`);
  });

  it("names every document past the bound", () => {
    const line = testBound([
      { vendor: "zqa", seconds: 4 },
      { vendor: "zqunions", seconds: TEST_BOUND_S + 900 },
    ]);
    expect(line).toContain(`PAST IT: zqunions ${(TEST_BOUND_S + 900).toFixed(1)} s`);
    expect(line).not.toContain("zqa 4.0");
  });

  it("says when no document ran", () => {
    expect(testBound([])).toBe(`test: no document ran (bound ${TEST_BOUND_S} s)`);
  });
});
