// `npm run bench -- scale` (issue 64): generate of N synthetic providers × 10 operations, at 50, 100 and 200 (and 1:
// a run's fixed cost), ours against openapi-typescript (anchor-openapi-typescript.mjs), each into a fresh folder;
// the anchor run three times at each size in a round, its median-CPU run counted (ANCHOR_REPEATS);
// then a generation after one provider of 20 and of 100 changed, into the folder an earlier one wrote, against the
// anchor on that one document. index.ts says how the rows are read. Ours runs with Node's compile cache in a fresh
// folder of the bench's (index.ts, freshCompileCache), which the uncounted first round fills: the package's own, or
// Node's default grown by every clone on the machine, would make the run depend on what ran before it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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

export async function measureScale(bench: Bench): Promise<void> {
  const { row, report } = bench;
  const { rounds, outputs } = await scaleRounds(bench);
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
  const slopeRow = (measure: string, from: number, to: number, pick: (r: Run) => number, target: string) => {
    const slopes = (k: "a" | "b") =>
      entryOf(rounds, to)[k].map(
        (r, i) => ((pick(r) - pick(itemAt(entryOf(rounds, from)[k], i))) / (to - from)) * 1000,
      );
    row(
      measure,
      slopes("a"),
      slopes("b"),
      "ms",
      target,
      [
        `synthetic projects of ${from} and ${to} providers, as above; ${SCALE_ROUNDS} rounds, every size in each ` +
          `(the anchor's median-CPU run of ${ANCHOR_REPEATS} at a size in a round)`,
      ],
      1,
    );
  };
  // Each slope with its user and system parts: the system part is the files a package holds (19 against the anchor's
  // one), the user part the work per provider; the two move apart (docs/contributing/performance.md).
  for (const from of [50, 100]) {
    slopeRow(`generate, CPU per added provider (${from} → 200)`, from, 200, cpu, "≤ 1.0×");
    slopeRow("  of which user CPU", from, 200, (r) => r.user, "");
    slopeRow("  of which system CPU", from, 200, (r) => r.system, "");
  }
  slopeRow("generate, CPU per added provider (50 → 100, with JIT warm-up)", 50, 100, cpu, "");
  for (const out of outputs) rmSync(out, { recursive: true, force: true });
  for (const n of [20, 100]) await regenerationRow(bench, n);
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
async function scaleRounds({
  root,
  tmp,
  run,
  compileCache,
}: Bench): Promise<{ rounds: Map<number, Pair>; outputs: string[] }> {
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
  const fresh = (dir: string, prefix: string, use: (out: string) => Promise<Run>) => {
    const out = mkdtempSync(join(dir, prefix));
    outputs.push(out);
    return use(out);
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
  for (const n of sizes) {
    await ours(n);
    await anchor(n);
  }
  const rounds = new Map<number, Pair>(sizes.map((n) => [n, { a: [], b: [] }]));
  for (let i = 0; i < SCALE_ROUNDS; i++) {
    for (const n of sizes) {
      entryOf(rounds, n).a.push(await ours(n));
      const anchors: Run[] = [];
      for (let k = 0; k < ANCHOR_REPEATS; k++) anchors.push(await anchor(n));
      entryOf(rounds, n).b.push(medianRun(anchors));
    }
  }
  return { rounds, outputs };
}
