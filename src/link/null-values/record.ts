// The record of the `nullValues` concept (link/concept-record.ts): a body field a caller may give as JSON null.
// link/concept-records.ts lists it among the others, in the records' order.
import type { ConceptRecord } from "../concept-record.js";

export const nullValues = {
  wording:
    "**`nullable`:** a parameter a caller may give as null, sent as JSON null: a field of a JSON body (or a whole " +
    "JSON body) whose document admits null (`nullable`, a `null` type, an `anyOf` with null) where null means " +
    "something leaving the field out does not. A parameter left out stays out; null given to another counts as not " +
    "given. In a query (a value its style writes, a list too, whose document admits null) null sends nothing, as " +
    "OpenAPI serialises null (RFC 6570's undefined), and a required one given null is refused. `blockwright add` " +
    "drafts it for every such field; the link refuses it where the document does not admit null or the value goes " +
    "neither in a JSON body nor such a query parameter.",
  schema: ["null-values"],
  tool: [],
  surface: {},
  link: null,
  contract: { kind: "request" },
  shelf: {
    none: "the shelf's document admits no null in a body: its link tests plant one (null-values.test.ts)",
  },
  fields: { "param.nullable": { surface: "params" } },
} as const satisfies ConceptRecord;
