// The draws of a random invalid input (invalid-inputs.ts) that break one of a tool's rules across parameters
// (exactlyOne, anyOf, atMostOne, dependentLimits, allowedValues, requiredWhen, replaces): a valid input with the
// rule's parameters given, left out or set so that the rule alone is broken, and the rule named.
import fc from "fast-check";
import { itemAt, type ParamSpec, type RuleSpec, type ToolSpec } from "@blockwright/runtime/internal";
import { probesMaxLength } from "./probed-length.js";
import type { InvalidDraw } from "./random-inputs.js";
import { replacesBreakers } from "./replaces-breakers.js";
import { settledUnder } from "./rule-values.js";
import type { Input, ToolValues } from "./values.js";

/** The draws that break one of the tool's rules across parameters. */
export function ruleBreakers(
  tool: ToolSpec,
  values: ToolValues,
  base: fc.Arbitrary<Input>,
): fc.Arbitrary<InvalidDraw>[] {
  // A parameter a breaker's selector value requires, given the suite's value where the manifest names none.
  const exampleOf = (name: string) => values.example(name)?.value;
  const breakers: fc.Arbitrary<InvalidDraw>[] = [];
  for (const rule of tool.rules) {
    if (rule.rule === "exactlyOne") {
      breakers.push(
        base.map((input) => ({
          input: without(input, rule.params),
          broken: `none of ${rule.params.join(", ")}`,
          param: itemAt(rule.params, 0),
          rule: ["exactlyOne"],
        })),
      );
      const all = rule.params.map((n) => values.example(n)?.value);
      if (all.every((v) => v !== undefined)) {
        breakers.push(
          base.map((input) => ({
            input: { ...input, ...Object.fromEntries(rule.params.map((n, i) => [n, all[i]])) },
            broken: `all of ${rule.params.join(", ")}`,
            param: itemAt(rule.params, 1),
            rule: ["exactlyOne"],
          })),
        );
      }
    } else if (rule.rule === "anyOf") {
      const all = [...new Set(rule.groups.flat())];
      breakers.push(
        base.map((input) => ({
          input: without(input, all),
          broken: `none of ${all.join(", ")}`,
          param: itemAt(itemAt(rule.groups, 0), 0),
          rule: ["anyOf"],
        })),
      );
    } else if (rule.rule === "atMostOne") {
      // Two groups given whole: refused whatever else the input holds.
      const [first, second] = rule.groups;
      const both = [...(first ?? []), ...(second ?? [])].map((n) => [n, values.example(n)?.value] as const);
      if (both.every(([, v]) => v !== undefined)) {
        breakers.push(
          base.map((input) => ({
            input: { ...input, ...Object.fromEntries(both) },
            broken: `${first?.join(" with ")} and ${second?.join(" with ")}`,
            param: itemAt(second ?? [], 0),
            rule: ["atMostOne"],
          })),
        );
      }
    } else if (rule.rule === "dependentLimits") breakers.push(...dependentLimitBreakers(tool, rule, base, exampleOf));
    else if (rule.rule === "replaces") breakers.push(...replacesBreakers(rule, base, exampleOf));
    else if (rule.rule === "requiredWhen") breakers.push(...requiredWhenBreakers(tool, rule, base, exampleOf));
    else breakers.push(...allowedValueBreakers(tool, rule, base, exampleOf));
  }
  return breakers;
}

type RuleOf<K extends RuleSpec["rule"]> = Extract<RuleSpec, { rule: K }>;

/** Per selector value of a dependentLimits rule: the parameter one past the limit that value sets. */
function dependentLimitBreakers(
  tool: ToolSpec,
  rule: RuleOf<"dependentLimits">,
  base: fc.Arbitrary<Input>,
  exampleOf: (name: string) => unknown,
): fc.Arbitrary<InvalidDraw>[] {
  const breakers: fc.Arbitrary<InvalidDraw>[] = [];
  const param = tool.params.find((p) => p.name === rule.param);
  for (const [selector, limits] of Object.entries(rule.limits)) {
    const past =
      param?.type === "number" && limits.maximum !== undefined
        ? limits.maximum + 1
        : param?.type === "string" && probesMaxLength(limits.maxLength)
          ? "x".repeat(limits.maxLength + 1)
          : param?.type === "json" && param.jsonType === "array"
            ? pastItemCount(param, limits, exampleOf(rule.param))
            : undefined;
    if (past === undefined) continue;
    const selectorValue = selectorValueOf(tool, rule.dependsOn, selector);
    breakers.push(
      base.map((input) => ({
        input: {
          ...settledUnder(tool, { ...input, [rule.dependsOn]: selectorValue }, rule.dependsOn, rule.param, exampleOf),
          [rule.param]: past,
        },
        broken: `${rule.param} past its limit with ${rule.dependsOn} ${selector}`,
        param: rule.param,
        rule: ["dependentLimits"],
      })),
    );
  }
  return breakers;
}

