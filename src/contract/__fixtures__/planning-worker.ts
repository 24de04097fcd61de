// A contract worker for plan-worker's tests, told what to do by the provider it is to plan: `zqlinking` computes
// without end in its link, `zqderiving` after it said it linked; `zqstale` finds the project's package out of date;
// `zqplan` plans the case `zq-planned` and runs the part it is then told to, its results named "by the planner". Started
// on a part of its own (not to plan), it names its results "by a new worker".
import { writeFileSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import type { PlanTask, WorkerCommand, WorkerMessage, WorkerTask } from "../workers.js";
import { plannedCase, spinning } from "./planned-cases.js";

const post = (message: WorkerMessage) => parentPort?.postMessage(message);
const given = workerData as PlanTask | WorkerTask;

const run = (ids: string[], by: string) => {
  for (const id of ids) {
    post({ type: "started", id });
    const result = { id, provider: "zqp", operation: "zqp_op", kind: "example", name: by, status: "passed" } as const;
    post({
      type: "result",
      result: { ...result, durationMs: 1, source: { document: "manifest", path: [] }, statuses: [] },
    });
  }
  post({ type: "done" });
};

const spin = () => {
  writeFileSync(spinning(given.dirs.root), "");
  // A loop that never yields: only the thread's end stops it.
  for (let i = 0; i >= 0; i = (i + 1) % 2);
};

if (!("plan" in given)) run(given.ids, "by a new worker");
else if (given.providers.includes("zqlinking")) spin();
else if (given.providers.includes("zqderiving")) {
  post({ type: "linked" });
  spin();
} else if (given.providers.includes("zqstale"))
  post({
    type: "failed",
    message: "generated/zqstale is out of date with its specs (zq_op): run blockwright generate",
    usage: false,
    subject: true,
  });
else {
  post({ type: "linked" });
  post({ type: "planned", cases: [plannedCase("zq-planned")] });
  parentPort?.on("message", (m: WorkerCommand) => {
    if (m.type === "run") run(m.task.ids, "by the planner");
  });
}
