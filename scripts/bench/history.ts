// `npm run bench -- history`: `upstream`'s change model scored on the real
// version history in contract-tests/history (README.md there): every pair
// of consecutive versions of each vendor, the bound operations of its
// bound.yaml (which binds each operation whole: every parameter, the whole
// request and 2xx response bodies), against the reviewed truth file, as
// correct / missed / wrong / noise per pair and in total; and diff beside
// it (history-diff.ts), with `diff --workflows` on a workflow written from
// each pair's breaking changes (history-workflow.ts): how many name their
// workflow line.
//
//   npm run bench -- history              the table
//   HISTORY_DETAILS=1 npm run bench -- history   also every missed, wrong and noise item
//   HISTORY_ONLY=asana npm run bench -- history  one vendor
//   HISTORY_KEEP=1 …                        keep diff's scratch projects (each pair's report and specs)
//
// Everything runs in this process on the stored documents: nothing leaves the machine.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { gunzipSync } from "node:zlib";
import jsyaml from "js-yaml";
import {
  addScores,
  emptyScore,
  type Reported,
  type Score,
  score,
  type Truth,
  type TruthEntry,
} from "./history-score.js";
import { documentChanges, type DocumentSet } from "../../src/changes/document-diff.js";
import { legacyReport } from "./history-legacy.js";
import { diffRun, type WriteVersion } from "./history-diff.js";

export interface BoundOperation {
  operationId: string;
  method: string;
  path: string;
}

interface Version {
  label: string;
  stored: string;
  root: string;
}

const load = (text: string, json: boolean): unknown =>
  json ? JSON.parse(text) : jsyaml.load(text, { schema: jsyaml.CORE_SCHEMA });

/** A stored version written out as published (the root and every file it reaches) into a folder: the root's path. */
function writerOf(dir: string, v: Version): WriteVersion {
  return (into) => {
    const text = gunzipSync(readFileSync(join(dir, v.stored))).toString("utf8");
    const files: Record<string, string> = v.stored.endsWith(".files.json.gz")
      ? (JSON.parse(text) as Record<string, string>)
      : { [v.root]: text };
    for (const [name, t] of Object.entries(files)) {
      mkdirSync(dirname(join(into, name)), { recursive: true });
      writeFileSync(join(into, name), t);
    }
    return join(into, v.root);
  };
}

/** A stored version as a set of documents: one file, or (`.files.json.gz`) the root and every file it reaches. */
function readVersion(dir: string, v: Version): DocumentSet {
  const text = gunzipSync(readFileSync(join(dir, v.stored))).toString("utf8");
  if (v.stored.endsWith(".files.json.gz")) {
    const texts = JSON.parse(text) as Record<string, string>;
    const files = new Map<string, unknown>();
    for (const [name, t] of Object.entries(texts)) files.set(name, load(t, name.endsWith(".json")));
    return { root: v.root, files };
  }
  return { root: v.root, files: new Map([[v.root, load(text, v.stored.endsWith(".json.gz"))]]) };
}

/** What `upstream` reports on a pair, placed as the truth places its entries. */
function upstreamReport(older: DocumentSet, newer: DocumentSet, bound: BoundOperation[]): Reported[] {
  if (process.env.HISTORY_LEGACY) {
    if (older.files.size > 1) throw new Error("the legacy upstream reads one file only (this version is many)");
    return legacyReport(
      older.files.get(older.root) as Record<string, unknown>,
      newer.files.get(newer.root) as Record<string, unknown>,
      bound,
    );
  }
  // Each change placed at the bound operation of its method and path (the truth's name for it, whatever the newer
  // document calls it).
  const label = (c: { method: string; path: string }) =>
    bound.find((b) => b.method.toUpperCase() === c.method && b.path === c.path)?.operationId ?? "";
  return documentChanges(older, newer, bound).map((c) => ({
    kind: c.kind,
    operation: label(c),
    location: c.location,
    pointer: c.pointer,
    severity: c.severity,
    text: `${label(c)} ${c.location} ${c.pointer} ${c.kind} (${c.severity}: ${c.reason})`,
  }));
}

/**
 * Each operation's first 2xx status, a path item or operation that is a `$ref` into another file of the set followed.
 */
