// The record of the `behavior` concept (link/concept-record.ts): hints where the method misleads.
// link/concept-records.ts lists it among the others, in the records' order.
import { type ConceptRecord, decided } from "../concept-record.js";
import { linkBehavior } from "./behavior.js";

export const behavior = {
  wording: "**`behavior`:** read-only, destructive, idempotent, open-world, where the method misleads.",
  schema: ["behavior"],
  tool: ["behavior"],
  surface: {},
  link: linkBehavior,
  contract: { none: "hints for agents and UIs (read-only, destructive): no request or answer depends on them" },
  shelf: { none: "hints with no effect on a call: the repository's providers declare them" },
  fields: {
    "operation.behavior": {
      none: "hints to agents (MCP annotations) where the method misleads: what a call accepts and returns is unchanged",
    },
    ...decided({ none: "a hint to agents, as behavior" }, [
      "operation.behavior.readOnly",
      "operation.behavior.destructive",
      "operation.behavior.idempotent",
      "operation.behavior.openWorld",
    ]),
  },
} as const satisfies ConceptRecord;
