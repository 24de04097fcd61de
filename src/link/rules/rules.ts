// `rules` across an operation's parameters: exactlyOne, anyOf (at least one
// group), atMostOne (at most one group, whole), allowedValues and dependentLimits (values or limits depending on
// another parameter's value), requiredWhen (a parameter required for some values of another, or whenever another is
// given), each naming
// parameters that exist, values the parameters take, and limits no looser than the parameter's own.
import type { ParamSpec, RuleSpec } from "@blockwright/runtime/internal";
import { cloneJson } from "@blockwright/runtime/internal/generate";
import { canonical } from "../../common/canonical-json.js";
import type { ToolEntry } from "../../model/surface-entry.js";
import type { LinkContext, Path } from "../context.js";
import { checkRequiredWithGiven } from "./presence-rules.js";

/**
 * `declared`: every parameter the manifest names (linked or not), so a broken parameter is reported once; `rules`:
 * the operation's rules, which one rule must not contradict.
 */
export function linkRule(
  ctx: LinkContext,
  rule: RuleSpec,
  at: Path,
  declared: ReadonlySet<string>,
  params: Map<string, ParamSpec>,
  rules: readonly RuleSpec[] = [],
): RuleSpec | undefined {
  const missing = (name: string, where: Path) =>
    !declared.has(name) && ctx.fail("BW2001", where, `unknown parameter "${name}"`, "value") === undefined;
  switch (rule.rule) {
    case "exactlyOne":
      if (rule.params.some((n, i) => missing(n, [...at, "params", i]))) return undefined;
      return { rule: "exactlyOne", params: [...rule.params] };
    case "anyOf":
      if (rule.groups.some((g, i) => g.some((n, j) => missing(n, [...at, "groups", i, j])))) return undefined;
      return { rule: "anyOf", groups: rule.groups.map((g) => [...g]) };
    case "atMostOne":
      if (rule.groups.some((g, i) => g.some((n, j) => missing(n, [...at, "groups", i, j])))) return undefined;
      return { rule: "atMostOne", groups: rule.groups.map((g) => [...g]) };
    case "dependentLimits": {
      if (missing(rule.param, [...at, "param"]) || missing(rule.dependsOn, [...at, "dependsOn"])) return undefined;
      const target = params.get(rule.param);
      const selector = params.get(rule.dependsOn);
      if (!target || !selector) return undefined;
      for (const [key, limits] of Object.entries(rule.limits))
        checkDependentLimits(ctx, rule, key, limits, target, selector, at);
      return { rule: "dependentLimits", param: rule.param, dependsOn: rule.dependsOn, limits: cloneJson(rule.limits) };
    }
    case "allowedValues": {
      if (missing(rule.param, [...at, "param"]) || missing(rule.dependsOn, [...at, "dependsOn"])) return undefined;
      const target = params.get(rule.param);
      const selector = params.get(rule.dependsOn);
      if (!target || !selector) return undefined;
      // A mapping's keys are text: the runtime finds a value's entry by String(value), so the link does too.
      for (const [key, values] of Object.entries(rule.values)) {
        if (selector.enum && !selector.enum.map(String).includes(key))
          ctx.fail(
            "BW2023",
            [...at, "values", key],
            `"${key}" is not a value of "${rule.dependsOn}" (${selector.enum.join(", ")})`,
          );
        for (const v of values) {
          if (target.enum && !target.enum.includes(v))
            ctx.fail(
              "BW2023",
              [...at, "values", key],
              `${JSON.stringify(v)} is not a value of "${rule.param}" (${target.enum.join(", ")})`,
            );
        }
      }
      return { rule: "allowedValues", param: rule.param, dependsOn: rule.dependsOn, values: cloneJson(rule.values) };
    }
    case "requiredWhen": {
      if (missing(rule.param, [...at, "param"]) || missing(rule.dependsOn, [...at, "dependsOn"])) return undefined;
      const target = params.get(rule.param);
      const selector = params.get(rule.dependsOn);
      if (!target || !selector) return undefined;
      checkRequiredWhen(ctx, rule, target, selector, rules, at);
      return {
        rule: "requiredWhen",
        param: rule.param,
        dependsOn: rule.dependsOn,
        ...(rule.values ? { values: [...rule.values] } : {}),
      };
    }
    case "replaces": {
      const required = rule.required ?? [];
      if (missing(rule.param, [...at, "param"]) || rule.params.some((n, i) => missing(n, [...at, "params", i])))
        return undefined;
      checkReplaces(ctx, rule, params, at);
      return {
        rule: "replaces",
        param: rule.param,
        params: [...rule.params],
        ...(required.length ? { required } : {}),
      };
    }
  }
}