/**
 * A list one item short of the fewest a selector's value sets, or one past the most, within the list's own count
 * (else its own rule is the one broken): its example's items, cycled; none without an example to take them from.
 */
function pastItemCount(
  param: ParamSpec,
  limits: RuleOf<"dependentLimits">["limits"][string],
  example: unknown,
): unknown[] | undefined {
  const items = Array.isArray(example) ? example : [];
  const made = (n: number) =>
    n === 0 || items.length ? Array.from({ length: n }, (_, i) => items[i % items.length]) : undefined;
  const within = (n: number) => n >= (param.minItems ?? 0) && n <= (param.maxItems ?? n);
  if (limits.minItems !== undefined && limits.minItems > 0 && within(limits.minItems - 1))
    return made(limits.minItems - 1);
  if (limits.maxItems !== undefined && within(limits.maxItems + 1)) return made(limits.maxItems + 1);
  return undefined;
}

/**
 * Per value that requires the parameter: that value, and the parameter left out; where the rule lists no values, the
 * selector given (the input's value, else its example) and the parameter left out.
 */
function requiredWhenBreakers(
  tool: ToolSpec,
  rule: RuleOf<"requiredWhen">,
  base: fc.Arbitrary<Input>,
  exampleOf: (name: string) => unknown,
): fc.Arbitrary<InvalidDraw>[] {
  const broken = (input: Input, v: unknown) =>
    without(settledUnder(tool, { ...input, [rule.dependsOn]: v }, rule.dependsOn, rule.param, exampleOf), [rule.param]);
  const draw = (input: Input, v: unknown, words: string): InvalidDraw => ({
    input: broken(input, v),
    broken: `${rule.param} left out with ${rule.dependsOn} ${words}`,
    param: rule.param,
    rule: ["requiredWhen"],
  });
  if (rule.values) return rule.values.map((v) => base.map((input) => draw(input, v, String(v))));
  const example = exampleOf(rule.dependsOn);
  if (example === undefined) return [];
  return [base.map((input) => draw(input, input[rule.dependsOn] ?? example, "given"))];
}

/** Per selector value of an allowedValues rule: the parameter one of its enum values that selector refuses. */
function allowedValueBreakers(
  tool: ToolSpec,
  rule: RuleOf<"allowedValues">,
  base: fc.Arbitrary<Input>,
  exampleOf: (name: string) => unknown,
): fc.Arbitrary<InvalidDraw>[] {
  const breakers: fc.Arbitrary<InvalidDraw>[] = [];
  const param = tool.params.find((p) => p.name === rule.param);
  for (const [selector, allowed] of Object.entries(rule.values)) {
    const refused = (param?.enum ?? []).filter((v) => !allowed.includes(v));
    if (!refused.length) continue;
    const selectorValue = selectorValueOf(tool, rule.dependsOn, selector);
    breakers.push(
      fc.tuple(base, fc.constantFrom(...refused)).map(([input, v]) => ({
        input: {
          ...settledUnder(tool, { ...input, [rule.dependsOn]: selectorValue }, rule.dependsOn, rule.param, exampleOf),
          [rule.param]: v,
        },
        broken: `${rule.param} ${JSON.stringify(v)} with ${rule.dependsOn} ${selector}`,
        param: rule.param,
        rule: ["allowedValues"],
      })),
    );
  }
  return breakers;
}

/** A rule's selector (a key of the manifest, so text) as a value of the parameter it selects on. */
function selectorValueOf(tool: ToolSpec, name: string, selector: string): unknown {
  const dependsOn = tool.params.find((p) => p.name === name);
  return dependsOn?.type === "number"
    ? Number(selector)
    : dependsOn?.type === "boolean"
      ? selector === "true"
      : selector;
}

function without(input: Input, names: string[]): Input {
  const out = { ...input };
  for (const n of names) delete out[n];
  return out;
}
