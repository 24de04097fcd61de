// The runs of one machine's store (SQLite), taken from the store and run at
// most `concurrency` at once: nothing waits in memory but the runs in flight,
// so a burst of deliveries queues on disk, not in the heap. Each attempt runs
// the workflow with the run's journal (a block that succeeded is not called
// again); a run failing on a retryable error waits its backoff and is tried
// again, up to the trigger's attempts, then is dead (listed and replayed with
// `blockwright runs`). Stopping lets the runs in flight reach a journaled point
// within a bound, then cancels them: they resume on the next start.
import type { BlockResult, RunResult } from "@blockwright/runtime/workflow";
import {
  endedMidAttempt,
  MAX_RETRY_WAIT_MS,
  type RetryPolicy,
  type RunOutcome,
  retryDelay,
  type StoredRun,
  type TriggerStore,
} from "./store.js";
import { toolErrorText } from "./tool-error-text.js";

export interface ExecutorOptions {
  store: TriggerStore;
  /** The trigger whose runs this serve runs: a store may hold another workflow's, which its own serve runs. */
  trigger?: string;
  /** Runs in flight at most. */
  concurrency: number;
  retry: RetryPolicy;
  /** One attempt of a run: the workflow with the run's journal, cancelled through `signal`. */
  attempt(run: StoredRun, journal: (block: BlockResult) => Promise<void>, signal: AbortSignal): Promise<RunResult>;
  /** Told of each attempt's end (the run's line on stdout). */
  settled?(run: StoredRun, result: RunResult, status: string): void;
  log(line: string): void;
  now?: () => number;
}

export interface Executor {
  /** Looks for runs to start (after a delivery was accepted). */
  kick(): void;
  /** The attempts in flight. */
  readonly inFlight: ReadonlySet<Promise<void>>;
  /**
   * Takes no more runs; waits up to `graceMs` for those in flight, then cancels them (they resume on the next start).
   */
  stop(graceMs: number): Promise<void>;
}

/** How an attempt ended, as the run's next status. */
export function outcomeOf(run: StoredRun, result: RunResult, retry: RetryPolicy, nowMs: number): RunOutcome {
  if (result.status === "succeeded") return { status: "succeeded" };
  if (result.status === "cancelled") return { status: "queued", nextAt: nowMs, undoAttempt: true };
  const failed = result.blocks.filter((b) => b.status === "failed");
  // Each failed block with its operation and the upstream's status, as `run`'s table names them.
  const error = failed
    .map(
      (b) =>
        `${b.id}${b.operation !== b.id ? ` (${b.operation})` : ""}: ${b.error ? toolErrorText(b.error) : "failed"}`,
    )
    .join("; ");
  // A quota used up is no retryable error, yet one that says when it resets is taken again then.
  const resets = failed.map((b) => quotaResetWait(b, nowMs));
  const retryable = failed.length > 0 && failed.every((b, i) => b.error?.retryable === true || resets[i] !== undefined);
  if (!retryable) return { status: "failed", error };
  const reset = Math.max(0, ...resets.map((wait) => wait ?? 0));
  // A reset past the longest wait fails now, saying when: attempts before it would meet the same refusal.
  if (reset > MAX_RETRY_WAIT_MS)
    return {
      status: "failed",
      error:
        `${error} (the quota resets at ${new Date(nowMs + reset).toISOString()}, past the longest wait of a retry, ` +
        `${MAX_RETRY_WAIT_MS / 60_000} minutes: replay the run after it)`,
    };
  if (run.attempts >= retry.attempts)
    return { status: "dead", error: `${error} (after ${run.attempts} attempt${run.attempts > 1 ? "s" : ""})` };
  return { status: "queued", error, nextAt: nowMs + retryWait(retry, run.attempts, failed, reset) };
}

