// `npm run bench -- scale` (issue 64): generate of N synthetic providers × 10 operations, at 50, 100 and 200 (and 1:
// a run's fixed cost), ours against openapi-typescript (anchor-openapi-typescript.mjs), each into a fresh folder;
// the anchor run three times at each size in a round, its median-CPU run counted (ANCHOR_REPEATS);
// then a generation after one provider of 20 and of 100 changed, into the folder an earlier one wrote, against the
// anchor on that one document. index.ts says how the rows are read. Ours runs with Node's compile cache in a fresh
// folder of the bench's (index.ts, freshCompileCache), which the uncounted first round fills: the package's own, or
// Node's default grown by every clone on the machine, would make the run depend on what ran before it.
// Each side's files' floor is measured beside it (files-floor.mjs: a package's files written again, or the anchor's
// one file, as many copies as providers, nothing made): a package is 19 files and a folder where the anchor writes one
// file, and a file's creation on a disk costs 10-20x more for minutes after many were removed (file-creation.mjs), so
// the slope with the files is the bar and the one without them compares the generation's own growth with the
// anchor's (docs/contributing/performance.md, scale13).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { entryOf, itemAt } from "@blockwright/runtime/internal";
import { writeSyntheticProject } from "../synthetic.js";
import type { Pair, Run } from "../shared/runs.js";

/** What the bench (index.ts) gives this measure. */
interface Bench {
  root: string;
  tmp: string;
  run: (args: string[], cwd?: string, env?: Record<string, string>) => Promise<Run>;
  /** Our runs' compile cache: a fresh folder (NODE_COMPILE_CACHE), filled by the uncounted first round. */
  compileCache: Record<string, string>;
  row: (
    measure: string,
    ours: number[],
    anchor: number[],
    unit: string,
    target: string,
    reproduce: string[],
    digits?: number,
    spread?: true | readonly number[],
  ) => void;
  report: (
    measure: string,
    p: Pair,
    pick: (r: Run) => number,
    unit: string,
    target: string,
    reproduce: string[],
  ) => void;
}

/** Every run of each side, by size, a list a round (the anchor's ANCHOR_REPEATS; ours one). */
type Every = { a: Map<number, Run[][]>; b: Map<number, Run[][]> };

const cpu = (r: Run) => r.cpu;
const peak = (r: Run) => r.peakMiB;
const specFiles = (dir: string, ids: string[]) => ids.map((p) => join(dir, p, "openapi.yaml"));
// 7 rounds: a slope is the difference of two runs, so it carries the noise of both.
const SCALE_ROUNDS = 7;
/**
 * The anchor's runs at each size in a round, its median-CPU run taken: its slope, two thirds of ours, moved three times
 * as much as ours in proportion from round to round at load 17 (6.3–10.4 against 11.7–13.6 ms a provider, seven
 * rounds), and a round's ratio with it (1.27–1.93×). Ours runs once: three of each would make the bench half as long
 * again.
 */
const ANCHOR_REPEATS = 3;

/** Of runs made in turn, the one whose CPU is the median (the lower middle of an even count). */
export function medianRun(runs: Run[]): Run {
  const sorted = [...runs].sort((x, y) => x.cpu - y.cpu);
  return itemAt(sorted, Math.floor((sorted.length - 1) / 2));
}

/** Per added provider, in ms, round by round: (pick at `to` − pick at `from`) / (to − from), of one side's runs. */
export function slopes(pairs: Map<number, Pair>, side: "a" | "b", from: number, to: number, pick: (r: Run) => number) {
  return entryOf(pairs, to)[side].map(
    (r, i) => ((pick(r) - pick(itemAt(entryOf(pairs, from)[side], i))) / (to - from)) * 1000,
  );
}

/** Round by round, a slope less the same round's slope of the files' floor. */
export const lessFloor = (slope: number[], floor: number[]) => slope.map((x, i) => x - itemAt(floor, i));

/** The sizes a fitted slope reads: the JIT's warm-up is over by 25 providers (performance.md, genperf6). */
const FITTED = [50, 100, 200] as const;

/**
 * The least-squares slope of CPU seconds against providers, in ms a provider, of `points` ([providers, CPU]): every
 * run at every size counts, where a difference of two sizes reads one run (or one median) at each.
 */
export function fittedSlope(points: readonly (readonly [number, number])[]): number {
  const mean = (k: 0 | 1) => points.reduce((sum, p) => sum + p[k], 0) / points.length;
  const [mx, my] = [mean(0), mean(1)];
  let xy = 0;
  let xx = 0;
  for (const [x, y] of points) {
    xy += (x - mx) * (y - my);
    xx += (x - mx) ** 2;
  }
  return (xy / xx) * 1000;
}

