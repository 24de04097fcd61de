// Who runs a store's runs: on the SQLite file, this process's executor
// (run-executor.ts); on Postgres, graphile-worker's workers in this process,
// sharing the jobs with every other serve on the database (postgres-engine.ts).
import type { BlockResult, RunResult } from "@blockwright/runtime/workflow";
import type { PostgresStore } from "./postgres-store.js";
import type { RetryPolicy, StoredRun, TriggerStore } from "./store.js";

export interface RunsOptions {
  store: TriggerStore;
  trigger: string;
  concurrency: number;
  retry: RetryPolicy;
  attempt(run: StoredRun, journal: (block: BlockResult) => Promise<void>, signal: AbortSignal): Promise<RunResult>;
  settled?(run: StoredRun, result: RunResult, status: string): void;
  log(line: string): void;
}

export interface Runs {
  /** A delivery was accepted: look for runs now (the engine on Postgres is told by the database). */
  kick(): void;
  stop(graceMs: number): Promise<void>;
}

export async function startRuns(o: RunsOptions): Promise<Runs> {
  if (o.store.shared) {
    const store = o.store as PostgresStore;
    const { startEngine } = await import("./postgres-engine.js");
    const engine = await startEngine({ ...o, store });
    return { kick: () => undefined, stop: (graceMs) => engine.stop(graceMs) };
  }
  const { startExecutor } = await import("./run-executor.js");
  const executor = startExecutor(o);
  return { kick: () => executor.kick(), stop: (graceMs) => executor.stop(graceMs) };
}
