// `blockwright test` with two workers against one (issue 34: two workers must
// beat one on the repository's providers with --runs 100): the same seed and
// cases in both, paired rounds, wall time for the verdict and CPU beside it
// (a second worker links its providers and starts its mocks again: the CPU it
// adds is its start-up). Only when named: a round takes about half a minute.
import { join } from "node:path";

/**
 * What `npm run bench -- workers` is given of the bench (index.ts): where things are, one process measured, one row
 * reported.
 */
interface Bench {
  root: string;
  run: (args: string[], cwd: string) => Promise<{ wallMs: number; cpu: number }>;
  row: (measure: string, ours: number[], anchor: number[], unit: string, target: string, reproduce: string[]) => void;
}

/** Rounds of the pair: each round runs the whole suite twice. */
const ROUNDS = 3;
/** The seed of CI's run (.ci/run), so the cases are the ones CI runs. */
const SEED = "20261121";

/** Two workers (ours) against one (the anchor), paired round by round after one warm-up each. */
export async function measureContractWorkers({ root, run, row }: Bench): Promise<void> {
  const suite = (workers: number) =>
    run(
      [join(root, "bin/blockwright.js"), "test", "--seed", SEED, "--runs", "100", "--workers", String(workers)],
      root,
    );
  await suite(2);
  await suite(1);
  const two: { wallMs: number; cpu: number }[] = [];
  const one: { wallMs: number; cpu: number }[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    two.push(await suite(2));
    one.push(await suite(1));
  }
  const reproduce = [
    `node bin/blockwright.js test --seed ${SEED} --runs 100 --workers 2`,
    `node bin/blockwright.js test --seed ${SEED} --runs 100 --workers 1`,
  ];
  row(
    "blockwright test, 2 workers vs 1 (wall)",
    two.map((r) => r.wallMs / 1000),
    one.map((r) => r.wallMs / 1000),
    "s",
    "< 1×",
    reproduce,
  );
  row(
    "  CPU, 2 workers vs 1 (a second worker's start-up)",
    two.map((r) => r.cpu),
    one.map((r) => r.cpu),
    "s",
    "",
    reproduce,
  );
}
