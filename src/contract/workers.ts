// The contract run over worker threads: the suite split by provider and
// operation (shards.ts), each part run by a worker thread that links its
// providers' specs, derives their cases, keeps its part's, and starts mocks
// of its own providers only; the first part by the worker that planned the
// run, from the cases it derived then (plan-worker.ts). Case functions cannot cross threads; case
// ids and plain results can. Results come back as they finish (for progress
// and --max-failures) and are returned in the suite's order, so the report
// is the same whatever the number of workers; property cases draw from
// their own seeds (kinds/property.ts caseSeed), so are the inputs.
import { Worker } from "node:worker_threads";
import { moduleBeside, workerEnv, workerScript } from "../common/in-worker.js";
import type { HandedCopies } from "../mocks/prepared/handed-copies.js";
import type { CaseResult } from "./run.js";
import { partition } from "./shards.js";
import type { ProjectDirs } from "./subjects.js";
import type { ContractCase, ResultKind } from "./types.js";

/** What a worker is given. */
export interface WorkerTask {
  dirs: ProjectDirs;
  /** The providers of its part: it links these and starts their mocks. */
  providers: string[];
  /** The operations its cases are of (each worker derives only these). */
  operations: string[];
  /** The ids of its cases. */
  ids: string[];
  /**
   * The ids of its part's cases, those run already included (a worker started again): its mocks serve the tools these
   * call, as the part's first worker's did, so that their copy is that worker's (`copies`). Default: `ids`.
   */
  partIds?: string[];
  /** The mocks' copies the run's workers made so far (mocks/prepared/handed-copies.ts), read by one started again. */
  copies?: HandedCopies;
  seed: number;
  runs: number;
  propertyTimeLimitMs?: number;
  /** Cases under way at once inside the worker. */
  concurrency: number;
}

/**
 * What the worker that plans a run is given (plan-worker.ts): every provider the command names, linked and derived once
 * for the command's plan, and the first part's cases run from them when told (a `run` command) without a second link.
 */
export interface PlanTask {
  plan: true;
  dirs: ProjectDirs;
  providers: string[];
}

/**
 * What a worker says: a case started, each result as it comes, then done; or why it could not run. A planning worker
 * says first that it linked the specs, then the cases it derived. `subject`: the project cannot be tested as it is
 * (subjects.ts SubjectError, exit 2).
 */
export type WorkerMessage =
  | { type: "linked" }
  /** A mock's copy it made, for the workers started after it (mocks/prepared/handed-copies.ts). */
  | { type: "copy"; key: string; bytes: Uint8Array }
  | { type: "planned"; cases: PlannedCase[] }
  | { type: "started"; id: string }
  | { type: "result"; result: CaseResult }
  | { type: "done" }
  | { type: "crashed"; message: string }
  | { type: "failed"; message: string; usage: boolean; subject?: boolean };

/** What a worker is told: to stop, or (a planning worker) which of its cases to run, with what. */
export type WorkerCommand = { type: "stop" } | { type: "run"; task: WorkerTask };

/** A worker's failure to start its mocks for a reason the user can fix (exit status 2). */
export class WorkerUsageError extends Error {}

export interface WorkerRunOptions {
  dirs: ProjectDirs;
  seed: number;
  runs: number;
  /** See CaseContext. */
  propertyTimeLimitMs?: number;
  workers: number;
  /** Cases under way at once in each worker. */
  concurrency?: number;
  onResult?: (result: CaseResult) => void;
  /** Told when a case starts in a worker (progress names the cases under way). */
  onStart?: (id: string) => void;
  /**
   * Told of the cases under way in a worker ended for another case (past the time limit): they are no longer under
   * way, and start again in the new worker once it has linked and derived (minutes for a whole large API).
   */
  onRequeue?: (ids: string[]) => void;
  /** Polled while cases run: true stops every worker (cases under way finish and are reported). */
  stopped?: () => boolean;
  /** Polled too: true ends every worker at once, its mocks with it; the results so far are returned. */
  aborted?: () => boolean;
  /** The longest a case may run; past it the worker running it is ended and started again on the cases it had left. */
  caseTimeLimitMs?: number;
  /** The worker's module: worker.ts beside this one (a test gives one of its own). */
  workerModule?: URL;
  /**
   * The worker that planned the run (plan-worker.ts), its cases derived: it runs the first part, told which, instead
   * of a new worker linking again; ended unused when no part runs.
   */
  planner?: Worker;
}