function successStatuses(doc: DocumentSet): Record<string, string> {
  type Operation = { operationId?: string; responses?: Record<string, unknown>; $ref?: string };
  const out: Record<string, string> = {};
  const rootDir = dirname(doc.root);
  const follow = <T>(node: T & { $ref?: unknown }): T => {
    const ref = node?.$ref;
    return typeof ref === "string" && !ref.startsWith("#")
      ? ((doc.files.get(join(rootDir, ref.split("#")[0] ?? "")) ?? {}) as T)
      : node;
  };
  const paths =
    (doc.files.get(doc.root) as { paths?: Record<string, Record<string, Operation>> } | undefined)?.paths ?? {};
  for (const item of Object.values(paths)) {
    for (const raw of Object.values(follow(item ?? {}))) {
      const op = raw && typeof raw === "object" ? follow(raw) : undefined;
      if (!op?.operationId) continue;
      out[op.operationId] = Object.keys(op.responses ?? {}).find((s) => /^2/.test(s)) ?? "200";
    }
  }
  return out;
}

const frac = ([a, b]: [number, number]) => `${a}/${b}`;

/** The truth of a pair as far as a manifest binds it: the entries at places it holds. */
const boundTruth = (truth: Truth, binds: (t: TruthEntry) => boolean): Truth => ({
  ...truth,
  changes: truth.changes.filter(binds),
});

/** One vendor's stored history: its versions (read), its bound operations and the truth of each pair. */
interface VendorHistory {
  vendor: string;
  dir: string;
  source: { versions: Version[] };
  bound: BoundOperation[];
  versions: { v: Version; doc: DocumentSet }[];
  truths: Truth[];
}

/** What the bench adds up over every pair: the table's rows, the details and the totals. */
interface Tally {
  tools: string[];
  rows: string[][];
  details: string[];
  total: { upstream: Score; diff: Score; unbound: number; named: number; feelable: number };
}

type DiffReports = ReturnType<typeof diffRun>["reports"];

const loadYaml = (path: string): unknown => jsyaml.load(readFileSync(path, "utf8"), { schema: jsyaml.CORE_SCHEMA });

/** A vendor's folder of contract-tests/history read: source.yaml, bound.yaml, each version and each pair's truth. */
function readVendor(history: string, vendor: string): VendorHistory {
  const dir = join(history, vendor);
  const source = loadYaml(join(dir, "source.yaml")) as { versions: Version[] };
  const bound = (loadYaml(join(dir, "bound.yaml")) as { operations: BoundOperation[] }).operations;
  const versions = source.versions.map((v) => ({ v, doc: readVersion(dir, v) }));
  const truths = versions
    .slice(1)
    .map((b, i) => loadYaml(join(dir, `truth-${versions[i]?.v.label}--${b.v.label}.yaml`)) as Truth);
  return { vendor, dir, source, bound, versions, truths };
}

/** diff run over the vendor's versions, one report per pair; why it failed on all of them, if it did. */
function vendorDiffs(h: VendorHistory): { diffs: DiffReports; diffFailed: string } {
  try {
    const diffs = diffRun(
      h.vendor,
      h.source.versions.map((v) => writerOf(h.dir, v)),
      h.bound.map((b) => b.operationId),
      h.versions.map((x) => successStatuses(x.doc)),
      h.truths,
    ).reports;
    return { diffs, diffFailed: "" };
  } catch (e) {
    return { diffs: [], diffFailed: `diff failed: ${(e as Error).message.split("\n")[0]?.slice(0, 300)}` };
  }
}

/** upstream scored on the pair at `i`, timed; why it failed, if it did. */
function upstreamScore(h: VendorHistory, i: number, tools: string[]): { up?: Score; upFailed: string; ms: number } {
  const [a, b, truth] = [h.versions[i], h.versions[i + 1], h.truths[i] as Truth];
  const started = performance.now();
  let up: Score | undefined;
  let upFailed = "";
  if (a && b && tools.includes("upstream")) {
    try {
      up = score(truth, upstreamReport(a.doc, b.doc, h.bound));
    } catch (e) {
      upFailed = `failed: ${(e as Error).message.split("\n")[0]}`;
    }
  }
  return { up, upFailed, ms: performance.now() - started };
}

