// A pattern that states by a lookahead what a value holds (an ARN's service and account among its parts:
// `^arn:(?=[^:]+:fsx:[^:]+:\d{12}:)((|…[a-z0-9].*(?<!-)):){4}…$`). Drawn without its lookarounds, no draw held the
// service's name and twelve digits where they stand, so no value was made and generate refused the draft (BW2014).
import { describe, expect, it } from "vitest";
import { patternAst, patternSpan } from "../common/pattern-ast.js";
import { lookaheadSplits, plainPattern } from "./lookahead-draws.js";
import { firstMadeString, madeStrings } from "./string-values.js";

const named =
  "^zq:(?=[^:]+:zqsvc:[^:]+:\\d{6}:)((|(?=[a-z0-9-.]{1,20})(?![^:]*-{2})[a-z0-9].*(?<!-)):){4}(?!/).{0,64}$";

describe("a pattern whose lookahead says what a value holds", () => {
  it("has values made that the pattern accepts, each holding what the lookahead looks for", () => {
    const whole = new RegExp(named, "u");
    const fits = (v: string) => whole.test(v) && [...v].length >= 8 && [...v].length <= 128;
    expect(firstMadeString({ pattern: named, minLength: 8, maxLength: 128 }, fits)).toMatch(/^zq:[^:]+:zqsvc:/);
    const accepted = madeStrings({ pattern: named, minLength: 8, maxLength: 128 }).filter(fits);
    expect(accepted.length).toBeGreaterThan(3);
    expect(accepted.every((v) => /^zq:[^:]+:zqsvc:[^:]+:\d{6}:/.test(v))).toBe(true);
  });

  it("counts the lookahead's own match in the pattern's fewest characters (3 before it, 17 it needs)", () => {
    const ast = patternAst(named);
    expect(ast && patternSpan(ast)).toEqual({ min: 20, max: Infinity });
    // A negative lookahead and a lookahead inside a group raise nothing.
    const inner = patternAst("^(?!zqzqzq)((?=[a-z]{9})[a-z]):$");
    expect(inner && patternSpan(inner)).toEqual({ min: 2, max: 2 });
  });

  it("is split at each lookahead outside a group, the text either side in its alternative", () => {
    expect(lookaheadSplits("^a(?=b|c)d$|^e(?=f)g")).toEqual([
      { before: "^a", ahead: "b|c", after: "d$" },
      { before: "^e", ahead: "f", after: "g" },
    ]);
    expect(lookaheadSplits("^(?!a)b(x(?=y))$")).toEqual([]);
  });

  it("is drawn plainly: a wide class or set that takes letters and digits written as them, others kept", () => {
    expect(plainPattern("^[^:]+:.\\S\\D[^a]\\w[\\S]$")).toBe("^[a-z0-9]+:[a-z0-9][a-z0-9]\\D[^a]\\w[\\S]$");
    expect(plainPattern("^(zq$")).toBe("^(zq$");
  });
});
