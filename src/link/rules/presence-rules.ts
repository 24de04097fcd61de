// A `requiredWhen` rule that lists no values: its parameter is required whenever the one it depends on is given
// (JSON Schema's `dependentRequired`). Such a rule says something only where that one may be left out: one that
// every call gives (required, or with a default that is sent) makes the parameter plain `required`, which the
// manifest says as such, as the link tells.
import type { ParamSpec, RuleSpec } from "@blockwright/runtime/internal";
import type { LinkContext, Path } from "../context.js";

/**
 * The checks of a `requiredWhen` rule without values (`selector`: the parameter it depends on; `rules`: the
 * operation's rules, none of which may tell to leave the parameter out for a value the selector is given).
 */
export function checkRequiredWithGiven(
  ctx: LinkContext,
  rule: Extract<RuleSpec, { rule: "requiredWhen" }>,
  selector: ParamSpec,
  rules: readonly RuleSpec[],
  at: Path,
): void {
  const sent = selector.default !== undefined && selector.sendDefault !== false;
  const always = selector.required
    ? "is required"
    : sent
      ? `has a default (${JSON.stringify(selector.default)}) that is sent`
      : undefined;
  if (always)
    ctx.fail(
      "BW2005",
      [...at, "dependsOn"],
      `"${rule.dependsOn}" ${always}, so every call gives it and "${rule.param}" is always required: make ` +
        `"${rule.param}" required instead of this rule (or give the rule the values of "${rule.dependsOn}" that ` +
        "require it)",
      "value",
    );
  rules.forEach((r, i) => {
    if (r.rule !== "allowedValues" || r.param !== rule.param || r.dependsOn !== rule.dependsOn) return;
    for (const [value, allowed] of Object.entries(r.values))
      if (!allowed.length)
        ctx.fail(
          "BW2005",
          [...at, "dependsOn"],
          `"${rule.param}" is required whenever "${rule.dependsOn}" is given, and the allowedValues rule ` +
            `(rules.${i}) says to leave it out when "${rule.dependsOn}" is ${JSON.stringify(value)}`,
          "value",
        );
  });
}
