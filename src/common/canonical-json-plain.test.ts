// canonical writes plain data itself (canonical-json.ts): the same text as the replacer's sorted copies give, for any
// value, and no sorted copy made of a plain object.
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { canonical } from "./canonical-json.js";

afterEach(() => vi.restoreAllMocks());

/** canonical as it was written: JSON.stringify with each object replaced by a copy with its keys sorted. */
function byCopies(value: unknown): string {
  return (
    JSON.stringify(value, (_key, v: unknown) =>
      v && typeof v === "object" && !Array.isArray(v)
        ? Object.fromEntries(Object.entries(v as object).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : v,
    ) ?? "undefined"
  );
}

function outcome(f: (v: unknown) => string, value: unknown): string {
  try {
    return f(value);
  } catch (e) {
    return `throws ${(e as Error).name}`;
  }
}

const KEYS = fc.oneof(
  fc.string(),
  fc.constantFrom("0", "1", "9", "10", "01", "-1", "4294967294", "4294967295", "__proto__", "toJSON", "//", "a", "B"),
);

describe("canonical of any value", () => {
  it("is what the replacer's sorted copies give (plain data, class objects, dates, holes, toJSON, bigints)", () => {
    const anything = fc.anything({
      key: KEYS,
      maxDepth: 3,
      withBoxedValues: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withObjectString: true,
      withSparseArray: true,
      withTypedArray: true,
      withBigInt: true,
      withUnicodeString: true,
    });
    fc.assert(
      fc.property(anything, (value) => {
        expect(outcome(canonical, value)).toBe(outcome(byCopies, value));
      }),
      { numRuns: 150 },
    );
  });

  it("writes array-index keys first, a toJSON function's value, and values deeper than it writes", () => {
    for (const value of [
      { b: 1, 10: "x", 9: "y", a: [undefined, () => 1], "01": 2, c: undefined, f: () => 1 },
      { when: new Date(0), toJSON: "not a function" },
      { toJSON: () => ({ z: 1, a: 2 }) },
      [-0, Number.NaN, Number.POSITIVE_INFINITY, "\ud800", { "\u2028": 1 }],
      JSON.parse(`${"[".repeat(300)}{"b":1,"a":2}${"]".repeat(300)}`),
    ])
      expect(canonical(value)).toBe(byCopies(value));
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = cycle;
    expect(outcome(canonical, cycle)).toBe(outcome(byCopies, cycle));
  });

  it("makes no sorted copy of a plain object", () => {
    const copies = vi.spyOn(Object, "fromEntries");
    expect(canonical({ b: { d: [2, { f: 1, e: null }], c: "x" }, a: true })).toBe(
      '{"a":true,"b":{"c":"x","d":[2,{"e":null,"f":1}]}}',
    );
    expect(copies).not.toHaveBeenCalled();
  });
});
