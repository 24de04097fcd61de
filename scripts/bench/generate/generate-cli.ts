// `npm run bench -- generate` (issue 64, item 0): generation as a user runs
// it, the command line in a fresh process writing into a fresh folder (no
// stamp, so nothing is skipped), against openapi-typescript's own Node API
// typing the same documents in one process (anchor-openapi-typescript.mjs),
// the two in turn. The process's start and its module loading are in both:
// a user pays them on every run. With Node 22.1 and later, bin/blockwright.js
// keeps V8's compiled code between runs (Node's compile cache), here in a
// fresh folder of the run's (index.ts, freshCompileCache), which the warm-up
// round fills as a user's first run does; a second row is the same with the
// cache off (NODE_DISABLE_COMPILE_CACHE=1), a first run's cost.
// Which Node runs both is BLOCKWRIGHT_BENCH_NODE, else the bench's own: the
// anchor costs half as much CPU on Node 24 as on Node 20 (TypeScript's
// compiler loads faster there) while generate costs about the same, so the
// ratio depends on it; the row says which Node it is.
import { mkdtempSync } from "node:fs";
import { join } from "node:path";

interface Run {
  cpu: number;
}

/** What the bench (index.ts) gives this measure. */
interface Bench {
  root: string;
  tmp: string;
  providers: string[];
  nodeVersion: string;
  run: (args: string[], cwd?: string, env?: Record<string, string>) => Promise<Run>;
  row: (measure: string, ours: number[], anchor: number[], unit: string, target: string, reproduce: string[]) => void;
  /** Our runs' compile cache: a fresh folder (NODE_COMPILE_CACHE). */
  compileCache: Record<string, string>;
}

/** Rounds of each pair, after one warm-up of each. */
const ROUNDS = 5;

export async function measureGenerateCli(bench: Bench): Promise<void> {
  const { root, tmp, providers, nodeVersion, run, row, compileCache } = bench;
  const specs = (dir: string) => providers.map((p) => join(dir, p, "openapi.yaml"));
  for (const cache of [true, false]) {
    // openapi-typescript turns no compile cache on: it is given none.
    const env: Record<string, string> = cache ? {} : { NODE_DISABLE_COMPILE_CACHE: "1" };
    const ourEnv = cache ? compileCache : env;
    const ours = () =>
      run(["--", "bin/blockwright.js", "generate", "--out", mkdtempSync(join(tmp, "gen-"))], root, ourEnv);
    const anchor = () =>
      run(
        [
          "scripts/bench/anchor-openapi-typescript.mjs",
          mkdtempSync(join(tmp, "anchor-")),
          ...specs(join(root, "specs")),
        ],
        root,
        env,
      );
    await ours();
    await anchor();
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      a.push((await ours()).cpu);
      b.push((await anchor()).cpu);
    }
    const how = cache ? "" : "NODE_DISABLE_COMPILE_CACHE=1 ";
    const ourHow = cache ? "NODE_COMPILE_CACHE=/tmp/bw-cache (twice: the first fills it) " : how;
    row(
      `generate, ${providers.length} providers, the CLI in a fresh process and folder (CPU, ` +
        `node ${nodeVersion}${cache ? "" : ", no compile cache"})`,
      a,
      b,
      "s",
      cache ? "≤ 1.0×" : "",
      [
        `${ourHow}node -- bin/blockwright.js generate --out "$(mktemp -d)"`,
        `${how}node scripts/bench/anchor-openapi-typescript.mjs "$(mktemp -d)" ${specs("specs").join(" ")}`,
      ],
    );
  }
}
