// The worker's side of in-worker.ts: calls the named export of a module with the arguments and a progress function,
// and posts its value, or the error it threw as data.
import { parentPort, workerData } from "node:worker_threads";
import type { FailedCall, WorkerCallMessage } from "./in-worker.js";

const { module, name, args } = workerData as { module: string; name: string; args: unknown[] };
const post = (message: WorkerCallMessage) => parentPort?.postMessage(message);

try {
  const exported = (await import(module)) as Record<string, (...args: unknown[]) => unknown>;
  const call = exported[name];
  if (typeof call !== "function") throw new Error(`${module} exports no function ${name}`);
  post({ type: "done", value: await call(...args, (text: string) => post({ type: "progress", text })) });
} catch (e) {
  post({ type: "failed", error: failedCall(e) });
}

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
