// The record of the `paramLimits` concept (link/concept-record.ts): the limits of a parameter's values.
// link/concept-records.ts lists it among the others, in the records' order.
import { type ConceptRecord, decided } from "../concept-record.js";

export const paramLimits = {
  wording:
    "**Limits** of a parameter: `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum` (a number's bound " +
    "itself refused; an integer's is the whole number inside it, as `minimum` or `maximum`), `multipleOf` (taken " +
    "from the spec), " +
    "`integer`, " +
    "`minLength`, `maxLength`, `pattern`, `enum`, `format` (`date-time`, `date`, `email`, `uri`, `uuid`, " +
    "`ipv4`, `ipv6`, `hostname`, `uri-reference`, `regex`, taken from the spec; `base-url`; a spec's `time`, " +
    "`duration`, `byte` and HTTP date (`http-date`, `date-time-rfc1123`) are stated as the pattern their values " +
    "match), `separator` (a list of values in one string, e.g. " +
    "comma-separated values from the enum), `keys`, `values` and `items` (limits of the values inside a `json` " +
    "object or array, taken from the spec's `additionalProperties` and `items`), " +
    "`minItems` and `maxItems` (how many items a `json` array holds, taken from the spec), `forbiddenKeys`. " +
    "A limit may be tighter than the spec's, never looser (`limitsFromSpec` takes the spec's). " +
    "A string sent in the address or a header needs a maximum length, implied by an enum, " +
    "a format or a pattern anchored with `^…$` of bounded length, else stated; " +
    "a credential's default is 4096 characters. Rules that admit no value (a pattern that cannot meet the " +
    "length bounds) are refused at generate time.",
  schema: ["param-limits"],
  tool: [],
  surface: {},
  link: null,
  contract: { kind: "limit" },
  shelf: { field: "param.minimum" },
  fields: {
    ...decided({ surface: "params" }, [
      "param.integer",
      "param.minimum",
      "param.maximum",
      "param.exclusiveMinimum",
      "param.exclusiveMaximum",
      "param.multipleOf",
      "param.minLength",
      "param.maxLength",
      "param.pattern",
      "param.enum",
      "param.limitsFromSpec",
      "param.caseInsensitive",
      "param.format",
      "param.separator",
      "param.jsonType",
      "param.minItems",
      "param.maxItems",
      "nestedLimits.type",
      "nestedLimits.minLength",
      "nestedLimits.maxLength",
      "nestedLimits.pattern",
      "nestedLimits.format",
      "nestedLimits.enum",
      "nestedLimits.minimum",
      "nestedLimits.maximum",
      "nestedLimits.exclusiveMinimum",
      "nestedLimits.exclusiveMaximum",
      "param.forbiddenKeys",
      "param.forbiddenKeys.keys",
      "param.forbiddenKeys.caseInsensitive",
      "param.forbiddenKeys.hint",
    ]),
    "param.knownValues": { none: "values offered to editors and models; a call takes any other text (params)" },
    "param.patternHint": { none: "wording of the pattern for people and models; the pattern is recorded (params)" },
    ...decided({ fields: "nestedLimits" }, ["param.keys", "param.values", "param.items"]),
  },
} as const satisfies ConceptRecord;
