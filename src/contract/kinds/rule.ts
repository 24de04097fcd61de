// `rule`: every cross-field rule both ways — exactlyOne (each parameter alone
// accepted; none and all refused), anyOf (each group accepted; none, a
// partial group and a query object given as {}, which puts nothing in the
// query, refused), atMostOne (each group accepted; two groups and a
// partial group refused), allowedValues (per selector value, each allowed
// value accepted and one other refused), requiredWhen (per value that requires
// the parameter, or its selector given where the rule lists no values, the parameter with it accepted and without it
// refused), replaces (the one alone and the others without
// it accepted; the one with another, and neither, refused). A partial group is refused once, by the
// first of an anyOf and an atMostOne over the same groups (the runtime names the first rule broken).
// dependentLimits has no case of its own: the random invalid inputs (property) break it.
import { checkValue, itemAt, type RuleSpec, writesNoPair } from "@blockwright/runtime/internal";
import { acceptCase, refuseCase } from "../input-cases.js";
import { operationSource } from "../sources.js";
import type { CaseKindModule, ContractCase } from "../types.js";
import { settledUnder } from "../inputs/rule-values.js";
import { type Input, type ToolValues, valuesOf } from "../inputs/values.js";

export const ruleKind: CaseKindModule = {
  doc: {
    when: "a cross-field rule",
    cases:
      "every cross-field rule both ways (`exactlyOne`, `anyOf` (a query object given as `{}`, which puts nothing " +
      "in the query, refused too), `atMostOne`, `allowedValues` per selector " +
      "value, `requiredWhen` per value that requires the parameter (without values, the parameter it depends on " +
      "given), `replaces` (each form alone accepted, the two " +
      "together and neither refused); `dependentLimits` is left to the random " +
      "invalid inputs)",
  },
  applies: (tool) => tool.rules.some((r) => r.rule !== "dependentLimits"),
  derive(tool, { document }) {
    const values = valuesOf(tool, document);
    // The manifest's rules, in its order (the IR keeps it): each case points at its rule.
    return tool.rules.flatMap((rule, i) =>
      ruleCases(values, rule, partialTaken(tool.rules, i)).map((c) => ({
        ...c,
        source: operationSource(tool, "rules", i),
      })),
    );
  },
};

/**
 * Whether an earlier rule over the same groups (anyOf beside atMostOne: exactly one group, whole) refuses a partial
 * group first: the runtime checks the rules in order and names the first one broken, so that rule's case holds it.
 */
function partialTaken(rules: readonly RuleSpec[], i: number): boolean {
  const rule = rules[i];
  if (rule?.rule !== "anyOf" && rule?.rule !== "atMostOne") return false;
  const key = JSON.stringify(rule.groups);
  return rules
    .slice(0, i)
    .some((r) => (r.rule === "anyOf" || r.rule === "atMostOne") && JSON.stringify(r.groups) === key);
}

function ruleCases(values: ToolValues, rule: RuleSpec, partialElsewhere: boolean): ContractCase[] {
  switch (rule.rule) {
    case "exactlyOne":
      return exactlyOneCases(values, rule);
    case "anyOf":
      return anyOfCases(values, rule, partialElsewhere);
    case "atMostOne":
      return atMostOneCases(values, rule, partialElsewhere);
    case "allowedValues":
      return allowedValuesCases(values, rule);
    case "requiredWhen":
      return requiredWhenCases(values, rule);
    case "replaces":
      return replacesCases(values, rule);
    default:
      return [];
  }
}

type RuleOf<K extends RuleSpec["rule"]> = Extract<RuleSpec, { rule: K }>;

/** Each parameter alone accepted; none and all refused. */
function exactlyOneCases(values: ToolValues, rule: RuleOf<"exactlyOne">): ContractCase[] {
  const cases: ContractCase[] = [];
  for (const n of rule.params)
    cases.push(
      acceptCase(values, "rule", `exactlyOne: ${n} alone`, values.param(n), () => accepted(values, rule.params, [n])),
    );
  cases.push(
    refuseCase(
      values,
      "rule",
      `exactlyOne: none of ${rule.params.join(", ")}`,
      () => exactly(values, rule.params, []),
      { param: itemAt(rule.params, 0), rule: "exactlyOne" },
    ),
  );
  cases.push(
    refuseCase(
      values,
      "rule",
      `exactlyOne: all of ${rule.params.join(", ")}`,
      () => exactly(values, rule.params, rule.params),
      { param: itemAt(rule.params, 1), rule: "exactlyOne" },
    ),
  );
  return cases;
}

