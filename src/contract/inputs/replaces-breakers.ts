// The `replaces` rule (a parameter sent instead of others, which are required without it) broken by a random invalid
// input: the one given with another of the rule's, and, where the others have required ones, neither.
import type fc from "fast-check";
import { itemAt, type RuleSpec } from "@blockwright/runtime/internal";
import type { InvalidDraw } from "./random-inputs.js";
import type { Input } from "./values.js";

type Replaces = Extract<RuleSpec, { rule: "replaces" }>;

/** A `replaces` rule broken: the one given with another of the rule's, and (with required ones) neither given. */
export function replacesBreakers(
  rule: Replaces,
  base: fc.Arbitrary<Input>,
  exampleOf: (name: string) => unknown,
): fc.Arbitrary<InvalidDraw>[] {
  const required = rule.required ?? [];
  const other = itemAt(required.length ? required : rule.params, 0);
  const both = [rule.param, other].map((n) => [n, exampleOf(n)] as const);
  return [
    ...(both.every(([, v]) => v !== undefined)
      ? [
          base.map((input) => ({
            input: { ...without(input, rule.params), ...Object.fromEntries(both) },
            broken: `${rule.param} with ${other}`,
            param: other,
            rule: ["replaces"],
          })),
        ]
      : []),
    ...(required.length
      ? [
          base.map((input) => ({
            input: without(input, [rule.param, itemAt(required, 0)]),
            broken: `neither ${rule.param} nor ${itemAt(required, 0)}`,
            param: itemAt(required, 0),
            rule: ["replaces"],
          })),
        ]
      : []),
  ];
}

function without(input: Input, names: readonly string[]): Input {
  const out = { ...input };
  for (const n of names) delete out[n];
  return out;
}
