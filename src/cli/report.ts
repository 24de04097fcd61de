// `blockwright report merge <file>... [--reporter <r> [--output <file>]]...`
import { resolve } from "node:path";
import { parseArgs } from "./support/args.js";
import { UsageError, type CliIo } from "./support/io.js";

export const USAGE = `Usage: blockwright report merge <report>... [--reporter <r> [--output <file>]]...

Join the reports of a suite run in shards (blockwright test --shard i/n) into
one report of the whole run, in any of test's formats: every case of every
shard, the earliest start, the time from it to the last shard's end. Each
input is what test wrote with --reporter json (every case in full: the best
input) or --reporter junit (read back as far as JUnit carries: status, time,
message, position). Each shard is merged once: a second report of a shard
(its label i/n again, or a case another report holds) is refused.

  --reporter <r>    text (default), json, junit, ctrf, github, markdown or
                    html, as for test; repeatable
  --output <file>   write the report of the --reporter before it there
                    (without one, it goes to stdout: one report at most)

Exit status: 0 every case passed, 1 a case failed or could not run, 2 usage
error or a report that cannot be read (named, with what was expected), 70
internal error (a bug: please report it).`;

export async function run(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, {
    reporter: { type: "string", multiple: true },
    output: { type: "string", multiple: true },
  });
  const [action, ...files] = args.positionals;
  if (action !== "merge")
    throw new UsageError(
      "BW3002",
      action === undefined
        ? "missing the action: report merge <report>..."
        : `unknown action ${JSON.stringify(action)}: the one action is merge`,
    );
  if (files.length === 0)
    throw new UsageError(
      "BW3002",
      "report merge takes one or more reports (the JSON or JUnit that blockwright test wrote)",
    );
  const { checkOutputs, reportersOf, writeReports } = await import("./support/test-reports.js");
  const reporters = reportersOf(args);
  await checkOutputs(reporters, io);

  const { readSourceText, UnreadableSource, INPUT_LIMITS } = await import("../load/input-file.js");
  const { parseReport, mergeReports, refuseRepeats, UnreadableReport } = await import(
    "../contract/report/read-report.js"
  );
  const refused = (e: unknown) =>
    e instanceof UnreadableSource || e instanceof UnreadableReport
      ? new UsageError(e instanceof UnreadableSource ? e.code : "BW3010", e.message)
      : e;
  const reports = files.map((file) => {
    try {
      return parseReport(readSourceText(resolve(io.cwd, file), file, INPUT_LIMITS.report), file);
    } catch (e) {
      throw refused(e);
    }
  });
  try {
    refuseRepeats(reports.map((report, i) => ({ file: files[i] as string, report })));
  } catch (e) {
    throw refused(e);
  }
  const merged = mergeReports(reports);
  io.stderr.write(
    `report merge: ${files.length} report${files.length === 1 ? "" : "s"}, ${merged.results.length} cases\n`,
  );
  const failedToWrite = await writeReports(reporters, { ...merged, command: "blockwright report merge" }, io, {
    command: "blockwright report merge",
  });
  if (failedToWrite) return failedToWrite;
  return merged.results.some((r) => r.status !== "passed") ? 1 : 0;
}
