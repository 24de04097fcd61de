// The run as Markdown, for a pull request or a CI job summary
// ($GITHUB_STEP_SUMMARY): the totals, a table per provider, per-operation
// coverage, and each failure folded with its input, the mock's answer and the
// command that reproduces it. Text from the specs and the mocks is shown as
// text: HTML escaped, code in fences longer than any run of backticks inside.
import { cell, codeSpan, markdownText } from "../../emit/markdown-text.js";
import { type KindCount, kindStatus, operationCoverage } from "../coverage.js";
import {
  byProvider,
  failedCount,
  reproduceLine,
  runLine,
  type SuiteReport,
  summarise,
  text,
  verdictLine,
  where,
} from "./report.js";
import type { CaseResult } from "../run.js";
import { caseEmoji } from "./case-marks.js";

export interface MarkdownOptions {
  /** Failures shown in full; the rest are counted (a job summary holds at most 1 MiB). Default: all. */
  maxFailures?: number;
}

export function markdownReport(report: SuiteReport, options: MarkdownOptions = {}): string {
  const s = summarise(report.results);
  const out: string[] = [
    `## ${s.failed + s.errors ? "❌" : "✅"} Contract tests: ${verdictLine(s)}`,
    "",
    markdownText(runLine(report)),
    "",
  ];

  out.push("| Provider | Cases | Passed | Failed |", "|---|---:|---:|---:|");
  for (const [provider, results] of byProvider(report.results)) {
    const p = summarise(results);
    out.push(`| ${cell(markdownText(provider))} | ${p.cases} | ${p.passed} | ${failedCount(p)} |`);
  }

  out.push(
    "",
    "### Coverage by operation",
    "",
    "| Operation | Cases by kind (passed/run) | Statuses received |",
    "|---|---|---|",
  );
  for (const row of operationCoverage(report.results)) {
    const kinds = row.kinds
      .map(({ kind, count }) => `${kind} ${count.passed}/${count.cases}${kindMark(count)}`)
      .join(" · ");
    out.push(`| ${cell(codeSpan(row.operation))} | ${kinds} | ${row.statuses.join(", ") || "—"} |`);
  }

  const failures = report.results.filter((r) => r.status !== "passed");
  if (failures.length) {
    const shown = failures.slice(0, options.maxFailures ?? failures.length);
    out.push("", `### Failures (${failures.length})`, "");
    for (const r of shown) out.push(...failureBlock(r), "");
    if (shown.length < failures.length)
      out.push(`… and ${failures.length - shown.length} more: see the full report.`, "");
  }
  return `${out.join("\n").trimEnd()}\n`;
}

/** A kind's cell's mark: a contract failed (❌), else a case could not run (⚠️), else none. */
function kindMark(count: KindCount): string {
  const status = kindStatus(count);
  return status === "passed" ? "" : ` ${caseEmoji(status)}`;
}

/** One failure, folded: its id and place in the summary; the violation, input, answer and reproduce line inside. */
function failureBlock(r: CaseResult): string[] {
  const at = where(r);
  const detail = r.failure;
  const lines = [
    `<details><summary>${caseEmoji(r.status)} ${text(`${r.provider} ${r.id}`)}${at ? ` — ${text(at)}` : ""}` +
      `${r.status === "error" ? " (could not run)" : ""}</summary>`,
    "",
  ];
  lines.push(...fence(detail?.violation ?? r.message ?? "", "text"));
  if (detail?.input) lines.push("", "Input:", "", ...fence(JSON.stringify(detail.input, null, 2), "json"));
  if (detail?.request && detail.answer)
    lines.push(
      "",
      `Request ${codeSpan(detail.request)}, ` +
        (detail.answer.refused?.length
          ? `refused by the mock's validator (${markdownText(detail.answer.refused.join("; "))}), ` +
            "which served the spec's example for"
          : "answered") +
        ` ${detail.answer.status}${detail.answer.how ? ` (${markdownText(detail.answer.how)})` : ""}:`,
      "",
      ...fence(detail.answer.body || "(no body)", "text"),
    );
  const reproduce = reproduceLine(r);
  if (reproduce) lines.push("", ...fence(reproduce, "text"));
  lines.push("", "</details>");
  return lines;
}

/** A fenced code block holding any text: its fence is longer than any run of backticks inside. */
export function fence(body: string, language: string): string[] {
  const longest = Math.max(2, ...(body.match(/`+/g) ?? []).map((run) => run.length));
  const marks = "`".repeat(longest + 1);
  return [`${marks}${language}`, body, marks];
}
