// The run as one offline HTML page: the totals, a table per provider,
// a chart of cases passed and failed per provider and operation (inline SVG),
// per-operation coverage (cases of each kind passed and run, the statuses
// received), and each failure with its whole violation, its input, the
// request and the answer the tool received, said for what it is (the mock's
// own, a scenario's in its place, or the mock refusing the request), and the
// command that reproduces it. Nothing is loaded from
// elsewhere (its Content-Security-Policy forbids it), and every piece of text
// from the specs, the mocks or the run is escaped.
import { kindStatus, operationCoverage, RESULT_KINDS } from "../coverage.js";
import { KIND_ORDER } from "../kinds/index.js";
import { htmlPage } from "../../common/markup-text.js";
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
import { caseMark, FAILED_MARK, NOT_RUN_MARK } from "./case-marks.js";
import type { CaseKind } from "../types.js";

export function htmlReport(report: SuiteReport): string {
  const s = summarise(report.results);
  const failed = s.failed + s.errors;
  const verdict = verdictLine(s);
  const failures = report.results.filter((r) => r.status !== "passed");
  const body = [
    `<h1>Contract tests</h1>`,
    `<p class="verdict ${failed ? "bad" : "ok"}">${text(verdict)}</p>`,
    `<p>${text(runLine(report))}; started ${text(report.startedAt)}</p>`,
    `<h2>Providers</h2>`,
    providersTable(report),
    `<h2>Passed and failed by operation</h2>`,
    passFailChart(report),
    `<h2>Coverage by operation</h2>`,
    `<p>Cases of each kind passed of those run (${FAILED_MARK} a contract failed, ${NOT_RUN_MARK} a case could not ` +
      `run); the HTTP statuses the tools received.</p>`,
    coverageTable(report),
    ...(failures.length ? [`<h2>Failures (${failures.length})</h2>`, ...failures.map(failureSection)] : []),
  ];
  return htmlPage(`Contract tests: ${verdict}`, body);
}

function providersTable(report: SuiteReport): string {
  const rows = [...byProvider(report.results)].map(([provider, results]) => {
    const p = summarise(results);
    // Red only where a contract failed, as the coverage table's cells.
    const status = p.failed ? "failed" : p.errors ? "error" : "passed";
    return (
      `<tr><td>${text(provider)}</td><td class="n">${p.cases}</td><td class="n">${p.passed}</td><td class="n ` +
      `${CELL_CLASS[status]}">${failedCount(p)}</td></tr>`
    );
  });
  const head = "<tr><th>Provider</th><th>Cases</th><th>Passed</th><th>Failed</th></tr>";
  return `<table>\n${head}\n${rows.join("\n")}\n</table>`;
}

const BAR_WIDTH = 360;
const ROW = 20;

/**
 * One bar per operation, grouped under its provider: green for the cases that
 * passed, red for those that failed or could not run, to scale with the
 * operation that ran the most. Inline SVG: nothing to load, nothing to run.
 */
export function passFailChart(report: SuiteReport): string {
  const rows: string[] = [];
  let y = 0;
  const groups = [...byProvider(report.results)];
  const most = Math.max(1, ...groups.flatMap(([, results]) => [...byOperation(results).values()].map((r) => r.length)));
  const label = 260;
  for (const [provider, results] of groups) {
    rows.push(`<text x="0" y="${y + 14}" font-weight="600">${text(provider)}</text>`);
    y += ROW;
    for (const [operation, cases] of byOperation(results)) {
      const { passed, failed, errors } = summarise(cases);
      const pw = (passed / most) * BAR_WIDTH;
      const fw = ((failed + errors) / most) * BAR_WIDTH;
      rows.push(
        `<g><title>${text(`${provider} ${operation}: ${verdictLine(summarise(cases))}`)}</title>`,
        `<text x="12" y="${y + 14}">${text(operation.length > 34 ? `${operation.slice(0, 33)}…` : operation)}</text>`,
        `<rect class="pass" x="${label}" y="${y + 3}" width="${pw.toFixed(1)}" height="${ROW - 6}"/>`,
        `<rect class="fail" x="${(label + pw).toFixed(1)}" y="${y + 3}" width="${fw.toFixed(1)}" height="${ROW - 6}"/>`,
        `<text x="${(label + pw + fw + 6).toFixed(1)}" y="${y + 14}">${passed} ✓ ${failed} ${FAILED_MARK}` +
          `${errors ? ` ${errors} ${NOT_RUN_MARK}` : ""}</text></g>`,
      );
      y += ROW;
    }
  }
  const width = label + BAR_WIDTH + 90;
  return (
    `<svg class="chart" xmlns="http://www.w3.org/2000/svg" width="${width}" height="${y}" viewBox="0 0 ${width} ` +
    `${y}" role="img" aria-label="Cases passed and failed by provider and operation">\n${rows.join("\n")}\n</svg>`
  );
}

