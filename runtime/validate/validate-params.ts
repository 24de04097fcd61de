// Pre-flight validation: every rule of a tool's parameters is checked before
// any request, and each problem names the parameter, the rule and the value.
// Valid input comes back normalised: defaults applied, numbers and booleans
// coerced from their text form, JSON strings parsed, enum case canonicalised,
// base addresses trimmed.
import { checkAddress } from "./address-rules.js";
import { ownValue } from "../common/own.js";
import { SECRET_MIN_LENGTH } from "../common/redact.js";
import type { Issue } from "../common/issue.js";
import { lacks } from "../common/unsupported.js";
import type { ParamCall, ToolCall } from "../spec/tool-types.js";
import { integerRule } from "./safe-integer.js";
import { allowedRange, brokenBound } from "./rule-words.js";
import { hasStringRules, NOT_HEADER_SAFE, stringCheck } from "./string-check.js";
import { type Checked, problem, show, type ValueSupport } from "./value-checks.js";
import { insertSorted, toolPlan } from "./tool-plan.js";
import { backtracks } from "./backtracking.js";
import type { LinearPatterns, PatternTest } from "./value-checks.js";

/**
 * The tool fields whose effect this module gives (tool-field-readers.ts: each field has a reader;
 * tool-field-readers.test.ts: each reader reads it).
 */
export const TOOL_FIELDS_READ = ["params"] as const satisfies readonly (keyof ToolCall)[];

export { SECRET_MIN_LENGTH };
export { checkAddress };

export type { Issue };
export { hasStringRules, NOT_HEADER_SAFE, problem, show };
export type { Checked, ValueSupport };

export type Validated =
  | {
      ok: true;
      /** Effective values, defaults included: what rules and outputs see. */
      values: Record<string, unknown>;
      /** Parameters whose default applies but is not sent (`sendDefault: false`). */
      unsent: ReadonlySet<string>;
      /** The places in the tool's list of the parameters looked at, ascending: every one with a value is among them. */
      visited: readonly number[];
    }
  | { ok: false; issues: Issue[] };

/**
 * Check a call's input; `support` has the checks of what not every provider declares (JSON parameters, formats,
 * rules); `secrets`, the values no message may show: redacted from a value before it is cut to be shown.
 */
