// Long synchronous work run in a worker thread, so that the command's own thread stays free: it prints the work's
// progress, and Ctrl-C or SIGTERM ends the worker at once. A signal handler runs only when the event loop turns,
// which one synchronous call of a minute (drafting a whole published API of 22,000 operations) never lets it do.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
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
 * Arguments and value cross threads as structured clones (plain data).
 */
export function inWorker<T>(module: URL, name: string, args: unknown[], options: InWorkerOptions = {}): Promise<T> {
  const { signal, onProgress, revive = revived } = options;
  if (signal?.aborted) return Promise.reject(signal.reason);
  const entry = workerScript(moduleBeside(import.meta.url, "worker-call"));
  const worker = new Worker(entry.script, { eval: entry.eval, workerData: { module: module.href, name, args } });
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener("abort", abort);
      void worker.terminate();
      outcome();
    };
    const abort = () => settle(() => reject(signal?.reason));
    signal?.addEventListener("abort", abort, { once: true });
    worker.on("message", (m: WorkerCallMessage) => {
      if (m.type === "progress") onProgress?.(m.text);
      else if (m.type === "done") settle(() => resolve(m.value as T));
      else settle(() => reject(revive(m.error)));
    });
    worker.on("error", (e) => settle(() => reject(e)));
    worker.on("exit", (code) => settle(() => reject(new Error(`the worker thread of ${name} ended (${code})`))));
  });
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
 * How a worker runs the module at `url`: the build's JavaScript as it is; or, under the test runner, the TypeScript
 * source loaded through tsx's loader (a development dependency: the sources only run in development).
 */
export function workerScript(url: URL): { script: string | URL; eval: boolean } {
  if (!url.pathname.endsWith(".ts")) return { script: url, eval: false };
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
