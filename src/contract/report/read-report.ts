// Reading back a report `blockwright test` wrote, so that `report merge` can
// join shards: the JSON report is the whole run (every case in full); a JUnit
// report is read into the same shape as far as it carries it (provider,
// operation, kind and name, status, time, message, position and reproduce line). Anything
// else is refused with what was expected, each damaged field naming itself (report-fields.ts).
import { XMLParser } from "fast-xml-parser";
import { lineText } from "../../common/github-actions.js";
import { RESULT_KINDS } from "../kinds/index.js";
import type { CaseResult } from "../run.js";
import type { ResultKind } from "../types.js";
import { REPRODUCE_LABEL, type SuiteReport } from "./report.js";
import { checkJsonReport, damaged, isTime, UnreadableReport } from "./report-fields.js";

export { UnreadableReport };

export function parseReport(text: string, file: string): SuiteReport {
  const start = text.trimStart();
  if (start.startsWith("{")) return fromJson(text, file);
  if (start.startsWith("<")) return fromJunit(text, file);
  throw new UnreadableReport(
    `${file}: not a report of blockwright test (expected the JSON of --reporter json or the XML of --reporter junit)`,
  );
}

function fromJson(text: string, file: string): SuiteReport {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new UnreadableReport(`${file}: not valid JSON (${(e as Error).message})`);
  }
  checkJsonReport(file, data, RESULT_KINDS);
  const r = data as Partial<SuiteReport> & { cases: CaseResult[]; startedAt: string; durationMs: number };
  return {
    startedAt: r.startedAt,
    durationMs: r.durationMs,
    results: r.cases,
    ...(r.seed !== undefined ? { seed: r.seed, ...(r.runs !== undefined ? { runs: r.runs } : {}) } : {}),
    ...(r.shard !== undefined ? { shard: r.shard } : {}),
    ...(r.planned !== undefined ? { planned: r.planned } : {}),
    ...(r.stopped !== undefined ? { stopped: r.stopped } : {}),
  };
}

type XmlNode = Record<string, unknown>;
const list = (v: unknown): XmlNode[] => (v === undefined ? [] : Array.isArray(v) ? (v as XmlNode[]) : [v as XmlNode]);

function fromJunit(text: string, file: string): SuiteReport {
  let doc: XmlNode;
  try {
    doc = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: "",
      textNodeName: "#text",
      parseAttributeValue: false,
      parseTagValue: false,
      processEntities: true,
    }).parse(text, true) as XmlNode;
  } catch (e) {
    throw new UnreadableReport(`${file}: not well-formed XML (${(e as Error).message.split("\n")[0]})`);
  }
  const root = doc.testsuites as XmlNode | undefined;
  if (!root)
    throw new UnreadableReport(
      `${file}: a JUnit report has a <testsuites> root (what --reporter junit writes); this one does not`,
    );
  const results: CaseResult[] = [];
  let startedAt: string | undefined;
  let seed: number | undefined;
  let runs: number | undefined;
  for (const [i, suite] of list(root.testsuite).entries()) {
    const where = `<testsuite> ${i + 1}`;
    const provider = junitText(file, `${where} name`, suite.name ?? "");
    const stamp =
      suite.timestamp === undefined ? undefined : `${junitText(file, `${where} timestamp`, suite.timestamp)}Z`;
    if (stamp !== undefined && isTime(stamp) !== undefined)
      throw damaged(
        file,
        `${where} timestamp`,
        "must be a date and time in ISO 8601 (2026-05-06T07:08:09)",
        suite.timestamp,
      );
    if (stamp && (!startedAt || Date.parse(stamp) < Date.parse(startedAt))) startedAt = stamp;
    for (const p of list((suite.properties as XmlNode | undefined)?.property)) {
      if (p.name === "seed") seed = junitNumber(file, `${where} property seed`, p.value, { whole: true });
      if (p.name === "runs") runs = junitNumber(file, `${where} property runs`, p.value, { whole: true, least: 0 });
    }
    for (const [j, tc] of list(suite.testcase).entries())
      results.push(caseOf(tc, provider, file, `${where} <testcase> ${j + 1}`));
  }
  const durationMs = Math.round(junitNumber(file, "<testsuites> time", root.time ?? "0", { least: 0 }) * 1000);
  return {
    startedAt: startedAt ?? new Date(0).toISOString(),
    durationMs,
    results,
    ...(seed !== undefined ? { seed, runs: runs ?? 0 } : {}),
  };
}

/** An attribute's text (an element of the same name in its place is damage). */
function junitText(file: string, field: string, value: unknown): string {
  if (typeof value !== "string") throw damaged(file, field, "must be text (an attribute)", value);
  return value;
}

