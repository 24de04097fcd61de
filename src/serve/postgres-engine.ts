// The runs of a Postgres store, on graphile-worker (an existing durable job
// queue on Postgres; ARCHITECTURE.md says why this one): each run is a job
// added in the transaction that kept its delivery; any serve on the database
// takes jobs (at most `concurrency` at once), and one attempt runs the
// workflow with the run's journal. A run failing on a retryable error is
// settled as queued with a new job at the trigger's backoff (graphile-worker's
// own retry waits a fixed exponential delay), up to the trigger's attempts;
// after the last the run is dead, kept for `blockwright runs replay`. A job
// graphile-worker runs again is one whose worker died mid-attempt (or whose
// task threw): the run record counts the attempts, each as it begins, and one
// found never finished is a failed one, so a run that kills its worker on every
// attempt ends dead; an attempt that cannot begin is a failed one too
// (`failBeforeBegin`). graphile-worker's own count of a job's attempts decides
// nothing (postgres-store.ts, JOB_MAX_ATTEMPTS): two counts drifted apart. The
// jobs of an earlier version are given its limit as a serve starts.
//
// One gap of graphile-worker is closed here: a worker that dies (SIGKILL, a
// machine lost) leaves its jobs locked for four hours. Each of this process's
// workers holds a session advisory lock named after it for as long as the
// process lives (Postgres releases it when the connection drops); every few
// seconds each serve looks at the workers holding jobs, and those whose lock
// it can take are gone: their jobs are unlocked (`forceUnlockWorkers`) and run
// again, resuming from the journal. A worker is taken for gone while its lock's
// connection is down though it may still run (its connection reopening, a
// partition): each attempt holds a lease on its run (postgres-runs.ts), so that
// the one whose run another worker took over keeps nothing, not a journal write
// nor its settling, rather than a sweep that waits longer (no wait is longer
// than every outage) or stopping the attempts whenever the lock drops (a worker
// cut off finds out late, and the lock is gone at once).
import { randomUUID } from "node:crypto";
import type { BlockResult, RunResult } from "@blockwright/runtime/workflow";
import { attemptsSpent, outcomeOf, saySpent, settledLine } from "./run-executor.js";
import { type HeldSession, heldSession } from "./postgres-locks.js";
import { startRunners } from "./postgres-runners.js";
import { inTransaction, RunTakenOver, storeOutOfReach } from "./postgres-runs.js";
import { holdGraphileConsole } from "./graphile-console.js";
import { importWorker, JOB_MAX_ATTEMPTS, type PostgresStore, quietLogger, runTask } from "./postgres-store.js";
import {
  endedMidAttempt,
  type RetryPolicy,
  type RunOutcome,
  retryDelay,
  type StoredRun,
  WORKER_ENDED,
} from "./store.js";

/** How often each serve looks for the jobs of workers that are gone. */
const SWEEP_EVERY_MS = 3_000;
/** A job locked more recently than this is left alone (its worker may be taking its lock still). */
const SWEEP_AFTER_MS = 5_000;

export interface EngineOptions {
  store: PostgresStore;
  /** The trigger whose runs this serve runs (its jobs' task). */
  trigger: string;
  concurrency: number;
  retry: RetryPolicy;
  attempt(run: StoredRun, journal: (block: BlockResult) => Promise<void>, signal: AbortSignal): Promise<RunResult>;
  settled?(run: StoredRun, result: RunResult, status: string): void;
  log(line: string): void;
}

export interface Engine {
  /**
   * Stops taking jobs; waits up to `graceMs` for the attempts in flight, then cancels them (their jobs run again, from
   * the journal).
   */
  stop(graceMs: number): Promise<void>;
}

/** The advisory lock key of a worker id (a bigint from its text, as Postgres hashes it). */
const LOCK_SQL = "SELECT pg_advisory_lock(hashtextextended($1, 0))";

