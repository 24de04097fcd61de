// `blockwright test [provider...]`: the contract suite derived from the
// project's own specs, run on Prism mocks of them.
import type { CaseResult } from "../contract/run.js";
import type { Subject } from "../contract/types.js";
import { parseArgs, positiveInteger, PROJECT_OPTIONS, projectDirs, projectProviders, stringOption } from "./args.js";
import { startCommandMocks, UsageError, type CliIo } from "./io.js";

export const USAGE = `Usage: blockwright test [provider...] [--reporter <r> [--output <file>]]... [--seed <n>] [--runs <n>] [--shard <i>/<n>] [--list] [--specs <dir>] [--out <dir>]

Run the contract suite derived from the specs on Prism mocks of them: every
named example, every limit at its boundary and one step past it, every enum
value, every cross-field rule both ways, every declared error status, a call
without credential, the captured request itself, scenarios (polling, 429
then 200, 5xx on a POST), and random valid and invalid inputs (fast-check).
Tests the generated packages in --out; they must be up to date with --specs.

  --reporter <r>    text (default), json, junit, github (an ::error annotation
                    per failure at its manifest or spec line, and a Markdown
                    summary appended to $GITHUB_STEP_SUMMARY when set),
                    markdown, or html (one offline page: coverage per
                    operation, each failure with its input, the mock's
                    answer and a command that reproduces it); repeatable
  --output <file>   write the report of the --reporter before it there
                    (without one, it goes to stdout: one report at most);
                    the text report then goes to stderr
  --seed <n>        seed of the random inputs (default: a new one, printed)
  --runs <n>        random inputs per property (default 100)
  --shard <i>/<n>   run only the i-th of n even slices of the cases (CI)
  --list            print the case ids instead of running them
  --specs <dir>     the specs folder (default ./specs)
  --out <dir>       the generated packages (default ./generated)

Exit status: 0 every case passed, 1 a contract failed, 2 usage error or
invalid inputs (specs that do not generate, missing or stale packages),
70 internal error (a bug: please report it), 130 interrupted (the report
covers the cases that ran).`;

const DEFAULT_RUNS = 100;

export async function run(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, {
    ...PROJECT_OPTIONS,
    reporter: { type: "string", multiple: true },
    output: { type: "string", multiple: true },
    seed: { type: "string" },
    runs: { type: "string" },
    shard: { type: "string" },
    list: { type: "boolean" },
  });
  const { checkOutputs, reportersOf, writeReports } = await import("./test-reports.js");
  const reporters = reportersOf(args);
  const seed = seedOption(stringOption(args, "seed"));
  const runs = positiveInteger(stringOption(args, "runs"), "--runs") ?? DEFAULT_RUNS;
  const shard = shardOption(stringOption(args, "shard"));
  await checkOutputs(reporters, io);

  const dirs = projectDirs(args, io.cwd);
  const providers = (await projectProviders(dirs.specs, io.cwd, args.positionals)).sort();

  const { loadSubjects, SubjectError } = await import("../contract/subjects.js");
  let subjects: Subject[];
  try {
    subjects = await loadSubjects({ root: io.cwd, ...dirs }, providers);
  } catch (e) {
    if (e instanceof SubjectError) {
      io.stderr.write(`blockwright test: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
  const { deriveCases } = await import("../contract/derive.js");
  const { runCases, shardOf } = await import("../contract/run.js");
  const { defined, fieldOf } = await import("@blockwright/runtime");
  const all = subjects.flatMap(deriveCases);
  const cases = shard ? shardOf(all, shard.index, shard.total) : all;
  if (args.values.list) {
    io.stdout.write(cases.map((c) => `${c.provider}\t${c.id}\n`).join(""));
    return 0;
  }

  const needed = [...new Set(cases.map((c) => c.provider))];
  // Quiet mocks: the report quotes every violation they find.
  const mocks = needed.length ? await startCommandMocks(io, needed, { specsDir: dirs.specs, logLevel: "silent" }) : undefined;
  const startedAt = new Date().toISOString();
  const started = performance.now();
  io.stderr.write(`blockwright test: ${cases.length} cases${shard ? ` (shard ${shard.index}/${shard.total} of ${all.length})` : ""} on ${needed.length} mock${needed.length === 1 ? "" : "s"}, seed ${seed}, ${runs} runs per property\n`);
  let interrupted = false;
  void io.interrupted.then(() => (interrupted = true));
  let results: CaseResult[];
  try {
    results = await runCases(cases, { mockUrl: (p) => fieldOf(defined(mocks, "the mocks").urls, p), seed, runs }, { stopped: () => interrupted });
  } finally {
    await mocks?.close();
  }
  // Where each case that did not pass derives from (its manifest or spec line).
  const { locateSource } = await import("../contract/sources.js");
  const byName = new Map(subjects.map((subject) => [subject.provider, subject]));
  for (const r of results) {
    const subject = byName.get(r.provider);
    if (r.status === "passed" || !subject) continue;
    const at = locateSource(subject, r.source);
    if (at) r.at = at;
  }
  const report = {
    seed,
    runs,
    ...(shard ? { shard: `${shard.index}/${shard.total}` } : {}),
    startedAt,
    durationMs: Math.round(performance.now() - started),
    planned: cases.length,
    ...(interrupted ? { stopped: "interrupted" } : {}),
    results,
  };
  const failedToWrite = await writeReports(reporters, report, io);
  if (failedToWrite !== undefined) return failedToWrite;
  if (interrupted) {
    io.stderr.write(`blockwright test: interrupted after ${results.length} of ${cases.length} cases\n`);
    return 130;
  }
  return results.every((r) => r.status === "passed") ? 0 : 1;
}

function seedOption(value: string | undefined): number {
  if (value === undefined) return (Math.random() * 2 ** 31) | 0;
  if (!/^-?\d+$/.test(value.trim()) || !Number.isSafeInteger(Number(value)) || Math.abs(Number(value)) >= 2 ** 31) throw new UsageError(`--seed takes a whole number between -2147483648 and 2147483647, got ${JSON.stringify(value)}`);
  return Number(value);
}

function shardOption(value: string | undefined): { index: number; total: number } | undefined {
  if (value === undefined) return undefined;
  const m = /^(\d+)\/(\d+)$/.exec(value.trim());
  const index = m ? Number(m[1]) : NaN;
  const total = m ? Number(m[2]) : NaN;
  if (!m || total < 1 || index < 1 || index > total) throw new UsageError(`--shard takes i/n with 1 ≤ i ≤ n, e.g. 1/3, got ${JSON.stringify(value)}`);
  return { index, total };
}
