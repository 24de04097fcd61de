// The ipv4 and ipv6 formats read as the JSON Schema validators the mocks and
// upstreams use read them: dotted decimal without leading zeros; RFC 4291's
// text forms, one `::` at most, an IPv4 tail, no zone.
import { describe, expect, it } from "vitest";
import { FORMAT_MAX_LENGTH, FORMAT_MIN_LENGTH, formatProblem, matchesFormat } from "./formats.js";

describe("format ipv4", () => {
  it("takes four decimal octets, and nothing else", () => {
    for (const v of ["192.0.2.1", "0.0.0.0", "255.255.255.255", "10.1.22.133"])
      expect(matchesFormat("ipv4", v), v).toBe(true);
    for (const v of ["192.0.2.256", "192.0.2", "192.0.2.1.5", "01.2.3.4", "1.2.3.4 ", "a.b.c.d", "", "1..2.3"])
      expect(matchesFormat("ipv4", v), v).toBe(false);
    expect(formatProblem("ipv4", "192.0.2")).toBe("an IPv4 address in dotted decimal, such as 192.0.2.1");
  });
});

describe("format ipv6", () => {
  it("takes eight groups, fewer around one ::, an IPv4 tail; not two ::, a bad group, a zone or a bad tail", () => {
    for (const v of [
      "2001:db8::1",
      "::",
      "::1",
      "1::",
      "2001:0db8:0000:0000:0000:ff00:0042:8329",
      "fe80::1:2:3:4:5:6",
      "::ffff:192.0.2.1",
      "1:2:3:4:5:6:192.0.2.1",
      "1:2:3:4:5:6:7::",
    ]) {
      expect(matchesFormat("ipv6", v), v).toBe(true);
    }
    for (const v of [
      "2001:db8::g",
      "1::2::3",
      "1:2:3:4:5:6:7",
      "1:2:3:4:5:6:7:8:9",
      "12345::",
      ":::",
      "fe80::1%eth0",
      "::192.0.2.256",
      "192.0.2.1::",
      "1:2:3:4:5:6:7:192.0.2.1",
      "",
    ]) {
      expect(matchesFormat("ipv6", v), v).toBe(false);
    }
  });

  it("bounds the length as its longest and shortest forms do", () => {
    expect(matchesFormat("ipv6", "ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255")).toBe(true);
    expect("ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255".length).toBe(FORMAT_MAX_LENGTH.ipv6);
    expect([FORMAT_MIN_LENGTH.ipv6, FORMAT_MIN_LENGTH.ipv4, FORMAT_MAX_LENGTH.ipv4]).toEqual([
      "::".length,
      "0.0.0.0".length,
      "255.255.255.255".length,
    ]);
  });
});
