// The record of the `rules` concept (link/concept-record.ts): the rules across parameters.
// link/concept-records.ts lists it among the others, in the records' order.
import { type ConceptRecord, decided } from "../concept-record.js";
import { rulesSurface } from "./rules.js";

export const rules = {
  wording:
    "**`rules`** across parameters: `exactlyOne`, `anyOf` (at least one group), " +
    "`allowedValues` (values depending on another parameter), `dependentLimits` (limits depending on another " +
    "parameter: a number's range, a text's length, a list's item count), `requiredWhen` (a parameter required " +
    "when another has one of some values, or, without values, whenever another is given), `replaces` (a parameter " +
    "sent instead of others, which are required " +
    "without it: a body as named fields or as a file).",
  schema: ["rules"],
  tool: ["rules"],
  surface: { rules: rulesSurface },
  link: null,
  contract: { kind: "rule" },
  shelf: { field: "operation.rules" },
  fields: {
    ...decided({ surface: "rules" }, [
      "operation.rules",
      "rule.rule",
      "rule.params",
      "rule.groups",
      "rule.param",
      "rule.dependsOn",
      "rule.values",
      "rule.limits",
      "rule.required",
    ]),
  },
} as const satisfies ConceptRecord;
