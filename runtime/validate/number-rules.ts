// The rules of a number parameter beyond its type and bounds: an enum, and a
// step (`multipleOf`: an offset that moves by pages of 20). Part of the
// runtime's support (call/support.ts `numbers`, exported as `numberRules`):
// a package whose number parameters have neither bundles none of it.
import type { ParamCall } from "../spec/tool-types.js";
import { type Checked, problem } from "./validate-params.js";
import { listedValues } from "./rule-words.js";

/** Whether `n` is a multiple of `step`, within a double's rounding (0.3 is a multiple of 0.1). */
export function isMultipleOf(n: number, step: number): boolean {
  const quotient = n / step;
  return Math.abs(quotient - Math.round(quotient)) <= 1e-9 * Math.max(1, Math.abs(quotient));
}

/**
 * The multiple of `step` nearest `n` on the side `up` says (at or above, at or below), `n` itself when it is
 * one; written to 15 digits, so that a decimal step's product (3 × 0.1, 0.30000000000000004) is the value a
 * validator's division reads as a multiple. The generator's bounds and the suite's values go by it.
 */
export function multipleNear(n: number, step: number, up: boolean): number {
  const k = up ? Math.ceil(n / step - 1e-9) : Math.floor(n / step + 1e-9);
  return Number((k * step).toPrecision(15));
}

/** The number, or the rule it breaks. */
function check(spec: ParamCall, n: number): Checked {
  if (spec.multipleOf !== undefined && !isMultipleOf(n, spec.multipleOf))
    return problem(spec, "multipleOf", `must be a multiple of ${spec.multipleOf}`, n);
  if (spec.enum && !spec.enum.includes(n)) return problem(spec, "enum", `must be one of ${listedValues(spec.enum)}`, n);
  return { value: n };
}

export const numberRules = { check };
