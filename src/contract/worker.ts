// A worker thread of the contract run (workers.ts starts it): links its
// providers, derives their cases, keeps those it was given, starts mocks of
// its providers only, runs the cases and posts each result as it finishes
// (as JSON data, what the reports show of it: an input may hold bytes).
// The worker that plans a run (plan-worker.ts) links and derives every
// provider the command names, posts the cases' plan, and runs the part it is
// then told to from what it derived: the specs linked once in the run.
import { parentPort, workerData } from "node:worker_threads";
import { fieldOf } from "@blockwright/runtime/internal";
import type { LinkedSubject } from "../load/linked-subject.js";
import { MockStartError, startMocks } from "../mocks/mocks.js";
import { shareCopies } from "../mocks/prepared/handed-copies.js";
import { BrokenPackage } from "../registry/registry.js";
import { deriveCases } from "./derive.js";
import { runCases } from "./run.js";
import { linkedSubjects, loadSubjects, SubjectError } from "./subjects.js";
import type { ContractCase, Subject } from "./types.js";
import { type PlanTask, reportCrashes, type WorkerCommand, type WorkerMessage, type WorkerTask } from "./workers.js";

const given = workerData as WorkerTask | PlanTask;
const port = parentPort;
const post = (message: WorkerMessage) => port?.postMessage(message);
let stopped = false;
/** A planning worker's part, once the command has planned the run from the cases it posted. */
let told: (task: WorkerTask) => void = () => {};
const part = new Promise<WorkerTask>((resolve) => (told = resolve));
port?.on("message", (m: WorkerCommand) => {
  if (m.type === "stop") stopped = true;
  else told(m.task);
});
reportCrashes(post);

try {
  let task: WorkerTask;
  let subjects: Subject[];
  let cases: ContractCase[];
  if ("plan" in given) {
    subjects = await loadSubjects(given.dirs, given.providers);
    post({ type: "linked" });
    cases = subjects.flatMap((s) => deriveCases(s));
    post({
      type: "planned",
      cases: cases.map(({ id, provider, operation, kind, name, source }) => ({
        id,
        provider,
        operation,
        kind,
        name,
        source,
      })),
    });
    task = await part;
  } else {
    task = given;
    // Only its part's operations are derived: a provider split between workers is derived by halves.
    const operations = new Set(task.operations);
    subjects = await loadSubjects(task.dirs, task.providers);
    cases = subjects.flatMap((s) => deriveCases(s, operations));
  }
  const ids = new Set(task.ids);
  // Its mocks serve what its part's cases call, those run already too: a worker started again reads the copy the
  // first made (mocks/prepared/handed-copies.ts), which serves the same.
  const partIds = new Set(task.partIds ?? task.ids);
  const linked = linkedSubjects(
    subjects,
    task.providers,
    cases.filter((c) => partIds.has(c.id)),
  );
  cases = cases.filter((c) => ids.has(c.id));
  if (cases.length !== ids.size) throw new Error(`derived ${cases.length} of the ${ids.size} cases it was given`);
  shareCopies(task.copies ?? new Map(), (key, bytes) => post({ type: "copy", key, bytes }));
  // Stopped while it was starting (Ctrl-C, or --max-failures reached in another worker): no mock to start.
  if (!stopped) await runWithMocks(task, cases, linked);
  post({ type: "done" });
} catch (e) {
  const usage = e instanceof MockStartError;
  // A generated package that cannot be loaded (the runtime not installed, a file edited by hand) is the project's
  // to mend, as a spec that does not link is: its message, exit 2, no stack.
  const subject = e instanceof SubjectError || e instanceof BrokenPackage;
  post({
    type: "failed",
    message: e instanceof Error ? (usage || subject ? e.message : (e.stack ?? e.message)) : String(e),
    usage,
    ...(subject ? { subject } : {}),
  });
}

async function runWithMocks(
  task: WorkerTask,
  cases: ContractCase[],
  linked: Record<string, LinkedSubject>,
): Promise<void> {
  // Quiet mocks: the report quotes every violation they find.
  // The run's seed draws the mocks' answers too: the same in every worker, whatever their number.
  const options = {
    root: task.dirs.root,
    specsDir: task.dirs.specs,
    logLevel: "silent",
    seed: task.seed,
    linked,
  } as const;
  const mocks = await startMocks(task.providers, options);
  // Stateful mocks (round trips) only when a case asks: most runs have none.
  const stateful = new Map<string, ReturnType<typeof startMocks>>();
  const statefulMockUrl = async (p: string) => {
    let started = stateful.get(p);
    if (!started) stateful.set(p, (started = startMocks([p], { ...options, state: {}, log: () => {} })));
    return fieldOf((await started).urls, p);
  };
  try {
    await runCases(
      cases,
      {
        mockUrl: (p) => fieldOf(mocks.urls, p),
        statefulMockUrl,
        seed: task.seed,
        runs: task.runs,
        ...(task.propertyTimeLimitMs !== undefined ? { propertyTimeLimitMs: task.propertyTimeLimitMs } : {}),
      },
      {
        concurrency: task.concurrency,
        onStart: (c) => post({ type: "started", id: c.id }),
        onResult: (result) => post({ type: "result", result: JSON.parse(JSON.stringify(result)) }),
        stopped: () => stopped,
      },
    );
  } finally {
    await Promise.allSettled([mocks.close(), ...[...stateful.values()].map(async (s) => (await s).close())]);
  }
}