/** How often `stopped` and `aborted` are polled, and running cases timed. */
const POLL_MS = 100;
/**
 * The longest one case may run. A property is bounded (kinds/property.ts), a
 * scenario waits seconds at most: a case past this is stuck (a draw or a
 * schema that never ends) and must not hold the suite.
 */
export const CASE_TIME_LIMIT_MS = 120_000;

/**
 * Results in the order of `cases`; a stopped or aborted run returns the
 * results of the cases that ran. The command's thread only waits for
 * messages: however long a case computes in its worker, progress goes on,
 * and an interrupt ends the workers (Worker.terminate stops even a loop that
 * never yields).
 */
export type PlannedCase = Pick<ContractCase<ResultKind>, "id" | "provider" | "operation" | "kind" | "name" | "source">;

export async function runInWorkers(cases: readonly PlannedCase[], options: WorkerRunOptions): Promise<CaseResult[]> {
  const order = new Map(cases.map((c, i) => [c.id, i]));
  const byId = new Map(cases.map((c) => [c.id, c]));
  const parts = partition(cases, options.workers).filter((part) => part.length);
  const results: CaseResult[] = [];
  const limit = options.caseTimeLimitMs ?? CASE_TIME_LIMIT_MS;
  const live = new Set<Worker>();
  /** Each worker's termination: a worker does not end by itself (its port listens for a stop). */
  const ended: Promise<number>[] = [];
  let stopSent = false;
  const ending = terminateOnce();
  const poll = setInterval(() => {
    if (options.aborted?.()) for (const w of live) ending(w);
    else if (!stopSent && options.stopped?.()) {
      stopSent = true;
      for (const w of live) w.postMessage({ type: "stop" } satisfies WorkerCommand);
    }
  }, POLL_MS);
  const record = (result: CaseResult) => {
    results.push(result);
    options.onResult?.(result);
    if (!stopSent && options.stopped?.()) {
      stopSent = true;
      for (const w of live) w.postMessage({ type: "stop" } satisfies WorkerCommand);
    }
  };
  const pool: WorkerPool = { options, byId, limit, live, ended, record, copies: new Map() };
  let planner = options.planner;

  try {
    await Promise.all(
      parts.map(async (part) => {
        let ids = part.map((c) => c.id);
        while (ids.length && !options.aborted?.() && !stopSent) {
          const adopted = planner;
          planner = undefined;
          ids = await runWorker(pool, part, ids, adopted);
        }
      }),
    );
  } finally {
    clearInterval(poll);
    await Promise.all([...[...live, ...(planner ? [planner] : [])].map((w) => w.terminate()), ...ended]);
  }
  return results.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}

/**
 * Ends a worker once however often it is asked: an interrupt is polled every
 * 100 ms until the workers exit, and each `terminate()` adds a listener to
 * the worker (eleven of them warned MaxListenersExceededWarning).
 */
export function terminateOnce(): (worker: Pick<Worker, "terminate">) => void {
  const asked = new WeakSet<Pick<Worker, "terminate">>();
  return (worker) => {
    if (asked.has(worker)) return;
    asked.add(worker);
    void worker.terminate();
  };
}

/** What every worker of a run shares: the run's options, its cases, the workers alive and ending, where results go. */
interface WorkerPool {
  options: WorkerRunOptions;
  byId: ReadonlyMap<string, PlannedCase>;
  limit: number;
  live: Set<Worker>;
  /** Each worker's termination: a worker does not end by itself (its port listens for a stop). */
  ended: Promise<number>[];
  record(result: CaseResult): void;
  /** The mocks' copies its workers made, handed to each worker it starts after (a worker ended past the limit). */
  copies: HandedCopies;
}

/**
 * One worker on `ids`: resolves with the ids it left (a case past the limit ended it), or none. `planner`: the worker
 * that planned the run, told to run these (its cases derived already) instead of a new one started on them.
 */
