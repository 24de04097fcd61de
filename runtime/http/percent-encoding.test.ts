// allowReserved is RFC 6570's reserved expansion (OpenAPI 3.1.1): reserved characters, and the percent-encoded
// triples a value holds, pass as they are; a `%` of no triple is encoded. A value `a%2Fb` went `a%252Fb`, which a
// service reads as the text `a%2Fb`, not `a/b`.
import { describe, expect, it } from "vitest";
import { styledPairs } from "../call/form-body.js";
import { percentDecoded, reservedEncoded } from "./percent-encoding.js";

describe("a reserved-allowing value", () => {
  it("passes its percent-encoded triples as they are and encodes a % of none", () => {
    expect(reservedEncoded("/a%2Fb 50%zz,c%e9%")).toBe("/a%2Fb%2050%25zz,c%e9%25");
    expect(reservedEncoded("x&y=1+2#[é]")).toBe("x%26y%3D1%2B2%23%5B%C3%A9%5D");
  });

  it("reads back as the service reads it: triples decoded, bytes of no character as U+FFFD", () => {
    const reserved = { style: "form", explode: true, reserved: true } as const;
    expect(styledPairs("next", "/a%2Fb 50%zz,c%e9%", reserved)).toEqual([["next", "/a/b 50%zz,c\uFFFD%"]]);
    expect(styledPairs("tags", ["a%2Cb", "c"], { ...reserved, explode: false })).toEqual([["tags", "a,b,c"]]);
    expect(percentDecoded("%C3%A9%e9%zz+")).toBe(new URLSearchParams("x=%C3%A9%e9%zz").get("x") + "+");
  });
});
