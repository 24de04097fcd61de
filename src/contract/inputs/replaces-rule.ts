// The `replaces` rule (a parameter sent instead of others, which are required without it: a body offered as named
// fields or as a file) met by an input the contract suite makes (replaces-breakers.ts breaks it).
import type { RuleSpec } from "@blockwright/runtime/internal";
import type { GroupInput, Outcome } from "./group-rules.js";

type Replaces = Extract<RuleSpec, { rule: "replaces" }>;

/**
 * The one and the others never together (the others kept, the usual form, unless the one is pinned); without the
 * one, the required others given their examples.
 */
export function meetReplaces(rule: Replaces, input: GroupInput): Outcome {
  const { out, has, isPinned, example } = input;
  const given = rule.params.filter(has);
  if (has(rule.param) && given.length) {
    if (isPinned(rule.param)) {
      if (given.some(isPinned)) return "impossible";
      for (const n of given) delete out[n];
    } else delete out[rule.param];
    return "changed";
  }
  if (has(rule.param)) return "ok";
  const lacking = (rule.required ?? []).filter((n) => !has(n));
  if (!lacking.length) return "ok";
  for (const n of lacking) {
    const value = example(n);
    if (!value) return "impossible";
    out[n] = value.value;
  }
  return "changed";
}
