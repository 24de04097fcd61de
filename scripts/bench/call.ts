// `npm run bench -- call`: executeTool of one tool of each provider against a
// reused openapi-fetch client sending the same request, and a credential new
// to the process on every call against one key, measured by call-loop.mjs,
// each provider (and the new key) in processes of its own, so that no row runs
// on call sites the rows before it made polymorphic (call-loop.mjs says what that
// cost): plain Node on the built packages, as users run them (this bench runs
// under tsx, which would give them the runtime's TypeScript sources: see
// call-loop.mjs). CPU microseconds per call, per round.
//
// A row is measured in PROCESSES processes, not one: a process's rounds share its JIT's choices and the minutes it
// ran in, so one process can read a tenth or more off the others for all its rounds (the thirty-third round's end,
// on a quiet machine: directory 1.09, 1.67, 1.12× in three prints, each the median of one process's 21 rounds). The
// rows are taken in turn in each pass (books, crm, …, the new key, then books again), so that a burst of the
// machine's other work lands on a process of several rows rather than on every process of one; a row's figures are
// its processes' rounds pooled, its ratio the median of all their per-round ratios (index.ts `row`), and the row's
// command line lists each process's own median, so that one that read apart is seen, not hidden.
import { execFileSync } from "node:child_process";
import { join } from "node:path";

/** The rows, each measured in processes of its own (call-loop.mjs's arguments). */
const PROVIDERS = ["books", "crm", "directory", "docgen", "persondata"];
/** The processes each row is measured in. */
export const PROCESSES = 5;

/** What the bench (index.ts) gives this measure. */
interface Bench {
  root: string;
  /** The Node that runs every measured process. */
  node: string;
  row: (measure: string, ours: number[], anchor: number[], unit: string, target: string, reproduce: string[]) => void;
}

interface Measured {
  calls: { id: string; method: string; ours: number[]; anchor: number[] }[];
  newKey: { fresh: number[]; known: number[] };
  n: number;
  newKeyCalls: number;
  rounds: number;
  /** Rounds of each side run unmeasured first (in-turn.mjs). */
  warm: number;
}

/** One process's figures of a row, paired by round (`ours[i]` and `anchor[i]` measured one after the other). */
export interface Rounds {
  ours: number[];
  anchor: number[];
}

/** A row's rounds from all its processes, and each process's median per-round ratio, in the order they ran. */
export interface Pooled extends Rounds {
  medians: number[];
}

/** The median as the bench takes it (index.ts): the upper one of an even count. */
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;

/**
 * Each row measured by `measure` in `processes` runs, the rows in turn in each pass (row 1, row 2, …, row 1 again),
 * their rounds pooled by row.
 */
export function inProcesses(
  rows: readonly string[],
  processes: number,
  measure: (row: string) => Rounds,
): Map<string, Pooled> {
  const pooled = new Map<string, Pooled>(rows.map((r) => [r, { ours: [], anchor: [], medians: [] }]));
  for (let pass = 0; pass < processes; pass++) {
    for (const r of rows) {
      const { ours, anchor } = measure(r);
      const into = pooled.get(r) as Pooled;
      into.ours.push(...ours);
      into.anchor.push(...anchor);
      into.medians.push(median(ours.map((x, i) => x / (anchor[i] as number))));
    }
  }
  return pooled;
}

export function measureCalls({ root, node, row }: Bench): void {
  const loop = join(root, "scripts/bench/call/call-loop.mjs");
  const run = (which: string) =>
    JSON.parse(execFileSync(node, [loop, which], { cwd: root, encoding: "utf8", maxBuffer: 1 << 24 })) as Measured;
  let last: Measured | undefined;
  const methods = new Map<string, { id: string; method: string }>();
  const pooled = inProcesses([...PROVIDERS, "new-key"], PROCESSES, (which) => {
    const m = (last = run(which));
    if (which === "new-key") return { ours: m.newKey.fresh, anchor: m.newKey.known };
    const c = m.calls[0] as Measured["calls"][number];
    methods.set(which, c);
    return c;
  });
  const { n, newKeyCalls, rounds, warm } = last as Measured;
  const how = (what: string, which: string, calls: number) => {
    const p = pooled.get(which) as Pooled;
    return [
      `node scripts/bench/call/call-loop.mjs ${which}  (${what}; ${PROCESSES} processes, the rows in turn, each ` +
        `${rounds} rounds of ${calls.toLocaleString("en")} calls of each side after ${warm} unmeasured, each side ` +
        `first every other round; process CPU time; the ratio: the median of the ${p.ours.length} per-round ratios; ` +
        `each process's median ${p.medians.map((x) => x.toFixed(2)).join(" ")})`,
    ];
  };
  for (const provider of PROVIDERS) {
    const { id, method } = methods.get(provider) as { id: string; method: string };
    const { ours, anchor } = pooled.get(provider) as Pooled;
    row(
      `executeTool ${id} (in-memory fetch, CPU per call)`,
      ours,
      anchor,
      "µs",
      "≤ 1.2×",
      how(`executeTool vs openapi-fetch client.${method} on the same fetch`, provider, n),
    );
  }
  const { ours: fresh, anchor: known } = pooled.get("new-key") as Pooled;
  row(
    "executeTool books_search_volumes, a new key each call (CPU per call)",
    fresh,
    known,
    "µs",
    "≤ 1.3×",
    how("a key new to the process on each call vs one key", "new-key", newKeyCalls),
  );
}
