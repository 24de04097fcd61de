// Cross-field rules (a manifest's `rules`): checked over the values a call
// would send, defaults applied, after each parameter passed its own rules. A
// default that is not sent (`sendDefault: false`) selects limits, values and requiredWhen's cases,
// but gives no parameter of exactlyOne or anyOf, nor the one a requiredWhen without values depends on: the upstream
// never sees it.
import { itemAt } from "../common/checked.js";
import type { Issue } from "../common/issue.js";
import { redactThenCut } from "../common/outgoing-text.js";
import type { DependentLimit } from "../spec/param-types.js";
import type { RuleSpec, ToolCall } from "../spec/tool-types.js";
import { listedValues, brokenBound } from "./rule-words.js";

/**
 * The tool fields whose effect this module gives (tool-field-readers.ts: each field has a reader;
 * tool-field-readers.test.ts: each reader reads it).
 */
export const TOOL_FIELDS_READ = ["rules"] as const satisfies readonly (keyof ToolCall)[];

/**
 * Cross-field rules over normalised values (defaults applied); `secrets`: redacted from a value before it is cut to
 * be shown; `unsent`: the parameters whose default applies but is not sent.
 */
export function checkRules(
  tool: ToolCall,
  values: Record<string, unknown>,
  rules: readonly RuleSpec[] = tool.rules,
  secrets: readonly string[] = [],
  unsent: ReadonlySet<string> = NONE,
): Issue[] {
  const issues: Issue[] = [];
  for (const rule of rules) checkRule(rule, values, tool, issues, secrets, unsent);
  return issues;
}

const NONE: ReadonlySet<string> = new Set();

function checkRule(
  rule: RuleSpec,
  values: Record<string, unknown>,
  tool: ToolCall,
  issues: Issue[],
  secrets: readonly string[],
  unsent: ReadonlySet<string>,
): void {
  // An anyOf met (as on most calls of its tool): by loops, before the closure the other rules' checks share is made.
  if (rule.rule === "anyOf") for (const group of rule.groups) if (allPresent(group, values, unsent)) return;
  const present = (name: string) => values[name] !== undefined && !unsent.has(name);
  switch (rule.rule) {
    case "exactlyOne": {
      const given = rule.params.filter(present);
      if (given.length !== 1) {
        issues.push({
          param: given[1] ?? rule.params[0],
          rule: "exactlyOne",
          message:
            `exactly one of ${rule.params.join(", ")} is required, got ` +
            `${given.length ? given.join(" and ") : "none"}`,
        });
      }
      return;
    }
    case "anyOf":
      // No group is complete (the loop above).
      issues.push(anyOfIssue(rule, values, tool, present, secrets, unsent));
      return;
    case "atMostOne": {
      const touched = rule.groups.filter((group) => group.some(present));
      if (touched.length > 1) {
        issues.push({
          param: itemAt(itemAt(touched, 1).filter(present), 0),
          rule: "atMostOne",
          message:
            `${tool.id} takes at most one of ${rule.groups.map((g) => g.join(" with ")).join(", or ")}, ` +
            `got ${touched.map((g) => g.filter(present).join(" and ")).join(" with ")}`,
        });
        return;
      }
      const group = touched[0];
      const lacking = group?.filter((n) => !present(n)) ?? [];
      if (group && lacking.length) {
        issues.push({
          param: itemAt(lacking, 0),
          rule: "atMostOne",
          message:
            `${lacking.join(", ")}: required with ${group.filter(present).join(", ")} (${group.join(", ")} ` +
            `go together)`,
        });
      }
      return;
    }
    case "dependentLimits": {
      const selector = values[rule.dependsOn];
      const limits = rule.limits[String(selector)];
      const value = values[rule.param];
      if (!limits || value === undefined) return;
      const when = ` when ${rule.dependsOn} is ${String(selector)}`;
      const broken = brokenLimit(value, limits);
      if (broken) {
        // A list's JSON text cut too: a rule on its item count may meet a long one.
        const shown =
          typeof value === "string"
            ? JSON.stringify(redactThenCut(value, secrets, 100, false))
            : redactThenCut(JSON.stringify(value) ?? "", secrets, 100, false);
        issues.push({
          param: rule.param,
          rule: "dependentLimits",
          message: `${rule.param}: ${broken}${when}, got ${shown}`,
        });
      }
      return;
    }
    case "allowedValues": {
      const selector = values[rule.dependsOn];
      const allowed = rule.values[String(selector)];
      const value = values[rule.param];
      if (allowed === undefined || value === undefined || allowed.includes(value)) return;
      issues.push({
        param: rule.param,
        rule: "allowedValues",
        message: allowed.length
          ? `${rule.param}: must be one of ${listedValues(allowed, value)} when ${rule.dependsOn} is ` +
            `${String(selector)}, got ${JSON.stringify(value)}`
          : `${rule.param}: must be left out when ${rule.dependsOn} is ${String(selector)}, ` +
            `got ${JSON.stringify(value)}`,
      });
      return;
    }
    case "requiredWhen":
      if (!present(rule.param) && requiredWhenHolds(rule, values[rule.dependsOn], present(rule.dependsOn)))
        issues.push(requiredWhenIssue(rule, values[rule.dependsOn], secrets));
      return;
    case "replaces": {
      const issue = replacesIssue(rule, present);
      if (issue) issues.push(issue);
    }
  }
}

