// The cross-field rules of a tool (exactlyOne, anyOf, atMostOne, dependentLimits, allowedValues, requiredWhen,
// replaces) met by an input the contract suite makes, one rule at a time (values.ts passes over them until none
// changes the input): a missing alternative added from its example, extra ones dropped, a value fitted to its
// selector's limits, a selector picked that allows a pinned value, or a parameter its selector's value (or its
// selector given) requires added from its example; the pinned parameters never touched.
import { type ParamSpec, type RuleSpec, requiredWhenHolds } from "@blockwright/runtime/internal";
import { type GroupInput, meetAnyOf, meetAtMostOne, type Outcome } from "./group-rules.js";
import { meetReplaces } from "./replaces-rule.js";

/** `rule` made to hold of `input.out`, in place: whether it held, was made to, or cannot be. */
export function meetRule(rule: RuleSpec, input: GroupInput, params: readonly ParamSpec[]): Outcome {
  const { out, has, isPinned } = input;
  switch (rule.rule) {
    case "exactlyOne": {
      const given = rule.params.filter(has);
      if (given.length === 1) return "ok";
      if (given.length === 0) {
        for (const n of rule.params) {
          const example = input.example(n);
          if (!example) continue;
          out[n] = example.value;
          return "changed";
        }
        return "impossible";
      }
      const keep = given.filter(isPinned);
      if (keep.length > 1) return "impossible";
      const kept = keep[0] ?? given[0];
      for (const n of given) if (n !== kept) delete out[n];
      return "changed";
    }
    case "anyOf":
      return meetAnyOf(rule.groups, input);
    case "atMostOne":
      return meetAtMostOne(rule.groups, input);
    case "dependentLimits": {
      const selectorParam = params.find((p) => p.name === rule.dependsOn);
      const limits = rule.limits[String(out[rule.dependsOn] ?? selectorParam?.default)];
      const value = out[rule.param];
      if (!limits || value === undefined) return "ok";
      if (typeof value === "number") {
        const fitted = Math.min(limits.maximum ?? value, Math.max(limits.minimum ?? value, value));
        if (fitted === value) return "ok";
        if (isPinned(rule.param)) return "impossible";
        out[rule.param] = fitted;
        return "changed";
      }
      if (typeof value === "string") {
        const length = [...value].length;
        if (
          (limits.maxLength === undefined || length <= limits.maxLength) &&
          (limits.minLength === undefined || length >= limits.minLength)
        )
          return "ok";
        if (isPinned(rule.param) || (limits.minLength !== undefined && length < limits.minLength)) return "impossible";
        out[rule.param] = [...value].slice(0, limits.maxLength).join("");
        return "changed";
      }
      if (Array.isArray(value)) return meetItemCount(rule.param, value, limits, input);
      return "ok";
    }
    case "allowedValues": {
      const selectorParam = params.find((p) => p.name === rule.dependsOn);
      const selector = out[rule.dependsOn] ?? selectorParam?.default;
      const value = out[rule.param];
      const canonical = (v: unknown) => (typeof v === "string" ? v.toLowerCase() : v);
      const allows = (list: unknown[] | undefined) =>
        list === undefined || list.some((a) => canonical(a) === canonical(value));
      const allowed = rule.values[String(selector)];
      if (value === undefined || allows(allowed)) return "ok";
      if (isPinned(rule.param)) {
        if (isPinned(rule.dependsOn)) return "impossible";
        const other = Object.keys(rule.values).find((s) => allows(rule.values[s]));
        if (other === undefined) return "impossible";
        out[rule.dependsOn] =
          selectorParam?.type === "number"
            ? Number(other)
            : selectorParam?.type === "boolean"
              ? other === "true"
              : other;
        return "changed";
      }
      const param = params.find((p) => p.name === rule.param);
      if (!param?.required) delete out[rule.param];
      else if (allowed?.length) out[rule.param] = allowed[0];
      else return "impossible";
      return "changed";
    }
    case "requiredWhen":
      return meetRequiredWhen(rule, input, params);
    case "replaces":
      return meetReplaces(rule, input);
  }
}

/**
 * The parameter its selector's value (or, where the rule lists no values, its selector given) requires given its
 * example; left out on purpose, another selector value (or the selector left out too).
 */
function meetRequiredWhen(
  rule: Extract<RuleSpec, { rule: "requiredWhen" }>,
  { out, has, isPinned, example }: GroupInput,
  params: readonly ParamSpec[],
): Outcome {
  const selectorParam = params.find((p) => p.name === rule.dependsOn);
  const selector = out[rule.dependsOn] ?? selectorParam?.default;
  if (has(rule.param) || !requiredWhenHolds(rule, selector, has(rule.dependsOn))) return "ok";
  if (isPinned(rule.param) && rule.values === undefined) {
    if (isPinned(rule.dependsOn)) return "impossible";
    delete out[rule.dependsOn];
    return "changed";
  }
  if (isPinned(rule.param)) {
    const values = rule.values ?? [];
    const other = selectorParam?.enum?.find((v) => !values.some((r) => r === v));
    if (isPinned(rule.dependsOn) || other === undefined) return "impossible";
    out[rule.dependsOn] = other;
    return "changed";
  }
  const given = example(rule.param);
  if (!given) return "impossible";
  out[rule.param] = given.value;
  return "changed";
}

/**
 * A list held to the item count a selector's value sets: cut to its most items, or its example taken where the list
 * holds too few (and the example enough); the pinned list never touched.
 */
function meetItemCount(
  name: string,
  value: unknown[],
  limits: Extract<RuleSpec, { rule: "dependentLimits" }>["limits"][string],
  { out, isPinned, example }: GroupInput,
): Outcome {
  const fits = (list: unknown[]) =>
    (limits.minItems === undefined || list.length >= limits.minItems) &&
    (limits.maxItems === undefined || list.length <= limits.maxItems);
  if (fits(value)) return "ok";
  if (isPinned(name)) return "impossible";
  const cut = value.slice(0, limits.maxItems);
  const given = example(name)?.value;
  const made = fits(cut) ? cut : Array.isArray(given) && fits(given) ? given : undefined;
  if (made === undefined) return "impossible";
  out[name] = made;
  return "changed";
}
