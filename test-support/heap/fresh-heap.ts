// A worker thread of its own for the tests that measure what V8 does with a step's objects (heap-measures.ts): each
// of those measures forces full collections (heldThroughScavenges's gc(), the sampling heap profiler's stop), whose
// cost is the size of the heap they mark. A Vitest worker holds every module and fixture of the files it ran before
// (`isolate: false`: 0.5 to 1.5 GB late in a whole run), and its full collections made these three files 14 s of CPU
// each; a thread's isolate has a heap of its own, its modules only (docs/contributing/performance.md, the twenty-ninth
// round). The step runs in the thread: the export `name` of the module at `module` (TypeScript, through tsx), its
// value a structured clone. The files a Vitest worker runs share its one thread (the forty-second round: each file's
// own thread loaded tsx and the generator's modules again); what a step leaves alive there can only add to a later
// step's count, never hide one.
import { Worker } from "node:worker_threads";
import type { WorkerCall, WorkerCallMessage } from "../../src/common/in-worker.js";
import { workerEnv, workerScript } from "../../src/common/in-worker.js";

export interface FreshHeap {
  /** The value of `name(...args)` exported by the module at `module`, called in the thread. */
  call<T>(module: URL, name: string, ...args: unknown[]): Promise<T>;
  /** Ends the thread (afterAll). */
  close(): Promise<void>;
}

/**
 * The thread the files of one Vitest worker share (`isolate: false` keeps this module for them): started on the first
 * call, unref'd so that it holds no worker open; each thread paid tsx's load and the generator's modules again.
 */
let shared: { worker: Worker; queue: Promise<unknown> } | undefined;

/** The worker's one thread, started on the first call; calls run one after the other. */
export function freshHeap(): FreshHeap {
  const started = () => {
    if (shared) return shared;
    const entry = workerScript(new URL("../../src/common/worker-call.ts", import.meta.url));
    const worker = new Worker(entry.script, { eval: entry.eval, ...workerEnv() });
    worker.unref();
    const thread = { worker, queue: Promise.resolve() as Promise<unknown> };
    worker.on("exit", () => {
      if (shared === thread) shared = undefined;
    });
    shared = thread;
    return thread;
  };
  const once = <T>(thread: Worker, call: WorkerCall) =>
    new Promise<T>((resolve, reject) => {
      const settle = (outcome: () => void) => {
        thread.off("message", message).off("error", reject).off("exit", exited);
        outcome();
      };
      const message = (m: WorkerCallMessage) => {
        if (m.type === "done") settle(() => resolve(m.value as T));
        else if (m.type === "failed") settle(() => reject(Object.assign(new Error(m.error.message), m.error)));
      };
      const exited = (code: number) => settle(() => reject(new Error(`the heap's thread ended (${code})`)));
      thread.on("message", message).on("error", reject).on("exit", exited);
      thread.postMessage(call);
    });
  return {
    call<T>(module: URL, name: string, ...args: unknown[]) {
      const thread = started();
      const next = thread.queue.then(() => once<T>(thread.worker, { module: module.href, name, args }));
      thread.queue = next.catch(() => undefined);
      return next;
    },
    // The thread stays for the worker's next file (unref'd: it ends with the worker).
    async close() {},
  };
}
