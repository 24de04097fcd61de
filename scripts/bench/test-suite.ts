// What `npm test` costs (issue 64: at most 90 s of CPU, user + system, on a quiet 2-core machine; issue 34's was
// 120 s, on the development machine): the whole Vitest run once, as one process whose
// CPU is the kernel's accounting of it and every worker and child it reaped
// (what `/usr/bin/time` reports), next to the sum of the durations Vitest's
// JSON report gives per file, and the files that cost most; and once before
// it without Vitest's module cache, as a fresh clone's first run is. The build
// (`pretest`) is not in the figure: `npm run bench` builds first.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The CPU budget of issue 64, in seconds (issue 34 set 120). */
export const TEST_CPU_BUDGET_S = 90;

/**
 * What `npm run bench -- tests` is given of the bench (index.ts): where things are, one process measured, one row
 * reported.
 */
interface Bench {
  root: string;
  tmp: string;
  run: (
    args: string[],
    cwd: string,
    env?: Record<string, string>,
    ok?: readonly number[],
  ) => Promise<{ wallMs: number; cpu: number; user: number; system: number }>;
  row: (measure: string, ours: number[], anchor: number[], unit: string, target: string, reproduce: string[]) => void;
}

/** The parts of Vitest's JSON report read here. */
interface JsonReport {
  numTotalTests: number;
  numFailedTests: number;
  testResults: { name: string; startTime: number; endTime: number; assertionResults: { duration?: number | null }[] }[];
}

/**
 * A path named from the root (given with or without its closing slash, as fileURLToPath gives a folder's); others as
 * they are.
 */
function fromRoot(path: string, root: string): string {
  const prefix = root.endsWith("/") ? root : `${root}/`;
  return path.startsWith(prefix) ? path.slice(prefix.length) : path;
}

/** Per file: seconds from its start to its end, and the sum of its tests' own durations. */
export function fileDurations(
  report: JsonReport,
  root: string,
): { file: string; seconds: number; testsSeconds: number }[] {
  return report.testResults
    .map((f) => ({
      file: fromRoot(f.name, root),
      seconds: (f.endTime - f.startTime) / 1000,
      testsSeconds: f.assertionResults.reduce((s, t) => s + (t.duration ?? 0), 0) / 1000,
    }))
    .sort((a, b) => b.seconds - a.seconds);
}

/**
 * Per file: its CPU in seconds (test-support/run/file-cpu.ts's lines, `<seconds>\t<path>`; a file run in two projects
 * counts twice), most first, named from the root.
 */
export function fileCpu(log: string, root: string): { file: string; cpu: number }[] {
  const byFile = new Map<string, number>();
  for (const line of log.split("\n")) {
    const [seconds, path] = line.split("\t");
    if (!path) continue;
    const file = fromRoot(path, root);
    byFile.set(file, (byFile.get(file) ?? 0) + Number(seconds));
  }
  return [...byFile].map(([file, cpu]) => ({ file, cpu })).sort((a, b) => b.cpu - a.cpu);
}

/**
 * Where `npm test`'s CPU went, from fileCpu's figures and the whole run's: the main project's files (its
 * global set-up's copy of the project with more providers among them), the packages project (its registry
 * set-up included), and what no file's figure holds (Vitest's own processes: transforms, reporters, the
 * shared mocks' answers).
 */
export function cpuByProject(
  files: { file: string; cpu: number }[],
  total: number,
): { main: number; packages: number; vitest: number } {
  let [main, packages] = [0, 0];
  for (const { file, cpu } of files) {
    if (file.startsWith("contract-tests/packages/")) packages += cpu;
    else main += cpu;
  }
  return { main, packages, vitest: total - main - packages };
}

/**
 * Whether Vitest's module cache (vitest.config.ts: experimental.fsModuleCache, its default folder) holds anything yet.
 */
function moduleCacheFilled(root: string): boolean {
  const folder = join(root, "node_modules/.experimental-vitest-cache");
  return existsSync(folder) && readdirSync(folder).length > 0;
}

