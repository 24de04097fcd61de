// How much of a rule a refusal prints (rule-words.ts): an enum up to 12 values then how many more, with the nearest
// values to a text given; a pattern's hint, or the pattern up to 80 characters then `…`.
import { describe, expect, it } from "vitest";
import { boundedPattern, listedValues, patternWords, SHOWN_PATTERN, SHOWN_VALUES } from "./rule-words.js";

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
