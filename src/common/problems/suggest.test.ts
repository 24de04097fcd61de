// "Did you mean": close enough to be a typo, and nothing for a word that is
// merely short or unlike every known name.
import { describe, expect, it } from "vitest";
import { closest, editDistance, unknownNameHint } from "./suggest.js";

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

// A project of a thousand operations answered an unknown operation with every name (980 of them, 40 KB of text): the
// names meant first, then those of the provider its first word names, else their count.
describe("an unknown operation's hint", () => {
  const many = Array.from({ length: 40 }, (_, i) => `zqb_op_${i}`);
  const known = ["zqa_people_people_get", "zqa_people_people_list", "zqa_people_groups_get", ...many];

  it("names the operations holding each of the given words, in order, where no typo is near", () => {
    expect(unknownNameHint("zqa_people_get", known, "operation")).toBe(
      ' (did you mean "zqa_people_people_get" or "zqa_people_groups_get"?) (operations of zqa: ' +
        "zqa_people_people_get, zqa_people_people_list, zqa_people_groups_get)",
    );
    expect(unknownNameHint("zqa_people_people_gte", known, "operation")).toContain(
      '(did you mean "zqa_people_people_get"?)',
    );
  });

  it("lists every name where there are few, and counts them where its provider's are many", () => {
    expect(unknownNameHint("zqc_nothing", ["zqc_a", "zqc_b"], "operation")).toBe(" (operations: zqc_a, zqc_b)");
    expect(unknownNameHint("zqb_nothing", known, "operation")).toBe(" (43 operations: blockwright tools lists them)");
  });
});
