// The hostname format read as the JSON Schema validators the mocks use read it, never looser: labels of letters,
// digits and hyphens (none at either end, 63 at most) joined by dots, 253 characters at most, no port, no trailing
// dot (one validator, ajv-formats, takes it; the other, @cfworker/json-schema, does not).
import { describe, expect, it } from "vitest";
import { FORMAT_MAX_LENGTH, FORMAT_MIN_LENGTH, formatProblem, matchesFormat } from "./formats.js";

describe("format hostname", () => {
  it("takes dot-separated labels of letters, digits and hyphens, and nothing else", () => {
    for (const v of ["api.example.com", "localhost", "a", "zq-1.example.org", "EXAMPLE.COM", `${"a".repeat(63)}.zq`])
      expect(matchesFormat("hostname", v), v).toBe(true);
    for (const v of [
      "}~",
      "",
      "-zq.example.com",
      "zq-.example.com",
      "zq..example.com",
      "zq_1.example.com",
      "example.com.",
      "www.example.com:8080",
      "https://example.com",
      "zq example.com",
      `${"a".repeat(64)}.zq`,
      `${"a.".repeat(126)}ab`,
    ])
      expect(matchesFormat("hostname", v), v).toBe(false);
    expect(formatProblem("hostname", "}~")).toMatch(/^a host name .*such as api\.example\.com$/);
    expect([FORMAT_MIN_LENGTH.hostname, FORMAT_MAX_LENGTH.hostname]).toEqual([1, 253]);
    expect(matchesFormat("hostname", `${"a.".repeat(126)}a`)).toBe(true);
  });
});
