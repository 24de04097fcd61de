// The record of the `deprecated` concept (link/concept-record.ts): a tool on its way out.
// link/concept-records.ts lists it among the others, in the records' order.
import type { ConceptRecord } from "../concept-record.js";
import { deprecatedSurface, linkDeprecated } from "./deprecated.js";

export const deprecated = {
  wording:
    "**`deprecated`:** a tool on its way out, with a note saying why and what to use instead (required where " +
    "the OpenAPI operation is `deprecated: true`): `blockwright diff` reports it, " +
    "and models read it at the end of the tool's description.",
  schema: ["deprecated"],
  tool: ["deprecated"],
  surface: { deprecated: deprecatedSurface },
  link: linkDeprecated,
  contract: { none: "a note for the tool's users: the call is the same" },
  shelf: { none: "a note with no effect on a call: its link tests plant it" },
  fields: { "operation.deprecated": { surface: "deprecated" } },
} as const satisfies ConceptRecord;
