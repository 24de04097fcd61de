// The numbers' leading-zero rule (yaml-source.ts) reads a plain scalar only once the core type has taken it for a
// number: a word, most of a document's plain scalars, is not matched against it (two expressions each, on a whole
// published document hundreds of thousands of times). What is read is as before (yaml-numbers.test.ts holds it).
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseYamlSource } from "./yaml-source.js";

afterEach(() => vi.restoreAllMocks());

const LEADING_ZERO_SOURCE = "^[-+]?0[0-9_]+$";

describe("the leading-zero rule", () => {
  it("is not asked of a word, and still keeps digits after a leading zero as text", () => {
    const test = vi.spyOn(RegExp.prototype, "test");
    const asked = () => test.mock.contexts.filter((r) => (r as RegExp).source === LEADING_ZERO_SOURCE).length;
    const words = parseYamlSource("zqwords:\n  kind: object\n  name: zqname\n  list: [alpha, beta]\n", "zq-words.yaml");
    expect(words.data).toEqual({ zqwords: { kind: "object", name: "zqname", list: ["alpha", "beta"] } });
    expect(asked()).toBe(0);
    const numbers = parseYamlSource("zqcode: 0339\nzqzero: 0\nzqcount: 12\nzqhalf: 0.5\n", "zq-numbers.yaml");
    expect(numbers.data).toEqual({ zqcode: "0339", zqzero: 0, zqcount: 12, zqhalf: 0.5 });
    expect(asked()).toBeGreaterThan(0);
  });
});