/**
 * A side's slope fitted over FITTED, of the rounds `of` picks (every round when undefined): each round's runs at each
 * size (the anchor's three, ours one).
 */
export function fittedOf(runs: Map<number, Run[][]>, of?: number): number {
  return fittedSlope(
    FITTED.flatMap((n) =>
      entryOf(runs, n).flatMap((round, i) =>
        of === undefined || of === i ? round.map((r) => [n, r.cpu] as const) : [],
      ),
    ),
  );
}

/** With BLOCKWRIGHT_BENCH_SCALE_RAW=<file>: every run of the rounds, as JSON, for a reading of one's own. */
function writeRaw(rounds: Map<number, Pair>, floors: Map<number, Pair>, every: Every) {
  const raw = process.env.BLOCKWRIGHT_BENCH_SCALE_RAW;
  if (raw)
    writeFileSync(
      raw,
      JSON.stringify({ rounds: [...rounds], floors: [...floors], every: { a: [...every.a], b: [...every.b] } }),
    );
}

export async function measureScale(bench: Bench): Promise<void> {
  const { row, report } = bench;
  const { rounds, floors, every, packageFiles, outputs } = await scaleRounds(bench);
  writeRaw(rounds, floors, every);
  report("generate, 1 synthetic provider (CPU: a run's fixed cost)", entryOf(rounds, 1), cpu, "s", "≤ 1.3×", [
    `npx tsx scripts/bench/synthetic.ts /tmp/syn1 1 && (cd /tmp/syn1 && node -- "$OLDPWD/bin/blockwright.js" generate)`,
    `node scripts/bench/anchor-openapi-typescript.mjs /tmp/syn1/anchor /tmp/syn1/specs/*/openapi.yaml`,
  ]);
  const at100 = entryOf(rounds, 100);
  const how = [
    `npx tsx scripts/bench/synthetic.ts /tmp/syn 100 && (cd /tmp/syn && node -- "$OLDPWD/bin/blockwright.js" generate)`,
    `node scripts/bench/anchor-openapi-typescript.mjs /tmp/syn/anchor /tmp/syn/specs/*/openapi.yaml`,
  ];
  report("generate, 100 synthetic providers (CPU)", at100, cpu, "s", "≤ 1.3×", how);
  report("  of which user CPU", at100, (r) => r.user, "s", "", how);
  report("  of which system CPU", at100, (r) => r.system, "s", "", how);
  report("generate, 100 synthetic providers (peak memory)", at100, peak, "MiB", "≤ 1.5×", how);
  const slopeHow = (from: number, to: number) => [
    `synthetic projects of ${from} and ${to} providers, as above; ${SCALE_ROUNDS} rounds, every size in each ` +
      `(the anchor's median-CPU run of ${ANCHOR_REPEATS} at a size in a round)`,
  ];
  const slopeRow = (
    measure: string,
    from: number,
    to: number,
    pick: (r: Run) => number,
    target: string,
    spread?: true,
  ) =>
    row(
      measure,
      slopes(rounds, "a", from, to, pick),
      slopes(rounds, "b", from, to, pick),
      "ms",
      target,
      slopeHow(from, to),
      1,
      spread,
    );
  fittedRows(row, rounds, floors, every);
  // Each slope with its user and system parts: the system part is the files a package holds (19 against the anchor's
  // one), the user part the work per provider; the two move apart (docs/contributing/performance.md).
  for (const from of [50, 100]) {
    slopeRow(`generate, CPU per added provider (${from} → 200)`, from, 200, cpu, "", true);
    slopeRow("  of which user CPU", from, 200, (r) => r.user, "");
    slopeRow("  of which system CPU", from, 200, (r) => r.system, "");
  }
  slopeRow("generate, CPU per added provider (50 → 100, with JIT warm-up)", 50, 100, cpu, "", true);
  // Like with like: each side's files' floor, and its slope taken out of each side's.
  const floorHow = (from: number) => [
    `node scripts/bench/files-floor.mjs <fresh folder> <n> --package <a package folder ours wrote at n>`,
    `node scripts/bench/files-floor.mjs <fresh folder> <n> --file <a .d.ts the anchor wrote at n>`,
    `at ${from} and 200, after each size's runs in every round`,
  ];
  for (const from of [50, 100]) {
    const floorOurs = slopes(floors, "a", from, 200, cpu);
    const floorAnchor = slopes(floors, "b", from, 200, cpu);
    row(
      `  files' floor per added provider (${from} → 200): ${packageFiles} files a package, the anchor's 1`,
      floorOurs,
      floorAnchor,
      "ms",
      "",
      floorHow(from),
      2,
    );
    row(
      `generate, CPU per added provider less each side's files' floor (${from} → 200)`,
      lessFloor(slopes(rounds, "a", from, 200, cpu), floorOurs),
      lessFloor(slopes(rounds, "b", from, 200, cpu), floorAnchor),
      "ms",
      "",
      [...slopeHow(from, 200), ...floorHow(from)],
      1,
      true,
    );
  }
  for (const out of outputs) rmSync(out, { recursive: true, force: true });
  for (const n of [20, 100]) await regenerationRow(bench, n);
}

