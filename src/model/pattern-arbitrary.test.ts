// A pattern's draws cost fast-check's slices: each repetition's unit asked whether it could have drawn each prefix of
// two dozen "dangerous strings", a unit of a thousand alternatives asking each of them (an image service's fonts and
// top-level domains: 40 s of `test`'s CPU, again for each size and process). patternArbitrary builds the same
// arbitrary with those slices found by a lookup: the same draws, the alternatives asked nothing.
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { patternArbitrary } from "./pattern-arbitrary.js";
import { patternDraws } from "./string-values.js";

const SIZES = ["xsmall", "small", "medium", "large", "xlarge"] as const;
// The larger sizes repeat a repetition's unit thousands of times: a repetition of one holds millions of characters.
// No size: the property's random inputs and a route's draws ask for none.
const COMPARED = [...SIZES.slice(0, 3), undefined];

// Each construct fast-check reads, and units that dangerous strings fit (`[a-z_]+` takes `__proto__`, `key`).
const PATTERNS = [
  "^[a-z]+$",
  "^[A-Za-z0-9_]{1,20}$",
  "[a-z_]+",
  "^zz-\\d{3}(?:\\.\\d+)?$",
  "^(?:[a-f0-9]{2}:){5}[a-f0-9]{2}$",
  "^\\w*\\s?\\W?\\D\\S$",
  "^[^,;]+(?:,[^,;]+)*$",
  "^.{2,}$",
  "^(?<zzname>a|b|)+?c{2}$",
  "^\\x41\\u0042\\u{43}\\t\\n\\.-[\\t-\\r]$",
  "zz|^x|y$",
  "^(?:key|ref|name|[a-z]{3})+$",
  "^[^\\d\\s]{0,3}$",
];

describe("patternArbitrary", () => {
  it("draws what fast-check's stringMatching draws, size by size", () => {
    for (const pattern of PATTERNS)
      for (const size of COMPARED) {
        const regex = new RegExp(pattern, "u");
        const theirs = fc.sample(fc.stringMatching(regex, size ? { size } : {}), { seed: 7, numRuns: 40 });
        expect(fc.sample(patternArbitrary(regex, size), { seed: 7, numRuns: 40 }), `${pattern} ${size}`).toEqual(
          theirs,
        );
      }
  });

  it("shrinks a failure to what fast-check's own arbitrary shrinks it to", () => {
    for (const pattern of ["^[a-z_]+$", "^(?:key|ref|[0-9]{2})+,\\w*$"]) {
      const regex = new RegExp(pattern, "u");
      const shrunk = (arb: fc.Arbitrary<string>) =>
        fc.check(
          fc.property(arb, (s) => s.length < 6),
          { seed: 7 },
        ).counterexample;
      expect(shrunk(patternArbitrary(regex)), pattern).toEqual(shrunk(fc.stringMatching(regex)));
    }
  });

  it("leaves to fast-check what it does not read: a lookaround is refused, a Unicode property drawn", () => {
    expect(() => patternArbitrary(/^(?!-)[a-z]+$/u, "small")).toThrow();
    const letters = fc.sample(patternArbitrary(/^\p{Lu}{2}$/u, "small"), { seed: 7, numRuns: 5 });
    for (const s of letters) expect(s).toMatch(/^\p{Lu}{2}$/u);
  });

  it("asks no alternative of a thousand about each dangerous string, at any size, and draws as fast-check does", () => {
    const words = Array.from({ length: 1000 }, (_, i) => `zz${i.toString(36)}font`);
    const pattern = `^(?:${words.join("|")}|[a-z]{3})+$`;
    const constantProto = Object.getPrototypeOf(fc.constant("zz")) as fc.Arbitrary<string>;
    const asked = vi.spyOn(constantProto, "canShrinkWithoutContext");
    try {
      for (const size of SIZES) expect(patternDraws(pattern, size, undefined)?.length).toBeGreaterThan(0);
      expect(asked.mock.calls.length).toBeLessThan(words.length);
    } finally {
      asked.mockRestore();
    }
    const regex = new RegExp(pattern, "u");
    const theirs = fc.sample(fc.stringMatching(regex, { size: "small" }), { seed: 7, numRuns: 40 });
    expect(fc.sample(patternArbitrary(regex, "small"), { seed: 7, numRuns: 40 })).toEqual(theirs);
  });
});
