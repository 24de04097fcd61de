// The graphile-worker runners of one serve (postgres-engine.ts): started at the serve's concurrency, and replaced when
// they stop taking jobs though the database answers. graphile-worker leaves two such states behind, each silent:
// - a worker whose job it could not release (the database unreachable just then) is ended and never replaced: the
//   serve ran fewer runs at once, none at a concurrency of 1 (its replacement is tried until it starts);
// - a runner whose first read of its task list failed on an error it does not retry (a session ended by a restart
//   of Postgres or an administrator, 57P01) keeps that failure for good (taskIdentifiers.js caches the rejected
//   promise, in 0.16 and 0.18 alike): each of its workers' fetches fails with it every poll, no job is taken again,
//   and the runs wait queued for ever. A new runner reads the list afresh.
import { EventEmitter } from "node:events";
import type { Runner, WorkerEvents } from "graphile-worker";
import { saidAlready } from "./graphile-console.js";
import { importWorker, type PostgresStore } from "./postgres-store.js";

/** What the runners are given of the engine's options. */
interface RunnersOptions {
  store: Pick<PostgresStore, "pool">;
  concurrency: number;
  log(line: string): void;
}

/** Fetches of one worker failing in a row before the store is asked whether it answers (half a second apart). */
const STUCK_AFTER = 6;
/** The waits before a replacement that could not start is tried again: doubling from the first to the most. */
const RESTART_FIRST_MS = 1_000;
const RESTART_MOST_MS = 30_000;

export interface RunnerHooks {
  /** graphile-worker's options for a runner but its concurrency and events. */
  options: Omit<import("graphile-worker").RunnerOptions, "concurrency" | "events">;
  /** A worker made: its lock is taken. */
  created(workerId: string): void;
  /** A worker ended, or its runner stopped: its lock is let go. */
  ended(workerId: string): void;
}

export interface Runners {
  /** Stops every runner (each waits for its jobs in flight). */
  stop(): Promise<void>;
}

export async function startRunners(o: RunnersOptions, hooks: RunnerHooks): Promise<Runners> {
  const worker = await importWorker();
  const live = new Set<Runner>();
  let stopping = false;
  const start = async (concurrency: number): Promise<void> => {
    const events: WorkerEvents = new EventEmitter();
    const workers = new Set<string>();
    let runner: Runner | undefined;
    events.on("worker:create", ({ worker: w }) => {
      workers.add(w.workerId);
      hooks.created(w.workerId);
    });
    events.on("worker:fatalError", ({ worker: w, error }) => {
      saidAlready(error);
      o.log(`runs: worker ${w.workerId} ended (${(error as Error).message}): its job freed, another worker started`);
      workers.delete(w.workerId);
      hooks.ended(w.workerId);
      another(1);
    });
    watchFetches(o, events, async (said) => {
      if (stopping || !runner || !live.has(runner)) return false;
      o.log(`runs: ${said}: its workers replaced by new ones`);
      const stuck = runner;
      live.delete(stuck);
      another(concurrency);
      await stuck.stop().catch(() => undefined);
      for (const id of workers) hooks.ended(id);
      return true;
    });
    runner = await worker.run({ ...hooks.options, concurrency, events });
    if (stopping) await runner.stop();
    else live.add(runner);
  };
  // Tried until one starts: the worker it replaces ended because the database was out of reach, which it may still
  // be (a start given up on left the serve a worker short for good, none at a concurrency of 1).
  const waiting = new Set<NodeJS.Timeout>();
  // Starts under way, which a stop waits for: one that ends after it stops its runner itself, on a pool still open.
  const starting = new Set<Promise<void>>();
  const another = (concurrency: number, delayMs = 0) => {
    if (stopping) return;
    const timer = setTimeout(() => {
      waiting.delete(timer);
      if (stopping) return;
      const started = start(concurrency).catch((e: unknown) => {
        if (stopping) return;
        const next = Math.min(Math.max(RESTART_FIRST_MS, delayMs * 2), RESTART_MOST_MS);
        const why = (e as Error).message;
        o.log(`runs: ${workersSaid(concurrency)} could not be started (${why}): tried again in ${next / 1000} s`);
        another(concurrency, next);
      });
      starting.add(started);
      void started.finally(() => starting.delete(started));
    }, delayMs);
    waiting.add(timer);
  };
  await start(o.concurrency);
  return {
    async stop() {
      stopping = true;
      for (const timer of waiting) clearTimeout(timer);
      await Promise.all([...live].map((r) => r.stop()));
      await Promise.all(starting);
    },
  };
}

const workersSaid = (n: number) => (n === 1 ? "a worker" : `${n} workers`);

/**
 * Calls `stuck` when a worker's fetches of a job have failed `STUCK_AFTER` times in a row while the store answers a
 * query: the runner, not the database, is what fails; once `stuck` has replaced the runner, no more. While the store
 * is out of reach, nothing is done (its workers take jobs again by themselves once it is back).
 */
function watchFetches(o: RunnersOptions, events: WorkerEvents, stuck: (said: string) => Promise<boolean>): void {
  const failures = new Map<string, number>();
  let asking = false;
  let done = false;
  const fine = ({ worker: w }: { worker: { workerId: string } }) => void failures.delete(w.workerId);
  events.on("worker:getJob:empty", fine);
  events.on("job:start", fine);
  events.on("worker:getJob:error", ({ worker: w, error }) => {
    const n = (failures.get(w.workerId) ?? 0) + 1;
    failures.set(w.workerId, n);
    if (n < STUCK_AFTER || asking || done) return;
    asking = true;
    const said = `worker ${w.workerId} failed to fetch a job ${n} times in a row while the store answers`;
    void o.store.pool
      .query("SELECT 1")
      .then(
        async () => {
          done = await stuck(`${said} (${(error as Error).message})`);
        },
        () => undefined,
      )
      .finally(() => {
        asking = false;
      });
  });
}
