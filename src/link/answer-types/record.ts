// The record of the `answerTypes` concept (link/concept-record.ts): the media types an answer is asked in.
// link/concept-records.ts lists it among the others, in the records' order.
import type { ConceptRecord } from "../concept-record.js";
import { linkAccept } from "./accept.js";

export const answerTypes = {
  wording:
    "**Answer types:** where an operation's 2xx answers declare JSON beside another media type (XML listed " +
    "first, a JSON text sequence), its requests ask for the JSON ones (`Accept`), " +
    "unless a parameter or constant sends an Accept of its own; a download's ask for the file's types, " +
    "then JSON, the JSON types its errors declare (`application/problem+json`) among them; " +
    "nothing to write in the manifest.",
  schema: [],
  tool: ["accept"],
  surface: {},
  link: linkAccept,
  contract: { kind: "example" },
  shelf: { none: "the document alone decides it (its answers' media types): no manifest field" },
} as const satisfies ConceptRecord;
