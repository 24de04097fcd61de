// The record of the `answerTypes` concept (link/concept-record.ts): the media types an answer is asked in.
// link/concept-records.ts lists it among the others, in the records' order.
import type { ConceptRecord } from "../concept-record.js";
import { linkAccept } from "./accept.js";

export const answerTypes = {
  wording:
    "**Answer types:** requests ask for what the outputs read (`Accept`): JSON (`application/json`) where the " +
    "answers declare plain JSON alone; the declared types where they are a vendor's own JSON, declare JSON beside " +
    "another type (XML listed first, CSV: JSON first, the others at a lower q), or declare none (CSV or text " +
    "alone: its types, then the errors' JSON), unless a parameter or constant sends an Accept of its own; a " +
    "download's ask for the file's types, then JSON, the JSON types its errors declare (`application/problem+json`) " +
    "among them; nothing to write in the manifest.",
  schema: [],
  tool: ["accept"],
  surface: {},
  link: linkAccept,
  contract: { kind: "example" },
  shelf: { none: "the document alone decides it (its answers' media types): no manifest field" },
} as const satisfies ConceptRecord;
