// Running derived cases: a bounded pool (cases wait on the mocks, and some
// scenarios on a Retry-After or a polling interval), results in case order.
// The split of a suite into shards and workers: shards.ts.
import { itemAt } from "@blockwright/runtime/internal";
import type { SourcePosition } from "../load/yaml-source.js";
import { type FailureDetail, failureDetail } from "./failure.js";
import { expectJudged } from "./call.js";
import type { Exchange } from "./exchange.js";
import {
  ContractFailure,
  type CaseContext,
  type CaseSource,
  type ContractCase,
  type ObservedCall,
  type ResultKind,
} from "./types.js";

export interface CaseResult {
  id: string;
  provider: string;
  operation: string;
  kind: ResultKind;
  name: string;
  /** `error`: the case could not run (a defect of the suite or a runtime that threw), not a contract that failed. */
  status: "passed" | "failed" | "error";
  durationMs: number;
  /** When the case started (ms since the epoch): cases run at once, so a suite's wall time is a span, not a sum. */
  startedAtMs?: number;
  message?: string;
  /** What the case derives from. */
  source: CaseSource;
  /** Where that is (`file:line:col`), found for the cases that did not pass. */
  at?: SourcePosition;
  /** Every HTTP status the tool received, in the order first seen. */
  statuses: number[];
  /** For a case that did not pass: its last call, the answer, how to reproduce it. */
  failure?: FailureDetail;
}

export interface RunOptions {
  /** Cases running at once. Default 8. */
  concurrency?: number;
  onResult?: (result: CaseResult) => void;
  /** Told as each case starts. */
  onStart?: (c: ContractCase<ResultKind>) => void;
  /** Asked before each case starts: true stops the run (cases under way finish). */
  stopped?: () => boolean;
}

/** Results in case order; a stopped run returns the results of the cases it ran. */
export async function runCases(
  cases: ContractCase<ResultKind>[],
  ctx: CaseContext,
  options: RunOptions = {},
): Promise<CaseResult[]> {
  const results: CaseResult[] = new Array(cases.length);
  let next = 0;
  const worker = async () => {
    while (next < cases.length && !options.stopped?.()) {
      const index = next++;
      options.onStart?.(itemAt(cases, index));
      results[index] = await runCase(itemAt(cases, index), ctx);
      options.onResult?.(results[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 8, cases.length)) }, worker));
  return results.filter(Boolean);
}

export async function runCase(c: ContractCase<ResultKind>, ctx: CaseContext): Promise<CaseResult> {
  const started = performance.now();
  const statuses = new Set<number>();
  let last: ObservedCall | undefined;
  // Every request of the case, for the judge's verdict (a case expecting a failure still fails on a refused request).
  const sent = new Set<Exchange[]>();
  const observed: CaseContext = {
    ...ctx,
    observe(call) {
      last = call;
      sent.add(call.exchanges);
      for (const ex of call.exchanges) statuses.add(ex.status);
      ctx.observe?.(call);
    },
  };
  const base = {
    id: c.id,
    provider: c.provider,
    operation: c.operation,
    kind: c.kind,
    name: c.name,
    source: c.source,
    startedAtMs: Math.round(performance.timeOrigin + started),
  };
  try {
    try {
      await c.run(observed);
    } finally {
      // A request the mock's judge refused is the failure, before any the case saw in the answer to it.
      expectJudged([...sent].flat());
    }
    return { ...base, status: "passed", durationMs: Math.round(performance.now() - started), statuses: [...statuses] };
  } catch (e) {
    const failure = e instanceof ContractFailure;
    const at = failure && e.at ? { at: e.at } : {};
    const detail = failureDetail(e instanceof Error ? e.message : String(e), last, failure ? e.reproduce : undefined);
    return {
      ...base,
      status: failure ? "failed" : "error",
      durationMs: Math.round(performance.now() - started),
      // Redacted as the detail is: a message may print the outputs, a secret the answer handed out among them.
      message: detail.violation,
      ...at,
      statuses: [...statuses],
      failure: detail,
    };
  }
}
