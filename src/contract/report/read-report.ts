// Reading back a report `blockwright test` wrote, so that `report merge` can
// join shards: the JSON report is the whole run (every case in full); a JUnit
// report is read into the same shape as far as it carries it (provider,
// operation, kind and name, status, time, message, position and reproduce line). Anything
// else is refused with what was expected.
import { XMLParser } from "fast-xml-parser";
import type { CaseResult } from "../run.js";
import { REPRODUCE_LABEL, type SuiteReport } from "./report.js";

export class UnreadableReport extends Error {}

export function parseReport(text: string, file: string): SuiteReport {
  const start = text.trimStart();
  if (start.startsWith("{")) return fromJson(text, file);
  if (start.startsWith("<")) return fromJunit(text, file);
  throw new UnreadableReport(`${file}: not a report of blockwright test (expected the JSON of --reporter json or the XML of --reporter junit)`);
}

function fromJson(text: string, file: string): SuiteReport {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new UnreadableReport(`${file}: not valid JSON (${(e as Error).message})`);
  }
  const r = data as Partial<SuiteReport> & { cases?: unknown };
  if (typeof r !== "object" || r === null || !Array.isArray(r.cases) || typeof r.startedAt !== "string" || typeof r.durationMs !== "number") {
    throw new UnreadableReport(`${file}: a JSON report has "startedAt", "durationMs" and "cases" (what --reporter json writes); this one does not`);
  }
  const bad = r.cases.findIndex((c) => !isCase(c));
  if (bad >= 0) throw new UnreadableReport(`${file}: cases[${bad}] is not a case (it needs id, provider, operation, kind, name, status and durationMs)`);
  return {
    startedAt: r.startedAt,
    durationMs: r.durationMs,
    results: r.cases as CaseResult[],
    ...(typeof r.seed === "number" ? { seed: r.seed, ...(typeof r.runs === "number" ? { runs: r.runs } : {}) } : {}),
    ...(typeof r.shard === "string" ? { shard: r.shard } : {}),
    ...(typeof r.planned === "number" ? { planned: r.planned } : {}),
    ...(typeof r.stopped === "string" ? { stopped: r.stopped } : {}),
  };
}

function isCase(c: unknown): c is CaseResult {
  const x = c as Record<string, unknown>;
  return typeof x === "object" && x !== null && ["id", "provider", "operation", "kind", "name"].every((k) => typeof x[k] === "string") && ["passed", "failed", "error"].includes(x.status as string) && typeof x.durationMs === "number";
}

type XmlNode = Record<string, unknown>;
const list = (v: unknown): XmlNode[] => (v === undefined ? [] : Array.isArray(v) ? (v as XmlNode[]) : [v as XmlNode]);

function fromJunit(text: string, file: string): SuiteReport {
  let doc: XmlNode;
  try {
    doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "", textNodeName: "#text", parseAttributeValue: false, parseTagValue: false, processEntities: true }).parse(text, true) as XmlNode;
  } catch (e) {
    throw new UnreadableReport(`${file}: not well-formed XML (${(e as Error).message.split("\n")[0]})`);
  }
  const root = doc.testsuites as XmlNode | undefined;
  if (!root) throw new UnreadableReport(`${file}: a JUnit report has a <testsuites> root (what --reporter junit writes); this one does not`);
  const results: CaseResult[] = [];
  let startedAt: string | undefined;
  let seed: number | undefined;
  let runs: number | undefined;
  for (const suite of list(root.testsuite)) {
    const provider = String(suite.name ?? "");
    const stamp = typeof suite.timestamp === "string" ? `${suite.timestamp}Z` : undefined;
    if (stamp && (!startedAt || stamp < startedAt)) startedAt = stamp;
    for (const p of list((suite.properties as XmlNode | undefined)?.property)) {
      if (p.name === "seed") seed = Number(p.value);
      if (p.name === "runs") runs = Number(p.value);
    }
    for (const tc of list(suite.testcase)) results.push(caseOf(tc, provider));
  }
  const durationMs = Math.round(Number(root.time ?? 0) * 1000);
  return { startedAt: startedAt ?? new Date(0).toISOString(), durationMs, results, ...(seed !== undefined && Number.isFinite(seed) ? { seed, runs: runs ?? 0 } : {}) };
}

function caseOf(tc: XmlNode, provider: string): CaseResult {
  const classname = String(tc.classname ?? "");
  const operation = classname.startsWith(`${provider}.`) ? classname.slice(provider.length + 1) : classname;
  const [kind = "", ...rest] = String(tc.name ?? "").split(" › ");
  const name = rest.join(" › ");
  const outcome = (list(tc.failure)[0] ?? list(tc.error)[0]) as XmlNode | undefined;
  const status: CaseResult["status"] = tc.failure !== undefined ? "failed" : tc.error !== undefined ? "error" : "passed";
  const text = outcome ? String(outcome["#text"] ?? outcome.message ?? "") : undefined;
  // The report puts a case's position as a last line `at file:line:col`, and the reproduce line before it.
  const at = text ? /\nat (.+):(\d+):(\d+)$/.exec(text) : null;
  const withoutAt = text !== undefined && at ? text.slice(0, at.index) : text;
  const lastBreak = withoutAt?.lastIndexOf("\n") ?? -1;
  const reproduce = withoutAt !== undefined && lastBreak >= 0 && withoutAt.startsWith(REPRODUCE_LABEL, lastBreak + 1) ? withoutAt.slice(lastBreak + 1 + REPRODUCE_LABEL.length) : undefined;
  const body = reproduce !== undefined ? withoutAt?.slice(0, lastBreak) : withoutAt;
  return {
    id: `${operation} › ${kind} › ${name}`,
    provider,
    operation,
    kind: kind as CaseResult["kind"],
    name,
    status,
    durationMs: Math.round(Number(tc.time ?? 0) * 1000),
    source: { document: "manifest", path: ["operations", operation] },
    statuses: [],
    ...(body !== undefined ? { message: body } : {}),
    ...(at ? { at: { file: at[1] ?? "", line: Number(at[2]), col: Number(at[3]) } } : {}),
    ...(body !== undefined && reproduce !== undefined ? { failure: { violation: body, reproduce } } : {}),
  };
}

/** One report of the whole run from its shards' reports: every case, the earliest start, the span to the last end. */
export function mergeReports(reports: SuiteReport[]): SuiteReport {
  const starts = reports.map((r) => Date.parse(r.startedAt));
  const first = Math.min(...starts);
  const last = Math.max(...reports.map((r, i) => (starts[i] ?? first) + r.durationMs));
  const seeds = new Set(reports.map((r) => r.seed));
  const [seed] = seeds;
  const planned = reports.every((r) => r.planned !== undefined) ? reports.reduce((n, r) => n + (r.planned ?? 0), 0) : undefined;
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
