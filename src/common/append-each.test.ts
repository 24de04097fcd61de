// A list appended whatever its length: the spread push it replaces throws past V8's argument limit.
import { describe, expect, it } from "vitest";
import { appendEach } from "./append-each.js";

describe("appendEach", () => {
  it("appends a list longer than a call may take arguments, in order", () => {
    const many = Array.from({ length: 600_000 }, (_, i) => i);
    const target = appendEach([-1], many);
    expect(target.length).toBe(600_001);
    expect([target[0], target[1], target[600_000]]).toEqual([-1, 0, 599_999]);
  });
});