/**
 * The bar's rows: each side's slope fitted over every run at 50, 100 and 200, all rounds together; the rounds' own
 * fitted ratios as its spread. The differences (measureScale's other rows) read one run of ours and the anchor's median
 * of three at two sizes a round: the anchor's difference moved 6.4–16.8 ms a provider from round to round at load 20
 * (ours 14.9–21.5), and a round's ratio with it, 1.23–3.36 for 100 → 200: the two rows traded places with the rounds.
 * And the anchor's growth bends (a document costs it 40 % less after its 100th; ours is straight from our 25th
 * provider), so 100 → 200 reads ours against its cheapest stretch (docs/contributing/performance.md, genperf6).
 */
function fittedRows(row: Bench["row"], rounds: Map<number, Pair>, floors: Map<number, Pair>, every: Every): void {
  const how = [
    `synthetic projects of ${FITTED.join(", ")} providers, as above; ${SCALE_ROUNDS} rounds, every size in each; ` +
      `a least-squares line through every run of a side (the anchor's ${ANCHOR_REPEATS} a size a round)`,
  ];
  const perRound = (side: Map<number, Run[][]>) => entryOf(rounds, 50).a.map((_, i) => fittedOf(side, i));
  const [oursRounds, anchorRounds] = [perRound(every.a), perRound(every.b)];
  const sizes = `fitted over ${FITTED.join(", ")}`;
  row(
    `generate, CPU per added provider (${sizes})`,
    [fittedOf(every.a)],
    [fittedOf(every.b)],
    "ms",
    "≤ 1.0×",
    how,
    1,
    oursRounds.map((x, i) => x / itemAt(anchorRounds, i)),
  );
  // Each side's files' floor fitted alike (one run a size a round) and taken out.
  const floorRuns = (side: "a" | "b") =>
    new Map(FITTED.map((n) => [n, entryOf(floors, n)[side].map((r) => [r])] as const));
  const [floorOurs, floorAnchor] = [floorRuns("a"), floorRuns("b")];
  row(
    `  less each side's files' floor (${sizes})`,
    [fittedOf(every.a) - fittedOf(floorOurs)],
    [fittedOf(every.b) - fittedOf(floorAnchor)],
    "ms",
    "",
    how,
    1,
    oursRounds.map((x, i) => (x - fittedOf(floorOurs, i)) / (itemAt(anchorRounds, i) - fittedOf(floorAnchor, i))),
  );
}

/**
 * A generation after one provider of `n` changed (a schema's description, so its package's types change), into the
 * folder the last one wrote: the others stand as its stamp records them. Against the anchor on that one document,
 * which is what a user of it would run again.
 */
async function regenerationRow({ tmp, root, run, report, compileCache }: Bench, n: number): Promise<void> {
  const dir = mkdtempSync(join(tmp, `regen${n}-`));
  const ids = writeSyntheticProject(dir, n);
  const changed = itemAt(ids, Math.floor(n / 2));
  const spec = join(dir, "specs", changed, "openapi.yaml");
  const document = readFileSync(spec, "utf8");
  let round = 0;
  const ours = () => {
    writeFileSync(spec, document.replace('"A first item."', `"A first item (${++round})."`));
    return run(["--", join(root, "bin/blockwright.js"), "generate"], dir, compileCache);
  };
  const anchor = () =>
    run([join(root, "scripts/bench/anchor-openapi-typescript.mjs"), mkdtempSync(join(dir, "anchor-")), spec], dir);
  await ours();
  await anchor();
  const pair: Pair = { a: [], b: [] };
  for (let i = 0; i < SCALE_ROUNDS; i++) {
    pair.a.push(await ours());
    pair.b.push(await anchor());
  }
  report(`generate after one provider of ${n} changed (CPU)`, pair, cpu, "s", "≤ 1.3×", [
    `npx tsx scripts/bench/synthetic.ts /tmp/syn${n} ${n}`,
    `(cd /tmp/syn${n} && node -- "$OLDPWD/bin/blockwright.js" generate)`,
    `(edit a description in /tmp/syn${n}/specs/${changed}/openapi.yaml)`,
    `(cd /tmp/syn${n} && node -- "$OLDPWD/bin/blockwright.js" generate)`,
    `node scripts/bench/anchor-openapi-typescript.mjs /tmp/syn${n}/anchor /tmp/syn${n}/specs/${changed}/openapi.yaml`,
  ]);
  rmSync(dir, { recursive: true, force: true });
}