/**
 * A `replaces` rule: `param` is none of `params`, `required` are of `params`, and each of `params` is given only
 * by the caller (neither required nor defaulted, else every call would give it and none could give `param`).
 */
function checkReplaces(
  ctx: LinkContext,
  rule: Extract<RuleSpec, { rule: "replaces" }>,
  params: Map<string, ParamSpec>,
  at: Path,
): void {
  const self = rule.params.indexOf(rule.param);
  if (self >= 0) ctx.fail("BW2005", [...at, "params", self], `"${rule.param}" cannot replace itself`, "value");
  (rule.required ?? []).forEach((name, i) => {
    if (!rule.params.includes(name))
      ctx.fail("BW2005", [...at, "required", i], `"${name}" is not one of params (${rule.params.join(", ")})`, "value");
  });
  rule.params.forEach((name, i) => {
    const p = params.get(name);
    const sent = p?.default !== undefined && p.sendDefault !== false;
    const always = p?.required ? "is required" : sent ? "has a default" : undefined;
    if (always)
      ctx.fail(
        "BW2005",
        [...at, "params", i],
        `"${name}" ${always}, so every call gives it and none could give "${rule.param}" instead: list it in ` +
          "`required` of this rule, or leave it out of params",
        "value",
      );
  });
}

/**
 * A `requiredWhen` rule: a parameter that is not always given (neither required nor defaulted), another one's values
 * it can take, and no allowedValues rule telling to leave the parameter out for one of them; without values, another
 * that is not always given either (presence-rules.ts).
 */
function checkRequiredWhen(
  ctx: LinkContext,
  rule: Extract<RuleSpec, { rule: "requiredWhen" }>,
  target: ParamSpec,
  selector: ParamSpec,
  rules: readonly RuleSpec[],
  at: Path,
): void {
  if (rule.param === rule.dependsOn)
    ctx.fail("BW2005", [...at, "dependsOn"], `"${rule.param}" cannot be required by its own value`, "value");
  if (target.required)
    ctx.fail("BW2005", [...at, "param"], `"${rule.param}" is already required: requiredWhen adds nothing`, "value");
  else if (target.default !== undefined)
    ctx.fail(
      "BW2005",
      [...at, "param"],
      `"${rule.param}" has a default (${JSON.stringify(target.default)}), so it is always given: requiredWhen ` +
        "adds nothing",
      "value",
    );
  if (rule.values === undefined) return checkRequiredWithGiven(ctx, rule, selector, rules, at);
  rule.values.forEach((value, i) => {
    const where = [...at, "values", i];
    const shown = JSON.stringify(value);
    const typed = selector.type === "number" ? "number" : selector.type === "boolean" ? "boolean" : "string";
    if (typeof value !== typed)
      ctx.fail("BW2023", where, `${shown} is not a value of "${rule.dependsOn}" (a ${typed})`, "value");
    else if (selector.enum && !selector.enum.includes(value))
      ctx.fail(
        "BW2023",
        where,
        `${shown} is not a value of "${rule.dependsOn}" (${selector.enum.join(", ")})`,
        "value",
      );
    const absent = rules.findIndex(
      (r) =>
        r.rule === "allowedValues" &&
        r.param === rule.param &&
        r.dependsOn === rule.dependsOn &&
        r.values[String(value)]?.length === 0,
    );
    if (absent >= 0)
      ctx.fail(
        "BW2005",
        where,
        `"${rule.param}" is required when "${rule.dependsOn}" is ${shown}, and the allowedValues rule ` +
          `(rules.${absent}) says to leave it out then`,
        "value",
      );
  });
}

