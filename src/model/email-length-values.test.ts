// Addresses made at a length bound (an email parameter's maxLength, up to
// RFC 5321's 254): a local part of 64 characters at most, then labels of 63 at
// most, as JSON Schema validators and servers read an address. The suite's
// boundary case sent 242 x's before `@example.com`, which the runtime's email
// format took and the request judge (and any server) refused. Below 13 characters
// (an email's minLength of 6) none was made, and the limit cases of the
// parameter could not be derived.
import { describe, expect, it } from "vitest";
import { FORMAT_MIN_LENGTH, matchesFormat } from "@blockwright/runtime/internal";
import { validate } from "@cfworker/json-schema";
import { ofFormatAndLength } from "./string-values.js";

describe("an address made at every length from the format's shortest (5) to 254", () => {
  it(
    "is that long, an email to the runtime and to a JSON " +
      "Schema validator, its local part and labels within RFC 5321",
    () => {
      for (let length = FORMAT_MIN_LENGTH.email; length <= 254; length++) {
        const address = ofFormatAndLength("email", length) as string;
        const [local = "", host = ""] = address.split("@");
        expect({
          length,
          size: address.length,
          local: local.length <= 64,
          labels: host.split(".").every((l) => l.length >= 1 && l.length <= 63),
        }).toEqual({ length, size: length, local: true, labels: true });
        expect(matchesFormat("email", address)).toBe(true);
        expect(validate(address, { type: "string", format: "email" }, "2020-12").valid).toBe(true);
      }
    },
  );

  it("refuses, as the runtime's format, a local part past 64 characters", () => {
    expect(matchesFormat("email", `${"x".repeat(64)}@example.com`)).toBe(true);
    expect(matchesFormat("email", `${"x".repeat(65)}@example.com`)).toBe(false);
  });
});
