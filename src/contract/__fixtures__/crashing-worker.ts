// A contract worker for workers' tests: reports each case it is given as passed, but one whose id names
// `zqcrash` throws where nothing catches it (as a mock's request handling broke on a document's shape).
import { parentPort, workerData } from "node:worker_threads";
import { reportCrashes, type WorkerMessage, type WorkerTask } from "../workers.js";

const post = (message: WorkerMessage) => parentPort?.postMessage(message);
reportCrashes(post);
const { ids } = workerData as WorkerTask;
for (const id of ids) {
  post({ type: "started", id });
  if (id.includes("zqcrash")) {
    setTimeout(() => {
      throw new TypeError("Cannot read properties of null (reading 'split')");
    }, 5);
    await new Promise(() => {});
  }
  const result = { id, provider: "zqp", operation: "zqp_op", kind: "example", name: id, status: "passed" } as const;
  post({
    type: "result",
    result: { ...result, durationMs: 1, source: { document: "manifest", path: [] }, statuses: [] },
  });
}
post({ type: "done" });
