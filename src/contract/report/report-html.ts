// The run as one offline HTML page: the totals, a table per provider,
// per-operation coverage (cases of each kind passed and run, the statuses
// received), and each failure with its input, the mock's answer, the
// violation and the command that reproduces it. Nothing is loaded from
// elsewhere (its Content-Security-Policy forbids it), and every piece of text
// from the specs, the mocks or the run is escaped.
import { operationCoverage, RESULT_KINDS } from "../coverage.js";
import { KIND_ORDER } from "../kinds/index.js";
import { PAGE_STYLE } from "../../common/markup-text.js";
import { byProvider, runLine, type SuiteReport, summarise, text, where } from "./report.js";
import type { CaseResult } from "../run.js";
import type { CaseKind } from "../types.js";

export function htmlReport(report: SuiteReport): string {
  const s = summarise(report.results);
  const failed = s.failed + s.errors;
  const verdict = `${s.passed} passed, ${failed} failed`;
  const failures = report.results.filter((r) => r.status !== "passed");
  const body = [
    `<h1>Contract tests</h1>`,
    `<p class="verdict ${failed ? "bad" : "ok"}">${text(verdict)}</p>`,
    `<p>${text(runLine(report))}; started ${text(report.startedAt)}</p>`,
    `<h2>Providers</h2>`,
    providersTable(report),
    `<h2>Coverage by operation</h2>`,
    `<p>Cases of each kind passed of those run; the HTTP statuses the tools received.</p>`,
    coverageTable(report),
    ...(failures.length ? [`<h2>Failures (${failures.length})</h2>`, ...failures.map(failureSection)] : []),
  ];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text(`Contract tests: ${verdict}`)}</title>
<style>${PAGE_STYLE}
</style>
</head>
<body>
${body.join("\n")}
</body>
</html>
`;
}

function providersTable(report: SuiteReport): string {
  const rows = [...byProvider(report.results)].map(([provider, results]) => {
    const p = summarise(results);
    const bad = p.failed + p.errors;
    return `<tr><td>${text(provider)}</td><td class="n">${p.cases}</td><td class="n">${p.passed}</td><td class="n ${bad ? "bad" : "ok"}">${bad}</td></tr>`;
  });
  return `<table>\n<tr><th>Provider</th><th>Cases</th><th>Passed</th><th>Failed</th></tr>\n${rows.join("\n")}\n</table>`;
}

function coverageTable(report: SuiteReport): string {
  // The derived kinds' columns when the run had derived cases; a live kind's when it had one.
  const present = new Set(report.results.map((r) => r.kind));
  const columns = RESULT_KINDS.filter((k) => (KIND_ORDER.includes(k as CaseKind) ? KIND_ORDER.some((d) => present.has(d)) : present.has(k)));
  const head = `<tr><th>Provider</th><th>Operation</th>${columns.map((k) => `<th>${text(k)}</th>`).join("")}<th>Statuses</th></tr>`;
  const rows = operationCoverage(report.results).map((row) => {
    const cells = columns.map((kind) => {
      const count = row.kinds.find((k) => k.kind === kind)?.count;
      if (!count) return `<td class="none">—</td>`;
      return `<td class="n ${count.passed === count.cases ? "ok" : "bad"}">${count.passed}/${count.cases}</td>`;
    });
    return `<tr><td>${text(row.provider)}</td><td><code>${text(row.operation)}</code></td>${cells.join("")}<td>${text(row.statuses.join(", ") || "—")}</td></tr>`;
  });
  return `<table>\n${head}\n${rows.join("\n")}\n</table>`;
}

function failureSection(r: CaseResult, index: number): string {
  const at = where(r);
  const detail = r.failure;
  const parts = [
    `<section class="failure" id="failure-${index + 1}">`,
    `<h3>${text(`${r.provider} ${r.id}`)}${r.status === "error" ? " (could not run)" : ""}</h3>`,
    ...(at ? [`<p class="at">Derives from <code>${text(at)}</code></p>`] : []),
    `<h4>Violation</h4>`,
    pre(detail?.violation ?? r.message ?? ""),
  ];
  if (detail?.input) parts.push(`<h4>Input</h4>`, pre(JSON.stringify(detail.input, null, 2)));
  if (detail?.request && detail.answer) {
    const how = detail.answer.how ? ` (${text(detail.answer.how)})` : "";
    parts.push(`<h4>The mock's answer</h4>`, `<p><code>${text(detail.request)}</code> answered <strong>${detail.answer.status}</strong>${how}</p>`, pre(detail.answer.body || "(no body)"));
  }
  if (detail?.reproduce) parts.push(`<h4>Reproduce</h4>`, pre(detail.reproduce));
  parts.push(`</section>`);
  return parts.join("\n");
}

function pre(content: string): string {
  return `<pre>${text(content)}</pre>`;
}