/** An anyOf none of whose groups is given whole. */
function anyOfIssue(
  rule: Extract<RuleSpec, { rule: "anyOf" }>,
  values: Record<string, unknown>,
  tool: ToolCall,
  present: (name: string) => boolean,
  secrets: readonly string[],
  unsent: ReadonlySet<string>,
): Issue {
  const alternatives = rule.groups.map((g) => g.join(" with "));
  const given = rule.groups.flat().filter(present);
  const either =
    alternatives.length > 1
      ? `${alternatives.slice(0, -1).join(", ")} or ${alternatives[alternatives.length - 1]}`
      : alternatives[0];
  const got = given.length ? `only ${[...new Set(given)].join(", ")}` : "none of them";
  // A value given that puts nothing in the query (`{}`) is named: it looks given, and the request lacks it.
  const [empty] = sendingNothing(rule.groups.flat(), values, tool, unsent);
  return {
    param: empty ?? itemAt(itemAt(rule.groups, 0), 0),
    rule: "anyOf",
    message:
      `${tool.id} needs ${either}, got ${got}` +
      (empty === undefined
        ? ""
        : ` (${empty}: ${redactThenCut(JSON.stringify(values[empty]) ?? "", secrets, 100, false)} puts ` +
          "nothing in the query)"),
  };
}

/**
 * Of `names`, those given a value that puts no pair in the query (query-nothing.ts): kept unsent with no default (a
 * default not sent has one).
 */
function sendingNothing(
  names: readonly string[],
  values: Record<string, unknown>,
  tool: ToolCall,
  unsent: ReadonlySet<string>,
): string[] {
  return names.filter((name) => {
    const spec = unsent.has(name) ? tool.params.find((p) => p.name === name) : undefined;
    return spec !== undefined && spec.default === undefined && values[name] !== undefined;
  });
}

/** Whether every one of `names` is given and sent. */
function allPresent(names: readonly string[], values: Record<string, unknown>, unsent: ReadonlySet<string>): boolean {
  for (const name of names) if (values[name] === undefined || unsent.has(name)) return false;
  return true;
}

/** The one given with any of the others it replaces, or, not given, a required one of them left out. */
function replacesIssue(rule: Extract<RuleSpec, { rule: "replaces" }>, present: (name: string) => boolean) {
  const given = rule.params.filter(present);
  if (present(rule.param))
    return given.length
      ? {
          param: itemAt(given, 0),
          rule: "replaces",
          message: `${given.join(", ")}: not taken with ${rule.param}, which is sent instead of them`,
        }
      : undefined;
  const lacking = (rule.required ?? []).filter((n) => !present(n));
  return lacking.length
    ? {
        param: itemAt(lacking, 0),
        rule: "replaces",
        message: `${lacking.join(", ")}: required unless ${rule.param} is given`,
      }
    : undefined;
}

type RequiredWhen = Extract<RuleSpec, { rule: "requiredWhen" }>;

/**
 * Whether a requiredWhen rule requires its parameter: the one it depends on has one of its values (`selector`, after
 * its default), or, where it lists none, is given (`selectorGiven`: a default that is not sent is not given).
 */
export function requiredWhenHolds(rule: RequiredWhen, selector: unknown, selectorGiven: boolean): boolean {
  return rule.values === undefined ? selectorGiven : rule.values.some((v) => v === selector);
}

/**
 * A parameter left out while the value of the one it depends on (`selector`) requires it; where the rule lists no
 * values, any value given does, shown as given (a secret's redacted, a long one cut).
 */
function requiredWhenIssue(rule: RequiredWhen, selector: unknown, secrets: readonly string[]): Issue {
  const shown =
    typeof selector === "string"
      ? JSON.stringify(redactThenCut(selector, secrets, 100, false))
      : redactThenCut(JSON.stringify(selector) ?? "", secrets, 100, false);
  return {
    param: rule.param,
    rule: "requiredWhen",
    message:
      rule.values === undefined
        ? `${rule.param}: required when ${rule.dependsOn} is given, got ${rule.dependsOn} ${shown} without it`
        : `${rule.param}: required when ${rule.dependsOn} is ${String(selector)}`,
  };
}

/** What `value` breaks of a dependentLimits rule's `limits` (the first), or undefined when it keeps them. */
function brokenLimit(value: unknown, limits: DependentLimit): string | undefined {
  if (typeof value === "number") return brokenBound(limits, value)?.text;
  if (typeof value === "string") {
    const length = [...value].length;
    return limits.minLength !== undefined && length < limits.minLength
      ? `must be at least ${limits.minLength} characters long`
      : limits.maxLength !== undefined && length > limits.maxLength
        ? `must be at most ${limits.maxLength} characters long (it has ${length})`
        : undefined;
  }
  if (!Array.isArray(value)) return undefined;
  const count = `(it holds ${value.length})`;
  return limits.minItems !== undefined && value.length < limits.minItems
    ? `must hold at least ${limits.minItems} item${limits.minItems === 1 ? "" : "s"} ${count}`
    : limits.maxItems !== undefined && value.length > limits.maxItems
      ? `must hold at most ${limits.maxItems} item${limits.maxItems === 1 ? "" : "s"} ${count}`
      : undefined;
}
