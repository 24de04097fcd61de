// A pattern whose every match is longer than the 32 characters a value is
// fitted to when no maxLength says otherwise (`^zq:item:[a-f0-9]{32}$`, an id
// with a prefix): its values were cut to 32 characters, so none matched, and
// generate refused the parameter ("no value … meets pattern"), the mocks'
// made answers failed, and the suite had no value to send.
import { describe, expect, it } from "vitest";
import { firstMadeString, madeStrings } from "./string-values.js";

describe("values made from a pattern longer than 32 characters", () => {
  const pattern = "^zq:item:[a-f0-9]{32}$";
  const re = new RegExp(pattern, "u");

  it("are made at their own length when no maxLength bounds them", () => {
    expect(firstMadeString({ pattern }, (v) => re.test(v))).toMatch(re);
    const made = madeStrings({ pattern });
    expect(made.filter((v) => re.test(v)).length).toBeGreaterThan(0);
    // Every draw of this pattern is 40 characters long: none is cut, none stretched.
    expect(new Set(made.filter((v) => v.startsWith("zq:item:")).map((v) => v.length))).toEqual(new Set([40]));
  });

  it("a pattern whose matches may be short keeps its long draws cut to the plain words' 32 characters", () => {
    const short = madeStrings({ pattern: "^[a-z]+$" });
    expect(short.length).toBeGreaterThan(0);
    expect(Math.max(...short.map((v) => v.length))).toBeLessThanOrEqual(32);
  });

  it("still keep a maxLength: a bound shorter than every match leaves none", () => {
    expect(firstMadeString({ pattern, maxLength: 32 }, (v) => re.test(v) && v.length <= 32)).toBeUndefined();
    expect(firstMadeString({ pattern: "^[a-z]+$", maxLength: 5 }, (v) => v.length <= 5 && /^[a-z]+$/.test(v))).toMatch(
      /^[a-z]{1,5}$/,
    );
  });
});