/** The pair at `i` scored, upstream's and diff's, into the tally: its row, its totals and (HISTORY_DETAILS) details. */
function tallyPair(
  tally: Tally,
  h: VendorHistory,
  i: number,
  ran: DiffReports[number] | undefined,
  diffFailed: string,
) {
  const { total, vendor } = { total: tally.total, vendor: h.vendor };
  const pair = `${h.versions[i]?.v.label} → ${h.versions[i + 1]?.v.label}`;
  const truth = h.truths[i] as Truth;
  const { up, upFailed, ms } = upstreamScore(h, i, tally.tools);
  const d = ran && "reported" in ran ? ran : undefined;
  const bounded = d ? boundTruth(truth, d.binds) : undefined;
  const df = d && bounded ? score(bounded, d.reported) : undefined;
  const pairFailed = ran && "failed" in ran ? `diff failed: ${ran.failed.split("\n")[0]?.slice(0, 300)}` : diffFailed;
  const unbound = bounded ? truth.changes.length - bounded.changes.length : 0;
  if (up) total.upstream = addScores(total.upstream, up);
  if (df) total.diff = addScores(total.diff, df);
  total.unbound += unbound;
  if (d) [total.named, total.feelable] = [total.named + d.lines.named, total.feelable + d.lines.feelable];
  tally.rows.push(
    row(
      vendor,
      pair,
      up ?? upFailed,
      df ?? pairFailed,
      df ? String(unbound) : "",
      d ? `${d.lines.named}/${d.lines.feelable}` : "",
      up ? `${Math.round(ms)} ms` : "",
    ),
  );
  if (process.env.HISTORY_DETAILS) {
    if (up) tally.details.push(`${vendor} ${pair}, upstream:`, ...up.details.map((x) => `  ${x}`));
    if (df) tally.details.push(`${vendor} ${pair}, diff:`, ...df.details.map((x) => `  ${x}`));
    if (d) tally.details.push(`${vendor} ${pair}, diff --workflows:`, ...d.lines.details.map((x) => `  ${x}`));
  }
}

const both = (what: string) => `${what} (upstream / diff)`;
const HEAD = [
  "vendor",
  "pair",
  both("breaking found"),
  both("non-breaking found"),
  both("informational found"),
  both("correct"),
  both("missed"),
  both("wrong"),
  both("noise: not-changes"),
  both("noise: unexplained"),
  "diff: truth entries the drafted manifest does not bind",
  "diff --workflows: breaking changes naming their workflow lines",
  "upstream time",
];

export function historyBench(root: string): string {
  const history = join(root, "contract-tests/history");
  const only = process.env.HISTORY_ONLY;
  const tools = (process.env.HISTORY_TOOLS ?? "upstream,diff").split(",");
  const total = { upstream: emptyScore(), diff: emptyScore(), unbound: 0, named: 0, feelable: 0 };
  const tally: Tally = { tools, rows: [], details: [], total };
  const vendors = readdirSync(history, { withFileTypes: true })
    .filter((d) => d.isDirectory() && (!only || d.name === only))
    .map((d) => d.name)
    .sort();
  for (const vendor of vendors) {
    const h = readVendor(history, vendor);
    const { diffs, diffFailed } = tools.includes("diff") ? vendorDiffs(h) : { diffs: [], diffFailed: "" };
    for (let i = 0; i + 1 < h.versions.length; i++) tallyPair(tally, h, i, diffs[i], diffFailed);
  }
  const diffRan = tools.includes("diff");
  const { rows, details } = tally;
  rows.push(
    row(
      "**all**",
      `${rows.length} pairs`,
      tools.includes("upstream") ? total.upstream : "",
      diffRan ? total.diff : "",
      diffRan ? String(total.unbound) : "",
      diffRan ? `${total.named}/${total.feelable}` : "",
      "",
    ),
  );
  const table = [
    `| ${HEAD.join(" | ")} |`,
    `| ${HEAD.map(() => "---").join(" | ")} |`,
    ...rows.map((r) => `| ${r.join(" | ")} |`),
  ];
  return [
    `npm run bench -- history: upstream's change model and diff (add, generate, upstream --accept, generate, ` +
      `diff) on contract-tests/history (${new Date().toISOString().slice(0, 10)})`,
    "",
    ...table,
    ...(details.length ? ["", ...details] : []),
  ].join("\n");
}

/** A pair's row: each figure as upstream's / diff's (a tool not run, or failed, shows its reason). */
function row(
  vendor: string,
  pair: string,
  up: Score | string,
  df: Score | string,
  unbound: string,
  lines: string,
  time: string,
): string[] {
  const figures = (s: Score | string): string[] =>
    typeof s === "string"
      ? ["–", "–", "–", "–", "–", "–", "–", "–"]
      : [
          frac(s.found.breaking),
          frac(s.found["non-breaking"]),
          frac(s.found.informational),
          String(s.correct),
          String(s.missed),
          String(s.wrong),
          String(s.noiseNotChanges),
          String(s.noiseUnexplained),
        ];
  const [u, d] = [figures(up), figures(df)];
  // A tool that failed on the pair: its reason once, in the last column.
  const failed = [typeof up === "string" && up ? `upstream ${up}` : "", typeof df === "string" && df ? df : ""]
    .filter(Boolean)
    .join("; ");
  return [vendor, pair, ...u.map((x, i) => `${x} / ${d[i]}`), unbound, lines, time, failed];
}
