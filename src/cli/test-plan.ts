// `blockwright test`'s suite before it runs: the specs linked and every case derived, in the command's thread or, for
// a run on the command's own mocks in workers (every run of the command as a process but --list and --replay), in the
// worker that then runs the first part (contract/plan-worker.ts): the specs linked once a run, not in both threads.
import type { Worker } from "node:worker_threads";
import type { CaseResult } from "../contract/run.js";
import type { ProjectDirs } from "../contract/subjects.js";
import type { ContractCase, ResultKind, Subject } from "../contract/types.js";
import type { PlannedCase } from "../contract/workers.js";
import type { CliIo } from "./support/io.js";

/** The suite derived: its cases, and the linked specs (this thread's) or the worker that linked them. */
export type Derived =
  | { cases: ContractCase<ResultKind>[]; subjects: Subject[] }
  | { cases: PlannedCase[]; planner: Worker };

/**
 * Ctrl-C or SIGTERM: linking the specs and deriving the cases stop between their steps (they compute without waiting,
 * so the event loop is given a turn there), or end the worker that does them; once cases run, the report says what
 * ran.
 */
export function watchInterrupt(io: CliIo) {
  const controller = new AbortController();
  let signal: unknown;
  void io.interrupted.then((s) => {
    signal = s;
    controller.abort();
  });
  const exitCode = () => (signal === "SIGTERM" ? 143 : 130);
  return {
    signal: controller.signal,
    exitCode,
    early(what: string): number {
      io.stderr.write(`blockwright test: interrupted while ${what}; no case ran, no report written\n`);
      return exitCode();
    },
  };
}

export type Interrupt = ReturnType<typeof watchInterrupt>;

/**
 * The suite of `providers` derived (in a worker when `inWorker`), or the exit status of a run that ends here: 2 for
 * specs that do not generate or packages missing or stale, 130 or 143 interrupted (the same lines in both ways).
 */
export async function derivedSuite(
  io: CliIo,
  dirs: ProjectDirs,
  providers: string[],
  stop: Interrupt,
  options: { inWorker: boolean; replayed?: (subjects: Subject[]) => Promise<ContractCase<ResultKind>[]> },
): Promise<Derived | number> {
  const problem = (message: string) => {
    io.stderr.write(`blockwright test: ${message}\n`);
    return 2;
  };
  if (options.inWorker) {
    const { planInWorker } = await import("../contract/plan-worker.js");
    const plan = await planInWorker(dirs, providers, stop.signal);
    if ("interrupted" in plan) return stop.early(plan.interrupted);
    if ("problem" in plan) return problem(plan.problem);
    return { cases: plan.cases, planner: plan.worker };
  }
  const { loadSubjects, SubjectError } = await import("../contract/subjects.js");
  let subjects: Subject[];
  try {
    subjects = await loadSubjects(dirs, providers, stop.signal);
  } catch (e) {
    if (stop.signal.aborted) return stop.early("linking the specs");
    if (e instanceof SubjectError) return problem(e.message);
    throw e;
  }
  const cases = options.replayed ? await options.replayed(subjects) : await derivedCases(subjects, stop.signal);
  if (cases === undefined) return stop.early("deriving the cases");
  return { cases, subjects };
}

/** The suite derived from the linked specs, paced so that Ctrl-C stops it between steps (then undefined). */
async function derivedCases(subjects: Subject[], signal: AbortSignal): Promise<ContractCase<ResultKind>[] | undefined> {
  const { deriveCasesPaced } = await import("../contract/derive.js");
  const { pacer } = await import("../common/checkpoint.js");
  try {
    return await deriveCasesPaced(subjects, pacer(signal));
  } catch (e) {
    if (signal.aborted) return undefined;
    throw e;
  }
}

/**
 * The manifest or spec line of each case that did not pass, for the reports. A suite derived in a worker has no linked
 * specs in this thread: the providers of the failures are linked here then, and a passing run links nothing.
 */
export async function locateFailed(
  derived: Derived,
  dirs: ProjectDirs,
  results: CaseResult[],
  signal: AbortSignal,
): Promise<void> {
  const { locateFailures } = await import("../contract/report/locate-failures.js");
  if ("subjects" in derived) return locateFailures(derived.subjects, results, signal);
  const failed = [...new Set(results.filter((r) => r.status !== "passed" && !r.at).map((r) => r.provider))];
  if (!failed.length || signal.aborted) return;
  const { loadSubjects, SubjectError } = await import("../contract/subjects.js");
  let subjects: Subject[];
  try {
    subjects = await loadSubjects(dirs, failed.sort(), signal);
  } catch (e) {
    // Stopped, or the specs changed under the run since its worker linked them: the places are left out.
    if (signal.aborted || e instanceof SubjectError) return;
    throw e;
  }
  await locateFailures(subjects, results, signal);
}
