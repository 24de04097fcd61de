// The record of the `params` concept (link/concept-record.ts): a tool's parameters.
// link/concept-records.ts lists it among the others, in the records' order.
import { type ConceptRecord, decided, PRESENTATION } from "../concept-record.js";
import { paramsSurface } from "./params.js";

export const params = {
  wording:
    "**Parameters** (shared `params`, and each operation's): type, `required`, " +
    "`default` (sent unless `sendDefault: false`), `secret` (a text, or a list of texts each item withheld), " +
    "`visibility` (`user-only` for what only a person fills in), `placeholder`, `example`.",
  schema: ["params"],
  tool: ["params"],
  surface: { params: paramsSurface },
  link: null,
  contract: { kind: "limit" },
  shelf: { field: "param.maxLength" },
  fields: {
    ...decided({ fields: "param" }, ["manifest.params", "operation.params"]),
    ...decided({ surface: "params" }, [
      "param.type",
      "param.title",
      "param.description",
      "param.required",
      "param.default",
      "param.secret",
      "param.visibility",
      "param.example",
    ]),
    "param.sendDefault": {
      none: "whether the default travels or is the upstream's own: the call accepts and returns the same",
    },
    "param.placeholder": { none: PRESENTATION },
  },
} as const satisfies ConceptRecord;
