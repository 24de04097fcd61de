// A string's minLength and maxLength count characters, not UTF-16 units (a
// character outside the Basic Multilingual Plane is two), at every length
// around each bound, whatever the check does to count fewer of them.
import { describe, expect, it } from "vitest";
import type { ParamSpec } from "../spec/tool-types.js";
import { checkValue } from "./full-check.js";

const bounded = (minLength: number | undefined, maxLength: number | undefined): ParamSpec => ({
  name: "label",
  type: "string",
  title: "Label",
  description: "A label.",
  required: true,
  secret: false,
  visibility: "user-or-llm",
  ...(minLength !== undefined ? { minLength } : {}),
  ...(maxLength !== undefined ? { maxLength } : {}),
  wire: { in: "query", name: "label" },
});

const WIDE = "\u{1F3F7}"; // one character, two UTF-16 units

describe("a string's length bounds", () => {
  it(
    "are kept in characters at every length from 1 to three times each bound, of one-unit, " +
      "two-unit and mixed characters",
    () => {
      for (const [min, max] of [
        [3, undefined],
        [undefined, 5],
        [4, 9],
        [1, 1],
      ] as const) {
        const spec = bounded(min, max);
        for (let chars = 1; chars <= 3 * Math.max(min ?? 0, max ?? 0); chars++) {
          for (const make of [
            (i: number) => "a".repeat(i),
            (i: number) => WIDE.repeat(i),
            (i: number) => Array.from({ length: i }, (_, k) => (k % 2 ? WIDE : "a")).join(""),
          ]) {
            const value = make(chars);
            const fits = (min === undefined || chars >= min) && (max === undefined || chars <= max);
            const checked = checkValue(spec, value);
            expect("value" in checked, `${JSON.stringify(value)} (${chars} characters) against ${min}–${max}`).toBe(
              fits,
            );
            if (!fits && max !== undefined && chars > max)
              expect(JSON.stringify(checked)).toContain(`(it has ${chars})`);
          }
        }
      }
    },
  );
});

describe("a string's length beside its other rules", () => {
  it("refuses a value past its length for its length, before its pattern or its format is read", () => {
    const rule = (checked: object) => ("issue" in checked ? (checked.issue as { rule: string }).rule : "none");
    const patterned = { ...bounded(undefined, 3), pattern: "^[a-z]+$" };
    expect(rule(checkValue(patterned, "ZQZQZ"))).toBe("maxLength");
    expect(rule(checkValue(patterned, "ZQ"))).toBe("pattern");
    const formatted = { ...bounded(undefined, 3), format: "email" } as ParamSpec;
    expect(rule(checkValue(formatted, "zqzqzq"))).toBe("maxLength");
    expect(rule(checkValue(formatted, "zq"))).toBe("format");
    const enumerated = { ...bounded(3, undefined), enum: ["zq", "zqzq"] };
    expect(rule(checkValue(enumerated, "zq"))).toBe("minLength");
    expect(rule(checkValue(enumerated, "zqzq"))).toBe("none");
  });
});

// A long value is quoted cut in an error, with its length: that length was its JSON text's (its quotes and escapes
// counted), so a refusal read `at most 256 characters long (it has 300), got "zzz…" (302 characters)`.
describe("a long value quoted in a refusal", () => {
  it("is counted in its own characters, as the rule counts it, and cut whole inside its quotes", () => {
    for (const value of ["z".repeat(300), `${WIDE}"`.repeat(150)]) {
      const checked = checkValue(bounded(undefined, 256), value);
      const message = "issue" in checked ? checked.issue.message : "";
      const shown = /^label: must be at most 256 characters long \(it has 300\), got (".*")… \(300 characters\)$/.exec(
        message,
      );
      expect(shown, message).not.toBeNull();
      const head = JSON.parse(shown![1]!) as string;
      expect(value.startsWith(head) && head.length >= 99 && head.isWellFormed()).toBe(true);
    }
  });
});
