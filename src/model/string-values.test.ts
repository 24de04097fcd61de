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

describe("a value of the pattern's own length, tried before drawing (for a caller that needs any value)", () => {
  const optional = "^[A-Za-z0-9]{15}([A-Za-z0-9]{3})?$";
  const meets = (pattern: string) => (v: string) => new RegExp(pattern, "u").test(v);

  it("is a plain word stretched to the pattern's shortest length when the pattern takes it", () => {
    expect(firstMadeString({ pattern: optional }, meets(optional), { min: 15, max: 18 })).toBe("examplexxxxxxxx");
    // Without the lengths, the first value met is drawn.
    const drawn = firstMadeString({ pattern: optional }, meets(optional));
    expect(drawn).toMatch(new RegExp(optional, "u"));
    expect(drawn).not.toBe("examplexxxxxxxx");
  });

  it("gives way to the draws when no such word meets the pattern, and keeps the rules' own bounds", () => {
    const id = "^zq:item:[a-f0-9]{32}$";
    expect(firstMadeString({ pattern: id }, meets(id), { min: 40, max: 40 })).toMatch(new RegExp(id, "u"));
    const within = (v: string) => meets(optional)(v) && v.length <= 10;
    expect(firstMadeString({ pattern: optional, maxLength: 10 }, within, { min: 15, max: 18 })).toBeUndefined();
  });
});
