// The options of `blockwright test` read from its command line (each refused with the flag, the rule and the value
// given), the sample of the derived suite a run takes, and what --max-failures counts.
import type { CaseResult } from "../../contract/run.js";
import type { ContractCase, ResultKind } from "../../contract/types.js";
import { seedOption } from "./args.js";
import { type CliIo, UsageError } from "./io.js";

/** The cases a run takes of the derived suite (contract/shards.ts), saying so when it leaves some out. */
export async function sampledSuite<T extends Pick<ContractCase<ResultKind>, "id" | "provider" | "operation" | "kind">>(
  all: T[],
  option: number | "all" | undefined,
  seed: number,
  io: CliIo,
): Promise<T[]> {
  const { casesPerOperation, sampleCases } = await import("../../contract/shards.js");
  const perOperation = casesPerOperation(option, all.length);
  if (perOperation === undefined) return all;
  const sampled = sampleCases(all, perOperation, seed);
  if (sampled.length < all.length)
    io.stderr.write(
      `blockwright test: ${sampled.length} of ${all.length} cases sampled by the seed, at most ${perOperation} of ` +
        "each operation (--cases-per-operation all: every case)\n",
    );
  return sampled;
}

/** `--cases-per-operation`: a positive whole number, or all. */
export function casesPerOperationOption(value: string | undefined): number | "all" | undefined {
  if (value === undefined || value.trim() === "all") return value === undefined ? undefined : "all";
  if (!/^\s*\d+\s*$/.test(value) || Number(value) < 1)
    throw new UsageError(
      "BW3003",
      `--cases-per-operation takes a positive whole number or all, got ${JSON.stringify(value)}`,
    );
  return Math.min(Number(value), 2 ** 31 - 1);
}

/** Whole seconds, 0 allowed (no limit), as milliseconds. */
export function secondsOption(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\s*\d+\s*$/.test(value) || Number(value) > 86_400)
    throw new UsageError(
      "BW3003",
      `${flag} takes a whole number of seconds from 0 (no limit) to 86400, got ${JSON.stringify(value)}`,
    );
  return Number(value) * 1000;
}

/** The run's seed: the one given, else a new one (printed). */
export function runSeed(value: string | undefined): number {
  return seedOption(value) ?? (Math.random() * 2 ** 31) | 0;
}

export function shardOption(value: string | undefined): { index: number; total: number } | undefined {
  if (value === undefined) return undefined;
  const m = /^(\d+)\/(\d+)$/.exec(value.trim());
  const index = m ? Number(m[1]) : NaN;
  const total = m ? Number(m[2]) : NaN;
  if (!m || total < 1 || index < 1 || index > total)
    throw new UsageError("BW3003", `--shard takes i/n with 1 ≤ i ≤ n, e.g. 1/3, got ${JSON.stringify(value)}`);
  return { index, total };
}

/** --max-age: a number of days (`30d`), hours (`12h`) or minutes (`90m`), in milliseconds. */
export function ageOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const m = /^\s*(\d+)\s*([dhm])\s*$/.exec(value);
  const n = m ? Number(m[1]) : 0;
  if (!m || n <= 0 || n > 36_500)
    throw new UsageError("BW3003", `--max-age takes a duration such as 30d, 12h or 90m, got ${JSON.stringify(value)}`);
  return n * { d: 86_400_000, h: 3_600_000, m: 60_000 }[m[2] as "d" | "h" | "m"];
}

/**
 * --max-failures: the run stops at the n-th contract that failed. A case that could not run (a property whose time
 * limit ended before any run finished, a worker that crashed) checked nothing, so it is not one: the cap counts what
 * the reports count as failed (report.ts summarise), which counts such a case apart. But n cases in a row (at least
 * NOT_RUN_ROW_FLOOR) that could not run, none passing or failing between them, stop the run too: the suite itself is
 * broken there (a worker that crashes on every case, properties none of whose runs ends in time), and the cases after
 * them would only add more of the same. (A mock that answers nothing fails contracts: those are counted already.)
 */
export interface FailureCap {
  /** Counts a case's result (in the order results come in). */
  count(r: Pick<CaseResult, "status">): void;
  /** Whether the n-th failure, or the n-th case (at least the floor's) in a row that could not run, is in. */
  reached(): boolean;
  /** Why the run stopped, once reached. */
  reason(): string;
}

/**
 * The fewest cases in a row that could not run which stop a run, whatever n: with `--max-failures 1` (the commonest
 * cap) one property timing out on a busy machine would otherwise end the run it does not count against.
 */
export const NOT_RUN_ROW_FLOOR = 5;

export function failureCap(max: number | undefined): FailureCap {
  let failed = 0;
  let notRunInARow = 0;
  const row = max === undefined ? undefined : Math.max(max, NOT_RUN_ROW_FLOOR);
  return {
    count(r) {
      notRunInARow = r.status === "error" ? notRunInARow + 1 : 0;
      if (r.status === "failed") failed++;
    },
    reached: () => max !== undefined && row !== undefined && (failed >= max || notRunInARow >= row),
    reason: () =>
      `--max-failures ${max} reached` +
      (max !== undefined && failed < max ? `: ${row} cases in a row could not run` : ""),
  };
}