/** Each group accepted; none and a partial group refused (the partial group by an earlier rule, when one takes it). */
function anyOfCases(values: ToolValues, rule: RuleOf<"anyOf">, partialElsewhere: boolean): ContractCase[] {
  const cases: ContractCase[] = [];
  const all = [...new Set(rule.groups.flat())];
  // The refusal names the first parameter of the first group.
  const named = itemAt(itemAt(rule.groups, 0), 0);
  for (const group of rule.groups)
    cases.push(
      acceptCase(values, "rule", `anyOf: ${group.join(" with ")}`, undefined, () => accepted(values, all, group)),
    );
  cases.push(
    refuseCase(values, "rule", `anyOf: none of ${all.join(", ")}`, () => exactly(values, all, []), {
      param: named,
      rule: "anyOf",
    }),
  );
  // A group's object given as {} where that puts nothing in the query: refused, named (it looks given).
  for (const group of rule.groups) {
    const param = group.length === 1 ? values.param(itemAt(group, 0)) : undefined;
    if (param?.type !== "json" || !writesNoPair(param.wire, {})) continue;
    if ("issue" in checkValue(param, {}, values.tool)) continue;
    const input = () => {
      const none = exactly(values, all, []);
      return none && { ...none, [param.name]: {} };
    };
    cases.push(
      refuseCase(values, "rule", `anyOf: ${param.name} as {}, which puts nothing in the query`, input, {
        param: param.name,
        rule: "anyOf",
      }),
    );
  }
  for (const [first, ...rest] of partialElsewhere ? [] : rule.groups) {
    if (first !== undefined && rest.length)
      cases.push(
        refuseCase(values, "rule", `anyOf: ${first} without ${rest.join(", ")}`, () => exactly(values, all, [first]), {
          param: named,
          rule: "anyOf",
        }),
      );
  }
  return cases;
}

/** Each group accepted; two groups and a partial group refused (a partial group by an earlier rule that takes it). */
function atMostOneCases(values: ToolValues, rule: RuleOf<"atMostOne">, partialElsewhere: boolean): ContractCase[] {
  const cases: ContractCase[] = [];
  const all = [...new Set(rule.groups.flat())];
  for (const group of rule.groups)
    cases.push(
      acceptCase(values, "rule", `atMostOne: ${group.join(" with ")}`, undefined, () => accepted(values, all, group)),
    );
  const [first = [], second = []] = rule.groups;
  cases.push(
    refuseCase(
      values,
      "rule",
      `atMostOne: ${first.join(" with ")} and ${second.join(" with ")}`,
      () => exactly(values, all, [...first, ...second]),
      { param: itemAt(second, 0), rule: "atMostOne" },
    ),
  );
  for (const [head, ...rest] of partialElsewhere ? [] : rule.groups) {
    if (head !== undefined && rest.length)
      cases.push(
        refuseCase(
          values,
          "rule",
          `atMostOne: ${head} without ${rest.join(", ")}`,
          () => exactly(values, all, [head]),
          { param: itemAt(rest, 0), rule: "atMostOne" },
        ),
      );
  }
  return cases;
}

/** Per selector value, each allowed value accepted and one other refused. */
function allowedValuesCases(values: ToolValues, rule: RuleOf<"allowedValues">): ContractCase[] {
  const cases: ContractCase[] = [];
  const param = values.param(rule.param);
  for (const [selector, allowed] of Object.entries(rule.values)) {
    const pin = (v: unknown) => () =>
      values.with({ [rule.dependsOn]: selectorValue(values, rule.dependsOn, selector), [rule.param]: v });
    for (const v of allowed)
      cases.push(
        acceptCase(
          values,
          "rule",
          `allowedValues: ${rule.param} = ${JSON.stringify(v)} when ${rule.dependsOn} is ${selector}`,
          param,
          pin(v),
        ),
      );
    const refused =
      (param.enum ?? []).find((v) => !allowed.includes(v)) ?? (param.enum ? undefined : "not-allowed-here");
    if (refused === undefined) continue;
    cases.push(
      refuseCase(
        values,
        "rule",
        `allowedValues: ${rule.param} = ${JSON.stringify(refused)} when ${rule.dependsOn} is ${selector}`,
        () => ({
          ...values.minimal(),
          [rule.dependsOn]: selectorValue(values, rule.dependsOn, selector),
          [rule.param]: refused,
        }),
        { param: rule.param, rule: "allowedValues" },
      ),
    );
  }
  return cases;
}