export async function startEngine(o: EngineOptions): Promise<Engine> {
  const worker = await importWorker();
  const cancel = new AbortController();
  const inFlight = new Set<Promise<unknown>>();
  const mine = new Set<string>();
  const task = jobTask(o, cancel.signal, inFlight);
  await raiseOldJobs(o);
  // graphile-worker's own console calls said as serve's lines, from its first worker to the engine's stop.
  const releaseConsole = holdGraphileConsole(o.log);
  const locks = await workerLocks(o, mine);
  const start = async () => {
    const runners = await startRunners(o, {
      options: {
        pgPool: o.store.pool,
        noHandleSignals: true,
        pollInterval: 500,
        logger: quietLogger(worker),
        taskList: { [runTask(o.trigger)]: task },
      },
      ...locks,
    });
    return { runners, utils: await worker.makeWorkerUtils({ pgPool: o.store.pool, logger: quietLogger(worker) }) };
  };
  const { runners, utils } = await start().catch((e: unknown) => {
    releaseConsole();
    throw e;
  });
  const sweeper = setInterval(
    () =>
      void unlockGoneWorkers(o, utils, mine).catch((e: unknown) =>
        o.log(`runs: looking for the jobs of workers that are gone failed: ${(e as Error).message}`),
      ),
    SWEEP_EVERY_MS,
  );
  sweeper.unref();
  return {
    async stop(graceMs) {
      clearInterval(sweeper);
      let grace: NodeJS.Timeout | undefined;
      const stopped = runners.stop();
      const over = new Promise<"over">((done) => {
        grace = setTimeout(() => done("over"), graceMs);
      });
      if ((await Promise.race([stopped.then(() => "stopped" as const), over])) === "over") {
        o.log(
          `runs: ${inFlight.size} run(s) still going after ${Math.round(graceMs / 1000)} s: cancelled, ` +
            `each resumes from its last journaled block`,
        );
        cancel.abort();
        await stopped;
      }
      clearTimeout(grace);
      await utils.release();
      locks.liveness.release();
      releaseConsole();
    },
  };
}

/** The task of a run's job: one attempt of the run, begun (and counted) under a lease of its own, then settled. */
function jobTask(o: EngineOptions, signal: AbortSignal, inFlight: Set<Promise<unknown>>) {
  return async (payload: unknown) => {
    const { run: id, attempt: planned = 1 } = payload as { run?: unknown; attempt?: number };
    const runId = String(id);
    const lease = randomUUID();
    let begun: { run: StoredRun; current: StoredRun } | undefined;
    try {
      begun = await beginRun(o, runId, planned, lease);
    } catch (e) {
      // The store out of reach (a connection ended, Postgres restarting) is an outage, not the run's attempt: thrown
      // on, graphile-worker takes the job again at its own backoff, no attempt spent. Counted, a restart of Postgres
      // ended a trigger of one attempt's runs in flight dead.
      if (storeOutOfReach(e)) {
        o.log(
          `${o.trigger}: the run ${runId} could not begin, its store out of reach ` +
            `(${(e as Error).message}): tried again`,
        );
        throw e;
      }
      return failBeforeBegin(o, runId, e);
    }
    if (!begun) return;
    const { run, current } = begun;
    const spent = attemptsSpent(current, o.retry, WORKER_ENDED);
    if (spent) return settleSpent(o, current, spent, lease);
    if (run.status === "running")
      o.log(
        `${run.trigger}: the run ${run.id} resumes (attempt ${current.attempts}): ` +
          endedMidAttempt(run.attempts, WORKER_ENDED),
      );
    // A journal write that met the store out of reach, which fails its block (the runtime's journalFailed).
    let outage: Error | undefined;
    const journal = (block: BlockResult) =>
      o.store.journal(runId, block, lease).catch((e: unknown) => {
        if (storeOutOfReach(e)) outage ??= e as Error;
        throw e;
      });
    const going = o.attempt(current, journal, signal);
    inFlight.add(going);
    try {
      const result = await going;
      const ordinary = outcomeOf(current, result, o.retry, Date.now());
      // Only where the attempt would be tried again (or is dead for want of attempts): a block failing for good fails
      // the run as before, whatever else met the outage.
      if (ordinary.status !== "queued" && ordinary.status !== "dead") outage = undefined;
      const outcome = outage ? outageOutcome(o, outage, current.attempts, ordinary, Date.now()) : ordinary;
      // Queued again: settling adds the next attempt's job at the trigger's backoff, and this job ends.
      await o.store.settle(runId, outcome, Date.now(), lease);
      o.settled?.(current, result, outcome.status);
      const line = outage
        ? `${run.trigger}: the run ${run.id} ${outcome.error}`
        : settledLine(run, current.attempts, o.retry.attempts, outcome, Date.now());
      if (line) o.log(line);
    } catch (e) {
      // Thrown on: graphile-worker's failure of the job holds only while this worker still has it, which it does not.
      if (e instanceof RunTakenOver) o.log(`runs: ${e.message}`);
      throw e;
    } finally {
      inFlight.delete(going);
    }
  };
}

