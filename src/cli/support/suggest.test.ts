// "Did you mean": close enough to be a typo, and nothing for a word that is
// merely short or unlike every known name.
import { describe, expect, it } from "vitest";
import { closest, editDistance } from "./suggest.js";

describe("editDistance", () => {
  it("counts insertions, deletions, substitutions and a swap of neighbours as one edit each", () => {
    expect(editDistance("test", "test")).toBe(0);
    expect(editDistance("tets", "test")).toBe(1);
    expect(editDistance("generat", "generate")).toBe(1);
    expect(editDistance("dif", "diff")).toBe(1);
    expect(editDistance("mcp", "mock")).toBe(2);
    expect(editDistance("", "run")).toBe(3);
  });
});

describe("closest", () => {
  const commands = [
    "init",
    "add",
    "generate",
    "diff",
    "upstream",
    "mock",
    "call",
    "validate",
    "run",
    "tools",
    "mcp",
    "test",
  ];

  it("names the known word a typo was meant to be", () => {
    expect(closest("tets", commands)).toBe("test");
    expect(closest("genrate", commands)).toBe("generate");
    expect(closest("valdiate", commands)).toBe("validate");
    expect(closest("Diff", commands)).toBe("diff");
    expect(closest("--reporters", ["--reporter", "--output", "--runs"])).toBe("--reporter");
    expect(closest("--max-failure", ["--max-failures", "--workers"])).toBe("--max-failures");
  });

  it("completes an unambiguous beginning", () => {
    expect(closest("--max", ["--max-failures", "--workers"])).toBe("--max-failures");
    expect(closest("upst", commands)).toBe("upstream");
  });

  it("suggests nothing for a word unlike every known one, or a beginning shared by several", () => {
    expect(closest("frobnicate", commands)).toBeUndefined();
    expect(closest("x", commands)).toBeUndefined();
    expect(closest("--bogus", ["--mock", "--live", "--json"])).toBeUndefined();
    expect(closest("--max", ["--max-items", "--max-pages"])).toBeUndefined();
  });
});
