// Stand-ins for missing environment values in mock runs (`run --mock`,
// `mcp --mock`, `npm start`): labelled, and within the parameter's pattern and
// length, so that a key pattern no longer stops the run before the mock.
import { describe, expect, it } from "vitest";
import { fromPattern, placeholderFor } from "./placeholder.js";

describe("placeholderFor", () => {
  it("keeps the plain labelled stand-in where the rules allow it, and an address for a base URL", () => {
    expect(placeholderFor("API_KEY", {})).toBe("mock-placeholder-API_KEY");
    expect(placeholderFor("API_KEY", { pattern: "^[a-zA-Z0-9_-]+$", maxLength: 100 })).toBe("mock-placeholder-API_KEY");
    expect(placeholderFor("SF_INSTANCE", { format: "base-url" })).toBe("https://placeholder-sf-instance.invalid");
  });

  for (const [what, pattern, expected] of [
    ["a bot token", "^xox[bp]-[0-9]{10,13}-[0-9A-Za-z]{24}$", "xoxb-0000000000-placeholderaaaaaaaaaaaaa"],
    ["a secret key with a mode", "^sk_(test|live)_[A-Za-z0-9]{24,}$", "sk_test_placeholderaaaaaaaaaaaaa"],
    ["a personal access token", "^gh[pousr]_[A-Za-z0-9]{36}$", "gho_placeholderaaaaaaaaaaaaaaaaaaaaaaaaa"],
    ["upper-case letters and digits", "^[A-Z0-9]{20,40}$", "PLACEHOLDERAAAAAAAAA"],
    ["hex, where the label cannot go", "^[a-f0-9]{32}$", "a".repeat(32)],
    ["a negated class and escapes", "^key-[^\\s/]{12}\\.v\\d$", "key-placeholdera.v0"],
  ] as const) {
    it(`makes a value of the pattern for ${what}`, () => {
      const value = placeholderFor("TOKEN", { pattern, maxLength: 256 });
      expect(value).toBe(expected);
      expect(new RegExp(pattern, "u").test(value)).toBe(true);
    });
  }

  it("fits the plain stand-in to length limits when no pattern is given", () => {
    expect(placeholderFor("A_VERY_LONG_VARIABLE_NAME", { maxLength: 20 })).toBe("mock-placeholder-A_V");
    expect(placeholderFor("K", { minLength: 24 })).toBe("mock-placeholder-Kxxxxxx");
  });

  it("falls back to the plain stand-in for a pattern beyond its reading (validation then names it)", () => {
    expect(fromPattern("^(a)\\1$")).toBeUndefined();
    expect(placeholderFor("K", { pattern: "^(a)\\1$" })).toBe("mock-placeholder-K");
  });
});
