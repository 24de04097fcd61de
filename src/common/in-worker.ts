// Long synchronous work run in a worker thread, so that the command's own thread stays free: it prints the work's
// progress, and Ctrl-C or SIGTERM ends the worker at once. A signal handler runs only when the event loop turns,
// which one synchronous call of a minute (drafting a whole published API of 22,000 operations) never lets it do.
import { readFileSync } from "node:fs";
import module, { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

/** What worker-call.ts posts. */
export type WorkerCallMessage =
  | { type: "progress"; text: string }
  | { type: "done"; value: unknown }
  | { type: "failed"; error: FailedCall };

/** An error thrown in the worker, as data: its class's name, message, stack and own fields (a code, a place). */
export interface FailedCall {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, unknown>;
}

export interface InWorkerOptions {
  signal?: AbortSignal;
  onProgress?: (text: string) => void;
  /** The error to throw for one thrown in the worker (its class cannot cross threads); by default an Error. */
  revive?: (failed: FailedCall) => Error;
}

/**
 * Calls the export `name` of the module `module` (a sibling's URL: moduleBeside) with `args` and a progress function
 * in a worker thread, and gives its value. The signal's abort ends the worker at once and rejects with its reason.
 * Arguments and value cross threads as structured clones (plain data). A worker whose call ended (its value or its
 * error) waits for the process's next call, unreferenced: add's draft and its link check share one, which loads the
 * linker once (0.17 s of CPU a thread on the build; 0.65 s on the sources, in a test, where every `add` made two).
 */
export function inWorker<T>(module: URL, name: string, args: unknown[], options: InWorkerOptions = {}): Promise<T> {
  const { signal, onProgress, revive = revived } = options;
  if (signal?.aborted) return Promise.reject(signal.reason);
  const worker = idle.pop() ?? newWorker();
  worker.ref();
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void, reusable: boolean) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener("abort", abort);
      worker.off("message", message);
      worker.off("error", failed);
      worker.off("exit", exited);
      if (reusable) {
        worker.unref();
        idle.push(worker);
      } else void worker.terminate();
      outcome();
    };
    const abort = () => settle(() => reject(signal?.reason), false);
    const message = (m: WorkerCallMessage) => {
      if (m.type === "progress") onProgress?.(m.text);
      else if (m.type === "done") settle(() => resolve(m.value as T), true);
      else settle(() => reject(revive(m.error)), true);
    };
    const failed = (e: Error) => settle(() => reject(e), false);
    const exited = (code: number) =>
      settle(() => reject(new Error(`the worker thread of ${name} ended (${code})`)), false);
    signal?.addEventListener("abort", abort, { once: true });
    worker.on("message", message);
    worker.on("error", failed);
    worker.on("exit", exited);
    worker.postMessage({ module: module.href, name, args } satisfies WorkerCall);
  });
}

/** What in-worker.ts posts to worker-call.ts: one call. */
export interface WorkerCall {
  module: string;
  name: string;
  args: unknown[];
}

/** Workers whose last call ended, waiting for the next (a worker takes one call at a time). */
const idle: Worker[] = [];

function newWorker(): Worker {
  const entry = workerScript(moduleBeside(import.meta.url, "worker-call"));
  const worker = new Worker(entry.script, {
    eval: entry.eval,
    ...(entry.argv ? { argv: entry.argv } : {}),
    ...workerEnv(),
  });
  // A worker that fails or ends while it waits is no longer offered.
  const drop = () => {
    const at = idle.indexOf(worker);
    if (at >= 0) idle.splice(at, 1);
  };
  worker.on("error", drop);
  worker.on("exit", drop);
  return worker;
}

function revived(failed: FailedCall): Error {
  const e = new Error(failed.message);
  e.name = failed.name;
  if (failed.stack) e.stack = failed.stack;
  return e;
}

/** The URL of the module `name` beside `here` (an import.meta.url): JavaScript built, TypeScript in development. */
export function moduleBeside(here: string, name: string): URL {
  return new URL(`./${name}${here.endsWith(".ts") ? ".ts" : ".js"}`, here);
}

/**
 * The environment a worker thread starts with: the process's, and the folder of Node's compile cache when this thread
 * turned it on. Node reads NODE_COMPILE_CACHE from a worker's own environment at its start, and
 * `module.enableCompileCache()` (bin/blockwright.js) sets no variable: without it, a contract worker compiled every
 * module it loaded (Prism's bundle, the generator, the runtime) anew at each run. The folder is the one the flags
 * name (V8's flags are the process's, the same in every thread), so the threads share their cached code.
 */
export function workerEnv(): { env?: NodeJS.ProcessEnv } {
  const dir = (module as { getCompileCacheDir?: () => string | undefined }).getCompileCacheDir?.();
  if (dir === undefined || process.env.NODE_COMPILE_CACHE !== undefined) return {};
  // getCompileCacheDir gives the flags' own folder inside the one asked for, which a worker names again the same way.
  return { env: { ...process.env, NODE_COMPILE_CACHE: dirname(dir) } };
}

/** A worker's script, evaluated or a file's address, and its arguments (`new Worker`'s `argv`). */
export interface WorkerScript {
  script: string | URL;
  eval: boolean;
  argv?: string[];
}

/**
 * How a worker runs the module at `url`: the build's JavaScript, the build's own modules found by their address in
 * the thread as in the command's (start/own-resolve.ts: a hook is the thread's own); or, under the test runner, the
 * TypeScript source loaded through tsx's loader (a development dependency: the sources only run in development).
 */
export function workerScript(url: URL): WorkerScript {
  if (!url.pathname.endsWith(".ts")) return builtWorkerScript(url);
  // tsx's ESM API, found through its package.json (require.resolve would give its CommonJS build).
  const manifest = createRequire(import.meta.url).resolve("tsx/package.json");
  const api =
    (JSON.parse(readFileSync(manifest, "utf8")) as { exports: Record<string, { import: { default: string } }> })
      .exports["./esm/api"]?.import.default ?? "";
  const tsx = pathToFileURL(join(dirname(manifest), api)).href;
  return {
    script:
      `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); ` +
      "});",
    eval: true,
  };
}

/** A built worker's script: start/worker-start.js, which sets own-resolve.ts's hooks, then imports `url`. */
function builtWorkerScript(url: URL): WorkerScript {
  // This module's folder's parent: the build's dist/ (under the test runner, src/, whose workers are TypeScript).
  const dist = new URL("../", import.meta.url).href;
  if (!url.href.startsWith(dist) || !import.meta.url.endsWith(".js")) return { script: url, eval: false };
  return { script: new URL("./start/worker-start.js", import.meta.url), eval: false, argv: [url.href] };
}
