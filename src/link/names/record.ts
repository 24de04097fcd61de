// The record of the `names` concept (link/concept-record.ts): the names the schema's patterns make.
// link/concept-records.ts lists it among the others, in the records' order.
import type { ConceptRecord } from "../concept-record.js";

export const names = {
  wording:
    "**Names:** the provider id, operation ids, parameter and output names follow the schema's patterns, " +
    "so each makes identifiers and a folder name; the link also refuses two operation ids that give one " +
    "TypeScript name (`acme_get_1`, `acme_get1`), a parameter named `operation` (the block's operation " +
    "selector) and an output that holds others (`metadata` beside `metadata.count`).",
  schema: [],
  tool: [],
  surface: {},
  link: null,
  contract: { none: "names the schema's patterns make: no call depends on them" },
  shelf: { none: "names the schema's patterns make: every manifest has them" },
} as const satisfies ConceptRecord;
