// Reports of a contract run: text for people and JSON for tools (lossless:
// `report merge` rebuilds every other format from it). JUnit, CTRF, Markdown,
// GitHub and HTML have modules of their own.
import { lineText, logSafe } from "../../common/github-actions.js";
import { attr, text } from "../../common/markup-text.js";
import { formatPosition } from "../../load/yaml-source.js";
import type { CaseResult } from "../run.js";
import { caseMark } from "./case-marks.js";

export { attr, text };

export interface SuiteReport {
  /** The random inputs' seed and runs per property (none for cases without random inputs: replayed or live calls). */
  seed?: number;
  runs?: number;
  /** The command that ran, for the JUnit suite's name (default `blockwright test`). */
  command?: string;
  /** `i/n` when the run was one shard of the suite. */
  shard?: string;
  /** When the run started (ISO 8601). */
  startedAt: string;
  durationMs: number;
  /** Cases the run was to run (more than the results when it stopped early). */
  planned?: number;
  /** Why the run stopped before every case ran, in words. */
  stopped?: string;
  results: CaseResult[];
}

export interface Summary {
  cases: number;
  passed: number;
  failed: number;
  errors: number;
}

export function summarise(results: CaseResult[]): Summary {
  return {
    cases: results.length,
    passed: results.filter((r) => r.status === "passed").length,
    failed: results.filter((r) => r.status === "failed").length,
    errors: results.filter((r) => r.status === "error").length,
  };
}

/**
 * `N passed, N failed`, then `N could not run` when some case could not (a property its time limit ended before any
 * run finished, a defect of the suite): nothing was checked there, so it is not counted as a contract that failed.
 */
export function verdictLine(s: Summary): string {
  return `${s.passed} passed, ${s.failed} failed${s.errors ? `, ${s.errors} could not run` : ""}`;
}

/** A table's count of failed cases: `2`, or `2 (1 could not run)` beside them. */
export function failedCount(s: Summary): string {
  return `${s.failed}${s.errors ? ` (${s.errors} could not run)` : ""}`;
}

export function byProvider(results: CaseResult[]): Map<string, CaseResult[]> {
  const out = new Map<string, CaseResult[]>();
  for (const r of results) out.set(r.provider, [...(out.get(r.provider) ?? []), r]);
  return out;
}

/** Where a case derives from, as `file:line:col`, when known. */
export function where(r: CaseResult): string | undefined {
  return r.at ? formatPosition(r.at) : undefined;
}

/**
 * The one line every reporter prints for a case that did not pass and can be
 * sent again: `reproduce: blockwright call …`. One function, so that the text,
 * JUnit, CTRF, JSON-fed, Markdown, HTML and GitHub reports word it the same.
 */
export function reproduceLine(r: Pick<CaseResult, "failure">): string | undefined {
  return r.failure?.reproduce ? `${REPRODUCE_LABEL}${r.failure.reproduce}` : undefined;
}

/** How the reproduce line starts (a JUnit report read back finds it by this). */
export const REPRODUCE_LABEL = "reproduce: ";

/** The run's one-line account: seed, runs, shard, time, and why it stopped early. */
export function runLine(report: SuiteReport): string {
  const ran =
    report.planned !== undefined && report.planned > report.results.length
      ? `; ${report.results.length} of ${report.planned} cases ran (${report.stopped ?? "stopped"})`
      : "";
  const random = report.seed !== undefined ? `seed ${report.seed}, ${report.runs ?? 0} runs per property, ` : "";
  return `${random}${report.shard ? `shard ${report.shard}, ` : ""}${(report.durationMs / 1000).toFixed(1)} s${ran}`;
}

/**
 * Failures in full (each marked: failed, or could not run), one line per provider, and a closing `N passed, N failed`
 * line.
 */
export function textReport(report: SuiteReport): string {
  const lines: string[] = [];
  for (const r of report.results) {
    if (r.status === "passed") continue;
    const at = where(r);
    const reproduce = reproduceLine(r);
    lines.push(
      `${caseMark(r.status)} ${r.provider} ${lineText(r.id)}${r.status === "error" ? " (could not run)" : ""}`,
      ...indent(r.message ?? ""),
      ...(reproduce ? [`    ${lineText(reproduce)}`] : []),
      ...(at ? [`    at ${lineText(at)}`] : []),
      "",
    );
  }
  for (const [provider, results] of byProvider(report.results)) {
    const s = summarise(results);
    lines.push(
      `${provider.padEnd(14)} ${String(s.cases).padStart(5)} cases  ${s.passed} passed  ${s.failed} failed` +
        (s.errors ? `  ${s.errors} could not run` : ""),
    );
  }
  const s = summarise(report.results);
  lines.push("", lineText(runLine(report)), `contract: ${verdictLine(s)}`);
  return logSafe(`${lines.join("\n")}\n`);
}

export function jsonReport(report: SuiteReport): string {
  const s = summarise(report.results);
  return `${JSON.stringify(
    {
      ...(report.seed !== undefined ? { seed: report.seed, runs: report.runs } : {}),
      ...(report.shard ? { shard: report.shard } : {}),
      startedAt: report.startedAt,
      durationMs: report.durationMs,
      ...(report.planned !== undefined ? { planned: report.planned } : {}),
      ...(report.stopped ? { stopped: report.stopped } : {}),
      summary: {
        ...s,
        providers: Object.fromEntries([...byProvider(report.results)].map(([p, rs]) => [p, summarise(rs)])),
      },
      cases: report.results,
    },
    null,
    2,
  )}\n`;
}

/** A message's lines, indented; what a line holds of the answers is escaped (its breaks are the message's own). */
function indent(message: string): string[] {
  return message.split("\n").map((l) => `    ${lineText(l)}`);
}
