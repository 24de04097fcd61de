// The drift report of `blockwright verify`: text for people, JSON for tools,
// an OpenAPI Overlay of the suggested patches, and the shape the contract
// suite's CI reporters take (one case per call, its drifts the message).
import type { SuiteReport } from "../contract/report/report.js";
import type { CaseResult } from "../contract/run.js";
import { resultMark } from "../contract/report/case-marks.js";
import { lineText, logSafe } from "../common/github-actions.js";
import { formatPosition } from "../load/yaml-source.js";
import { type Drift, describeDrift, type OverlayAction } from "./drift.js";
import type { ProbeResult, VerifyReport } from "./verify.js";

export interface DriftSummary {
  calls: number;
  passed: number;
  failed: number;
  errors: number;
  /**
   * Differences that fail (each time a call met one), those of them that are distinct (the same kind at the same
   * pointer and spec place, whichever the call), and those only reported.
   */
  differences: number;
  distinct: number;
  informational: number;
}

export function summariseDrift(report: VerifyReport): DriftSummary {
  const drifts = report.results.flatMap((r) => r.drifts);
  return {
    calls: report.results.length,
    passed: report.results.filter((r) => r.status === "passed").length,
    failed: report.results.filter((r) => r.status === "failed").length,
    errors: report.results.filter((r) => r.status === "error").length,
    differences: drifts.filter((d) => !d.informational).length,
    distinct: new Set(
      drifts.filter((d) => !d.informational).map((d) => JSON.stringify([d.operation, d.kind, d.pointer, d.at])),
    ).size,
    informational: drifts.filter((d) => d.informational).length,
  };
}

/** Every suggested patch of the run, once each, as an OpenAPI Overlay 1.0 document. */
export function overlayOf(report: VerifyReport): {
  overlay: "1.0.0";
  info: { title: string; version: string };
  actions: OverlayAction[];
} {
  const seen = new Set<string>();
  const actions: OverlayAction[] = [];
  for (const d of report.results.flatMap((r) => r.drifts)) {
    if (!d.overlay) continue;
    const key = JSON.stringify(d.overlay);
    if (seen.has(key)) continue;
    seen.add(key);
    actions.push(d.overlay);
  }
  return {
    overlay: "1.0.0",
    info: {
      title: `What ${report.origin} answered where ${report.provider}'s spec says otherwise (to review)`,
      version: report.startedAt,
    },
    actions,
  };
}

/**
 * The report for people: what came from the service (field names, messages, addresses) escaped, as every text report
 * escapes it (lineText, logSafe).
 */
export function verifyText(report: VerifyReport): string {
  const lines = [
    `verify ${report.provider} on ${report.origin}: ${report.results.length} ` +
      `call${report.results.length === 1 ? "" : "s"}, ${report.requests} request` +
      `${report.requests === 1 ? "" : "s"} (at most ${report.maxRequests})`,
    "",
  ];
  for (const r of report.results) {
    lines.push(`${resultMark(r.status)} ${lineText(r.id)}${r.status === "error" ? " (no answer checked)" : ""}`);
    for (const request of r.requests) lines.push(`    ${lineText(request)}`);
    if (r.statuses.length) lines.push(`    answered ${r.statuses.join(", ")}`);
    if (r.message) lines.push(`    ${lineText(r.message)}`);
    for (const d of r.drifts) lines.push(...driftLines(d));
    if (r.recording) lines.push(`    recorded in ${lineText(r.recording)}`);
    lines.push("");
  }
  if (report.skippedWrites.length)
    lines.push(
      `left out (may change data; name them with --allow-writes to call them): ${report.skippedWrites.join(", ")}`,
    );
  if (report.stopped)
    lines.push(`stopped: ${report.stopped}; ${report.results.length} of ${report.planned} calls made`);
  const s = summariseDrift(report);
  lines.push(
    `drift: ${s.distinct} difference${s.distinct === 1 ? "" : "s"}` +
      `${s.differences > s.distinct ? ` (met ${s.differences} times)` : ""} in ${s.failed} of ${s.calls} ` +
      `calls${s.informational ? `, ${s.informational} informational` : ""}` +
      `${s.errors ? `; ${s.errors} call${s.errors === 1 ? "" : "s"} not checked` : ""}`,
  );
  return logSafe(`${lines.join("\n")}\n`);
}

function driftLines(d: Drift): string[] {
  return [
    `    ${d.informational ? "(informational) " : ""}${d.kind} ${lineText(d.pointer) || "(the whole body)"}: ` +
      `${lineText(d.message)}`,
    ...(d.at ? [`      spec: ${lineText(formatPosition(d.at))}`] : []),
    ...(d.overlay
      ? [
          `      suggested: ${d.overlay.remove ? "remove" : "update"} ${lineText(d.overlay.target)}` +
            `${d.overlay.update !== undefined ? ` with ${lineText(JSON.stringify(d.overlay.update))}` : ""}`,
        ]
      : []),
  ];
}

export function verifyJson(report: VerifyReport): string {
  return `${JSON.stringify({ ...report, summary: summariseDrift(report), overlay: overlayOf(report) }, null, 2)}\n`;
}

/**
 * The run as the contract suite's reports read it: a case per call, kind `live`, failing where the answer contradicts
 * the specs.
 */
export function asSuiteReport(report: VerifyReport): SuiteReport {
  return {
    command: "blockwright verify",
    startedAt: report.startedAt,
    durationMs: report.durationMs,
    planned: report.planned,
    ...(report.stopped ? { stopped: report.stopped } : {}),
    results: report.results.map(asCaseResult),
  };
}

function asCaseResult(r: ProbeResult): CaseResult {
  const failing = r.drifts.filter((d) => !d.informational);
  const at = failing.find((d) => d.at)?.at;
  const message =
    r.status === "error"
      ? r.message
      : failing.length
        ? `the live answer contradicts the specs:\n${failing.map(describeDrift).join("\n")}`
        : undefined;
  return {
    id: r.id,
    provider: r.provider,
    operation: r.operation,
    kind: "live",
    name: r.name,
    status: r.status,
    durationMs: r.durationMs,
    ...(message ? { message } : {}),
    source: { document: "manifest", path: ["operations", r.operation] },
    ...(at ? { at } : {}),
    statuses: r.statuses,
  };
}
