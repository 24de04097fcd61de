// A pattern JavaScript's backtracking engine may take exponential time on (backtracking.ts) runs on the linear-time
// engine (linear-patterns.ts), which answers as JavaScript does; a repeated group of one repeated atom is read as the
// atom repeated, the same values. Before, a value of 40 characters against `([\w.-]*)*`-shaped URL patterns held the
// call's process for good (a published document's pattern held `add` for minutes on its own example).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ParamCall, ToolCall } from "../spec/tool-types.js";
import { backtracks, collapsedRepeats } from "./backtracking.js";
import { validateParams } from "./full-check.js";
import { linearPatterns, patternTest, re2Spelling } from "./linear-patterns.js";

const URLISH = "^(https?:\\/\\/)?([\\da-z\\.-]+)\\.([a-z\\.]{2,6})([\\/\\w \\.-]*)*\\/?$";
const NESTED = "^([a-z]+\\.?)+@zq$";

describe("patterns a backtracking engine may take exponential time on", () => {
  it("names a repeated group holding a quantifier, or an alternation of branches that may match alike", () => {
    for (const p of [URLISH, NESTED, "(\\w|\\d)*c", "^(?:\\d+,)*\\d+$", "^((zq)+q)*$", "(x{1,3}){2,}", "(.|z)+q"])
      expect(backtracks(p), p).toBe(true);
    const plain = [
      "^[A-Za-z][A-Za-z0-9_]*$",
      "^(?:zq|qz)$",
      "^(ab)+$",
      "^\\d{4}-\\d{2}$",
      "^(?:[a-z]{2})?x+$",
      "^(zq|qz)(,(zq|qz))*$",
      "^[A-Za-z][A-Za-z0-9+.-]*://[^/]+/*$",
    ];
    for (const p of plain) expect(backtracks(p), p).toBe(false);
  });

  it("refuses a long value of a backtracking pattern at once, and takes one it matches", () => {
    const param: ParamCall = {
      name: "zqSite",
      type: "string",
      required: true,
      secret: false,
      wire: { in: "query", name: "site" },
      pattern: URLISH,
    };
    const tool = { id: "zq_site", provider: "zq", auth: {}, params: [param], rules: [], routes: [] };
    const check = (value: string) => validateParams(tool as unknown as ToolCall, { zqSite: value });
    const refused = check(`http://zq.example.com/${"a".repeat(400)}?`);
    expect("issues" in refused && refused.issues.map((i) => i.rule)).toEqual(["pattern"]);
    expect(check("http://zq.example.com/a/b-c").ok).toBe(true);
  });

  // Strings of the characters the two engines read apart (`\r` for `.`, Unicode spaces for `\s`, a code point past
  // U+FFFF) and of the patterns' own, short enough that JavaScript's engine answers each quickly.
  const text = fc
    .array(
      fc.constantFrom("a", "b", "z", "q", ".", "-", "/", " ", "\r", "\n", "\u00a0", "\u2028", "\v", "é", "😀", "1"),
      {
        maxLength: 12,
      },
    )
    .map((chars) => chars.join(""));

  it("answers as JavaScript's engine does, on the patterns where their syntaxes differ", () => {
    const patterns = [
      URLISH,
      NESTED,
      "^(\\w|\\d)*z$",
      "^.+$",
      "^\\s*(?:[a-z]\\s?)+$",
      "^[\\s\\d]+$",
      "^\\S+\\S+\\S+$",
      "^(?<zq>[a-z]+)*\\u00e9$",
      "^(?:\\ud83d\\ude00|z)+q*$",
      "^(?:[^/]+/)*[^/]*$",
    ];
    for (const p of patterns) {
      const linear = linearPatterns.compile(p);
      expect(linear, `${p} → ${re2Spelling(p)}`).toBeDefined();
      const native = new RegExp(p, "u");
      fc.assert(
        fc.property(text, (s) => (linear as { test(t: string): boolean }).test(s) === native.test(s)),
        { seed: 7, numRuns: 400 },
      );
    }
  });

  it("leaves to JavaScript's engine a pattern RE2 cannot run (a lookaround, a back reference)", () => {
    expect(linearPatterns.compile("^(?=zq)(z|q)+$")).toBeUndefined();
    expect(linearPatterns.compile("^(a+)+\\1$")).toBeUndefined();
    expect(patternTest("^(?=zq)(z|q)+$").test("zqq")).toBe(true);
  });

  it("reads a repeated group of one repeated atom as the atom repeated: the same values", () => {
    expect(collapsedRepeats(URLISH)).toBe("^(https?:\\/\\/)?([\\da-z\\.-]+)\\.([a-z\\.]{2,6})[\\/\\w \\.-]*\\/?$");
    expect(collapsedRepeats("(?:a+)+b|(q*)+")).toBe("a+b|q*");
    // Left: an escaped parenthesis's, a lazy repeat, a back reference's, a class's parenthesis.
    for (const p of ["\\(a*\\)*", "(a*)*?", "(a+)+\\1", "[(a*)*]"]) expect(collapsedRepeats(p)).toBe(p);
    for (const p of [URLISH, "^(?:[a-z]+)*(q+)+$", "(z*)+q"]) {
      const before = new RegExp(p, "u");
      const after = new RegExp(collapsedRepeats(p), "u");
      expect(backtracks(collapsedRepeats(p)), p).toBe(false);
      fc.assert(
        fc.property(text, (s) => before.test(s) === after.test(s)),
        { seed: 7, numRuns: 400 },
      );
    }
  });
});
