// `npm run bench -- call`: executeTool of one tool of each provider against a
// reused openapi-fetch client sending the same request, and a credential new
// to the process on every call against one key, measured by call-loop.mjs,
// each provider (and the new key) in a process of its own, so that no row runs
// on call sites the rows before it made polymorphic (call-loop.mjs says what that
// cost): plain Node on the built packages, as users run them (this bench runs
// under tsx, which would give them the runtime's TypeScript sources: see
// call-loop.mjs). CPU microseconds per call, per round.
import { execFileSync } from "node:child_process";
import { join } from "node:path";

/** The rows, each measured in a process of its own (call-loop.mjs's arguments). */
const PROVIDERS = ["books", "crm", "directory", "docgen", "persondata"];

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

export function measureCalls({ root, node, row }: Bench): void {
  const loop = join(root, "scripts/bench/call/call-loop.mjs");
  const run = (which: string) =>
    JSON.parse(execFileSync(node, [loop, which], { cwd: root, encoding: "utf8", maxBuffer: 1 << 24 })) as Measured;
  const measured = { ...run("new-key"), calls: PROVIDERS.flatMap((p) => run(p).calls) };
  const how = (what: string, which: string) => [
    `node scripts/bench/call/call-loop.mjs ${which}  (${what}, process CPU time)`,
  ];
  for (const c of measured.calls) {
    row(
      `executeTool ${c.id} (in-memory fetch, CPU per call)`,
      c.ours,
      c.anchor,
      "µs",
      "≤ 1.2×",
      how(
        `executeTool vs openapi-fetch client.${c.method} on the same fetch, ${measured.n} ` +
          `calls × ${measured.rounds} rounds after ${measured.warm} unmeasured`,
        c.id.slice(0, c.id.indexOf("_")),
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
    how(
      `a key new to the process on each call vs one key, ${measured.newKeyCalls} calls × ${measured.rounds} rounds ` +
        `after ${measured.warm} unmeasured`,
      "new-key",
    ),
  );
}
