// The record of the `constants` concept (link/concept-record.ts): the values every call sends.
// link/concept-records.ts lists it among the others, in the records' order.
import { type ConceptRecord, decided, SENT_BY_PACKAGE } from "../concept-record.js";

export const constants = {
  wording:
    "**Constants:** provider-wide `constants` (headers or query values every call sends, e.g. " +
    "an API version or a vendor `Accept` type: it must admit a media type each operation's success response " +
    "offers) and per-operation `constants`. Keys starting with `x-` are ignored by the linker: " +
    "use them to hold YAML anchors shared by several operations (`x-anchors: { owner: &owner {…} }`, " +
    "then `owner: *owner`).",
  schema: ["constants"],
  tool: ["constants"],
  surface: {},
  link: null,
  contract: { kind: "request" },
  shelf: { field: "operation.constants" },
  fields: {
    ...decided({ none: SENT_BY_PACKAGE }, [
      "manifest.constants",
      "constant.in",
      "constant.name",
      "constant.value",
      "constant.pointer",
      "operation.constants",
    ]),
  },
} as const satisfies ConceptRecord;
