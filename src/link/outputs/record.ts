// The record of the `outputs` concept (link/concept-record.ts): what a call gives: outputs, and outcomes of non-2xx
// statuses. link/concept-records.ts lists it among the others, in the records' order.
import { type ConceptRecord, decided } from "../concept-record.js";
import { errorStatusesSurface, outcomesSurface } from "./outcomes.js";
import { outputsSurface } from "./output-changes.js";

export const outputs = {
  wording:
    "**Outputs:** runtime expressions (`$response.body#/pointer`, `-1` indexing a list's last item, " +
    "`$response.header.<name>`, `$statusCode`, `$params.name`) or constants, with `count`, " +
    "`default` and `omit`. A pointer (of a body field too) reads through `anyOf`/`oneOf`: " +
    "an output only some variants carry is absent from the others, and its description says which. " +
    '`outcomes` turn a non-2xx status into a result (a 404 meaning "no match").',
  schema: ["outputs", "outcomes"],
  tool: ["outputs", "answerText", "outcomes"],
  surface: { outputs: outputsSurface, outcomes: outcomesSurface, errorStatuses: errorStatusesSurface },
  link: null,
  contract: { kind: "property" },
  shelf: { field: "operation.outputs" },
  fields: {
    ...decided({ surface: "outputs" }, [
      "operation.outputs",
      "output.type",
      "output.description",
      "output.optional",
      "outputSource.from",
      "outputSource.value",
      "outputSource.count",
      "outputSource.default",
      "outputSource.omit",
    ]),
    "output.secret": {
      none:
        "how the value is shown, not what a call returns: the output, its type and place are recorded (outputs); a " +
        "call returns the value either way",
    },
    "operation.outcomes": { surface: "outcomes" },
    "outcome.description": { none: "text of the result a status becomes; the status is recorded (outcomes)" },
    "outcome.outputs": {
      none:
        "where an outcome's outputs come from: the outputs, their types and the status are recorded (outputs, " +
        "outcomes)",
    },
  },
} as const satisfies ConceptRecord;
