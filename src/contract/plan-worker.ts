// The contract run's plan made in its first worker thread: the worker links the specs and derives every case once,
// posts what the command plans with (each case's id, provider, operation, kind, name and source: a case's function
// cannot cross threads), and then runs the first part of the run from the cases it derived (workers.ts `planner`).
// The command's own thread links nothing: it used to link and derive every case only to know the ids, the sample, the
// shard and the number of workers, and each worker then linked and derived its part again (a quarter of a small run's
// CPU). Ctrl-C or SIGTERM ends the worker at once, whichever step it is at (a signal never waits for the link).
import { Worker } from "node:worker_threads";
import { moduleBeside, workerEnv, workerScript } from "../common/in-worker.js";
import type { ProjectDirs } from "./subjects.js";
import type { PlannedCase, PlanTask, WorkerMessage } from "./workers.js";

export type Plan =
  /** The cases derived, in the suite's order, and the worker that derived them, waiting to be told its part. */
  | { cases: PlannedCase[]; worker: Worker }
  /** The project cannot be tested as it is (subjects.ts SubjectError's message: exit 2); the worker ended. */
  | { problem: string }
  /** Interrupted at that step; the worker ended. */
  | { interrupted: "linking the specs" | "deriving the cases" };

/**
 * The plan of a run of `providers`, made in a worker. `signal`: Ctrl-C or SIGTERM. `workerModule`: worker.ts beside
 * this one (a test gives one of its own).
 */
export function planInWorker(
  dirs: ProjectDirs,
  providers: string[],
  signal: AbortSignal,
  workerModule?: URL,
): Promise<Plan> {
  const entry = workerScript(workerModule ?? moduleBeside(import.meta.url, "worker"));
  const task: PlanTask = { plan: true, dirs, providers };
  const worker = new Worker(entry.script, {
    eval: entry.eval,
    ...(entry.argv ? { argv: entry.argv } : {}),
    workerData: task,
    ...workerEnv(),
  });
  let step: "linking the specs" | "deriving the cases" = "linking the specs";
  return new Promise<Plan>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void, keep = false) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener("abort", abort);
      worker.off("message", message);
      worker.off("error", failed);
      worker.off("exit", exited);
      if (keep) outcome();
      else void worker.terminate().then(outcome, outcome);
    };
    const abort = () => settle(() => resolve({ interrupted: step }));
    const message = (m: WorkerMessage) => {
      if (m.type === "linked") step = "deriving the cases";
      else if (m.type === "planned") {
        // Until told its part (workers.ts refs it again), the worker holds no process open: a command that ends
        // before its cases run (a throw) still exits.
        worker.unref();
        settle(() => resolve({ cases: m.cases, worker }), true);
      } else if (m.type === "failed" && m.subject) settle(() => resolve({ problem: m.message }));
      else if (m.type === "failed" || m.type === "crashed")
        settle(() => reject(new Error(`a contract worker failed: ${m.message}`)));
    };
    const failed = (e: Error) => settle(() => reject(e));
    const exited = (code: number) =>
      settle(() => reject(new Error(`a contract worker exited (status ${code}) before it planned the run`)));
    if (signal.aborted) return abort();
    signal.addEventListener("abort", abort, { once: true });
    worker.on("message", message);
    worker.on("error", failed);
    worker.on("exit", exited);
  });
}
