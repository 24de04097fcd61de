// The worker's side of in-worker.ts: for each call posted to it, one at a time, calls the named export of a module
// with the arguments and a progress function, and posts its value, or the error it threw as data.
import { parentPort } from "node:worker_threads";
import type { FailedCall, WorkerCall, WorkerCallMessage } from "./in-worker.js";

const post = (message: WorkerCallMessage) => parentPort?.postMessage(message);

parentPort?.on("message", async ({ module, name, args }: WorkerCall) => {
  try {
    const exported = (await import(module)) as Record<string, (...args: unknown[]) => unknown>;
    const call = exported[name];
    if (typeof call !== "function") throw new Error(`${module} exports no function ${name}`);
    post({ type: "done", value: await call(...args, (text: string) => post({ type: "progress", text })) });
  } catch (e) {
    post({ type: "failed", error: failedCall(e) });
  }
});

function failedCall(e: unknown): FailedCall {
  if (!(e instanceof Error)) return { name: "Error", message: String(e), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(e)) {
    try {
      fields[key] = structuredClone(value);
    } catch {
      // A field that cannot cross threads is left out.
    }
  }
  return { name: e.name, message: e.message, ...(e.stack ? { stack: e.stack } : {}), fields };
}
