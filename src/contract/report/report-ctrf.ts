// CTRF (Common Test Report Format, ctrf.io): one JSON document per run that
// dashboards and the CTRF GitHub actions read whatever produced it. A case
// that could not run is `other` (CTRF has no error status), its reason kept.
import type { CaseResult } from "../run.js";
import { byProvider, reproduceLine, type SuiteReport, summarise, where } from "./report.js";

export interface CtrfOptions {
  /** blockwright's version, for `results.tool`. */
  version?: string;
}

export function ctrfReport(report: SuiteReport, options: CtrfOptions = {}): string {
  const s = summarise(report.results);
  const start = Date.parse(report.startedAt);
  const document = {
    reportFormat: "CTRF",
    specVersion: "1.0.0",
    timestamp: new Date(start + report.durationMs).toISOString(),
    generatedBy: "blockwright",
    results: {
      tool: { name: "blockwright", ...(options.version ? { version: options.version } : {}) },
      summary: {
        tests: s.cases,
        passed: s.passed,
        failed: s.failed,
        pending: 0,
        skipped: 0,
        other: s.errors,
        suites: byProvider(report.results).size,
        start,
        stop: start + report.durationMs,
        duration: report.durationMs,
      },
      tests: report.results.map(test),
      ...(report.seed !== undefined || report.shard
        ? {
            extra: {
              ...(report.seed !== undefined ? { seed: report.seed, runs: report.runs } : {}),
              ...(report.shard ? { shard: report.shard } : {}),
            },
          }
        : {}),
    },
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

function test(r: CaseResult) {
  const at = where(r);
  const reproduce = reproduceLine(r);
  // The message as JUnit's failure text has it: the whole violation, then the reproduce line.
  const message = r.message !== undefined ? [r.message, ...(reproduce ? [reproduce] : [])].join("\n") : undefined;
  return {
    name: `${r.provider} › ${r.operation} › ${r.kind} › ${r.name}`,
    status: r.status === "error" ? "other" : r.status,
    rawStatus: r.status,
    duration: r.durationMs,
    ...(r.startedAtMs !== undefined ? { start: r.startedAtMs, stop: r.startedAtMs + r.durationMs } : {}),
    ...(message !== undefined ? { message } : {}),
    ...(r.at ? { filePath: r.at.file, line: r.at.line } : {}),
    type: "contract",
    suite: [r.provider, r.operation],
    extra: { id: r.id, kind: r.kind, statuses: r.statuses, ...(at ? { at } : {}), ...(reproduce ? { reproduce } : {}) },
  };
}
