// `blockwright test [provider...]`: the contract suite derived from the
// project's own specs, run on Prism mocks of them.
import type { CaseResult } from "../contract/run.js";
import type { Subject } from "../contract/types.js";
import { parseArgs, positiveInteger, PROJECT_OPTIONS, projectDirs, projectProviders, stringOption } from "./args.js";
import { startCommandMocks, UsageError, type CliIo } from "./io.js";

export const USAGE = `Usage: blockwright test [provider...] [--reporter text|json|junit] [--output <file>] [--seed <n>] [--runs <n>] [--shard <i>/<n>] [--list] [--specs <dir>] [--out <dir>]

Run the contract suite derived from the specs on Prism mocks of them: every
named example, every limit at its boundary and one step past it, every enum
value, every cross-field rule both ways, every declared error status, a call
without credential, the captured request itself, scenarios (polling, 429
then 200, 5xx on a POST), and random valid and invalid inputs (fast-check).
Tests the generated packages in --out; they must be up to date with --specs.

  --reporter <r>    text (default), json or junit
  --output <file>   write the report there (a summary still goes to stderr)
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

const REPORTERS = ["text", "json", "junit"] as const;
const DEFAULT_RUNS = 100;

export async function run(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, {
    ...PROJECT_OPTIONS,
    reporter: { type: "string" },
    output: { type: "string" },
    seed: { type: "string" },
    runs: { type: "string" },
    shard: { type: "string" },
    list: { type: "boolean" },
  });
  const reporter = stringOption(args, "reporter") ?? "text";
  if (!(REPORTERS as readonly string[]).includes(reporter)) throw new UsageError(`--reporter takes ${REPORTERS.join(", ")}, got ${JSON.stringify(reporter)}`);
  const seed = seedOption(stringOption(args, "seed"));
  const runs = positiveInteger(stringOption(args, "runs"), "--runs") ?? DEFAULT_RUNS;
  const shard = shardOption(stringOption(args, "shard"));
  const output = stringOption(args, "output");
  if (output !== undefined) {
    const { resolve } = await import("node:path");
    const { unsuitableFile } = await import("../targets.js");
    const unsuitable = unsuitableFile(resolve(io.cwd, output));
    if (unsuitable) throw new UsageError(`--output ${output}: ${unsuitable}`);
  }

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
  const report = { seed, runs, ...(shard ? { shard: `${shard.index}/${shard.total}` } : {}), startedAt, durationMs: Math.round(performance.now() - started), results };

  const { jsonReport, junitReport, textReport } = await import("../contract/report.js");
  const text = textReport(report);
  const rendered = reporter === "junit" ? junitReport(report) : reporter === "json" ? jsonReport(report) : text;
  if (output !== undefined) {
    const { mkdirSync, writeFileSync } = await import("node:fs");
    const { dirname, resolve } = await import("node:path");
    const file = resolve(io.cwd, output);
    try {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, rendered);
    } catch (e) {
      io.stderr.write(`${text}blockwright test: --output ${output}: cannot be written (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})\n`);
      return 2;
    }
    io.stderr.write(text);
  } else {
    io.stdout.write(rendered);
    if (reporter !== "text") io.stderr.write(text.split("\n").slice(-3).join("\n"));
  }
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
