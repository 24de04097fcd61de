// A pattern with lookarounds (`^((?!-)[a-z0-9-]{0,62}[a-z0-9]\.)+…$`, a host name that starts no label with `-`):
// fast-check's `stringMatching` draws nothing from a lookaround, so no value was made, generate refused the draft ("no
// value of 0 to 64 characters was found that meets pattern …", BW2014), and no case could run. Drawn without them,
// kept where the pattern itself accepts the draw. And drawn short: at fast-check's larger sizes its `(…)+` was
// thousands of labels long (strings of 360,000 characters, 9 s of CPU), each cut back to 64 characters.
import { describe, expect, it } from "vitest";
import { withoutUndrawableAssertions, withRepetitionsAtMost } from "./drawable-pattern.js";
import { firstMadeString, madeStrings, patternDraws } from "./string-values.js";

const host = "^(((?!-)[A-Za-z0-9-]{0,62}[A-Za-z0-9])\\.)+((?!-)[A-Za-z0-9-]{1,62}[A-Za-z0-9])(\\.)?$";

describe("a pattern with lookarounds", () => {
  it("has values made that the pattern accepts, within the lengths", () => {
    const whole = new RegExp(host, "u");
    const value = firstMadeString({ pattern: host, maxLength: 64 }, (v) => whole.test(v) && [...v].length <= 64);
    expect(value).toBeDefined();
    const accepted = madeStrings({ pattern: host, maxLength: 64 }).filter((v) => whole.test(v));
    expect(accepted.length).toBeGreaterThan(3);
    expect(accepted.every((v) => !v.startsWith("-") && !v.includes(".-"))).toBe(true);
  });

  it("is drawn without them: lookaheads, lookbehinds and word boundaries cut, nested ones with their group", () => {
    expect(withoutUndrawableAssertions("^(?!-)[a-z]+(?<!-)$")).toBe("^[a-z]+$");
    expect(withoutUndrawableAssertions("\\b[a-z]+@[a-z]+\\.[a-z]{2,}\\b")).toBe("[a-z]+@[a-z]+\\.[a-z]{2,}");
    expect(withoutUndrawableAssertions("^zq\\B[a-z]$")).toBe("^zq[a-z]$");
    expect(withoutUndrawableAssertions("^(?=(?!x)[a-z])[a-z]{2}$")).toBe("^[a-z]{2}$");
    expect(withoutUndrawableAssertions("^[a-z]+$")).toBeUndefined();
    expect(withoutUndrawableAssertions("^(zq$")).toBeUndefined();
  });

  it("is drawn at the larger sizes with no repetition longer than maxLength allows (characters, not a time)", () => {
    // The pattern it is drawn from (its lookarounds cut), whose every draw is kept: the host's are those it accepts.
    const looser = withoutUndrawableAssertions(host) ?? "";
    const drawn = (["large", "xlarge"] as const).flatMap((size) => patternDraws(looser, size, 64) ?? []);
    expect(drawn.length).toBe(80);
    // At most 65 labels of at most 64 characters with their dots, then the last one: 363,197 at xlarge before.
    expect(Math.max(...drawn.map((v) => v.length))).toBeLessThanOrEqual(65 * 64 + 64);
  });
});

describe("a pattern with word boundaries", () => {
  it("has values made that the pattern accepts (an address between `\\b`s: none were made)", () => {
    const address = "\\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}\\b";
    const whole = new RegExp(address, "u");
    const accepted = madeStrings({ pattern: address }).filter((v) => whole.test(v));
    expect(accepted.length).toBeGreaterThan(3);
    expect(firstMadeString({ pattern: address, maxLength: 40 }, (v) => whole.test(v) && v.length <= 40)).toMatch(whole);
  });
});

describe("a pattern's repetitions at most a length", () => {
  it("bounds each repetition that could be longer to its least count and the length; the rest as written", () => {
    expect(withRepetitionsAtMost("^(([a-z-]{0,62}[a-z])\\.)+[a-z]{1,62}$", 64)).toBe(
      "^(([a-z-]{0,62}[a-z])\\.){1,65}[a-z]{1,62}$",
    );
    expect(withRepetitionsAtMost("^(?:a+?b*)+c{3,}d{2,100}$", 8)).toBe("^(?:a{1,9}?b{0,8}){1,9}c{3,11}d{2,10}$");
    expect(withRepetitionsAtMost("^[a-z]{2,16}x?$", 64)).toBe("^[a-z]{2,16}x?$");
    expect(withRepetitionsAtMost("^(zq$", 8)).toBe("^(zq$");
  });
});