export function validateInput(
  tool: ToolCall,
  input: Record<string, unknown>,
  support: ValueSupport,
  secrets: readonly string[] = [],
): Validated {
  if (support.patterns !== undefined && linear === undefined) usePatternEngine(support.patterns);
  let issues: Issue[] = [];
  const values: Record<string, unknown> = {};
  // Made only when a default is not sent: most calls share the empty one.
  let unsent: Set<string> | undefined;
  // The parameters the input gives and those with a default or required, in the tool's order (tool-plan.ts): one the
  // input leaves out and that has neither gets no value and no problem, so it is not looked at.
  const plan = toolPlan(tool);
  const visit = plan.always.slice();
  for (const name in input) {
    if (!Object.hasOwn(input, name)) continue;
    const at = plan.at.get(name);
    if (at !== undefined) insertSorted(visit, at);
    else if (input[name] !== undefined) {
      issues.push({
        param: name,
        rule: "unknown",
        message: `${name}: not a parameter of ${tool.id} (parameters: ${[...plan.at.keys()].join(", ")})`,
      });
    }
  }
  for (const at of visit) {
    const spec = tool.params[at] as ParamCall;
    const raw = ownValue(input, spec.name);
    // Null given where the document takes it (`nullable`): a value, sent as JSON null; to another parameter, not given.
    // In a query null has no form: OpenAPI serialises it as RFC 6570 does an undefined value, as nothing, so no pair is
    // sent (no default either: the caller said null); a parameter the operation requires cannot be null there.
    if (raw === null && spec.nullable && spec.wire.in === "query") {
      if (spec.required)
        issues.push({
          param: spec.name,
          rule: "required",
          message: `${spec.name}: is required, got null, which a query sends as nothing`,
        });
      continue;
    }
    if (raw === null && spec.nullable) {
      values[spec.name] = null;
      continue;
    }
    // A list with no items is not given either: the strings support's, which a tool with a list is given.
    if (isBlank(raw) || support.strings?.noItems(spec, raw)) {
      if (spec.default !== undefined) {
        values[spec.name] = spec.default;
        if (spec.sendDefault === false) (unsent ??= new Set()).add(spec.name);
      } else if (spec.required) issues.push(requiredIssue(spec, raw));
      continue;
    }
    // A string's check made once for the tool (string-check.ts), kept in its plan: no lookup of it a value.
    const checked =
      spec.type === "string" && typeof raw === "string"
        ? (plan.strings[at] ??= stringCheck(spec, tool))(raw, support, secrets)
        : checkValueWith(spec, raw, support, tool, secrets);
    if ("issue" in checked) issues.push(checked.issue);
    // A query object or list that writes no pair (the JSON support's mark, which refuses a required one) is not given
    // either: a default applies; else it is kept, unsent, so that a cross-field rule it does not meet can name it.
    else {
      values[spec.name] = checked.nothing ? (spec.default ?? checked.value) : checked.value;
      if (checked.nothing && (spec.default === undefined || spec.sendDefault === false))
        (unsent ??= new Set()).add(spec.name);
    }
  }
  // None found so far: the rules' list is the call's (no spread of it into an empty one).
  if (!issues.length && tool.rules.length)
    issues = support.rules ? support.rules(tool, values, tool.rules, secrets, unsent) : [lacks("rules")];
  return issues.length ? { ok: false, issues } : { ok: true, values, unsent: unsent ?? NONE_UNSENT, visited: visit };
}

const NONE_UNSENT: ReadonlySet<string> = new Set();

/**
 * Whether a value counts as not given: nothing, null, text that is empty
 * after trimming, or (for a comma list) a list with no items.
 */
export function isAbsent(value: unknown, spec?: Pick<ParamCall, "wire" | "separator">): boolean {
  if (isBlank(value)) return true;
  if (typeof value !== "string") return false;
  const separator = spec?.separator ?? (spec?.wire.in === "body" ? spec.wire.split?.separator : undefined);
  return separator !== undefined && splitList(value, separator).length === 0;
}

/** Nothing, null, or text that is empty after trimming (isAbsent, but for a list's items). */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

export function requiredIssue(spec: ParamCall, raw: unknown): Issue {
  const got =
    raw === ""
      ? ", got an empty string"
      : typeof raw === "string" && raw.trim() === ""
        ? ", got only whitespace"
        : typeof raw === "string"
          ? ", got a list with no items"
          : "";
  return { param: spec.name, rule: "required", message: `${spec.name}: is required${spec.secret ? "" : got}` };
}

/**
 * Check and normalise one given (non-empty) value against its parameter's
 * rules; `tool` tells where else (routes) the value may be placed.
 */
export function checkValueWith(
  spec: ParamCall,
  raw: unknown,
  support: ValueSupport,
  tool?: Pick<ToolCall, "routes" | "auth">,
  secrets: readonly string[] = [],
): Checked {
  if (support.patterns !== undefined && linear === undefined) usePatternEngine(support.patterns);
  switch (spec.type) {
    case "string":
      return typeof raw === "string"
        ? stringCheck(spec, tool)(raw, support, secrets)
        : problem(spec, "type", "must be a string", raw, secrets);
    case "number": {
      const n = typeof raw === "number" ? raw : typeof raw === "string" ? decimal(raw) : NaN;
      if (!Number.isFinite(n)) return problem(spec, "type", "must be a number", raw, secrets);
      return checkNumber(spec, n, support);
    }
    // A boolean (true or false, or their text) and a JSON value: the booleans and JSON supports'.
    case "boolean":
      return support.boolean ? support.boolean(spec, raw, secrets) : { issue: lacks("boolean", spec.name) };
    case "json":
      return support.json ? support.json(spec, raw, secrets, support, tool) : { issue: lacks("json", spec.name) };
    case "file": {
      if (!support.files) return { issue: lacks("files", spec.name) };
      const checked = support.files.fileValues(spec, raw, secrets);
      if ("issue" in checked) return checked;
      // Kept as given: call/files/file-inputs.ts opens it (a path, an address) when the call is sent.
      return { value: raw };
    }
  }
}

