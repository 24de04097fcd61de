// A parameter whose value takes one of several forms (manifest `anyOf`: an id
// or a name, a string or an object, one recipient or a list), each a type and
// that type's limits. A value is accepted when it meets one form, tried in
// order, and sent as that form takes it: a text meets a string form before it
// is read as a number (the command line's text) or parsed as JSON; a number,
// a list or an object meets the forms of its own kind. A value meeting none is
// refused before any request, naming what each form wants. Part of the
// runtime's support (call/support.ts `unions`, exported as `paramUnions`):
// bundled only by packages whose provider has such a parameter.
import type { Issue } from "../common/issue.js";
import { lacks } from "../common/unsupported.js";
import type { ParamBranch, ParamCall, ToolCall } from "../spec/tool-types.js";
import { type Checked, checkValueWith, problem, type ValueSupport } from "./validate-params.js";

// A form as a parameter of its own, made once per form (tools are immutable).
const forms = new WeakMap<ParamBranch, ParamCall>();

function asParam(spec: ParamCall, branch: ParamBranch): ParamCall {
  let param = forms.get(branch);
  if (!param) {
    const {
      anyOf: _forms,
      jsonType: _kind,
      minItems: _min,
      maxItems: _max,
      keys: _keys,
      values: _values,
      items: _items,
      object: _object,
      ...rest
    } = spec;
    param = { ...rest, ...branch };
    forms.set(branch, param);
  }
  return param;
}

/**
 * The forms a raw value may meet, in the order they are tried: its own kind's, and a text's other readings after its
 * string forms.
 */
function candidates(branches: readonly ParamBranch[], raw: unknown): ParamBranch[] {
  const of = (type: ParamBranch["type"], jsonType?: "object" | "array") =>
    branches.filter(
      (b) => b.type === type && (jsonType === undefined || b.jsonType === undefined || b.jsonType === jsonType),
    );
  if (typeof raw === "string") return [...of("string"), ...of("number"), ...of("boolean"), ...of("json")];
  if (typeof raw === "number") return of("number");
  if (typeof raw === "boolean") return of("boolean");
  return of("json", Array.isArray(raw) ? "array" : "object");
}

/** Check and normalise a given (non-empty) value of a parameter with forms (`anyOf`). */
export function checkUnion(
  spec: ParamCall,
  raw: unknown,
  support: ValueSupport,
  tool?: Pick<ToolCall, "routes" | "auth">,
  secrets: readonly string[] = [],
): Checked {
  const branches = spec.anyOf ?? [];
  const refusals: Issue[] = [];
  for (const branch of candidates(branches, raw)) {
    // A text read as a list or an object is JSON text: only one that parses to that kind meets such a form.
    const checked = checkValueWith(asParam(spec, branch), raw, support, tool, secrets);
    if ("value" in checked) return checked;
    refusals.push(checked.issue);
  }
  // Each form's reason once: forms of one kind refusing alike (`oneOf [integer, number]` given "x") say one reason.
  const reasons = [...new Set(refusals.map((r) => r.message.replace(/^[^:]*: /, "").replace(/, got .*$/s, "")))];
  // A form's own refusal says it best when it is the only form of the value's kind, or every form's reason is its.
  if (reasons.length === 1 && refusals[0]) return { issue: refusals[0] };
  const wants = refusals.length
    ? reasons.join("; or ")
    : // Two forms of one kind (a dated and a patterned string) are named once: "a string or a string" says nothing.
      `must be ${[...new Set(branches.map(describe))].join(" or ")}`;
  return problem(spec, "anyOf", refusals.length ? `must meet one of its forms: ${wants}` : wants, raw, secrets);
}

/** A form as a message names it. */
function describe(branch: ParamBranch): string {
  if (branch.type === "json")
    return branch.jsonType === "array" ? "a list" : branch.jsonType === "object" ? "an object" : "a list or an object";
  return branch.type === "number"
    ? branch.integer
      ? "an integer"
      : "a number"
    : branch.type === "boolean"
      ? (branch.enum ?? [true, false]).join(" or ")
      : "a string";
}

/** The unions support (call/support.ts `unions`); a caller without it gets the short refusal naming it. */
export const paramUnions = { check: checkUnion };

/** The refusal of a union parameter's value where the support lacks the part. */
export function unionsLacking(spec: ParamCall): Checked {
  return { issue: lacks("unions", spec.name) };
}
