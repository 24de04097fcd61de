// The rules of a number parameter beyond its type and bounds: an enum, and a
// step (`multipleOf`: an offset that moves by pages of 20). Part of the
// runtime's support (call/support.ts `numbers`, exported as `numberRules`):
// a package whose number parameters have neither bundles none of it.
import type { ParamCall } from "../spec/tool-types.js";
import { type Checked, problem } from "./validate-params.js";

/** Whether `n` is a multiple of `step`, within a double's rounding (0.3 is a multiple of 0.1). */
export function isMultipleOf(n: number, step: number): boolean {
  const quotient = n / step;
  return Math.abs(quotient - Math.round(quotient)) <= 1e-9 * Math.max(1, Math.abs(quotient));
}

/** Whether a number parameter has rules of this support: an enum or a step. */
export function hasNumberRules(spec: Pick<ParamCall, "type" | "enum" | "multipleOf">): boolean {
  return spec.type === "number" && (spec.enum !== undefined || spec.multipleOf !== undefined);
}

/** The number, or the rule it breaks. */
function check(spec: ParamCall, n: number): Checked {
  if (spec.multipleOf !== undefined && !isMultipleOf(n, spec.multipleOf)) return problem(spec, "multipleOf", `must be a multiple of ${spec.multipleOf}`, n);
  if (spec.enum && !spec.enum.includes(n)) return problem(spec, "enum", `must be one of ${spec.enum.join(", ")}`, n);
  return { value: n };
}

export const numberRules = { check };
