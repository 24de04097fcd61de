// The derived suite's values of the ipv4, ipv6 and hostname formats: one of each length
// the format admits (its limit cases ask for the bounds), each of the format,
// and a value not of it.
import { describe, expect, it } from "vitest";
import { FORMAT_MAX_LENGTH, FORMAT_MIN_LENGTH, matchesFormat } from "@blockwright/runtime/internal";
import { madeStrings, NOT_OF_FORMAT, ofFormatAndLength } from "./string-values.js";

describe.each(["ipv4", "ipv6", "hostname"] as const)("values of format %s", (format) => {
  it("has one of every length from the shortest to the longest, each of the format", () => {
    for (let length = FORMAT_MIN_LENGTH[format]; length <= FORMAT_MAX_LENGTH[format]; length++) {
      const value = ofFormatAndLength(format, length);
      expect(value?.length, `${format} of ${length}`).toBe(length);
      expect(matchesFormat(format, value!), value).toBe(true);
    }
    expect(ofFormatAndLength(format, FORMAT_MAX_LENGTH[format] + 1)).toBeUndefined();
  });

  it("makes values of the format first, and knows one that is not", () => {
    expect(madeStrings({ format }).every((v) => matchesFormat(format, v))).toBe(true);
    expect(matchesFormat(format, NOT_OF_FORMAT[format])).toBe(false);
  });
});
