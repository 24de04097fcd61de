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