/**
 * A number's text in decimal (a sign, digits, a fraction, an exponent), else NaN: `Number` reads `0x10` as 16, `0b11`
 * as 3 and `Infinity`, which no one typing a number into a decimal field means.
 */
export function decimal(text: string): number {
  const trimmed = text.trim();
  return /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/.test(trimmed) ? Number(trimmed) : NaN;
}

/**
 * A boolean parameter's value, as a part of the runtime's support (call/support.ts `boolean`, exported as
 * `booleanValues`).
 */
export function booleanValue(spec: ParamCall, raw: unknown, secrets: readonly string[] = []): Checked {
  const value = typeof raw === "boolean" ? raw : raw === "true" || raw === "false" ? raw === "true" : undefined;
  if (value === undefined) return problem(spec, "type", "must be a boolean (true or false)", raw, secrets);
  // An enum of one of the two (`[true]`: a confirmation the service takes only as true).
  if (spec.enum && !spec.enum.includes(value))
    return problem(spec, "enum", `must be ${spec.enum.join(" or ")}`, raw, secrets);
  return { value };
}

function checkNumber(spec: ParamCall, n: number, support: ValueSupport): Checked {
  if (spec.integer && !Number.isSafeInteger(n)) return problem(spec, "integer", integerRule(n), n);
  // A bound broken, in its words ("at least 1", an exclusive one's "greater than 0": rule-words.ts `brokenBound`).
  const broken = brokenBound(spec, n);
  if (broken) return problem(spec, broken.rule, `${broken.text}${allowedRange(spec)}`, n);
  // An enum or a step: the number rules support's (number-rules.ts).
  if (!hasNumberRules(spec)) return { value: n };
  return support.numbers ? support.numbers.check(spec, n) : { issue: lacks("numbers", spec.name) };
}

/** Whether a number parameter has rules of the numbers support (`numberRules`, number-rules.ts): an enum or a step. */
export function hasNumberRules(spec: Pick<ParamCall, "type" | "enum" | "multipleOf">): boolean {
  return spec.type === "number" && (spec.enum !== undefined || spec.multipleOf !== undefined);
}

const patterns = new Map<string, PatternTest>();
// The linear-time engine, once a call's support has given it (validateInput): a pattern that may backtrack
// exponentially (backtracking.ts) runs on it. The engine answers as JavaScript's does, so one engine serves every
// package of the process; a generated package whose patterns need it is given it (call/support.ts `patterns`).
let linear: LinearPatterns | undefined;

/** The linear-time engine for the patterns that need it (`linearPatterns`), kept for the process. */
export function usePatternEngine(engine: LinearPatterns): void {
  linear = engine;
}

/**
 * A pattern compiled once (patterns come from generated tools: a small, fixed set): on the linear-time engine where
 * JavaScript's may backtrack exponentially and the engine is given and can run it, else JavaScript's.
 */
export function compiled(pattern: string): PatternTest {
  let re = patterns.get(pattern);
  if (!re) {
    const risky = backtracks(pattern);
    re = (risky && linear?.compile(pattern)) || new RegExp(pattern, "u");
    // A risky pattern compiled before the engine was given is compiled again once it is.
    if (!risky || linear) patterns.set(pattern, re);
  }
  return re;
}

/** `"a, b,,c"` → `["a", "b", "c"]`. */
export function splitList(value: string, separator: string): string[] {
  return value
    .split(separator)
    .map((item) => item.trim())
    .filter(Boolean);
}
