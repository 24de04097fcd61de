// n8n-order.ts orders printable ASCII names as Node's `localeCompare(…, "en")` (the n8n linter's comparison) does,
// without calling it; any other name is left to it.
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { n8nOrder } from "./n8n-order.js";

const localeCompare = String.prototype.localeCompare;
afterEach(() => {
  String.prototype.localeCompare = localeCompare;
});
const collated = (a: string, b: string) => Math.sign(localeCompare.call(a, b, "en"));

// Names made mostly of few characters, so that pairs share prefixes and differ in case or punctuation only.
const near = fc.string({ unit: fc.constantFrom(..."aAbBzZ09 _-.'\"()/&$~"), maxLength: 6 });
const any = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 8 });

describe("n8nOrder", () => {
  it("agrees with localeCompare(…, 'en') on every pair of printable ASCII names, and never calls it", () => {
    const pairs = fc.sample(fc.tuple(fc.oneof(near, any), fc.oneof(near, any)), { numRuns: 20_000, seed: 42 });
    const expected = pairs.map(([a, b]) => collated(a, b));
    String.prototype.localeCompare = () => {
      throw new Error("localeCompare called");
    };
    expect(pairs.map(([a, b]) => n8nOrder(a, b))).toEqual(expected);
  });

  it("orders as the linter's examples: case after letter, punctuation before digits before letters", () => {
    const names = ["Get Many", "get many", "Get_many", "Get-many", "Get 2", "Get", "get", "(All)", "Zeta", "alpha"];
    expect([...names].sort(n8nOrder)).toEqual([...names].sort((a, b) => collated(a, b)));
  });

  it("leaves a name beyond printable ASCII to localeCompare", () => {
    expect(n8nOrder("Résumé", "Resume")).toBe(collated("Résumé", "Resume"));
    expect(n8nOrder("Zürich", "Zurich 2")).toBe(collated("Zürich", "Zurich 2"));
  });
});
