// `npm run bench -- corpus [vendor...]` (issue 34, item 4): every document of
// the published-API corpus (contract-tests/corpus/) taken as a user takes it,
// `add` with the entry's operations, `generate`, and `test` (the derived
// suite on its mocks, CI's seed and runs), next to openapi-typescript's Node
// API on the same whole document; in each round the four run in turn, so the
// per-round ratio compares processes moments apart. CPU is the kernel's
// charge for each whole process, peak memory its own, and `test`'s wall time
// is given too: it is the figure that once ran past 17 minutes on one
// union-heavy operation, so the bench holds it to a bound (TEST_BOUND_S).
// Rounds: BLOCKWRIGHT_BENCH_ROUNDS (1).
import { mkdirSync, mkdtempSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { itemAt } from "@blockwright/runtime/internal";
import { corpusEntries, unpackEntry } from "../corpus/entries.js";

interface Run {
  wallMs: number;
  cpu: number;
  peakMiB: number;
}

/**
 * The longest a corpus document's `test` may take, wall time, on a quiet 2-core machine: far above the slowest (about a
 * minute), far below the 17 minutes a union-heavy operation once took.
 */
export const TEST_BOUND_S = 180;
/** CI's seed and runs (.ci/run), so the cases are those a user's CI runs. */
const TEST_ARGS = ["--seed", "20261121", "--runs", "100"];

/** What the bench (index.ts) gives this measure. */
interface Bench {
  root: string;
  tmp: string;
  run: (args: string[], cwd?: string, env?: Record<string, string>, ok?: readonly number[]) => Promise<Run>;
}

const median = (xs: number[]) =>
  itemAt(
    [...xs].sort((a, b) => a - b),
    Math.floor(xs.length / 2),
  );
const fixed = (x: number | undefined, digits: number) => (x === undefined || Number.isNaN(x) ? "—" : x.toFixed(digits));

type Entry = ReturnType<typeof corpusEntries>[number];
/** One round's runs of a document: `add`, `generate`, `test` and the anchor where it reads the document. */
type Round = { add: Run; generate: Run; test: Run; anchor?: Run };
/** One document's figures: its table line and what the summary lines take from it. */
interface Measured {
  cells: string[];
  ratio?: number;
  memoryRatio?: number;
  testWall?: number;
}

const HEAD = [
  "vendor",
  "format",
  "add CPU",
  "generate CPU",
  "ours CPU",
  "openapi-ts CPU",
  "ratio",
  "ours peak",
  "openapi-ts peak",
  "ratio",
  "test wall",
  "test CPU",
  "test peak",
  "note",
];

/** The corpus entries the bench's words name (none: every one); an unknown vendor ends the bench (exit 2). */
function chosenEntries(corpus: string, vendors: string[]): Entry[] {
  const all = corpusEntries(corpus);
  const unknown = vendors.filter((v) => !all.some((e) => e.vendor === v));
  if (unknown.length) {
    process.stderr.write(
      `npm run bench -- corpus: no vendor ${unknown.map((v) => JSON.stringify(v)).join(", ")} ` +
        `in contract-tests/corpus (vendors: ${all.map((e) => e.vendor).join(", ")})\n`,
    );
    process.exit(2);
  }
  return all.filter((e) => !vendors.length || vendors.includes(e.vendor));
}

/** `rounds` rounds of one document's four processes, in a project of its own; a note when one failed. */
async function runEntry(
  { root, tmp, run }: Bench,
  entry: Entry,
  rounds: number,
): Promise<{ per: Round[]; note: string }> {
  const cli = join(root, "bin/blockwright.js");
  const anchor = join(root, "scripts/bench/anchor-openapi-typescript.mjs");
  const folder = mkdtempSync(join(tmp, `corpus-${entry.vendor}-`));
  const document = unpackEntry(entry, join(folder, "document"));
  const project = join(folder, "project");
  mkdirSync(join(project, "specs"), { recursive: true });
  // The generated packages import @blockwright/runtime: this checkout's, linked in (what `npm install` in the project
  // gives).
  mkdirSync(join(project, "node_modules/@blockwright"), { recursive: true });
  symlinkSync(join(root, "runtime"), join(project, "node_modules/@blockwright/runtime"), "dir");
  const per: Round[] = [];
  let note = "";
  try {
    for (let i = 0; i < rounds; i++) {
      const add = await run(
        [cli, "add", entry.vendor, "--from", document, "--operations", entry.operations.join(","), "--force"],
        project,
      );
      const generate = await run([cli, "generate"], project);
      // A failing case is a result, not a bench failure (exit 1): the note says so.
      const test = await run([cli, "test", entry.vendor, ...TEST_ARGS], project, {}, [0, 1]);
      // openapi-typescript reads OpenAPI 3 only: a Swagger 2.0 document has no anchor.
      const other = entry.format.startsWith("Swagger")
        ? undefined
        : await run([anchor, join(folder, "anchor"), document]).catch(() => undefined);
      if (!other && !note)
        note = entry.format.startsWith("Swagger")
          ? "openapi-typescript reads OpenAPI 3 only"
          : "openapi-typescript failed on the document";
      per.push({ add, generate, test, ...(other ? { anchor: other } : {}) });
    }
  } catch (e) {
    note = (e as Error).message.split("\n")[0]?.slice(0, 160) ?? "failed";
  }
  return { per, note };
}

/** A document's medians over its rounds, as its table line (`—` where no round gave the figure). */
function measured(entry: Entry, per: Round[], note: string): Measured {
  const ours = per.map((r) => r.add.cpu + r.generate.cpu);
  const oursPeak = per.map((r) => Math.max(r.add.peakMiB, r.generate.peakMiB));
  const paired = per.filter((r) => r.anchor);
  const ratio = paired.length
    ? median(paired.map((r) => (r.add.cpu + r.generate.cpu) / (r.anchor as Run).cpu))
    : undefined;
  const memoryRatio = paired.length
    ? median(paired.map((r) => Math.max(r.add.peakMiB, r.generate.peakMiB) / (r.anchor as Run).peakMiB))
    : undefined;
  const testWall = per.length ? median(per.map((r) => r.test.wallMs / 1000)) : undefined;
  const cells = [
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
    testWall !== undefined ? `${fixed(testWall, 1)} s` : "—",
    per.length ? `${fixed(median(per.map((r) => r.test.cpu)), 1)} s` : "—",
    per.length ? `${fixed(median(per.map((r) => r.test.peakMiB)), 0)} MiB` : "—",
    note,
  ];
  return { cells, ratio, memoryRatio, testWall };
}

/** One line per vendor and a summary line; problems (a step that exited non-zero) in the vendor's line. */
/** The bench's words that are not `measures` name vendors (none: every vendor). */
export async function measureCorpus(bench: Bench, words: string[], measures: string[]): Promise<string> {
  const rounds = Math.max(1, Number(process.env.BLOCKWRIGHT_BENCH_ROUNDS ?? 1) || 1);
  const entries = chosenEntries(
    join(bench.root, "contract-tests/corpus"),
    words.filter((w) => !measures.includes(w)),
  );
  const rows: Measured[] = [];
  const testWalls: { vendor: string; seconds: number }[] = [];
  for (const entry of entries) {
    process.stderr.write(`bench corpus: ${entry.vendor}…\n`);
    const { per, note } = await runEntry(bench, entry, rounds);
    const row = measured(entry, per, note);
    rows.push(row);
    if (row.testWall !== undefined) testWalls.push({ vendor: entry.vendor, seconds: row.testWall });
  }
  const lines = rows.map((r) => r.cells);
  const ratios = rows.flatMap((r) => (r.ratio !== undefined ? [r.ratio] : []));
  const memoryRatios = rows.flatMap((r) => (r.memoryRatio !== undefined ? [r.memoryRatio] : []));
  const width = (i: number) => Math.max(itemAt(HEAD, i).length, ...lines.map((l) => itemAt(l, i).length));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(width(i)))
      .join("  ")
      .trimEnd();
  return [
    `npm run bench -- corpus: ${entries.length} published documents, ${rounds} round(s) each; ` +
      `ours = add (--operations of source.yaml) + generate, anchor = openapi-typescript's Node API on the same ` +
      `whole document; then test ${TEST_ARGS.join(" ")}; CPU from the kernel, per whole process`,
    "",
    line(HEAD),
    line(HEAD.map((_, i) => "-".repeat(width(i)))),
    ...lines.map(line),
    "",
    `median over ${ratios.length} documents with an anchor: CPU ` +
      `${fixed(ratios.length ? median(ratios) : undefined, 2)}×, peak memory ` +
      `${fixed(memoryRatios.length ? median(memoryRatios) : undefined, 2)}×`,
    testBound(testWalls),
    `Reproduce one vendor: blockwright add <vendor> --from <document> --operations <source.yaml's> --force && ` +
      `blockwright generate && blockwright test <vendor> ${TEST_ARGS.join(" ")}; ` +
      `node scripts/bench/anchor-openapi-typescript.mjs <dir> <document>`,
  ].join("\n");
}

/** The line on `test`'s bound: the slowest document, and any past the bound. */
export function testBound(walls: readonly { vendor: string; seconds: number }[]): string {
  if (!walls.length) return `test: no document ran (bound ${TEST_BOUND_S} s)`;
  const slowest = walls.reduce((a, b) => (b.seconds > a.seconds ? b : a));
  const over = walls.filter((w) => w.seconds > TEST_BOUND_S);
  const verdict = over.length
    ? `PAST IT: ${over.map((w) => `${w.vendor} ${w.seconds.toFixed(1)} s`).join(", ")}`
    : "every document within it";
  return (
    `test: the slowest document ${slowest.vendor} at ${slowest.seconds.toFixed(1)} s, ` +
    `median ${median(walls.map((w) => w.seconds)).toFixed(1)} s; bound ${TEST_BOUND_S} s: ${verdict}`
  );
}
