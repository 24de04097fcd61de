// `blockwright test [provider...]`: the contract suite derived from the
// project's own specs, run on Prism mocks of them.
import { availableParallelism } from "node:os";
import type { Worker } from "node:worker_threads";
import type { CaseResult } from "../contract/run.js";
import { resolve } from "node:path";
import type { ContractCase, ResultKind, Subject } from "../contract/types.js";
import type { PlannedCase } from "../contract/workers.js";
import {
  parseArgs,
  positiveInteger,
  PROJECT_OPTIONS,
  projectDirs,
  projectProviders,
  stringOption,
  type Options,
} from "./support/args.js";
import { progressOf, startCommandMocks, UsageError, type CliIo } from "./support/io.js";
import {
  ageOption,
  casesPerOperationOption,
  failureCap,
  runSeed,
  sampledSuite,
  secondsOption,
  shardOption,
} from "./support/test-options.js";
import { derivedSuite, locateFailed, watchInterrupt } from "./test-plan.js";

export const USAGE = `Usage: blockwright test [provider...] [--reporter <r> [--output <file>]]... \
[--seed <n>] [--runs <n>] [--property-time-limit <s>] [--max-failures <n>] [--workers <n>] [--cases-per-operation \
<n|all>] [--shard <i>/<n>] [--replay <dir> [--max-age <age>]] [--list] [--specs <dir>] [--out <dir>]

Run the contract suite derived from the specs on Prism mocks of them: every
named example, every limit at its boundary and one step past it, every enum
value (32 of a longer enum, drawn by a fixed seed), every cross-field rule
both ways, every declared error status, a call without credential, the
captured request itself, scenarios (polling, 429 then 200, 5xx on a POST),
and random valid and invalid inputs (fast-check).
Tests the generated packages in --out; they must be up to date with --specs.
Progress goes to stderr: a status line on a terminal, plain lines otherwise.

  --reporter <r>    text (default), json (every case in full: what report
                    merge joins), junit, ctrf, github (an ::error annotation
                    per failure at its manifest or spec line, and a Markdown
                    summary appended to $GITHUB_STEP_SUMMARY when set),
                    markdown, or html (one offline page: coverage per
                    operation, each failure with its input, the mock's
                    answer and a command that reproduces it); repeatable
  --output <file>   write the report of the --reporter before it there
                    (without one, it goes to stdout: one report at most);
                    the text report then goes to stderr
  --seed <n>        seed of the random inputs and of the answers the mocks
                    draw from schemas (default: a new one, printed)
  --runs <n>        random inputs per property (default 100; 20 in a
                    sampled run, see --cases-per-operation)
  --property-time-limit <s>
                    the most seconds one property takes, its shrinking
                    included, past which its runs so far stand (default
                    30; 0: no limit, for the same report on a slow machine);
                    a property none of whose runs finished by then checked
                    nothing: it could not run (a JUnit <error>), not failed
  --max-failures <n>
                    stop at the n-th contract that failed: no case starts
                    after it, and the report leaves out the cases under way
                    then; a case that could not run is not counted (nothing
                    was checked there: the exit status is 1 all the same),
                    but n in a row (at least 5) that could not run, none
                    passing or failing between them, stop the run too (a
                    worker that crashes on every case, properties none of
                    whose runs ends in time)
  --workers <n>     run the cases in n worker threads, each with mocks of
                    its own providers only (default: one per core, at most
                    4, and one per 300 cases: a worker takes most of a
                    second to start); the report and the random inputs are
                    the same whatever n
  --cases-per-operation <n|all>
                    take at most n cases of each operation, drawn by the
                    seed a kind at a time, so every operation is tested and
                    a run's time grows with the operations (default: every
                    case of a suite of at most 5000, 4 of each operation of
                    a larger one, and 20 runs per property); all: every
                    case
  --shard <i>/<n>   run only the i-th of n parts of the suite (CI): whole
                    providers, or the operations of one too large for a
                    part, balanced by case count; a shard starts only the
                    mocks its cases use
  --replay <dir>    instead of the derived cases on mocks, replay what
                    blockwright verify --record <dir> recorded of the live
                    service, with no network and no credentials: each call
                    must send the requests it recorded, and each recorded
                    answer must still agree with the specs and give the
                    outputs the block promises
  --max-age <age>   with --replay: fail recordings older than this (30d,
                    12h, 90m): the service may have changed since
  --list            print the case ids instead of running them
  --specs <dir>     the specs folder (default ./specs)
  --out <dir>       the generated packages (default ./generated)

Exit status: 0 every case passed, 1 a contract failed or a case could not
run (or --max-failures reached), 2 usage error or invalid inputs (specs
that do not generate, missing or stale packages), 70 internal error (a
bug: please report it), 130 interrupted by Ctrl-C, 143 by SIGTERM (the
report covers the cases that finished; cases under way are stopped at
once).`;

