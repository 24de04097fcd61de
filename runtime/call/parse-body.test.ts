// A reply body's JSON (reply-failures.ts parseBody): parsed first, its white space looked for only when it is not JSON.
import { describe, expect, it } from "vitest";
import { parseBody } from "./reply-failures.js";

describe("parseBody", () => {
  it("reads no body, or one of white space only, as none", () => {
    for (const text of [undefined, "", " ", "\n\t \r\n", "\u00a0\ufeff"])
      expect(parseBody(text), JSON.stringify(text)).toBe(undefined);
  });

  it("parses JSON, white space around it included", () => {
    expect(parseBody('{"zzid":"a","zzn":[1,2]}')).toEqual({ zzid: "a", zzn: [1, 2] });
    expect(parseBody(" \n[1] \t")).toEqual([1]);
    expect(parseBody("null")).toBe(null);
    expect(parseBody(' "zz" ')).toBe("zz");
  });

  it("throws for text that is not JSON, as JSON.parse does", () => {
    for (const text of ["{", "zz not json", " <html></html> ", "{}x"])
      expect(() => parseBody(text), text).toThrow(SyntaxError);
  });
});