/** How long until the quota a block's error used up resets, when it says (`resetsAt`); undefined for another error. */
function quotaResetWait(block: BlockResult, nowMs: number): number | undefined {
  if (!block.error?.quotaExceeded || block.error.resetsAt === undefined) return undefined;
  const at = Date.parse(block.error.resetsAt);
  return Number.isFinite(at) ? Math.max(0, at - nowMs) : undefined;
}

/**
 * The wait before a run's next attempt: its backoff, or what an upstream's Retry-After or a quota's reset asked when
 * longer (a run tried again sooner meets the same refusal and spends its attempts), at most an hour, as a failed poll
 * waits.
 */
function retryWait(retry: RetryPolicy, attempt: number, failed: readonly BlockResult[], reset: number): number {
  const asked = Math.max(reset, ...failed.map((b) => b.error?.retryAfterMs ?? 0));
  return Math.min(MAX_RETRY_WAIT_MS, Math.max(retryDelay(retry, attempt), asked));
}

/**
 * What serve says of a run that ended its attempt, whichever engine ran it: tried again after its backoff, or dead;
 * nothing otherwise.
 */
export function settledLine(
  run: Pick<StoredRun, "id" | "trigger">,
  attempt: number,
  attempts: number,
  outcome: RunOutcome,
  nowMs: number,
): string | undefined {
  if (outcome.status === "queued" && !outcome.undoAttempt)
    return (
      `${run.trigger}: the run ${run.id} failed (attempt ${attempt} of ${attempts}), ` +
      `tried again in ${Math.round(((outcome.nextAt ?? nowMs) - nowMs) / 1000)} s: ${outcome.error}`
    );
  if (outcome.status === "dead")
    return (
      `${run.trigger}: the run ${run.id} is dead after ${attempt} attempts (blockwright runs replay ${run.id}): ` +
      `${outcome.error}`
    );
  return undefined;
}

/**
 * A run taken past its attempts, ended dead before it runs; undefined while it has attempts left. An attempt counts
 * when it starts (taking a run writes the count before the workflow runs), as durable engines count them: an attempt
 * whose process ended mid-way (killed, out of memory) was counted all the same, and is a failed attempt, or a run
 * that ends its process on every attempt (a poison run) would be tried on every restart, forever. The only way to be
 * taken past the last attempt is that the last one never finished: the run is then dead (kept for `runs replay`),
 * the attempt just taken undone. Found unfinished with attempts left, a run resumes at once (no upstream asked it to
 * wait). A graceful stop (SIGTERM, Ctrl-C) is no failure: the attempt it cancels is undone (`undoAttempt`, outcomeOf),
 * so stopping never spends an attempt.
 */
export function attemptsSpent(run: StoredRun, retry: RetryPolicy, why?: string): RunOutcome | undefined {
  const done = run.attempts - 1;
  if (done < retry.attempts) return undefined;
  return {
    status: "dead",
    undoAttempt: true,
    error: `run: ${endedMidAttempt(done, why)} (after ${done} attempt${done > 1 ? "s" : ""})`,
  };
}

/** A run ended dead before it ran (`attemptsSpent`), said as any run that dies is: its line, and serve's log. */
export function saySpent(
  run: StoredRun,
  outcome: RunOutcome,
  retry: RetryPolicy,
  o: Pick<ExecutorOptions, "settled" | "log">,
  why?: string,
): void {
  const done = { ...run, attempts: run.attempts - 1 };
  o.settled?.(done, thrownResult(done, new Error(endedMidAttempt(done.attempts, why))), outcome.status);
  const line = settledLine(run, done.attempts, retry.attempts, outcome, Date.now());
  if (line) o.log(line);
}

/** An attempt that threw: a failed run whose one block says why (retryable, as a network failure is). */
function thrownResult(run: StoredRun, e: unknown): RunResult {
  return {
    status: "failed",
    durationMs: 0,
    placeholders: [],
    blocks: [
      {
        id: "run",
        name: "run",
        type: "run",
        operation: "run",
        durationMs: 0,
        status: "failed",
        error: {
          type: "network",
          provider: run.trigger,
          operation: run.trigger,
          message: (e as Error).message,
          retryable: true,
        },
      },
    ],
  };
}