const DEFAULT_RUNS = 100;
/** Runs per property of a sampled suite (contract/shards.ts) unless --runs says. */
const SAMPLED_RUNS = 20;
/** The most --workers takes. */
const MAX_WORKERS = 64;
/** Workers by default: one per core, at most this many. */
const DEFAULT_MAX_WORKERS = 4;
/**
 * Cases a worker must have to be worth starting: each loads the generator and Prism, links its specs, derives
 * its operations' cases and starts its mocks anew (0.6 s of CPU). On two cores, two workers against one:
 * 1.11× the wall time at 311 cases, 0.88× at 653, 0.84× at 1,223 (`npm run bench -- workers`, farm runs).
 */
const CASES_PER_WORKER = 300;

/**
 * One worker per core, at most DEFAULT_MAX_WORKERS, none beyond one per CASES_PER_WORKER cases (a small suite runs in
 * the command's own thread).
 */
function defaultWorkers(cases: number): number {
  return Math.max(1, Math.min(availableParallelism(), DEFAULT_MAX_WORKERS, Math.floor(cases / CASES_PER_WORKER)));
}

/** The options test takes. */
const OPTIONS = {
  ...PROJECT_OPTIONS,
  reporter: { type: "string", multiple: true },
  output: { type: "string", multiple: true },
  seed: { type: "string" },
  runs: { type: "string" },
  "property-time-limit": { type: "string" },
  shard: { type: "string" },
  "max-failures": { type: "string" },
  workers: { type: "string" },
  "cases-per-operation": { type: "string" },
  list: { type: "boolean" },
  replay: { type: "string" },
  "max-age": { type: "string" },
} as const satisfies Options;

export async function run(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, OPTIONS);
  const { checkOutputs, reportersOf, writeReports } = await import("./support/test-reports.js");
  const reporters = reportersOf(args);
  const seed = runSeed(stringOption(args, "seed"));
  const runsOption = positiveInteger(stringOption(args, "runs"), "--runs");
  const propertyTimeLimitMs = secondsOption(stringOption(args, "property-time-limit"), "--property-time-limit");
  const shard = shardOption(stringOption(args, "shard"));
  const maxFailures = positiveInteger(stringOption(args, "max-failures"), "--max-failures");
  const workersOption = positiveInteger(stringOption(args, "workers"), "--workers", MAX_WORKERS);
  const perOperationOption = casesPerOperationOption(stringOption(args, "cases-per-operation"));
  const replayDir = stringOption(args, "replay");
  const maxAgeMs = ageOption(stringOption(args, "max-age"));
  if (maxAgeMs !== undefined && replayDir === undefined)
    throw new UsageError("BW3004", "--max-age goes with --replay <dir>");
  await checkOutputs(reporters, io);

  const dirs = projectDirs(args, io.cwd);
  const providers = (await projectProviders(dirs.specs, io.cwd, args.positionals)).sort();

  const stop = watchInterrupt(io);
  progressOf(io).write(`blockwright test: linking the specs of ${count(providers.length, "provider")}…\n`);
  // On the command's own mocks in workers, the first worker links and derives, then runs its part of the cases.
  const derived = await derivedSuite(io, { root: io.cwd, ...dirs }, providers, stop, {
    inWorker: replayDir === undefined && !args.values.list && !io.startMocks,
    ...(replayDir !== undefined
      ? { replayed: (subjects: Subject[]) => replayedCases(subjects, replayDir, maxAgeMs, io.cwd) }
      : {}),
  });
  if (typeof derived === "number") return derived;
  const planner = "planner" in derived ? derived.planner : undefined;
  const { shardOf } = await import("../contract/shards.js");
  const all: PlannedCase[] = derived.cases;
  const sampled = replayDir === undefined ? await sampledSuite(all, perOperationOption, seed, io) : all;
  const runs = runsOption ?? runsOf(sampled, all);
  const cases = shard ? shardOf(sampled, shard.index, shard.total) : sampled;
  if (args.values.list) return listCases(io, cases);

  // Replayed cases need no mock and run in this thread (recordings are read here, not in workers).
  const needed = replayDir !== undefined ? [] : [...new Set(cases.map((c) => c.provider))];
  const workers =
    replayDir !== undefined ? 1 : Math.min(workersOption ?? defaultWorkers(cases.length), Math.max(1, cases.length));
  const startedAt = new Date().toISOString();
  const started = performance.now();
  const ofShard = shard ? ` (shard ${shard.index}/${shard.total} of ${sampled.length})` : "";
  progressOf(io).write(
    replayDir !== undefined
      ? `blockwright test: ${cases.length} recorded cases${ofShard} from ${replayDir}, replayed without network\n`
      : `blockwright test: ${cases.length} cases${ofShard} on ${plan(needed.length, workers, seed, runs)}\n`,
  );
  const outcome = await runWithProgress(cases, started, {
    io,
    dirs,
    needed,
    seed,
    runs,
    ...(propertyTimeLimitMs !== undefined ? { propertyTimeLimitMs } : {}),
    workers,
    ...(maxFailures !== undefined ? { maxFailures } : {}),
    ...(planner ? { planner } : {}),
    ...("subjects" in derived ? { subjects: derived.subjects } : {}),
    interrupted: () => stop.signal.aborted,
  });
  const { results } = outcome;
  await locateFailed(derived, { root: io.cwd, ...dirs }, results, stop.signal);
  const report = {
    ...(replayDir === undefined ? { seed, runs } : {}),
    ...(shard ? { shard: `${shard.index}/${shard.total}` } : {}),
    startedAt,
    durationMs: Math.round(performance.now() - started),
    planned: cases.length,
    ...(stop.signal.aborted ? { stopped: "interrupted" } : outcome.stopped ? { stopped: outcome.stopped } : {}),
    results,
  };
  const failedToWrite = await writeReports(reporters, report, io);
  if (failedToWrite !== undefined) return failedToWrite;
  if (stop.signal.aborted) {
    io.stderr.write(`blockwright test: interrupted after ${results.length} of ${cases.length} cases\n`);
    return stop.exitCode();
  }
  return results.every((r) => r.status === "passed") ? 0 : 1;
}

