// What a run covered, per operation: how many cases of each kind ran and
// passed, and which HTTP statuses the tool received (Specmatic's per-operation
// coverage, for the Markdown and HTML reports).
import { RESULT_KINDS } from "./kinds/index.js";
import type { CaseResult } from "./run.js";
import type { ResultKind } from "./types.js";

/** Every kind a result can have, in the order of the coverage tables: the case-kind table's. */
export { RESULT_KINDS };

export interface KindCount {
  cases: number;
  passed: number;
  /** Cases that could not run (nothing checked): the rest of those that did not pass failed. */
  errors: number;
}

export interface OperationCoverage {
  provider: string;
  operation: string;
  /** The kinds with cases, in the table's order. */
  kinds: { kind: ResultKind; count: KindCount }[];
  /** Every status received, ascending. */
  statuses: number[];
  passed: boolean;
}

/**
 * A kind's cell read as one case's status, for its mark and colour in every report: failed where a contract failed,
 * else could not run (`error`) where a case could not run, else passed.
 */
export function kindStatus(count: KindCount): CaseResult["status"] {
  if (count.passed + count.errors < count.cases) return "failed";
  return count.errors ? "error" : "passed";
}

/** One row per operation, in the order of the results (by provider, then operation). */
export function operationCoverage(results: readonly CaseResult[]): OperationCoverage[] {
  const rows = new Map<
    string,
    { provider: string; operation: string; counts: Map<ResultKind, KindCount>; statuses: Set<number> }
  >();
  for (const r of results) {
    const key = `${r.provider}\u0000${r.operation}`;
    let row = rows.get(key);
    if (!row)
      rows.set(key, (row = { provider: r.provider, operation: r.operation, counts: new Map(), statuses: new Set() }));
    const count = row.counts.get(r.kind) ?? { cases: 0, passed: 0, errors: 0 };
    count.cases++;
    if (r.status === "passed") count.passed++;
    else if (r.status === "error") count.errors++;
    row.counts.set(r.kind, count);
    for (const s of r.statuses) row.statuses.add(s);
  }
  return [...rows.values()].map(({ provider, operation, counts, statuses }) => {
    const kinds = RESULT_KINDS.flatMap((kind) => {
      const count = counts.get(kind);
      return count ? [{ kind, count }] : [];
    });
    return {
      provider,
      operation,
      kinds,
      statuses: [...statuses].sort((a, b) => a - b),
      passed: kinds.every((k) => k.count.passed === k.count.cases),
    };
  });
}