/**
 * An attempt whose journal could not be written because the store was out of reach (a session ended, Postgres
 * restarting) is an outage, not the run's failure, as one that could not begin is: tried again after the backoff of
 * the attempt it was, no attempt spent. Counted, a restart of Postgres ended a one-attempt trigger's runs in flight
 * dead; the blocks it did not journal run again (with the run's idempotency keys), as after a crash.
 */
function outageOutcome(
  o: EngineOptions,
  outage: Error,
  attempt: number,
  ordinary: RunOutcome,
  nowMs: number,
): RunOutcome {
  return {
    status: "queued",
    undoAttempt: true,
    // A later time the attempt's own failures asked for (an upstream's Retry-After, a quota's reset) kept.
    nextAt: Math.max(nowMs + retryDelay(o.retry, attempt), ordinary.nextAt ?? 0),
    error: `could not journal a block, its store out of reach (${outage.message}): tried again, no attempt spent`,
  };
}

/** The run of a job, begun; undefined when there is nothing to run. */
async function beginRun(o: EngineOptions, runId: string, planned: number, lease: string) {
  const run = await o.store.load(runId);
  // A run already ended (its job ran twice after a crash at the very end): nothing to do.
  if (!run || run.status === "succeeded" || run.status === "failed" || run.status === "dead") return undefined;
  // The job of an attempt already settled (its worker gone after settling, before graphile-worker saw the job end):
  // the run's next attempt has a job of its own.
  if (run.status === "queued" && planned <= run.attempts) return undefined;
  // Fenced by a lease of its own: a worker whose lock was lost, whose job another worker took over, keeps nothing.
  // The attempt is counted as it begins (the run record is the one count, run-executor.ts `attemptsSpent`): a run
  // found running is one whose attempt never finished (its worker died), counted then, and its attempts may be spent.
  const current = await o.store.begin(runId, lease);
  return current ? { run, current } : undefined;
}

/**
 * An attempt that could not begin (its run's load or `begin` threw) with the store within reach is a failed attempt
 * with a retryable error: counted, tried again at the trigger's backoff, dead after its attempts with the error, as a
 * network failure of a block is. Such an error is of the run's record (unreadable: never gone, and the run ends dead
 * where `runs list` shows why, kept for `runs replay`) or of a query; thrown on, graphile-worker tried the job again at
 * its own backoff (up to hours) with no attempt counted, for good. Only when this write fails too (the database out
 * after all) does graphile-worker's retry apply.
 */
async function failBeforeBegin(o: EngineOptions, runId: string, e: unknown): Promise<void> {
  const error = `run: the attempt could not begin: ${(e as Error).message}`;
  const now = Date.now();
  const failed = await o.store.failBeforeBegin(
    runId,
    (attempts): RunOutcome =>
      attempts >= o.retry.attempts
        ? { status: "dead", error: `${error} (after ${attempts} attempt${attempts > 1 ? "s" : ""})` }
        : { status: "queued", error, nextAt: now + retryDelay(o.retry, attempts) },
    now,
  );
  const line =
    failed && settledLine({ id: runId, trigger: o.trigger }, failed.attempts, o.retry.attempts, failed.outcome, now);
  if (line) o.log(line);
}