function runWorker(
  pool: WorkerPool,
  part: { id: string; provider: string; operation: string }[],
  ids: string[],
  planner?: Worker,
): Promise<string[]> {
  return new Promise<string[]>((resolve, reject) => {
    const task = { ...workerTask(pool.options, part, ids), partIds: part.map((c) => c.id), copies: pool.copies };
    let worker: Worker;
    if (planner) {
      worker = planner;
      worker.ref();
      worker.postMessage({ type: "run", task } satisfies WorkerCommand);
    } else {
      const entry = workerScript(pool.options.workerModule ?? moduleBeside(import.meta.url, "worker"));
      worker = new Worker(entry.script, {
        eval: entry.eval,
        ...(entry.argv ? { argv: entry.argv } : {}),
        workerData: task,
        ...workerEnv(),
      });
    }
    pool.live.add(worker);
    const left = new Set(ids);
    const running = new Map<string, number>();
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearInterval(watch);
      pool.live.delete(worker);
      pool.ended.push(worker.terminate());
      outcome();
    };
    const watch = setInterval(() => {
      const now = performance.now();
      const stuck = [...running].filter(([, since]) => now - since > pool.limit).map(([id]) => id);
      if (!stuck.length) return;
      settle(() => {
        for (const id of stuck) {
          left.delete(id);
          pool.record(timedOut(pool.byId.get(id), id, now - (running.get(id) ?? now), pool.limit));
        }
        const requeued = [...running.keys()].filter((id) => !stuck.includes(id));
        if (requeued.length) pool.options.onRequeue?.(requeued);
        resolve([...left]);
      });
    }, POLL_MS);
    // A crash of the worker (a throw nothing catches, in a case or in its mock) fails the cases under way with what
    // crashed; the cases left run in a new worker. One with no case under way (the worker's own start) stops the run.
    const crashed = (why: string) => {
      const now = performance.now();
      for (const [id, since] of running) {
        left.delete(id);
        pool.record(crashedCase(pool.byId.get(id), id, now - since, why));
      }
      resolve([...left]);
    };
    worker.on("message", (m: WorkerMessage) => {
      if (settled) return;
      if (m.type === "copy") pool.copies.set(m.key, m.bytes);
      else if (m.type === "started") {
        running.set(m.id, performance.now());
        pool.options.onStart?.(m.id);
      } else if (m.type === "result") {
        running.delete(m.result.id);
        left.delete(m.result.id);
        pool.record(m.result);
      } else if (m.type === "done") settle(() => resolve([]));
      else if (m.type === "crashed")
        settle(() => (running.size ? crashed(m.message) : reject(new Error(`a contract worker failed: ${m.message}`))));
      else if (m.type === "failed")
        settle(() =>
          reject(m.usage ? new WorkerUsageError(m.message) : new Error(`a contract worker failed: ${m.message}`)),
        );
    });
    worker.on("error", (e: Error) =>
      settle(() => (running.size ? crashed(`${e.name}: ${e.message}`.split("\n")[0] as string) : reject(e))),
    );
    // Ended by an interrupt: the results so far stand.
    worker.on("exit", (code) =>
      settle(() => {
        if (pool.options.aborted?.()) resolve([]);
        else if (running.size) crashed(`its worker exited (status ${code})`);
        else reject(new Error(`a contract worker exited (status ${code}) before it finished`));
      }),
    );
  });
}

/** A worker's part of the run: its providers, operations and cases. */
function workerTask(
  options: WorkerRunOptions,
  part: { provider: string; operation: string }[],
  ids: string[],
): WorkerTask {
  return {
    dirs: options.dirs,
    providers: [...new Set(part.map((c) => c.provider))],
    operations: [...new Set(part.map((c) => c.operation))],
    ids,
    seed: options.seed,
    runs: options.runs,
    ...(options.propertyTimeLimitMs !== undefined ? { propertyTimeLimitMs: options.propertyTimeLimitMs } : {}),
    concurrency: options.concurrency ?? 8,
  };
}

/** The result of a case that ran past the limit: an error of the suite (it did not end), not a contract that failed. */
function timedOut(c: PlannedCase | undefined, id: string, ms: number, limit: number): CaseResult {
  return {
    id,
    provider: c?.provider ?? "",
    operation: c?.operation ?? "",
    kind: c?.kind ?? "property",
    name: c?.name ?? id,
    status: "error",
    durationMs: Math.round(ms),
    message:
      `did not finish within ${limit / 1000} s: stopped (its worker was ended, and started again on the cases it ` +
      `had left)`,
    source: c?.source ?? { document: "manifest", path: [] },
    statuses: [],
  };
}

function crashedCase(c: PlannedCase | undefined, id: string, ms: number, why: string): CaseResult {
  return {
    ...timedOut(c, id, ms, 0),
    message: `crashed while it ran: ${why} (its worker was started again on the cases it had left)`,
  };
}

/**
 * In a worker: a throw nothing catches (a mock's request handling that breaks on a document's shape) is said to the
 * run, which fails the cases under way with it and starts a new worker, rather than printed as a stack trace.
 */
export function reportCrashes(post: (message: WorkerMessage) => void): void {
  process.on("uncaughtException", (e) => {
    post({ type: "crashed", message: e instanceof Error ? `${e.name}: ${e.message}` : String(e) });
    process.exit(1);
  });
}
