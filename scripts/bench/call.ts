// `npm run bench -- call`: executeTool of one tool of each provider against a
// reused openapi-fetch client sending the same request, and a credential new
// to the process on every call against one key, measured by call-loop.mjs in
// a process of its own: plain Node on the built packages, as users run them
// (this bench runs under tsx, which would give them the runtime's TypeScript
// sources: see call-loop.mjs). CPU microseconds per call, per round.
import { execFileSync } from "node:child_process";
import { join } from "node:path";

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
}

export function measureCalls({ root, node, row }: Bench): void {
  const loop = join(root, "scripts/bench/call-loop.mjs");
  const measured = JSON.parse(
    execFileSync(node, [loop], { cwd: root, encoding: "utf8", maxBuffer: 1 << 24 }),
  ) as Measured;
  const how = (what: string) => [`node scripts/bench/call-loop.mjs  (${what}, process CPU time)`];
  for (const c of measured.calls) {
    row(
      `executeTool ${c.id} (in-memory fetch, CPU per call)`,
      c.ours,
      c.anchor,
      "µs",
      "≤ 1.2×",
      how(
        `executeTool vs openapi-fetch client.${c.method} on the same fetch, ${measured.n} ` +
          `calls × ${measured.rounds} rounds`,
      ),
    );
  }
  const { fresh, known } = measured.newKey;
  row(
    "executeTool books_search_volumes, a new key each call (CPU per call)",
    fresh,
    known,
    "µs",
    "≤ 1.3×",
    how(`a key new to the process on each call vs one key, ${measured.newKeyCalls} calls × ${measured.rounds} rounds`),
  );
}