/** A rule added or changed refuses calls that were accepted; one removed accepts more. */
export const rulesSurface: ToolEntry<RuleSpec[], "ruleAdded" | "ruleRemoved"> = {
  scope: "tool",
  subject: "rule",
  legacy: true,
  changes: {
    ruleAdded: { level: "breaking", rule: "cross-field rule added or changed" },
    ruleRemoved: { level: "minor", rule: "cross-field rule removed" },
  },
  record: (tool) => ({ rules: tool.rules }),
  read: (t) => t.rules,
  diff(a = [], b = [], report) {
    const before = new Set(a.map(canonical));
    const after = new Set(b.map(canonical));
    for (const r of after) if (!before.has(r)) report("ruleAdded", { to: JSON.parse(r) });
    for (const r of before) if (!after.has(r)) report("ruleRemoved", { from: JSON.parse(r) });
  },
};

type DependentLimits = Extract<RuleSpec, { rule: "dependentLimits" }>;

/**
 * The limits a `dependentLimits` rule sets for one value of the parameter it depends on: of the parameter's type,
 * and no looser than its own.
 */
function checkDependentLimits(
  ctx: LinkContext,
  rule: DependentLimits,
  key: string,
  limits: DependentLimits["limits"][string],
  target: ParamSpec,
  selector: ParamSpec,
  at: Path,
): void {
  if (selector.enum && !selector.enum.map(String).includes(key))
    ctx.fail(
      "BW2023",
      [...at, "limits", key],
      `"${key}" is not a value of "${rule.dependsOn}" (${selector.enum.join(", ")})`,
    );
  const numeric = limits.minimum !== undefined || limits.maximum !== undefined;
  const textual = limits.minLength !== undefined || limits.maxLength !== undefined;
  if (numeric && target.type !== "number")
    ctx.fail(
      "BW2004",
      [...at, "limits", key],
      `minimum and maximum apply to number parameters, and "${rule.param}" is ${target.type}`,
    );
  if (textual && target.type !== "string")
    ctx.fail(
      "BW2004",
      [...at, "limits", key],
      `minLength and maxLength apply to string parameters, and "${rule.param}" is ${target.type}`,
    );
  const counted = limits.minItems !== undefined || limits.maxItems !== undefined;
  if (counted && !(target.type === "json" && target.jsonType === "array"))
    ctx.fail(
      "BW2004",
      [...at, "limits", key],
      `minItems and maxItems apply to list parameters (json, jsonType array), and "${rule.param}" is ` +
        `${target.type}${target.jsonType ? ` (${target.jsonType})` : ""}`,
    );
  // They may only tighten the parameter's own limits (which are at least as strict as the spec's).
  for (const [name, low] of LOWER_BOUNDS) {
    const own = target[name];
    const set = limits[name];
    if (set === undefined || own === undefined) continue;
    if (low ? set < own : set > own)
      ctx.fail(
        "BW2006",
        [...at, "limits", key, name],
        `${set} is looser than "${rule.param}"'s ${name} ${own}`,
        "value",
      );
  }
}

/** Each limit a dependentLimits rule may set, and whether it is a lower bound (tighter when larger). */
const LOWER_BOUNDS = [
  ["minimum", true],
  ["maximum", false],
  ["minLength", true],
  ["maxLength", false],
  ["minItems", true],
  ["maxItems", false],
] as const satisfies readonly (readonly [keyof DependentLimits["limits"][string] & keyof ParamSpec, boolean])[];
