// The responses an operation declares: every status with its named examples
// (what a mock can be asked to answer), and the error statuses (4xx, 5xx)
// that become structured errors, which the surface records.
import type { ToolSpec } from "@blockwright/runtime/internal";
import type { OpenApiOperation } from "../load/openapi-document.js";
import type { ToolEntry } from "../model/surface-entry.js";
import { diffStatuses, type StatusChange, statusChanges } from "./outcomes.js";

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
  return [...byStatus.entries()].sort(([a], [b]) => a - b).map(([status, names]) => ({ status, examples: [...names].sort() }));
}

/** The `default` response of the operations, with the names of its examples, when one declares it. */
export function declaredDefault(ops: OpenApiOperation[]): ToolSpec["defaultResponse"] {
  const found = ops.flatMap((op) => op.responses.filter((r) => r.status === "default"));
  if (!found.length) return undefined;
  return { examples: [...new Set(found.flatMap((r) => r.exampleNames))].sort() };
}

/** The declared error statuses: documentation of what may fail, a patch change either way (every error is structured). */
export const errorStatusesSurface: ToolEntry<number[], StatusChange> = {
  scope: "tool",
  subject: "error status",
  legacy: true,
  changes: statusChanges("error status", "patch"),
  record: (tool) => ({ errors: tool.responses.map((r) => r.status).filter((s) => s >= 400 && !tool.outcomes.some((o) => o.status === s)) }),
  read: (t) => t.errors,
  diff: (a = [], b = [], report) => diffStatuses("error status", a, b, report),
};
