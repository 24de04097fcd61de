// How much of a rule a refusal prints (rule-words.ts): an enum up to 12 values then how many more, with the nearest
// values to a text given; a pattern's hint, or the pattern up to 80 characters then `…`.
import { describe, expect, it } from "vitest";
import {
  allowedRange,
  boundedPattern,
  brokenBound,
  listedValues,
  patternWords,
  SHOWN_PATTERN,
  SHOWN_VALUES,
} from "./rule-words.js";

const values = (n: number) => Array.from({ length: n }, (_, i) => `zqv${i}`);

describe("a rule as a refusal prints it", () => {
  it("lists an enum whole up to 12 values, else 12 and how many more", () => {
    expect(listedValues(values(SHOWN_VALUES))).toBe(values(12).join(", "));
    expect(listedValues(values(300))).toBe(`${values(12).join(", ")} and 288 more`);
    // Values other than text as JSON.
    expect(listedValues([1, null, { a: 1 }])).toBe('1, null, {"a":1}');
  });

  it("names the nearest values (case aside) to a text close to some, never a text far from all or not a text", () => {
    expect(listedValues(values(300), "ZQV29")).toBe(
      `${values(12).join(", ")} and 288 more (nearest: zqv29, zqv2, zqv9)`,
    );
    expect(listedValues(values(300), "something else")).toBe(`${values(12).join(", ")} and 288 more`);
    expect(listedValues(values(300), 29)).toBe(`${values(12).join(", ")} and 288 more`);
    expect(listedValues(values(300), "z".repeat(65))).toBe(`${values(12).join(", ")} and 288 more`);
  });

  it("words a pattern by its hint, else cuts it at 80 characters", () => {
    const long = `^(?:${values(40).join("|")})$`;
    expect(patternWords(long, "a zq value")).toBe("a zq value");
    expect(patternWords(long)).toBe(`a value matching ${long.slice(0, SHOWN_PATTERN)}…`);
    expect(patternWords("^[a-z]+$")).toBe("a value matching ^[a-z]+$");
    expect(boundedPattern("x".repeat(SHOWN_PATTERN))).toBe("x".repeat(SHOWN_PATTERN));
  });
});

describe("a number's bound as a refusal says it", () => {
  it("says an exclusive bound as the document writes it, an inclusive one as it is", () => {
    expect(brokenBound({ exclusiveMinimum: 0 }, 0)).toEqual({
      rule: "exclusiveMinimum",
      text: "must be greater than 0",
    });
    expect(brokenBound({ exclusiveMinimum: 100 }, 99.5)).toEqual({
      rule: "exclusiveMinimum",
      text: "must be greater than 100",
    });
    expect(brokenBound({ exclusiveMaximum: 1 }, 1)).toEqual({ rule: "exclusiveMaximum", text: "must be less than 1" });
    expect(brokenBound({ exclusiveMaximum: 0 }, 0)).toEqual({ rule: "exclusiveMaximum", text: "must be less than 0" });
    expect(brokenBound({ minimum: 0.5 }, 0)).toEqual({ rule: "minimum", text: "must be at least 0.5" });
    expect(brokenBound({ minimum: 1 }, 0)).toEqual({ rule: "minimum", text: "must be at least 1" });
    expect(brokenBound({ maximum: 0 }, 1)).toEqual({ rule: "maximum", text: "must be at most 0" });
    expect(brokenBound({ maximum: Number.MAX_VALUE }, Infinity)).toEqual({
      rule: "maximum",
      text: `must be at most ${Number.MAX_VALUE}`,
    });
  });

  it("keeps a value just past an exclusive bound, and one at an inclusive bound", () => {
    expect(brokenBound({ exclusiveMinimum: 0, exclusiveMaximum: 1 }, Number.MIN_VALUE)).toBeUndefined();
    expect(brokenBound({ exclusiveMinimum: 0, exclusiveMaximum: 1 }, 1 - 2 ** -53)).toBeUndefined();
    expect(brokenBound({ minimum: 1, maximum: 5 }, 1)).toBeUndefined();
    expect(brokenBound({ minimum: 1, maximum: 5 }, 5)).toBeUndefined();
  });

  it("says the allowed range with both sides, an exclusive side in its words", () => {
    expect(allowedRange({ minimum: 1, maximum: 5 })).toBe(" (allowed: 1–5)");
    expect(allowedRange({ exclusiveMinimum: 0, maximum: 100 })).toBe(" (allowed: greater than 0, at most 100)");
    expect(allowedRange({ minimum: 1, exclusiveMaximum: 2 })).toBe(" (allowed: at least 1, less than 2)");
    expect(allowedRange({ exclusiveMinimum: 0 })).toBe("");
  });
});
