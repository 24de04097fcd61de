// A contract worker for the handed copies' test (handed-copies.test.ts): it starts the mock of the linked provider
// `zqcrate` in its project (`dirs`) as the real worker does, from the copies the run handed it, and answers one request;
// a case whose id names `zqstall` never ends in a worker that made its copy (the run ends that worker and starts
// another on the cases left). Each result is named by how many copies its worker made and the mock's status.
import { parse } from "yaml";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { linkProvider } from "../../emit/link-provider.js";
import { startMocks } from "../../mocks/mocks.js";
import { shareCopies } from "../../mocks/prepared/handed-copies.js";
import type { WorkerMessage, WorkerTask } from "../workers.js";

const post = (message: WorkerMessage) => parentPort?.postMessage(message);
const task = workerData as WorkerTask;
let made = 0;
shareCopies(task.copies ?? new Map(), (key, bytes) => {
  made++;
  post({ type: "copy", key, bytes });
});
const dir = join(task.dirs.specs, "zqcrate");
const linked = await linkProvider(task.dirs.root, dir);
const zqcrate = {
  document: linked.document,
  manifest: parse(readFileSync(join(dir, "manifest.yaml"), "utf8")),
  tools: linked.ir.operations.map((o) => o.tool),
};
const mocks = await startMocks(["zqcrate"], { specsDir: task.dirs.specs, logLevel: "silent", linked: { zqcrate } });
const response = await fetch(`${mocks.urls.zqcrate}/zqcrates`, {
  headers: { accept: "application/json", "x-zq-key": "zq-key-1" },
});
const answer = await response.text();
await mocks.close();
// Held when it stalls: a worker with nothing to wait on would exit, which the run reads as a crash.
const stalls = task.ids.some((id) => id.includes("zqstall")) && made > 0;
if (stalls) setInterval(() => {}, 60_000);
for (const id of task.ids) {
  if (stalls) {
    if (id.includes("zqstall")) post({ type: "started", id });
  } else {
    post({ type: "started", id });
    const name = `made ${made}, answered ${response.status} ${answer}`;
    const result = {
      id,
      provider: "zqcrate",
      operation: "zqcrate_list",
      kind: "example" as const,
      name,
      status: "passed" as const,
    };
    post({
      type: "result",
      result: { ...result, durationMs: 1, source: { document: "manifest", path: [] }, statuses: [] } as const,
    });
  }
}
if (!stalls) post({ type: "done" });
