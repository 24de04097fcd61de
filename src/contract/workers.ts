// The contract run over worker threads: the suite split by provider and
// operation (shards.ts), each part run by a worker thread that links its
// providers' specs again, derives their cases, keeps its part's, and starts
// mocks of its own providers only. Case functions cannot cross threads; case
// ids and plain results can. Results come back as they finish (for progress
// and --max-failures) and are returned in the suite's order, so the report
// is the same whatever the number of workers; property cases draw from
// their own seeds (kinds/property.ts caseSeed), so are the inputs.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { CaseResult } from "./run.js";
import { partition } from "./shards.js";
import type { ProjectDirs } from "./subjects.js";
import type { ContractCase, ResultKind } from "./types.js";

/** What a worker is given. */
export interface WorkerTask {
  dirs: ProjectDirs;
  /** The providers of its part: it links these and starts their mocks. */
  providers: string[];
  /** The ids of its cases. */
  ids: string[];
  seed: number;
  runs: number;
  /** Cases under way at once inside the worker. */
  concurrency: number;
}

/** What a worker says: each result as it comes, then done; or why it could not run. */
export type WorkerMessage = { type: "result"; result: CaseResult } | { type: "done" } | { type: "failed"; message: string; usage: boolean };

/** What a worker is told. */
export type WorkerCommand = { type: "stop" };

/** A worker's failure to start its mocks for a reason the user can fix (exit status 2). */
export class WorkerUsageError extends Error {}

export interface WorkerRunOptions {
  dirs: ProjectDirs;
  seed: number;
  runs: number;
  workers: number;
  /** Cases under way at once in each worker. */
  concurrency?: number;
  onResult?: (result: CaseResult) => void;
  /** Polled while cases run: true stops every worker (cases under way finish and are reported). */
  stopped?: () => boolean;
}

/** How often `stopped` is polled when no result arrives. */
const POLL_MS = 100;

/** Results in the order of `cases`; a stopped run returns the results of the cases that ran. */
export async function runInWorkers(cases: readonly Pick<ContractCase<ResultKind>, "id" | "provider" | "operation">[], options: WorkerRunOptions): Promise<CaseResult[]> {
  const order = new Map(cases.map((c, i) => [c.id, i]));
  const parts = partition(cases, options.workers).filter((part) => part.length);
  const results: CaseResult[] = [];
  const workers = parts.map((part) => {
    const task: WorkerTask = { dirs: options.dirs, providers: [...new Set(part.map((c) => c.provider))], ids: part.map((c) => c.id), seed: options.seed, runs: options.runs, concurrency: options.concurrency ?? 8 };
    const entry = workerEntry();
    return new Worker(entry.script, { eval: entry.eval, workerData: task });
  });
  let stopSent = false;
  const stopAll = () => {
    if (stopSent) return;
    stopSent = true;
    for (const w of workers) w.postMessage({ type: "stop" } satisfies WorkerCommand);
  };
  const poll = setInterval(() => options.stopped?.() && stopAll(), POLL_MS);
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            let finished = false;
            worker.on("message", (m: WorkerMessage) => {
              if (m.type === "result") {
                results.push(m.result);
                options.onResult?.(m.result);
                if (options.stopped?.()) stopAll();
              } else if (m.type === "done") {
                finished = true;
                resolve();
              } else {
                finished = true;
                reject(m.usage ? new WorkerUsageError(m.message) : new Error(`a contract worker failed: ${m.message}`));
              }
            });
            worker.on("error", reject);
            worker.on("exit", (code) => (finished ? undefined : reject(new Error(`a contract worker exited (status ${code}) before it finished`))));
          }),
      ),
    );
  } finally {
    clearInterval(poll);
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return results.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}

/**
 * The worker's module beside this one: the build's JavaScript; or, under the
 * test runner, the TypeScript source loaded through tsx's loader (a
 * development dependency: the sources only run in development).
 */
function workerEntry(): { script: string | URL; eval: boolean } {
  if (!import.meta.url.endsWith(".ts")) return { script: new URL("./worker.js", import.meta.url), eval: false };
  // tsx's ESM API, found through its package.json (require.resolve would give its CommonJS build).
  const manifest = createRequire(import.meta.url).resolve("tsx/package.json");
  const api = (JSON.parse(readFileSync(manifest, "utf8")) as { exports: Record<string, { import: { default: string } }> }).exports["./esm/api"]?.import.default ?? "";
  const tsx = pathToFileURL(join(dirname(manifest), api)).href;
  const worker = new URL("./worker.ts", import.meta.url).href;
  return { script: `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(worker)}); });`, eval: true };
}
