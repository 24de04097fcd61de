// `npm run bench -- history`: `upstream`'s change model scored on the real
// version history in contract-tests/history (README.md there): every pair
// of consecutive versions of each vendor, the bound operations of its
// bound.yaml (which binds each operation whole: every parameter, the whole
// request and 2xx response bodies), against the reviewed truth file, as
// correct / missed / wrong / noise per pair and in total.
//
//   npm run bench -- history              the table
//   HISTORY_DETAILS=1 npm run bench -- history   also every missed, wrong and noise item
//   HISTORY_ONLY=asana npm run bench -- history  one vendor
//
// Everything runs in this process on the stored documents: nothing leaves the machine.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import jsyaml from "js-yaml";
import { addScores, emptyScore, type Reported, type Score, score, type Truth } from "./history-score.js";
import { documentChanges, type DocumentSet } from "../../src/changes/document-diff.js";
import { legacyReport } from "./history-legacy.js";

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

const load = (text: string, json: boolean): unknown => (json ? JSON.parse(text) : jsyaml.load(text, { schema: jsyaml.CORE_SCHEMA }));

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
    return legacyReport(older.files.get(older.root) as Record<string, unknown>, newer.files.get(newer.root) as Record<string, unknown>, bound);
  }
  return documentChanges(older, newer, bound).map((c) => ({
    kind: c.kind,
    operation: c.operationId,
    location: c.location,
    pointer: c.pointer,
    severity: c.severity,
    text: `${c.operationId} ${c.location} ${c.pointer} ${c.kind} (${c.severity}: ${c.reason})`,
  }));
}

const frac = ([a, b]: [number, number]) => `${a}/${b}`;

export function historyBench(root: string): string {
  const history = join(root, "contract-tests/history");
  const only = process.env.HISTORY_ONLY;
  const rows: string[][] = [];
  const details: string[] = [];
  let total = emptyScore();
  const vendors = readdirSync(history, { withFileTypes: true })
    .filter((d) => d.isDirectory() && (!only || d.name === only))
    .map((d) => d.name)
    .sort();
  for (const vendor of vendors) {
    const dir = join(history, vendor);
    const source = jsyaml.load(readFileSync(join(dir, "source.yaml"), "utf8"), { schema: jsyaml.CORE_SCHEMA }) as { versions: Version[] };
    const bound = (jsyaml.load(readFileSync(join(dir, "bound.yaml"), "utf8"), { schema: jsyaml.CORE_SCHEMA }) as { operations: BoundOperation[] }).operations;
    const versions = source.versions.map((v) => ({ v, doc: readVersion(dir, v) }));
    for (let i = 0; i + 1 < versions.length; i++) {
      const a = versions[i];
      const b = versions[i + 1];
      if (!a || !b) continue;
      const truth = jsyaml.load(readFileSync(join(dir, `truth-${a.v.label}--${b.v.label}.yaml`), "utf8"), { schema: jsyaml.CORE_SCHEMA }) as Truth;
      const started = performance.now();
      let s: Score;
      try {
        s = score(truth, upstreamReport(a.doc, b.doc, bound));
      } catch (e) {
        rows.push([vendor, `${a.v.label} → ${b.v.label}`, `failed: ${(e as Error).message.split("\n")[0]}`]);
        continue;
      }
      const ms = performance.now() - started;
      total = addScores(total, s);
      rows.push(row(vendor, `${a.v.label} → ${b.v.label}`, s, `${Math.round(ms)} ms`));
      if (process.env.HISTORY_DETAILS) details.push(`${vendor} ${a.v.label} → ${b.v.label}:`, ...s.details.map((d) => `  ${d}`));
    }
  }
  rows.push(row("**all**", `${rows.length} pairs`, total, ""));
  const head = ["vendor", "pair", "breaking found", "non-breaking found", "informational found", "correct", "missed", "wrong", "noise: not-changes", "noise: unexplained", "time"];
  const table = [`| ${head.join(" | ")} |`, `| ${head.map(() => "---").join(" | ")} |`, ...rows.map((r) => `| ${r.join(" | ")} |`)];
  return [`npm run bench -- history: upstream's change model on contract-tests/history (${new Date().toISOString().slice(0, 10)})`, "", ...table, ...(details.length ? ["", ...details] : [])].join("\n");
}

function row(vendor: string, pair: string, s: Score, time: string): string[] {
  return [vendor, pair, frac(s.found.breaking), frac(s.found["non-breaking"]), frac(s.found.informational), String(s.correct), String(s.missed), String(s.wrong), String(s.noiseNotChanges), String(s.noiseUnexplained), time];
}
