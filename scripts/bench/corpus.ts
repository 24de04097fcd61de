// `npm run bench -- corpus [vendor...]` (issue 34, item 4): every document of
// the published-API corpus (contract-tests/corpus/) taken as a user takes it,
// `add` with the entry's operations and then `generate`, next to
// openapi-typescript's Node API on the same whole document; in each round
// the three run in turn (add, generate, the anchor), so the per-round ratio
// compares processes moments apart. CPU is the kernel's charge for each whole
// process, peak memory its own. `test` is not re-run here (a minute or more
// per vendor): its time and memory are the last corpus run's (results.json),
// printed with the date of that run. Rounds: BLOCKWRIGHT_BENCH_ROUNDS (1).
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { itemAt } from "@blockwright/runtime/internal";
import { corpusEntries, unpackEntry } from "../corpus/entries.js";

interface Run {
  cpu: number;
  peakMiB: number;
}

/** What the bench (index.ts) gives this measure. */
interface Bench {
  root: string;
  tmp: string;
  run: (args: string[], cwd?: string, env?: Record<string, string>, ok?: readonly number[]) => Promise<Run>;
}

/** The part of a corpus record read here: the test step of the last run. */
interface CorpusRecord {
  vendor: string;
  ranAt: string;
  steps: { test?: { exit: number; seconds: number; peakMiB?: number } };
}

const median = (xs: number[]) =>
  itemAt(
    [...xs].sort((a, b) => a - b),
    Math.floor(xs.length / 2),
  );
const fixed = (x: number | undefined, digits: number) => (x === undefined || Number.isNaN(x) ? "—" : x.toFixed(digits));

/** One line per vendor and a summary line; problems (a step that exited non-zero) in the vendor's line. */
/** The bench's words that are not `measures` name vendors (none: every vendor). */
export async function measureCorpus({ root, tmp, run }: Bench, words: string[], measures: string[]): Promise<string> {
  const vendors = words.filter((w) => !measures.includes(w));
  const corpus = join(root, "contract-tests/corpus");
  const rounds = Math.max(1, Number(process.env.BLOCKWRIGHT_BENCH_ROUNDS ?? 1) || 1);
  const store = join(corpus, "results.json");
  const last = new Map((existsSync(store) ? (JSON.parse(readFileSync(store, "utf8")) as CorpusRecord[]) : []).map((r) => [r.vendor, r]));
  const all = corpusEntries(corpus);
  const unknown = vendors.filter((v) => !all.some((e) => e.vendor === v));
  if (unknown.length) {
    process.stderr.write(`npm run bench -- corpus: no vendor ${unknown.map((v) => JSON.stringify(v)).join(", ")} in contract-tests/corpus (vendors: ${all.map((e) => e.vendor).join(", ")})\n`);
    process.exit(2);
  }
  const entries = all.filter((e) => !vendors.length || vendors.includes(e.vendor));
  const cli = join(root, "bin/blockwright.js");
  const anchor = join(root, "scripts/bench/anchor-openapi-typescript.mjs");
  const head = ["vendor", "format", "add CPU", "generate CPU", "ours CPU", "openapi-ts CPU", "ratio", "ours peak", "openapi-ts peak", "ratio", "test (last run)", "note"];
  const lines: string[][] = [];
  const ratios: number[] = [];
  const memoryRatios: number[] = [];
  for (const entry of entries) {
    process.stderr.write(`bench corpus: ${entry.vendor}…\n`);
    const folder = mkdtempSync(join(tmp, `corpus-${entry.vendor}-`));
    const document = unpackEntry(entry, join(folder, "document"));
    const project = join(folder, "project");
    mkdirSync(join(project, "specs"), { recursive: true });
    const per: { add: Run; generate: Run; anchor?: Run }[] = [];
    let note = "";
    try {
      for (let i = 0; i < rounds; i++) {
        const add = await run([cli, "add", entry.vendor, "--from", document, "--operations", entry.operations.join(","), "--force"], project);
        const generate = await run([cli, "generate", "--out", mkdtempSync(join(folder, "out-"))], project);
        // openapi-typescript reads OpenAPI 3 only: a Swagger 2.0 document has no anchor.
        const other = entry.format.startsWith("Swagger") ? undefined : await run([anchor, join(folder, "anchor"), document]).catch(() => undefined);
        if (!other && !note) note = entry.format.startsWith("Swagger") ? "openapi-typescript reads OpenAPI 3 only" : "openapi-typescript failed on the document";
        per.push({ add, generate, ...(other ? { anchor: other } : {}) });
      }
    } catch (e) {
      note = (e as Error).message.split("\n")[0]?.slice(0, 160) ?? "failed";
    }
    const ours = per.map((r) => r.add.cpu + r.generate.cpu);
    const oursPeak = per.map((r) => Math.max(r.add.peakMiB, r.generate.peakMiB));
    const paired = per.filter((r) => r.anchor);
    const ratio = paired.length ? median(paired.map((r) => (r.add.cpu + r.generate.cpu) / (r.anchor as Run).cpu)) : undefined;
    const memoryRatio = paired.length ? median(paired.map((r) => Math.max(r.add.peakMiB, r.generate.peakMiB) / (r.anchor as Run).peakMiB)) : undefined;
    if (ratio !== undefined) ratios.push(ratio);
    if (memoryRatio !== undefined) memoryRatios.push(memoryRatio);
    const test = last.get(entry.vendor);
    const testCell = test?.steps.test ? `exit ${test.steps.test.exit}, ${test.steps.test.seconds} s, ${test.steps.test.peakMiB ?? "?"} MiB (${test.ranAt.slice(0, 10)})` : "—";
    lines.push([
      entry.vendor,
      entry.format,
      per.length ? `${fixed(median(per.map((r) => r.add.cpu)), 2)} s` : "—",
      per.length ? `${fixed(median(per.map((r) => r.generate.cpu)), 2)} s` : "—",
      per.length ? `${fixed(median(ours), 2)} s` : "—",
      paired.length ? `${fixed(median(paired.map((r) => (r.anchor as Run).cpu)), 2)} s` : "—",
      ratio !== undefined ? `${fixed(ratio, 2)}×` : "—",
      per.length ? `${fixed(median(oursPeak), 0)} MiB` : "—",
      paired.length ? `${fixed(median(paired.map((r) => (r.anchor as Run).peakMiB)), 0)} MiB` : "—",
      memoryRatio !== undefined ? `${fixed(memoryRatio, 2)}×` : "—",
      testCell,
      note,
    ]);
  }
  const width = (i: number) => Math.max(itemAt(head, i).length, ...lines.map((l) => itemAt(l, i).length));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(width(i)))
      .join("  ")
      .trimEnd();
  return [
    `npm run bench -- corpus: ${entries.length} published documents, ${rounds} round(s) each; ours = add (--operations of source.yaml) + generate, anchor = openapi-typescript's Node API on the same whole document; CPU from the kernel, per whole process`,
    "",
    line(head),
    line(head.map((_, i) => "-".repeat(width(i)))),
    ...lines.map(line),
    "",
    `median over ${ratios.length} documents with an anchor: CPU ${fixed(ratios.length ? median(ratios) : undefined, 2)}×, peak memory ${fixed(memoryRatios.length ? median(memoryRatios) : undefined, 2)}×`,
    "Reproduce one vendor: blockwright add <vendor> --from <document> --operations <source.yaml's> --force && blockwright generate --out <dir>; node scripts/bench/anchor-openapi-typescript.mjs <dir> <document>",
  ].join("\n");
}
