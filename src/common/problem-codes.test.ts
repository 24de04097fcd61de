// The problem-code table: every row is a code some problem gives, and the
// codes keep their shape. (The compiler makes every problem name a row.)
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../test-support/repo.js";
import { codeOf, PROBLEM_AREAS, PROBLEMS, withCode } from "./problem-codes.js";

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : e.name.endsWith(".ts") && !e.name.endsWith(".test.ts")
        ? [join(dir, e.name)]
        : [],
  );
}

describe("problem codes", () => {
  it("are BW and four digits, each in an area, each with a meaning, an example and a fix", () => {
    for (const [code, info] of Object.entries(PROBLEMS)) {
      expect(code).toMatch(/^BW\d{4}$/);
      expect(Object.keys(PROBLEM_AREAS)).toContain(code[2]);
      for (const text of [info.meaning, info.example, info.fix]) expect(text.trim().length, code).toBeGreaterThan(5);
    }
  });

  it("are each given by some problem of the code (a row no problem gives is a stale row)", () => {
    const text = sources("src")
      .map((f) => readFileSync(join(ROOT, f), "utf8"))
      .join("\n");
    const unused = Object.keys(PROBLEMS).filter((code) => !text.includes(`"${code}"`));
    expect(unused).toEqual([]);
  });

  it("print once at the end of a message, and read back", () => {
    expect(withCode("BW1101", "a.yaml:1:2: x")).toBe("a.yaml:1:2: x [BW1101]");
    expect(withCode("BW3010", "a.yaml:1:2: x [BW1101]")).toBe("a.yaml:1:2: x [BW1101]");
    expect(codeOf("a.yaml:1:2: x [BW2003]")).toBe("BW2003");
    expect(codeOf("a.yaml:1:2: x [BW9999]")).toBeUndefined();
  });
});
