// The rules of a string parameter beyond its length and the characters its
// place allows: an enum (in any case, when the manifest says so), a pattern, a
// format (with the formats support), and a list in one string whose items
// each follow them. Part of the runtime's support (call/support.ts `strings`,
// exported as `stringRules`): a package whose string parameters have none of
// these bundles none of it.
import type { Checked, ValueSupport } from "./validate-params.js";
import { compiled, isAbsent, problem, splitList } from "./validate-params.js";
import { characters } from "../common/redact.js";
import { listedValues, patternWords } from "./rule-words.js";

type StringRules = NonNullable<ValueSupport["strings"]>;

/** The value in its canonical spelling (enum case, a list's items trimmed and joined), or the rule broken. */
const check: StringRules["check"] = (spec, s, support, secrets) => {
  if (spec.separator === undefined) {
    const checked = checkItem(spec, s, support);
    return "issue" in checked
      ? expecting(problem(spec, checked.issue.rule, `must be ${checked.issue.message}`, s, secrets), checked.issue)
      : checked;
  }
  // A list in one string: each item is checked as a value of its own, and the list sent as items joined by the
  // separator.
  const items: string[] = [];
  for (const item of splitList(s, spec.separator)) {
    const checked = checkItem(spec, item, support);
    if ("issue" in checked)
      return expecting(
        problem(
          spec,
          checked.issue.rule,
          `each item (separated by "${spec.separator}") must be ${checked.issue.message}, ` +
            `and ${JSON.stringify(item)} is not`,
          s,
          secrets,
        ),
        checked.issue,
      );
    items.push(checked.value);
  }
  return { value: items.join(spec.separator) };
};

/** A refusal with the whole pattern its message words or cuts (`expected`), for programs and models. */
function expecting(refused: Checked, issue: { expected?: string }): Checked {
  if ("issue" in refused && issue.expected !== undefined) refused.issue.expected = issue.expected;
  return refused;
}

/**
 * One value's enum, pattern and format (a whole string, or an item of a
 * list): the value in its canonical spelling, or the rule broken and what
 * the value must be.
 */
function checkItem(
  spec: Parameters<StringRules["check"]>[0],
  s: string,
  support: ValueSupport,
): { value: string } | { issue: { rule: string; message: string; expected?: string } } {
  let value = s;
  if (spec.enum) {
    const match = spec.caseInsensitive
      ? spec.enum.find((v) => String(v).toLowerCase() === s.toLowerCase())
      : spec.enum.includes(s)
        ? s
        : undefined;
    if (match === undefined)
      return {
        issue: {
          rule: "enum",
          message: `one of ${listedValues(spec.enum, s)}${spec.caseInsensitive ? " (any case)" : ""}`,
        },
      };
    value = String(match);
  }
  // The length is checked before the pattern (a long value is refused for its length) except in a list, where the
  // pattern is the item's.
  const format = spec.format !== undefined && spec.format !== "base-url" ? spec.format : undefined;
  // Counted only when a pattern or a format follows (a value past its length gets neither; without them, the length is
  // validate-params.ts's to check).
  if (spec.separator === undefined && (spec.pattern !== undefined || format !== undefined)) {
    // Counted without an array of its characters (redact.ts `characters`): about 90 ns a value, twice a call for crm.
    const length = characters(value);
    if (
      (spec.minLength !== undefined && length < spec.minLength) ||
      (spec.maxLength !== undefined && length > spec.maxLength)
    )
      return { value };
  }
  if (spec.pattern !== undefined && !compiled(spec.pattern).test(value))
    return {
      issue: { rule: "pattern", message: patternWords(spec.pattern, spec.patternHint), expected: spec.pattern },
    };
  const wanted = format !== undefined ? support.formats?.(format, value) : undefined;
  if (wanted !== undefined) return { issue: { rule: "format", message: wanted } };
  return { value };
}

/** A body parameter's list split from its text (`wire.split`): at most `maxItems` items. */
const splitLimit: StringRules["splitLimit"] = (spec, value, s, secrets) => {
  if (spec.wire.in !== "body" || spec.wire.split?.maxItems === undefined) return undefined;
  const items = splitList(value, spec.wire.split.separator);
  if (items.length <= spec.wire.split.maxItems) return undefined;
  return problem(
    spec,
    "maxItems",
    `must list at most ${spec.wire.split.maxItems} items separated by "${spec.wire.split.separator}" (it ` +
      `lists ${items.length})`,
    s,
    secrets,
  );
};

/**
 * Asked only of a value that is not blank (validateInput): of a parameter that takes no list, never (isAbsent would
 * trim the value again only to say so).
 */
const noItems: StringRules["noItems"] = (spec, value) =>
  (spec.separator !== undefined || (spec.wire.in === "body" && spec.wire.split !== undefined)) && isAbsent(value, spec);

export const stringRules: StringRules = { check, splitLimit, noItems };
