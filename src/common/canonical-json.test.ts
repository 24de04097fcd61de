import { describe, expect, it } from "vitest";
import { canonical } from "./canonical-json.js";

describe("canonical", () => {
  it("reads the same for the same value whatever its key order, at any depth; arrays keep their order", () => {
    expect(canonical({ b: 1, a: { d: [2, 1], c: null } })).toBe('{"a":{"c":null,"d":[2,1]},"b":1}');
    expect(canonical({ a: { c: null, d: [2, 1] }, b: 1 })).toBe(canonical({ b: 1, a: { d: [2, 1], c: null } }));
  });

  it("tells a missing value from null", () => {
    expect(canonical(undefined)).toBe("undefined");
    expect(canonical(null)).toBe("null");
  });
});
