// `npm run bench -- regen` (issue 60): taking a newer version of a published
// document costs no more than drafting from it. For each document — a
// synthetic tree of recursive node unions (recursive-unions.ts),
// a design tool's file tree (contract-tests/history/figma) and the largest
// documents of the history corpus (GitHub, 11–13 MB) — the CPU of `add`
// from the older version, of `upstream` comparing the newer one with it,
// and of `diff` after `upstream --accept` and `generate`, each a whole
// process of the built command, in turn, per round. The rows give upstream
// and diff against add on the same document (target ≤ 2×).
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { recursiveUnionDocument } from "./shared/recursive-unions.js";

interface Run {
  wallMs: number;
  cpu: number;
  peakMiB: number;
}

/** What the bench (index.ts) gives this measure. */
interface Bench {
  root: string;
  tmp: string;
  run: (args: string[], cwd?: string, env?: Record<string, string>, ok?: readonly number[]) => Promise<Run>;
  row: (measure: string, ours: number[], anchor: number[], unit: string, target: string, reproduce: string[]) => void;
}

interface Pair {
  name: string;
  provider: string;
  /** The older and newer documents, written into `dir`: their paths. */
  write: (dir: string) => { older: string; newer: string };
  operations: string[];
}

const stored = (root: string, vendor: string, older: string, newer: string, ext: string) => (dir: string) => {
  const out = (label: string) => {
    const file = join(dir, `${vendor}-${label}.${ext}`);
    writeFileSync(file, gunzipSync(readFileSync(join(root, "contract-tests/history", vendor, `${label}.${ext}.gz`))));
    return file;
  };
  return { older: out(older), newer: out(newer) };
};

/** The documents measured. */
function pairs(root: string): Pair[] {
  return [
    {
      name: "synthetic recursive unions (40 node types)",
      provider: "zqtree",
      write: (dir) => {
        writeFileSync(join(dir, "tree-older.json"), JSON.stringify(recursiveUnionDocument(40)));
        writeFileSync(join(dir, "tree-newer.json"), JSON.stringify(recursiveUnionDocument(40, true)));
        return { older: join(dir, "tree-older.json"), newer: join(dir, "tree-newer.json") };
      },
      operations: ["getZqFile", "getZqFileNodes"],
    },
    {
      name: "figma 0.24.0 → 0.43.0 (recursive node unions)",
      provider: "zqfigma",
      write: stored(root, "figma", "0.24.0", "0.43.0", "yaml"),
      operations: ["getFile", "getFileNodes", "getImages", "getComments", "postComment", "getTeamProjects"],
    },
    {
      name: "github 19.1.0 → 23.0.2 (11 and 13 MB)",
      provider: "zqgithub",
      write: stored(root, "github", "19.1.0", "23.0.2", "json"),
      operations: ["issues/list-for-repo", "issues/get", "issues/create", "issues/update"],
    },
  ];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

export async function measureRegeneration({ root, tmp, run, row }: Bench): Promise<void> {
  const cli = join(root, "bin/blockwright.js");
  const rounds = Math.max(1, Number(process.env.BLOCKWRIGHT_BENCH_ROUNDS ?? 3) || 3);
  for (const pair of pairs(root)) {
    const dir = mkdtempSync(join(tmp, "regen-"));
    const { older, newer } = pair.write(dir);
    const project = (name: string) => {
      const p = join(dir, name);
      mkdirSync(join(p, "specs"), { recursive: true });
      writeFileSync(
        join(p, "package.json"),
        `${JSON.stringify({ name: `regen-${name}`, private: true, type: "module" })}\n`,
      );
      return p;
    };
    const add = ["add", pair.provider, "--from", older, "--operations", pair.operations.join(",")];
    // One project where add runs again and again; one pinned at the older version (upstream, never accepting); one
    // that took the newer version (diff against the generation before it).
    const drafting = project("add");
    const comparing = project("upstream");
    const accepted = project("diff");
    for (const p of [comparing, accepted]) {
      await run([cli, ...add], p);
      await run([cli, "generate"], p);
    }
    cpSync(join(accepted, "generated"), join(accepted, "base"), { recursive: true });
    await run([cli, "upstream", pair.provider, newer, "--accept"], accepted, {}, [0, 1]);
    await run([cli, "generate"], accepted);
    const measured = { add: [] as Run[], upstream: [] as Run[], diff: [] as Run[] };
    const once = async () => ({
      add: await run([cli, ...add, "--force"], drafting),
      upstream: await run([cli, "upstream", pair.provider, newer], comparing, {}, [0, 1]),
      diff: await run([cli, "diff", "--base-dir", "base", "--format", "json"], accepted, {}, [0, 1]),
    });
    await once();
    for (let i = 0; i < rounds; i++) {
      const r = await once();
      for (const k of ["add", "upstream", "diff"] as const) measured[k].push(r[k]);
    }
    const cpu = (rs: Run[]) => rs.map((r) => r.cpu);
    const shown = ["add", pair.provider, "--from", "<older>", "--operations", pair.operations.join(",")].join(" ");
    const reproduce = (what: string) => [
      `blockwright ${what} (in a project made by: blockwright ${shown}; generate)`,
      `blockwright ${shown} --force`,
    ];
    row(
      `upstream vs add, ${pair.name} (CPU)`,
      cpu(measured.upstream),
      cpu(measured.add),
      "s",
      "≤ 2×",
      reproduce(`upstream ${pair.provider} <newer>`),
    );
    row(
      `diff vs add, ${pair.name} (CPU)`,
      cpu(measured.diff),
      cpu(measured.add),
      "s",
      "≤ 2×",
      reproduce("diff --base-dir base (after upstream --accept <newer> and generate)"),
    );
    row(
      `upstream vs add, ${pair.name} (peak memory)`,
      measured.upstream.map((r) => r.peakMiB),
      measured.add.map((r) => r.peakMiB),
      "MiB",
      "≤ 2×",
      reproduce(`upstream ${pair.provider} <newer>`),
    );
    process.stderr.write(
      `bench regen: ${pair.name}: add ${median(cpu(measured.add)).toFixed(2)} s, ` +
        `upstream ${median(cpu(measured.upstream)).toFixed(2)} s, diff ${median(cpu(measured.diff)).toFixed(2)} ` +
        `s CPU\n`,
    );
  }
}
