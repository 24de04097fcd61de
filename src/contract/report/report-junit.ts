// JUnit XML, in the shape the common JUnit schemas accept (Jenkins' junit-10
// and the Ant-derived one that GitLab and the GitHub reporters read): one
// <testsuite> per provider, one <testcase> per case, and only the attributes
// those schemas declare — a case's position goes into its failure text, not
// onto <testcase>, after the reproduce line. Times are wall time: cases run at once, so a suite's time
// is the span from its first start to its last end, never a sum.
import type { CaseResult } from "../run.js";
import { attr, byProvider, reproduceLine, type SuiteReport, summarise, text, where } from "./report.js";

/** A failure message attribute is kept whole up to this many characters (the full text is the element's body). */
const MESSAGE_CHARS = 4000;

export function junitReport(report: SuiteReport): string {
  const s = summarise(report.results);
  const out = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites name="${attr(report.command ?? "blockwright test")}" tests="${s.cases}" ` +
      `failures="${s.failed}" errors="${s.errors}" time="${seconds(report.durationMs)}">`,
  ];
  for (const [provider, results] of byProvider(report.results)) {
    const p = summarise(results);
    out.push(
      `  <testsuite name="${attr(provider)}" tests="${p.cases}" failures="${p.failed}" errors="${p.errors}" ` +
        `skipped="0" time="${seconds(wallTime(results, report.durationMs))}" ` +
        `timestamp="${attr(report.startedAt.replace(/\.\d+Z$/, ""))}">`,
      `    <properties>`,
      ...(report.seed !== undefined
        ? [
            `      <property name="seed" value="${report.seed}"/>`,
            `      <property name="runs" value="${report.runs ?? 0}"/>`,
          ]
        : []),
      ...(report.shard ? [`      <property name="shard" value="${attr(report.shard)}"/>`] : []),
      `    </properties>`,
    );
    for (const r of results) out.push(...testcase(r));
    out.push(`  </testsuite>`);
  }
  out.push(`</testsuites>`);
  return `${out.join("\n")}\n`;
}

function testcase(r: CaseResult): string[] {
  const open =
    `    <testcase classname="${attr(`${r.provider}.${r.operation}`)}" name="${attr(`${r.kind} › ${r.name}`)}" ` +
    `time="${seconds(r.durationMs)}"`;
  if (r.status === "passed") return [`${open}/>`];
  const tag = r.status === "failed" ? "failure" : "error";
  const message = r.message ?? "";
  const at = where(r);
  const body = [message, reproduceLine(r), ...(at ? [`at ${at}`] : [])].filter((line) => line !== undefined).join("\n");
  const type = r.status === "failed" ? "ContractFailure" : "Error";
  return [
    `${open}>`,
    `      <${tag} message="${attr(message.slice(0, MESSAGE_CHARS))}" type="${type}">${text(body)}</${tag}>`,
    `    </testcase>`,
  ];
}

/**
 * The span the cases ran in (first start to last end), when each says when it started; else their sum, at most the
 * run's.
 */
function wallTime(results: CaseResult[], runMs: number): number {
  const starts = results.map((r) => r.startedAtMs);
  if (starts.every((t): t is number => t !== undefined) && starts.length) {
    const first = Math.min(...starts);
    const last = Math.max(...results.map((r) => (r.startedAtMs ?? 0) + r.durationMs));
    return last - first;
  }
  return Math.min(
    results.reduce((n, r) => n + r.durationMs, 0),
    runMs,
  );
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}