/** Every size's runs, ours and the anchor's, round by round, each into a fresh folder (`outputs`, removed after). */
async function scaleRounds({ root, tmp, run, compileCache }: Bench): Promise<{
  rounds: Map<number, Pair>;
  floors: Map<number, Pair>;
  /** Every run of each side, by size, a list a round (the anchor's ANCHOR_REPEATS; ours one). */
  every: Every;
  packageFiles: number;
  outputs: string[];
}> {
  // 1 provider: the fixed cost of a run; 50 → 100 → 200: the slope.
  const sizes = [1, 50, 100, 200] as const;
  const projects = new Map<number, { dir: string; ids: string[] }>(
    sizes.map((n) => {
      const dir = mkdtempSync(join(tmp, `syn${n}-`));
      return [n, { dir, ids: writeSyntheticProject(dir, n) }] as const;
    }),
  );
  // Each run writes into a fresh folder kept until every round is done: removed right after its run, the next
  // run paid for it (on a journal-less ext4, files made after many were removed cost 10–20× the CPU:
  // file-creation.mjs).
  const outputs: string[] = [];
  // The folder a run wrote (the files' floor copies a provider's output from it) and its figures.
  const fresh = async (dir: string, prefix: string, use: (out: string) => Promise<Run>) => {
    const out = mkdtempSync(join(dir, prefix));
    outputs.push(out);
    return { out, run: await use(out) };
  };
  const ours = (n: number) => {
    const { dir } = entryOf(projects, n);
    return fresh(dir, "gen-", (out) =>
      run(["--", join(root, "bin/blockwright.js"), "generate", "--out", out], dir, compileCache),
    );
  };
  const anchor = (n: number) => {
    const { dir, ids } = entryOf(projects, n);
    return fresh(dir, "anchor-", (out) =>
      run([join(root, "scripts/bench/anchor-openapi-typescript.mjs"), out, ...specFiles(join(dir, "specs"), ids)], dir),
    );
  };
  // n copies of the first provider's output: the package folder ours wrote, the .d.ts the anchor wrote.
  const floor = async (n: number, what: "--package" | "--file", from: string) =>
    (
      await fresh(entryOf(projects, n).dir, "floor-", (out) =>
        run([join(root, "scripts/bench/files-floor.mjs"), out, String(n), what, from], entryOf(projects, n).dir),
      )
    ).run;
  const first = (n: number) => itemAt(entryOf(projects, n).ids, 0);
  const floorsOf = async (n: number, oursOut: string, anchorOut: string): Promise<[Run, Run]> => [
    await floor(n, "--package", join(oursOut, first(n))),
    await floor(n, "--file", join(anchorOut, `${first(n)}.d.ts`)),
  ];
  let packageFiles = 0;
  for (const n of sizes) {
    const { out } = await ours(n);
    const a = await anchor(n);
    await floorsOf(n, out, a.out);
    packageFiles = readdirSync(join(out, first(n))).length;
  }
  const rounds = new Map<number, Pair>(sizes.map((n) => [n, { a: [], b: [] }]));
  const floors = new Map<number, Pair>(sizes.map((n) => [n, { a: [], b: [] }]));
  const every = {
    a: new Map<number, Run[][]>(sizes.map((n) => [n, []])),
    b: new Map<number, Run[][]>(sizes.map((n) => [n, []])),
  };
  for (let i = 0; i < SCALE_ROUNDS; i++) {
    for (const n of sizes) {
      const made = await ours(n);
      entryOf(rounds, n).a.push(made.run);
      entryOf(every.a, n).push([made.run]);
      const anchors: { out: string; run: Run }[] = [];
      for (let k = 0; k < ANCHOR_REPEATS; k++) anchors.push(await anchor(n));
      entryOf(rounds, n).b.push(medianRun(anchors.map((x) => x.run)));
      entryOf(every.b, n).push(anchors.map((x) => x.run));
      const [floorOurs, floorAnchor] = await floorsOf(n, made.out, itemAt(anchors, 0).out);
      entryOf(floors, n).a.push(floorOurs);
      entryOf(floors, n).b.push(floorAnchor);
    }
  }
  return { rounds, floors, every, packageFiles, outputs };
}