/**
 * One whole `vitest run` with the JSON reporter: CPU against the budget, the files' durations against the wall time,
 * the slowest files on stderr.
 */
export async function measureTestSuite({ root, tmp, run, row }: Bench): Promise<void> {
  const output = join(tmp, "vitest.json");
  // A failing test still gives its figures (exit 1); the report says how many failed.
  const cpuLog = join(tmp, "file-cpu.tsv");
  writeFileSync(cpuLog, "");
  // `npm test` itself (its script, without `pretest`'s build), so the figure is of what it runs: a whole
  // run, on the copy of the project with more providers (test-support/global-setup.ts).
  const npm = process.env.npm_execpath;
  if (!npm)
    throw new Error(
      "bench tests: run it as `npm run bench -- tests` (it measures `npm test`, and finds npm by npm_execpath)",
    );
  const args = [npm, "test", "--ignore-scripts", "--", "--reporter=json", `--outputFile=${output}`];
  // First as a fresh clone's first run is (no module cache: vitest.config.ts), then as every later one is.
  const cold = await run(args, root, { BLOCKWRIGHT_VITEST_CACHE: "0" }, [0, 1]);
  const cacheFilled = moduleCacheFilled(root);
  const measured = await run(args, root, { BLOCKWRIGHT_FILE_CPU: cpuLog }, [0, 1]);
  const report = JSON.parse(readFileSync(output, "utf8")) as JsonReport;
  const files = fileDurations(report, root);
  const command =
    "npm run -s build && /usr/bin/time -v npm test --ignore-scripts -- --reporter=json --outputFile=/tmp/vitest.json";
  const reproduce = [command];
  const label =
    `${report.numTotalTests} tests in ${files.length} files` +
    `${report.numFailedTests ? `, ${report.numFailedTests} failed` : ""}`;
  row(
    `npm test (vitest run, ${label}) CPU, vs the budget`,
    [measured.cpu],
    [TEST_CPU_BUDGET_S],
    "s",
    "≤ 1×",
    reproduce,
  );
  row(
    `  the same${cacheFilled ? "" : " (its module cache was empty: this run filled it)"}, ` +
      `before it without Vitest's module cache, as a fresh clone's first run`,
    [cold.cpu],
    [TEST_CPU_BUDGET_S],
    "s",
    "≤ 1×",
    [command.replace("/usr/bin/time", "BLOCKWRIGHT_VITEST_CACHE=0 /usr/bin/time")],
  );
  row("  of which system CPU", [measured.system], [TEST_CPU_BUDGET_S], "s", "", reproduce);
  const cpus = fileCpu(readFileSync(cpuLog, "utf8"), root);
  const split = cpuByProject(cpus, measured.cpu);
  row("  of which the main project's files", [split.main], [TEST_CPU_BUDGET_S], "s", "", reproduce);
  row("  of which the packages project", [split.packages], [TEST_CPU_BUDGET_S], "s", "", reproduce);
  row("  of which Vitest's own processes (the rest)", [split.vitest], [TEST_CPU_BUDGET_S], "s", "", reproduce);
  row(
    "  sum of the files' durations (Vitest's JSON), vs wall",
    [files.reduce((s, f) => s + f.seconds, 0)],
    [measured.wallMs / 1000],
    "s",
    "",
    reproduce,
  );
  console.error(
    [
      "bench tests: the 15 slowest files (seconds from start to end; the sum of their tests' own durations)",
      ...files
        .slice(0, 15)
        .map((f) => `  ${f.seconds.toFixed(1).padStart(7)} ${f.testsSeconds.toFixed(1).padStart(7)}  ${f.file}`),
      "bench tests: the 20 files that cost the most CPU (seconds, user + system, " +
        "the processes they ran included; test-support/run/file-cpu.ts)",
      ...cpus.slice(0, 20).map((f) => `  ${f.cpu.toFixed(1).padStart(7)}  ${f.file}`),
    ].join("\n"),
  );
}
