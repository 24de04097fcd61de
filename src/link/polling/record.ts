// The record of the `polling` concept (link/concept-record.ts): job-status operations polled to the end.
// link/concept-records.ts lists it among the others, in the records' order.
import { type ConceptRecord, decided } from "../concept-record.js";
import { pollingSurface } from "./polling.js";

export const polling = {
  wording: "**`polling`:** job-status operations: pending and terminal states, interval, `minIntervalMs`, timeout.",
  schema: ["polling"],
  tool: ["polling"],
  surface: { polling: pollingSurface },
  link: null,
  contract: { kind: "scenario" },
  shelf: { field: "operation.polling" },
  fields: {
    ...decided({ surface: "polling" }, [
      "operation.polling",
      "polling.output",
      "polling.pending",
      "polling.terminal",
      "polling.intervalMs",
      "polling.minIntervalMs",
      "polling.timeoutMs",
    ]),
  },
} as const satisfies ConceptRecord;