/** How many mocks the cases run on, and in how many workers when more than one. */
function mocksLine(mocks: number, workers: number): string {
  return `${mocks} mock${mocks === 1 ? "" : "s"}${workers > 1 ? ` in ${workers} workers` : ""}`;
}

/** The suite run with its progress drawn on stderr as cases start and end. */
async function runWithProgress(
  cases: PlannedCase[],
  started: number,
  options: Omit<SuiteOptions, "onStart" | "onRequeue" | "onResult">,
): Promise<RunOutcome> {
  const { startProgress } = await import("./support/test-progress.js");
  const progress = startProgress(progressOf(options.io), cases, { elapsed: () => performance.now() - started });
  try {
    return await runSuite(cases, {
      ...options,
      onStart: (id) => progress.onStart(id),
      onRequeue: (ids) => progress.onRequeue(ids),
      onResult: (r) => progress.onResult(r),
    });
  } finally {
    progress.stop();
  }
}

/** --replay: the cases of the recordings in the folder (those older than --max-age refused). */
async function replayedCases(
  subjects: Subject[],
  replayDir: string,
  maxAgeMs: number | undefined,
  root: string,
): Promise<ContractCase<ResultKind>[]> {
  const { recordedCases, RecordingError } = await import("../verify/replay.js");
  try {
    return recordedCases(subjects, resolve(root, replayDir), {
      now: new Date(),
      ...(maxAgeMs !== undefined ? { maxAgeMs } : {}),
      root,
    });
  } catch (e) {
    if (e instanceof RecordingError) throw new UsageError("BW3010", `--replay ${replayDir}: ${e.message}`);
    throw e;
  }
}

interface SuiteOptions {
  io: CliIo;
  dirs: { specs: string; out: string };
  /** The providers whose mocks the cases use. */
  needed: string[];
  seed: number;
  runs: number;
  propertyTimeLimitMs?: number;
  workers: number;
  maxFailures?: number;
  /** The worker that derived the cases (test-plan.ts): it runs the first part. */
  planner?: Worker;
  /** The specs as this thread linked them (a suite derived here): its mocks read no document again. */
  subjects?: Subject[];
  interrupted: () => boolean;
  onStart: (id: string) => void;
  onRequeue: (ids: string[]) => void;
  onResult: (r: CaseResult) => void;
}

interface RunOutcome {
  /** In the suite's order. */
  results: CaseResult[];
  /** Why no more cases started, when --max-failures was reached. */
  stopped?: string;
}

/**
 * The cases in this thread or in worker threads. Once the n-th failure of
 * --max-failures is in (a case that could not run is not one), or n cases in a row could not run, the run is over:
 * results of cases under way then are left out of the report, which says how many.
 */
