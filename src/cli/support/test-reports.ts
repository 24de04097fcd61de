// The reports of `blockwright test`: which were asked for and where each
// goes (`--reporter r [--output file]`, repeatable), rendering them, and
// writing them out. At most one report goes to standard output; the text
// report goes to stderr whenever stdout carries another one.
import { isAbsolute, relative, resolve } from "node:path";
import type { SuiteReport } from "../../contract/report/report.js";
import type { Parsed } from "./args.js";
import { UsageError, type CliIo } from "./io.js";

export const REPORTERS = ["text", "json", "junit", "ctrf", "github", "markdown", "html"] as const;
export type ReporterName = (typeof REPORTERS)[number];

/** Failures a job summary shows in full (GitHub takes at most 1 MiB of it). */
const SUMMARY_FAILURES = 20;

export interface Reporter {
  name: ReporterName;
  /** The file it writes; none: standard output. */
  output?: string;
}

/**
 * The reporters asked for: each `--output` belongs to the `--reporter`
 * before it (with one reporter, wherever it stands); none asked, text.
 */
export function reportersOf(args: Parsed): Reporter[] {
  const given = args.order.filter((o) => o.name === "reporter" || o.name === "output");
  const names = given.filter((o) => o.name === "reporter");
  const outputs = given.filter((o) => o.name === "output");
  for (const { value } of names) {
    if (!(REPORTERS as readonly string[]).includes(value ?? ""))
      throw new UsageError("BW3003", `--reporter takes ${REPORTERS.join(", ")}, got ${JSON.stringify(value)}`);
  }
  let reporters: Reporter[];
  if (names.length <= 1) {
    if (outputs.length > 1)
      throw new UsageError(
        "BW3004",
        `--output is given ${outputs.length} times for one reporter: give a --reporter before each --output`,
      );
    const output = outputs[0]?.value;
    reporters = [{ name: (names[0]?.value ?? "text") as ReporterName, ...(output !== undefined ? { output } : {}) }];
  } else {
    reporters = [];
    for (const o of given) {
      const last = reporters.at(-1);
      if (o.name === "reporter") reporters.push({ name: o.value as ReporterName });
      else if (!last)
        throw new UsageError(
          "BW3004",
          `--output ${o.value} comes before any --reporter: with several reporters, ` +
            `each --output follows the --reporter it is for`,
        );
      else if (last.output !== undefined)
        throw new UsageError("BW3004", `--reporter ${last.name} has two --output files (${last.output}, ${o.value})`);
      else last.output = o.value;
    }
  }
  const toStdout = reporters.filter((r) => r.output === undefined);
  if (toStdout.length > 1)
    throw new UsageError(
      "BW3004",
      `--reporter ${toStdout.map((r) => r.name).join(" and ")} would all print to standard output: ` +
        `give all but one an --output <file>`,
    );
  const files = reporters.flatMap((r) => (r.output !== undefined ? [r.output] : []));
  const twice = files.find((f, i) => files.indexOf(f) !== i);
  if (twice !== undefined) throw new UsageError("BW3004", `--output ${twice} is given to two reporters`);
  return reporters;
}

/** Refuses, before anything runs, an --output that cannot be written. */
export async function checkOutputs(reporters: Reporter[], io: CliIo): Promise<void> {
  const { unsuitableFile } = await import("../../common/targets.js");
  for (const { output } of reporters) {
    if (output === undefined) continue;
    const unsuitable = unsuitableFile(resolve(io.cwd, output));
    if (unsuitable) throw new UsageError("BW3007", `--output ${output}: ${unsuitable}`);
  }
}

export async function render(name: ReporterName, report: SuiteReport, io: CliIo): Promise<string> {
  switch (name) {
    case "text":
      return (await import("../../contract/report/report.js")).textReport(report);
    case "json":
      return (await import("../../contract/report/report.js")).jsonReport(report);
    case "junit":
      return (await import("../../contract/report/report-junit.js")).junitReport(report);
    case "ctrf":
      return (await import("../../contract/report/report-ctrf.js")).ctrfReport(report, {
        version: (await import("../version.js")).version(),
      });
    case "markdown":
      return (await import("../../contract/report/report-markdown.js")).markdownReport(report);
    case "html":
      return (await import("../../contract/report/report-html.js")).htmlReport(report);
    case "github":
      return (await import("../../contract/report/report-github.js")).githubAnnotations(report, {
        relativePath: inWorkspace(io),
      });
  }
}

/**
 * A command's own renderings of some reports (verify's text and JSON), in place of the suite's, and its name for
 * messages.
 */
export interface ReportOptions {
  own?: Partial<Record<ReporterName, string>>;
  command?: string;
}

/**
 * Writes every report where it goes, the text report to stderr when stdout
 * carries another, and (with the github reporter) the Markdown summary to
 * `$GITHUB_STEP_SUMMARY`. Returns 2 when a file cannot be written.
 */
export async function writeReports(
  reporters: Reporter[],
  report: SuiteReport,
  io: CliIo,
  options: ReportOptions = {},
): Promise<number | undefined> {
  const { textReport } = await import("../../contract/report/report.js");
  const text = options.own?.text ?? textReport(report);
  const { appendFileSync, mkdirSync } = await import("node:fs");
  const { dirname } = await import("node:path");
  const { writeNamedFile } = await import("../../common/files.js");
  const { isLink } = await import("../../common/paths.js");
  const { LINKED_FILE } = await import("../../common/targets.js");
  const problems: string[] = [];
  // A report is written whole (never half a file) and never through a symbolic link; the job summary is appended to, as
  // GitHub asks.
  const write = (what: string, file: string, content: string, append = false) => {
    const path = resolve(io.cwd, file);
    if (isLink(path)) return problems.push(`${what} ${file}: ${LINKED_FILE}`);
    try {
      mkdirSync(dirname(path), { recursive: true });
      if (append) appendFileSync(path, content);
      else writeNamedFile(path, content, `${what} ${file}`);
    } catch (e) {
      problems.push(
        `${what} ${file}: cannot be written (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
      );
    }
  };
  const onStdout = reporters.find((r) => r.output === undefined);
  for (const r of reporters) {
    const content = options.own?.[r.name] ?? (await render(r.name, report, io));
    if (r.output === undefined) io.stdout.write(content);
    else write("--output", r.output, content);
  }
  // Annotations are log lines, not data: the failures in full still go to the log.
  if (!onStdout || onStdout.name === "github") io.stderr.write(text);
  else if (onStdout.name !== "text") io.stderr.write(text.split("\n").slice(-3).join("\n"));
  const summary = io.env.GITHUB_STEP_SUMMARY;
  if (summary && reporters.some((r) => r.name === "github")) {
    const { markdownReport } = await import("../../contract/report/report-markdown.js");
    write("GITHUB_STEP_SUMMARY", summary, `${markdownReport(report, { maxFailures: SUMMARY_FAILURES })}\n`, true);
  }
  for (const p of problems) io.stderr.write(`${options.command ?? "blockwright test"}: ${p}\n`);
  return problems.length ? 2 : undefined;
}

/** Paths as GitHub wants them in annotations: relative to $GITHUB_WORKSPACE when the file is inside it. */
export function inWorkspace(io: CliIo): ((file: string) => string) | undefined {
  const workspace = io.env.GITHUB_WORKSPACE;
  if (!workspace) return undefined;
  return (file) => {
    const path = relative(workspace, resolve(io.cwd, file));
    return path.startsWith("..") || isAbsolute(path) ? file : path;
  };
}
