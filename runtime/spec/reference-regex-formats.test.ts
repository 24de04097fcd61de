// The formats uri-reference (a URI or a relative reference, RFC 3986 section 4.1) and regex (a regular expression), as
// the JSON Schema validators the mocks use read them, never looser: a relative reference is one (`../items/1`), which
// `uri` refuses; a regular expression compiles with the `u` flag and without it, and has no `\Z`.
import { describe, expect, it } from "vitest";
import { FORMAT_MAX_LENGTH, FORMAT_MIN_LENGTH, formatProblem, matchesFormat } from "./formats.js";

describe("format uri-reference", () => {
  it("takes absolute and relative references, and nothing a URI may not hold", () => {
    for (const v of ["https://example.com/page?q=1#top", "../items/1", "/zq/a%20b", "zq", "?page=2", "#part", ""])
      expect(matchesFormat("uri-reference", v), v).toBe(true);
    for (const v of ["/a page", "zq\\items", "https://[zq", "/zq%zz", "<zq>", "zq\n"])
      expect(matchesFormat("uri-reference", v), v).toBe(false);
    expect(formatProblem("uri-reference", "/a page")).toMatch(/^a URI reference, absolute or relative/);
    expect([FORMAT_MIN_LENGTH["uri-reference"], FORMAT_MAX_LENGTH["uri-reference"]]).toEqual([0, 2048]);
  });
});

describe("format regex", () => {
  it("takes what every reading compiles, and no text one of them refuses", () => {
    for (const v of ["^[a-z]+$", "zq", "a|b", "^v\\d+$", "(?<zq>x)", ""])
      expect(matchesFormat("regex", v), v).toBe(true);
    // Unclosed; a `\Z` anchor; valid without `u` only (an identity escape, a lone brace, one after a property escape).
    for (const v of ["(", "[a-", "^zq\\Z", "\\a", "zq{", "\\p{L}{"]) expect(matchesFormat("regex", v), v).toBe(false);
    expect(formatProblem("regex", "(")).toMatch(/^a regular expression/);
    expect(FORMAT_MAX_LENGTH.regex).toBe(Number.POSITIVE_INFINITY);
  });
});
