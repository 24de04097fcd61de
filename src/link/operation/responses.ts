// The responses an operation declares: every status with its named examples
// (what a mock can be asked to answer) and the success statuses (2xx), which
// the surface records (the error statuses' entry is the outcomes', outputs/outcomes.ts).
import type { ToolSpec } from "@blockwright/runtime/internal";
import type { OpenApiOperation } from "../../load/openapi-document.js";
import type { ToolEntry } from "../../model/surface-entry.js";
import { diffStatuses, type StatusChange } from "../outputs/outcomes.js";

declare module "../../model/surface-format.js" {
  interface ToolSurface {
    /** The 2xx statuses the operation declares (a download's: the one its file comes with). */
    success?: number[];
  }
}

/** Every status the operations declare, with the names of its examples (what a mock can be asked for). */
export function declaredResponses(ops: OpenApiOperation[]): ToolSpec["responses"] {
  const byStatus = new Map<number, Set<string>>();
  for (const op of ops) {
    for (const r of op.responses) {
      const status = Number(r.status);
      if (!Number.isInteger(status)) continue;
      const names = byStatus.get(status) ?? new Set<string>();
      for (const n of r.exampleNames) names.add(n);
      byStatus.set(status, names);
    }
  }
  return [...byStatus.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, names]) => ({ status, examples: [...names].sort() }));
}

/** The `default` response of the operations, with the names of its examples, when one declares it. */
export function declaredDefault(ops: OpenApiOperation[]): ToolSpec["defaultResponse"] {
  const found = ops.flatMap((op) => op.responses.filter((r) => r.status === "default"));
  if (!found.length) return undefined;
  return { examples: [...new Set(found.flatMap((r) => r.exampleNames))].sort() };
}

/**
 * The success statuses: another 2xx in place of one (201 → 200) is no
 * breaking change to a package user, as every 2xx is a success to the
 * runtime and the outputs are read alike, but it is no mere text either: an
 * output reading the status (`$statusCode`, as `metadata.status`) gives
 * another value, and a mock answers with it. So minor either way, as an
 * output's value added or no longer given is (outputs.ts).
 */
export const successStatusesSurface: ToolEntry<number[], StatusChange> = {
  scope: "tool",
  subject: "success status",
  changes: {
    added: {
      level: "minor",
      rule:
        "success status added (the call succeeds and its outputs are read as before; " +
        "an output reading the status may give it)",
    },
    removed: {
      level: "minor",
      rule:
        "success status no longer declared (the call succeeds with another 2xx, its outputs read alike; " +
        "an output reading the status no longer gives it)",
    },
  },
  record: (tool) => ({ success: [...tool.successStatuses] }),
  read: (t) => t.success,
  diff: (a, b, report) => (a && b ? diffStatuses("success status", a, b, report) : undefined),
};