/**
 * Per value that requires the parameter: the value with the parameter accepted, without it refused; where the rule
 * lists no values, the selector given (its example) with the parameter accepted, without it refused.
 */
function requiredWhenCases(values: ToolValues, rule: RuleOf<"requiredWhen">): ContractCase[] {
  const param = values.param(rule.param);
  const selecting: [unknown, string][] = rule.values
    ? rule.values.map((v) => [v, String(v)])
    : [[values.example(rule.dependsOn)?.value, "given"]];
  return selecting.flatMap(([v, words]) => {
    const when = `${rule.dependsOn} is ${words}`;
    return [
      acceptCase(values, "rule", `requiredWhen: ${rule.param} given when ${when}`, param, () => {
        // The rule gives the parameter, a value the shape the selecting value selects takes (its own where the
        // example is another shape's: an IPv6 address where the example is IPv4); else its example, pinned. A
        // selector with no example to give it: no input (the case says so).
        if (v === undefined) return undefined;
        const given = values.with({ [rule.dependsOn]: v });
        return given?.[rule.param] !== undefined
          ? given
          : values.with({ [rule.dependsOn]: v, [rule.param]: values.example(rule.param)?.value });
      }),
      refuseCase(
        values,
        "rule",
        `requiredWhen: ${rule.param} left out when ${when}`,
        () => {
          if (v === undefined) return undefined;
          const input = settledUnder(
            values.tool,
            { ...values.minimal(), [rule.dependsOn]: v },
            rule.dependsOn,
            rule.param,
            (name) => values.example(name)?.value,
          );
          delete input[rule.param];
          return input;
        },
        { param: rule.param, rule: "requiredWhen" },
      ),
    ];
  });
}

/**
 * The one alone and the others without it (the required ones, else the first) accepted; the one with another refused,
 * and neither, where the others have required ones.
 */
function replacesCases(values: ToolValues, rule: RuleOf<"replaces">): ContractCase[] {
  const all = [rule.param, ...rule.params];
  const required = rule.required ?? [];
  const fields = required.length ? required : rule.params.slice(0, 1);
  const other = itemAt(fields, 0);
  const cases = [
    acceptCase(values, "rule", `replaces: ${rule.param} alone`, values.param(rule.param), () =>
      accepted(values, all, [rule.param]),
    ),
    acceptCase(values, "rule", `replaces: ${fields.join(" with ")} without ${rule.param}`, undefined, () =>
      accepted(values, all, fields),
    ),
    refuseCase(
      values,
      "rule",
      `replaces: ${rule.param} with ${other}`,
      () => exactly(values, all, [rule.param, other]),
      { param: other, rule: "replaces" },
    ),
  ];
  if (required.length)
    cases.push(
      refuseCase(
        values,
        "rule",
        `replaces: neither ${rule.param} nor ${required.join(", ")}`,
        () => exactly(values, all, []),
        { param: itemAt(required, 0), rule: "replaces" },
      ),
    );
  return cases;
}

/**
 * An input a rule accepts, with the `given` members of its parameters: exactly's, then the tool's other rules made to
 * hold around them (`given` pinned), so that a case accepted by this rule is not refused by another (a field's words'
 * rule over fields a file replaces: the file alone meets it). Undefined where no input meets them all.
 */
function accepted(values: ToolValues, group: string[], given: string[]): Input | undefined {
  const input = exactly(values, group, given);
  return input && values.satisfy(input, given);
}

/** The minimal input with exactly the `given` members of a rule's parameters (the others left out). */
function exactly(values: ToolValues, group: string[], given: string[]): Input | undefined {
  const input: Input = { ...values.minimal() };
  for (const n of group) delete input[n];
  for (const n of given) {
    const c = values.example(n);
    if (!c) return undefined;
    input[n] = c.value;
  }
  return input;
}

function selectorValue(values: ToolValues, name: string, text: string): unknown {
  const p = values.param(name);
  return p.type === "number" ? Number(text) : p.type === "boolean" ? text === "true" : text;
}
