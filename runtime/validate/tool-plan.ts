// A tool's parameters laid out once per (immutable) tool, so that a call looks only at what it was given and at the
// parameters it must look at whatever it was given (a default, or required): a tool may declare 18 parameters where a
// call gives 4, and the values' check, the secrets' gathering and the request's building each walked all 18.
import type { ParamCall, ToolCall } from "../spec/tool-types.js";
import type { StringCheck } from "./string-check.js";

export interface ToolPlan {
  /** Each parameter's place in the tool's list, by name. */
  at: Map<string, number>;
  /** The places of the parameters with a default or required, ascending: looked at whatever a call gives. */
  always: readonly number[];
  /** The secret parameters, whose values a call keeps out of everything it returns. */
  secret: readonly ParamCall[];
  /** Whether a parameter is the whole body, which a request places before the fields inside it. */
  wholeBody: boolean;
  /** Each string parameter's check (string-check.ts), by place: made at its first value, kept with the tool. */
  strings: StringCheck[];
}

const plans = new WeakMap<Pick<ToolCall, "params">, ToolPlan>();

export function toolPlan(tool: Pick<ToolCall, "params">): ToolPlan {
  let plan = plans.get(tool);
  if (!plan) plans.set(tool, (plan = planOf(tool.params)));
  return plan;
}

function planOf(params: readonly ParamCall[]): ToolPlan {
  const at = new Map<string, number>();
  const always: number[] = [];
  params.forEach((p, i) => {
    if (!at.has(p.name)) at.set(p.name, i);
    if (p.default !== undefined || p.required) always.push(i);
  });
  // Two parameters of one name (no generated tool has them): every one looked at, as a walk of the list did.
  const every = at.size < params.length;
  return {
    at,
    always: every ? params.map((_, i) => i) : always,
    secret: params.filter((p) => p.secret),
    wholeBody: params.some(isWholeBody),
    strings: [],
  };
}

export function isWholeBody(spec: ParamCall): boolean {
  return spec.wire.in === "body" && spec.wire.pointer === "";
}

/**
 * Put a parameter's place in the ascending list of those a call looks at (the tool's order, in which its problems are
 * reported), unless it is there: an input's keys mostly come in the tool's order, each then put at the end.
 */
export function insertSorted(list: number[], at: number): void {
  let i = list.length;
  while (i > 0 && (list[i - 1] as number) > at) i--;
  if (i > 0 && list[i - 1] === at) return;
  for (let k = list.length; k > i; k--) list[k] = list[k - 1] as number;
  list[i] = at;
}
