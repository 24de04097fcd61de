// An operationId several operations share (a gRPC gateway's extra binding of one method at a second path; a GET and
// a HEAD of one handler). Generate refuses a document whose ids repeat, so where the chosen operations share one,
// each after the first is named by its method and path, and the cut leaves its operationId out.
import type { SelectedOperation } from "./select-operations.js";

type Json = Record<string, unknown>;

/**
 * The chosen operations, those whose operationId an earlier chosen one has already taken without it (`sharedId`
 * keeps the published id).
 */
export function withSharedIdsApart(chosen: readonly SelectedOperation[]): SelectedOperation[] {
  const taken = new Set<string>();
  return chosen.map((c) => {
    if (c.operationId === undefined) return c;
    if (!taken.has(c.operationId)) {
      taken.add(c.operationId);
      return c;
    }
    const { operationId, ...rest } = c;
    return { ...rest, sharedId: operationId };
  });
}

/** Leaves the operationId out of each chosen operation that shares it with an earlier one (the cut's own copy). */
export function withoutSharedIds(doc: Json, chosen: readonly SelectedOperation[]): void {
  for (const c of chosen) {
    if (c.sharedId === undefined) continue;
    const op = ((doc.paths as Json | undefined)?.[c.path] as Json | undefined)?.[c.method] as Json | undefined;
    if (op && op.operationId === c.sharedId) delete op.operationId;
  }
}

/** The header's line on the ids left out, or none. */
export function sharedIdsLine(chosen: readonly SelectedOperation[]): string[] {
  const apart = chosen.filter((c) => c.sharedId !== undefined);
  if (!apart.length) return [];
  const each = apart.map((c) => `${c.method.toUpperCase()} ${c.path} (${JSON.stringify(c.sharedId)})`);
  return [
    `Changed by blockwright add: the operationId of ${each.join(", ")} left out: another chosen operation has it, ` +
      "and operation ids must be unique; the manifest names each by its method and path.",
  ];
}
