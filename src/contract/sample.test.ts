// A large suite's sample: every operation keeps cases, no operation more than
// its budget (so a run grows with the operations, not with their cases), the
// kinds spread, the same seed the same sample.
import { describe, expect, it } from "vitest";
import { casesPerOperation, DEFAULT_CASES_PER_OPERATION, SAMPLE_ABOVE, sampleCases } from "./shards.js";

const KINDS = ["example", "request", "auth", "limit", "enum", "error", "property"];

/** `operations` operations of provider zqapi, each with `limits` limit cases and one case of every other kind. */
function suite(operations: number, limits = 30) {
  const cases = [];
  for (let o = 0; o < operations; o++)
    for (const kind of KINDS)
      for (let i = 0; i < (kind === "limit" ? limits : 1); i++) {
        const operation = `zqapi_op${o}`;
        cases.push({ id: `${operation} › ${kind} › ${i}`, provider: "zqapi", operation, kind });
      }
  return cases;
}

const perOperation = (cases: { operation: string }[]) => {
  const counts = new Map<string, number>();
  for (const c of cases) counts.set(c.operation, (counts.get(c.operation) ?? 0) + 1);
  return counts;
};

describe("sampled cases", () => {
  it("keep every operation, at most the budget of each: the sample grows with the operations alone", () => {
    for (const operations of [10, 100, 1000]) {
      const all = suite(operations);
      const sample = sampleCases(all, 4, 7);
      const counts = perOperation(sample);
      expect(counts.size).toBe(operations);
      expect([...counts.values()].every((n) => n === 4)).toBe(true);
      expect(sample.length).toBe(4 * operations);
    }
  });

  it("draw a kind at a time, so a budget as large as the kinds takes one of each rather than mostly limits", () => {
    const sample = sampleCases(suite(3), KINDS.length, 11);
    for (const operation of perOperation(sample).keys())
      expect(new Set(sample.filter((c) => c.operation === operation).map((c) => c.kind))).toEqual(new Set(KINDS));
  });

  it("are the same for the same seed, in the suite's order, and other cases for another seed", () => {
    const all = suite(50);
    const a = sampleCases(all, 3, 20261121);
    expect(sampleCases(all, 3, 20261121)).toEqual(a);
    expect(a).toEqual(all.filter((c) => a.includes(c)));
    expect(sampleCases(all, 3, 42).map((c) => c.id)).not.toEqual(a.map((c) => c.id));
  });

  it("leave an operation with no more cases than its budget whole", () => {
    const small = suite(2, 1);
    expect(sampleCases(small, KINDS.length, 1)).toEqual(small);
  });

  it("are taken by default only from a suite larger than SAMPLE_ABOVE; a number or all overrides it", () => {
    expect(casesPerOperation(undefined, SAMPLE_ABOVE)).toBeUndefined();
    expect(casesPerOperation(undefined, SAMPLE_ABOVE + 1)).toBe(DEFAULT_CASES_PER_OPERATION);
    expect(casesPerOperation("all", 10 * SAMPLE_ABOVE)).toBeUndefined();
    expect(casesPerOperation(2, 10)).toBe(2);
  });
});
