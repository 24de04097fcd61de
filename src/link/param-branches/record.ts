// The record of the `paramBranches` concept (link/concept-record.ts): the forms of a value (anyOf).
// link/concept-records.ts lists it among the others, in the records' order.
import { type ConceptRecord, decided } from "../concept-record.js";

export const paramBranches = {
  wording:
    "**Forms of a value** (`anyOf` on a `json` parameter): where the document allows several forms " +
    "(`oneOf`/`anyOf`: an id or a name, a string or an object, one value or a list), " +
    "each form its `type` and that type's limits. A value meeting one form, tried in order, is sent as it is; " +
    "each form is held to the document's form of its type, never looser; the generated types, " +
    "the models' schemas and the docs show every form.",
  schema: ["param-branches"],
  tool: [],
  surface: {},
  link: null,
  contract: {
    none:
      "a parameter's branches are read as the parameters they stand for: the request and random-input cases of " +
      "those reach them",
  },
  shelf: { none: "a parameter of several branches (anyOf): its link tests plant it" },
  fields: {
    "param.anyOf": { fields: "paramBranch" },
    ...decided({ surface: "params" }, [
      "paramBranch.type",
      "paramBranch.integer",
      "paramBranch.minimum",
      "paramBranch.maximum",
      "paramBranch.exclusiveMinimum",
      "paramBranch.exclusiveMaximum",
      "paramBranch.multipleOf",
      "paramBranch.minLength",
      "paramBranch.maxLength",
      "paramBranch.pattern",
      "paramBranch.enum",
      "paramBranch.caseInsensitive",
      "paramBranch.format",
      "paramBranch.jsonType",
      "paramBranch.minItems",
      "paramBranch.maxItems",
      "paramBranch.items",
    ]),
    "paramBranch.patternHint": {
      none: "wording of the pattern for people and models; the pattern is recorded (params)",
    },
  },
} as const satisfies ConceptRecord;