export function startExecutor(o: ExecutorOptions): Executor {
  const now = o.now ?? Date.now;
  const inFlight = new Set<Promise<void>>();
  const cancel = new AbortController();
  let stopping = false;
  let pumping = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  // The look for runs under way: stopping waits for it, so that none reads the store after it is closed.
  let pumped: Promise<void> = Promise.resolve();
  let pumpEnded: () => void = () => undefined;

  const pump = async (): Promise<void> => {
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    pumped = new Promise((done) => {
      pumpEnded = done;
    });
    try {
      do {
        again = false;
        const free = o.concurrency - inFlight.size;
        if (stopping || free <= 0) return;
        const runs = await o.store.take(free, now(), o.trigger);
        for (const run of runs) start(run);
        if (runs.length === free) again = true;
      } while (again && !stopping);
      if (!stopping) await wakeAtNextDue();
    } catch (e) {
      o.log(`runs: the store could not be read (tried again in a second): ${(e as Error).message}`);
      schedule(1000);
    } finally {
      pumping = false;
      pumpEnded();
    }
  };

  const schedule = (ms: number) => {
    clearTimeout(timer);
    if (stopping) return;
    timer = setTimeout(() => void pump(), Math.max(0, Math.min(ms, 2 ** 31 - 1)));
    timer.unref();
  };

  const wakeAtNextDue = async () => {
    const due = await o.store.nextDue(o.trigger);
    if (due !== undefined && inFlight.size < o.concurrency) schedule(due - now());
  };

  const start = (run: StoredRun) => {
    const attempt = (async () => {
      const spent = attemptsSpent(run, o.retry);
      if (spent) {
        await o.store.settle(run.id, spent, now());
        return saySpent(run, spent, o.retry, o);
      }
      let result: RunResult;
      try {
        result = await o.attempt(run, (block) => o.store.journal(run.id, block), cancel.signal);
      } catch (e) {
        result = thrownResult(run, e);
      }
      const outcome = outcomeOf(run, result, o.retry, now());
      await o.store.settle(run.id, outcome, now());
      o.settled?.(run, result, outcome.status);
      const line = settledLine(run, run.attempts, o.retry.attempts, outcome, now());
      if (line) o.log(line);
    })()
      .catch((e: unknown) =>
        o.log(
          `${run.trigger}: the run ${run.id} could not be settled (it resumes on the next start): ` +
            `${(e as Error).message}`,
        ),
      )
      .finally(() => {
        inFlight.delete(attempt);
        void pump();
      });
    inFlight.add(attempt);
  };

  void pump();
  return {
    kick: () => void pump(),
    inFlight,
    async stop(graceMs) {
      stopping = true;
      clearTimeout(timer);
      await pumped;
      await settleWithin(inFlight, graceMs, () => cancel.abort(), o.log);
    },
  };
}

/** Waits up to `graceMs` for the attempts in flight, then cancels them: they resume on the next start. */
async function settleWithin(
  inFlight: ReadonlySet<Promise<void>>,
  graceMs: number,
  cancel: () => void,
  log: (line: string) => void,
): Promise<void> {
  let grace: NodeJS.Timeout | undefined;
  const all = Promise.allSettled([...inFlight]);
  const graceOver = new Promise<"over">((done) => {
    grace = setTimeout(() => done("over"), graceMs);
  });
  if ((await Promise.race([all, graceOver])) === "over") {
    log(
      `runs: ${inFlight.size} run(s) still going after ${Math.round(graceMs / 1000)} s: cancelled, ` +
        `each resumes from its last journaled block on the next start`,
    );
    cancel();
    await all;
  }
  clearTimeout(grace);
}