/**
 * The jobs of this serve's trigger added before graphile-worker's count stopped deciding (JOB_MAX_ATTEMPTS) kept
 * their limit, the trigger's attempts or a replay's 5: a worker dying on one after its count reached it left the run
 * running for good, never taken again. Their limit is raised (and the run time of one graphile-worker gave up on
 * brought to now, so its run settles at once), under a lock of their own so that serves starting at once do it one
 * after the other; once done, no job is left to raise.
 */
async function raiseOldJobs(o: EngineOptions): Promise<void> {
  const task = runTask(o.trigger);
  const raised = await inTransaction(o.store.pool, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [`blockwright-raise:${task}`]);
    return client.query(
      "UPDATE graphile_worker._private_jobs SET max_attempts = $2, run_at = CASE WHEN attempts >= max_attempts " +
        "THEN least(run_at, now()) ELSE run_at END WHERE max_attempts < $2 AND task_id = (SELECT id FROM " +
        "graphile_worker._private_tasks WHERE identifier = $1)",
      [task, JOB_MAX_ATTEMPTS],
    );
  });
  if (raised.rowCount) o.log(`runs: ${raised.rowCount} job(s) of an earlier version given the attempts of this one`);
}

/** A run begun past its attempts (its last one never finished): dead, said as any run that dies is. */
async function settleSpent(o: EngineOptions, run: StoredRun, outcome: RunOutcome, lease: string): Promise<void> {
  await o.store.settle(run.id, outcome, Date.now(), lease);
  saySpent(run, outcome, o.retry, o, WORKER_ENDED);
}

/**
 * This process's workers' locks, on a session of their own: each taken as graphile-worker makes the worker, let go as
 * it ends, and all of them taken again on a new connection when that one is lost (Postgres restarted, the session
 * ended by an administrator), whose error would otherwise end the process.
 */
async function workerLocks(o: EngineOptions, mine: Set<string>) {
  const liveness: HeldSession = await heldSession(
    o.store.pool,
    async (session) => {
      for (const id of mine) await session.query(LOCK_SQL, [id]);
    },
    o.log,
  );
  // One lock after the other: `run` makes its workers at once, and a connection runs one query at a time.
  let taking: Promise<unknown> = Promise.resolve();
  return {
    liveness,
    created(workerId: string) {
      mine.add(workerId);
      taking = taking.then(() =>
        liveness
          .current()
          .query(LOCK_SQL, [workerId])
          .catch((e: unknown) =>
            o.log(`runs: the lock of worker ${workerId} could not be taken: ${(e as Error).message}`),
          ),
      );
    },
    // Let go, so that the sweep frees a job an ended worker still held.
    ended(workerId: string) {
      mine.delete(workerId);
      taking = taking.then(() =>
        liveness
          .current()
          .query("SELECT pg_advisory_unlock(hashtextextended($1, 0))", [workerId])
          .catch(() => undefined),
      );
    },
  };
}

/**
 * The jobs locked for a while by workers that are gone (a worker not of this process whose advisory lock no session
 * holds: its process died) unlocked, to run again from their journals.
 */
async function unlockGoneWorkers(
  o: EngineOptions,
  utils: import("graphile-worker").WorkerUtils,
  mine: ReadonlySet<string>,
): Promise<void> {
  const held = await o.store.pool.query<{ locked_by: string }>(
    "SELECT DISTINCT locked_by FROM graphile_worker.jobs WHERE locked_by IS NOT NULL AND locked_at < now() " +
      "- make_interval(secs => $1)",
    [SWEEP_AFTER_MS / 1000],
  );
  const gone: string[] = [];
  for (const { locked_by: id } of held.rows) {
    if (mine.has(id)) continue;
    // Taken at once only when no session holds it: its worker is gone.
    const free = await o.store.pool.query<{ taken: boolean }>(
      "SELECT pg_try_advisory_xact_lock(hashtextextended($1, 0)) AS taken",
      [id],
    );
    if (free.rows[0]?.taken) gone.push(id);
  }
  if (gone.length) {
    await utils.forceUnlockWorkers(gone);
    o.log(`runs: the jobs of ${gone.length} worker(s) that are gone were unlocked, to run again from their journals`);
  }
}
