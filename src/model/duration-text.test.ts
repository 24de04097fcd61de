// The pattern add drafts `format: duration` with, and the suite draws values of, is RFC 3339's grammar, the request
// judge's: drawn from the looser one (a month's place skipped, `P2Y70276D`), values were refused by the judge while the
// mock took them (an azure metrics API's `interval`, a random valid input).
import { format } from "@cfworker/json-schema";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DURATION_PATTERN } from "./duration-text.js";

const pattern = new RegExp(DURATION_PATTERN);

describe("the duration pattern", () => {
  it("admits only durations the request judge takes", () => {
    fc.assert(
      fc.property(fc.stringMatching(pattern), (text) => {
        expect(format.duration?.(text), text).toBe(true);
      }),
      { numRuns: 500, seed: 11 },
    );
  });

  it("admits the forms RFC 3339 writes, and none that skip a place", () => {
    for (const text of ["P1D", "P1Y", "P1Y2M3D", "P2M", "PT1H30M", "PT1M2S", "P1DT2H", "P3W"])
      expect(pattern.test(text), text).toBe(true);
    for (const text of ["P", "P2Y3D", "PT1H2S", "P1DT", "P1W2D", "1D"]) expect(pattern.test(text), text).toBe(false);
  });
});
