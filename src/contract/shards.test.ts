// Shards and workers' parts: by provider and operation, balanced by case
// count, deterministic, and each needing as few mocks as it can.
import { describe, expect, it } from "vitest";
import { partition, shardOf } from "./shards.js";

/** `count` cases of each `provider/operation`, in that order. */
function suite(spec: Record<string, number>): { provider: string; operation: string; id: string }[] {
  return Object.entries(spec).flatMap(([place, count]) => {
    const [provider = "", operation = ""] = place.split("/");
    return Array.from({ length: count }, (_, i) => ({ provider, operation, id: `${place}#${i}` }));
  });
}

const providersOf = (part: { provider: string }[]) => [...new Set(part.map((c) => c.provider))];

describe("partition", () => {
  it("is disjoint, covers the suite and keeps the suite's order within each part", () => {
    const cases = suite({ "a/x": 7, "a/y": 3, "b/x": 5, "c/x": 4, "c/y": 4, "d/x": 1 });
    for (const total of [1, 2, 3, 5, 9]) {
      const parts = partition(cases, total);
      expect(parts).toHaveLength(total);
      expect(
        parts
          .flat()
          .map((c) => c.id)
          .sort(),
      ).toEqual(cases.map((c) => c.id).sort());
      for (const part of parts) expect(part).toEqual(cases.filter((c) => part.includes(c)));
    }
  });

  it(
    "gives each provider whole to one part while it fits in a fair share: a part starts only its " + "providers' mocks",
    () => {
      const cases = suite({ "a/x": 10, "b/x": 9, "b/y": 1, "c/x": 6, "d/x": 5 });
      const parts = partition(cases, 3);
      expect(parts.map(providersOf)).toEqual([["a"], ["b"], ["c", "d"]]);
      expect(parts.map((p) => p.length)).toEqual([10, 10, 11]);
      // Every-n-th-case shards would have started all four mocks in each.
      expect(parts.every((p) => providersOf(p).length < 4)).toBe(true);
    },
  );

  it("splits a provider larger than a fair share by operation, and balances the parts by case count", () => {
    const cases = suite({ "big/a": 30, "big/b": 30, "big/c": 20, "big/d": 20, "small/x": 10, "small/y": 10 });
    const parts = partition(cases, 3);
    // Pieces of 30, 30, 20, 20 and 20 cases: no split into three does better than 50 at most.
    expect(Math.max(...parts.map((p) => p.length))).toBe(50);
    // An operation is never split.
    for (const op of ["big/a", "big/b", "big/c", "big/d"])
      expect(parts.filter((p) => p.some((c) => `${c.provider}/${c.operation}` === op))).toHaveLength(1);
  });

  it("is the same every time, whatever order the pieces tie in", () => {
    const cases = suite({ "b/x": 4, "a/x": 4, "c/x": 4, "d/x": 4 });
    expect(partition(cases, 2)).toEqual(partition([...cases], 2));
    expect(partition(cases, 2).map(providersOf)).toEqual([
      ["a", "c"],
      ["b", "d"],
    ]);
  });

  it("leaves parts empty when there are fewer pieces than parts, and shardOf is 1-based", () => {
    const cases = suite({ "a/x": 2 });
    expect(partition(cases, 3).map((p) => p.length)).toEqual([2, 0, 0]);
    expect(shardOf(cases, 1, 3)).toHaveLength(2);
    expect(shardOf(cases, 3, 3)).toEqual([]);
  });
});