async function runSuite(cases: PlannedCase[], options: SuiteOptions): Promise<RunOutcome> {
  const { io, dirs, seed, runs, workers, maxFailures } = options;
  const limit = options.propertyTimeLimitMs !== undefined ? { propertyTimeLimitMs: options.propertyTimeLimitMs } : {};
  const cap = failureCap(maxFailures);
  const capped = cap.reached;
  const stopped = () => options.interrupted() || capped();
  const counted = new Set<string>();
  let leftOut = 0;
  const onResult = (r: CaseResult) => {
    if (capped()) {
      leftOut++;
      return;
    }
    counted.add(r.id);
    cap.count(r);
    options.onResult(r);
  };
  let results: CaseResult[];
  // Derived cases run in worker threads, so that this thread stays free for progress and Ctrl-C however long a
  // case computes; in this one only when the io brings its own mocks (tests share theirs) and one worker is asked.
  if (options.planner || workers > 1 || (options.needed.length > 0 && !io.startMocks)) {
    const { runInWorkers, WorkerUsageError } = await import("../contract/workers.js");
    try {
      results = await runInWorkers(cases, {
        dirs: { root: io.cwd, ...dirs },
        seed,
        runs,
        ...limit,
        workers,
        ...(options.planner ? { planner: options.planner } : {}),
        onResult,
        onStart: options.onStart,
        onRequeue: options.onRequeue,
        stopped,
        aborted: options.interrupted,
      });
    } catch (e) {
      if (e instanceof WorkerUsageError) throw new UsageError("BW3003", e.message);
      throw e;
    }
  } else {
    const { runCases } = await import("../contract/run.js");
    const { defined, fieldOf } = await import("@blockwright/runtime/internal");
    // Derived in this thread (no planner), so the cases themselves.
    const derivedHere = cases as ContractCase<ResultKind>[];
    // Quiet mocks: the report quotes every violation they find. The documents as linked here, as a worker's mocks take
    // them (contract/worker.ts): not read, bundled and checked again for each mock.
    const { linkedSubjects } = await import("../contract/subjects.js");
    const linked = options.subjects ? { linked: linkedSubjects(options.subjects, options.needed, derivedHere) } : {};
    const mockOptions = { specsDir: dirs.specs, logLevel: "silent", seed, ...linked } as const;
    const mocks = options.needed.length ? await startCommandMocks(io, options.needed, mockOptions) : undefined;
    // Stateful mocks (round trips) only when a case asks.
    const stateful = new Map<string, ReturnType<typeof startCommandMocks>>();
    const statefulMockUrl = async (p: string) => {
      let started = stateful.get(p);
      if (!started) stateful.set(p, (started = startCommandMocks(io, [p], { ...mockOptions, state: {} })));
      return fieldOf((await started).urls, p);
    };
    try {
      const ran: CaseResult[] = [];
      const running = runCases(
        derivedHere,
        { mockUrl: (p) => fieldOf(defined(mocks, "the mocks").urls, p), statefulMockUrl, seed, runs, ...limit },
        {
          onResult: (r) => {
            ran.push(r);
            onResult(r);
          },
          onStart: (c) => options.onStart(c.id),
          stopped,
        },
      );
      // Interrupted: the report says what ran so far, without waiting for the cases under way.
      results = await Promise.race([
        running,
        io.interrupted.then(() => cases.flatMap((c) => ran.filter((r) => r.id === c.id))),
      ]);
    } finally {
      await Promise.allSettled([mocks?.close(), ...[...stateful.values()].map(async (s) => (await s).close())]);
    }
  }
  results = results.filter((r) => counted.has(r.id));
  const ranOut = capped() && results.length < cases.length;
  return {
    results,
    ...(ranOut
      ? {
          stopped:
            cap.reason() + `${leftOut ? `; ${leftOut} case${leftOut === 1 ? "" : "s"} under way then left out` : ""}`,
        }
      : {}),
  };
}

/** --list: the cases a run would take, a line each (provider, tab, case id); none runs. */
function listCases(io: CliIo, cases: readonly PlannedCase[]): number {
  io.stdout.write(cases.map((c) => `${c.provider}\t${c.id}\n`).join(""));
  return 0;
}

/** `1 provider`, `2 providers`. */
const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? "" : "s"}`;

/** A sampled run's properties take fewer runs unless told (their random inputs are most of a large suite's time). */
function runsOf(sampled: readonly unknown[], all: readonly unknown[]): number {
  return sampled.length < all.length ? SAMPLED_RUNS : DEFAULT_RUNS;
}

/** Where a run's cases go and how: the mocks and workers, the seed, the runs per property. */
function plan(mocks: number, workers: number, seed: number, runs: number): string {
  return `${mocksLine(mocks, workers)}, seed ${seed}, ${runs} runs per property`;
}
