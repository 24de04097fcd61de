// The record of the `timeout` concept (link/concept-record.ts): how long one call may take. A small
// concept, its record alone: its surface entry and link part are written here.
// link/concept-records.ts lists it among the others, in the records' order.
import type { ConceptRecord } from "../concept-record.js";
import { diffMaximum, type LimitChange, type ToolEntry } from "../../model/surface-entry.js";

declare module "../../model/surface-format.js" {
  interface ToolSurface {
    /** How long one call may take, in milliseconds (manifest `timeoutMs`). */
    timeoutMs?: number;
  }
}

/** The runtime's deadline of a call whose operation names none (runtime/call/single-call.ts). */
const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * A shorter deadline may end calls that used to succeed: breaking; a longer one, or the default again where that is
 * longer, a patch.
 */
const timeoutSurface: ToolEntry<number, LimitChange> = {
  scope: "tool",
  subject: "timeoutMs",
  changes: {
    added: { level: "breaking", rule: "timeout shortened" },
    tightened: { level: "breaking", rule: "timeout shortened" },
    loosened: { level: "patch", rule: "timeout lengthened" },
    removed: { level: "patch", rule: "timeout lengthened" },
  },
  record: (tool) => (tool.timeoutMs === undefined ? {} : { timeoutMs: tool.timeoutMs }),
  read: (t) => t.timeoutMs,
  diff: (a, b, report) => diffMaximum(a, b, report, DEFAULT_TIMEOUT_MS),
};

export const timeout = {
  wording:
    "**`timeoutMs`** (per operation): how long one call may take, retries and the access token included, " +
    "where the upstream documents a slower (or faster) answer than the runtime's default of 30 s; " +
    "a caller's own `timeoutMs` option still wins. `blockwright diff` calls a shorter one breaking.",
  schema: ["timeout"],
  tool: ["timeoutMs"],
  surface: { timeoutMs: timeoutSurface },
  link: (_ctx, _at, mop) => (mop.timeoutMs === undefined ? {} : { timeoutMs: mop.timeoutMs }),
  contract: { none: "a deadline only ends a call that hangs, which no mock does: runtime/call/ tests it" },
  shelf: { field: "operation.timeoutMs" },
  fields: { "operation.timeoutMs": { surface: "timeoutMs" } },
} as const satisfies ConceptRecord;