function byOperation(results: readonly CaseResult[]): Map<string, CaseResult[]> {
  const out = new Map<string, CaseResult[]>();
  for (const r of results) out.set(r.operation, [...(out.get(r.operation) ?? []), r]);
  return out;
}

const CELL_CLASS: Record<CaseResult["status"], string> = { passed: "ok", failed: "bad", error: "notrun" };

function coverageTable(report: SuiteReport): string {
  // The derived kinds' columns when the run had derived cases; a live kind's when it had one.
  const present = new Set(report.results.map((r) => r.kind));
  const columns = RESULT_KINDS.filter((k) =>
    KIND_ORDER.includes(k as CaseKind) ? KIND_ORDER.some((d) => present.has(d)) : present.has(k),
  );
  const kinds = columns.map((k) => `<th>${text(k)}</th>`).join("");
  const head = `<tr><th>Provider</th><th>Operation</th>${kinds}<th>Statuses</th></tr>`;
  const rows = operationCoverage(report.results).map((row) => {
    const cells = columns.map((kind) => {
      const count = row.kinds.find((k) => k.kind === kind)?.count;
      if (!count) return `<td class="none" data-label="${text(kind)}">—</td>`;
      // Red and ✗ only where a contract failed; a kind whose cases only could not run is marked as such (⚠).
      const status = kindStatus(count);
      const mark = caseMark(status);
      return (
        `<td class="n ${CELL_CLASS[status]}" ` +
        `data-label="${text(kind)}">${count.passed}/${count.cases}${mark ? ` ${mark}` : ""}</td>`
      );
    });
    return (
      `<tr><td data-label="Provider">${text(row.provider)}</td><td ` +
      `data-label="Operation"><code>${breakable(row.operation)}</code></td>${cells.join("")}<td ` +
      `data-label="Statuses">${text(row.statuses.join(", ") || "—")}</td></tr>`
    );
  });
  // On a narrow screen each row is a card of its cells, each named (PAGE_STYLE): a column per kind does not fit a
  // phone.
  return `<table class="cards">\n${head}\n${rows.join("\n")}\n</table>`;
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
    const { title, note } = answerSource(detail.answer);
    parts.push(
      `<h4>Request</h4>`,
      pre(detail.request),
      `<h4>${text(title)}: ${detail.answer.status}</h4>`,
      ...(note ? [`<p>${text(note)}</p>`] : []),
      pre(detail.answer.body || "(no body)"),
    );
  }
  const reproduce = reproduceLine(r);
  if (reproduce) parts.push(`<h4>Reproduce</h4>`, pre(reproduce));
  parts.push(`</section>`);
  return parts.join("\n");
}

/**
 * What answered: the mock from the spec, a scenario in its place, or the
 * mock's request validator refusing what the tool sent (a problem document
 * of its own, which no spec declares: quoting it as "the mock's answer" would
 * send a reader looking for it in the spec).
 */
export function answerSource(answer: { status: number; body: string; how?: string; refused?: string[] }): {
  title: string;
  note?: string;
} {
  if (answer.how?.startsWith("a scenario"))
    return { title: "The answer a scenario gave in the mock's place", note: answer.how };
  if (answer.refused?.length)
    return {
      title: "The mock refused the request",
      note:
        `Its request validator found: ${answer.refused.join("; ")}. The body below is the example the spec ` +
        `declares for ${answer.status}, which the mock serves for any request it refuses: not an answer to what ` +
        `the case asked.`,
    };
  if (answer.status >= 400 && answer.status < 500 && refusal(answer.body))
    return {
      title: "The mock refused the request",
      note:
        "Its request validator answered, not the spec: the request the tool sent breaks the operation's " +
        "parameters or body as the spec declares them.",
    };
  return { title: "The mock's answer", ...(answer.how ? { note: answer.how } : {}) };
}

/** A mock's own problem document for a request it refused (RFC 7807, typed under the mock's error namespace). */
function refusal(body: string): boolean {
  try {
    const problem = JSON.parse(body) as { type?: unknown; validation?: unknown };
    return typeof problem.type === "string" && /\/prism\/errors#/.test(problem.type);
  } catch {
    return false;
  }
}

/** An operation id that may wrap after each `_` (a long one would widen its column past the screen). */
function breakable(id: string): string {
  return text(id).replaceAll("_", "_<wbr>");
}

function pre(content: string): string {
  return `<pre>${text(content)}</pre>`;
}
