// A contract worker for workers' tests: one case whose id names `zqstall` never ends, and while such a case is in
// the worker the others, started half a second later, wait on it too (as cases behind a thread another one holds).
import { parentPort, workerData } from "node:worker_threads";
import type { WorkerMessage, WorkerTask } from "../workers.js";

const post = (message: WorkerMessage) => parentPort?.postMessage(message);
const { ids } = workerData as WorkerTask;
const stalls = (id: string) => id.includes("zqstall");
if (ids.some(stalls)) {
  for (const id of ids.filter(stalls)) post({ type: "started", id });
  setTimeout(() => {
    for (const id of ids.filter((id) => !stalls(id))) post({ type: "started", id });
  }, 500);
  // Held: a worker with nothing to wait on would exit, which the run reads as a crash.
  setInterval(() => {}, 60_000);
} else {
  for (const id of ids) {
    post({ type: "started", id });
    const result = { id, provider: "zqp", operation: "zqp_op", kind: "example", name: id, status: "passed" } as const;
    post({
      type: "result",
      result: { ...result, durationMs: 1, source: { document: "manifest", path: [] }, statuses: [] },
    });
  }
  post({ type: "done" });
}