/** An attribute's number: `whole` an integer, `least` its least value. */
function junitNumber(file: string, field: string, value: unknown, rule: { whole?: boolean; least?: number }): number {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
  const ok =
    Number.isFinite(n) && (!rule.whole || Number.isSafeInteger(n)) && (rule.least === undefined || n >= rule.least);
  if (!ok)
    throw damaged(
      file,
      field,
      `must be a${rule.whole ? " whole" : ""} number${rule.least !== undefined ? `, ${rule.least} or more` : ""}`,
      value,
    );
  return n;
}

function caseOf(tc: XmlNode, provider: string, file: string, where: string): CaseResult {
  const classname = junitText(file, `${where} classname`, tc.classname ?? "");
  const operation = classname.startsWith(`${provider}.`) ? classname.slice(provider.length + 1) : classname;
  const written = junitText(file, `${where} name`, tc.name ?? "");
  const [kind = "", ...rest] = written.split(" › ");
  if (!(RESULT_KINDS as string[]).includes(kind))
    throw damaged(
      file,
      `${where} name`,
      `must be <kind> › <name>, the kind one of ${RESULT_KINDS.join(", ")}`,
      written,
    );
  const name = rest.join(" › ");
  const outcome = (list(tc.failure)[0] ?? list(tc.error)[0]) as XmlNode | undefined;
  const status: CaseResult["status"] =
    tc.failure !== undefined ? "failed" : tc.error !== undefined ? "error" : "passed";
  const text = outcome ? String(outcome["#text"] ?? outcome.message ?? "") : undefined;
  // The report puts a case's position as a last line `at file:line:col`, and the reproduce line before it.
  const at = text ? /\nat (.+):(\d+):(\d+)$/.exec(text) : null;
  const withoutAt = text !== undefined && at ? text.slice(0, at.index) : text;
  const lastBreak = withoutAt?.lastIndexOf("\n") ?? -1;
  const reproduce =
    withoutAt !== undefined && lastBreak >= 0 && withoutAt.startsWith(REPRODUCE_LABEL, lastBreak + 1)
      ? withoutAt.slice(lastBreak + 1 + REPRODUCE_LABEL.length)
      : undefined;
  const body = reproduce !== undefined ? withoutAt?.slice(0, lastBreak) : withoutAt;
  return {
    id: `${operation} › ${kind} › ${name}`,
    provider,
    operation,
    kind: kind as ResultKind,
    name,
    status,
    durationMs: Math.round(junitNumber(file, `${where} time`, tc.time ?? "0", { least: 0 }) * 1000),
    source: { document: "manifest", path: ["operations", operation] },
    statuses: [],
    ...(body !== undefined ? { message: body } : {}),
    ...(at ? { at: { file: at[1] ?? "", line: Number(at[2]), col: Number(at[3]) } } : {}),
    ...(body !== undefined && reproduce !== undefined ? { failure: { violation: body, reproduce } } : {}),
  };
}

/**
 * Refuse a shard given twice: merged, each of its cases counted twice. A
 * case is in one shard only (its id is unique in the suite), and a shard's
 * label (`i/n`) names one part of the run.
 */
export function refuseRepeats(read: readonly { file: string; report: SuiteReport }[]): void {
  const shards = new Map<string, string>();
  const cases = new Map<string, number>();
  for (const [i, { file, report }] of read.entries()) {
    if (report.shard !== undefined) {
      const other = shards.get(report.shard);
      if (other !== undefined)
        throw new UnreadableReport(
          `${file}: shard ${report.shard} again (also ${other}): each shard is merged once (rule: no shard ` +
            `twice), or its cases are counted twice`,
        );
      shards.set(report.shard, file);
    }
    for (const r of report.results) {
      const other = cases.get(r.id);
      if (other !== undefined && other !== i) {
        throw new UnreadableReport(
          `${file}: case ${lineText(JSON.stringify(r.id))} again (also in ${read[other]?.file}): each shard is ` +
            `merged once (rule: no case in two reports), or its cases are counted twice`,
        );
      }
      cases.set(r.id, i);
    }
  }
}

/** One report of the whole run from its shards' reports: every case, the earliest start, the span to the last end. */
export function mergeReports(reports: SuiteReport[]): SuiteReport {
  const starts = reports.map((r) => Date.parse(r.startedAt));
  const first = Math.min(...starts);
  const last = Math.max(...reports.map((r, i) => (starts[i] ?? first) + r.durationMs));
  const seeds = new Set(reports.map((r) => r.seed));
  const [seed] = seeds;
  const planned = reports.every((r) => r.planned !== undefined)
    ? reports.reduce((n, r) => n + (r.planned ?? 0), 0)
    : undefined;
  const stopped = reports.flatMap((r) => (r.stopped ? [r.stopped] : []));
  return {
    startedAt: new Date(first).toISOString(),
    durationMs: last - first,
    results: reports.flatMap((r) => r.results),
    ...(seeds.size === 1 && seed !== undefined ? { seed, runs: reports[0]?.runs ?? 0 } : {}),
    ...(planned !== undefined ? { planned } : {}),
    ...(stopped.length ? { stopped: stopped.join("; ") } : {}),
  };
}
