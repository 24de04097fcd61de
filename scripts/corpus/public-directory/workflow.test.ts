// The GitHub Actions matrix that runs the directory sharded (.github/workflows/directory-corpus.yml), held
// to what can be checked without GitHub: its shards cover 1..n exactly once, each shard's command line and
// the merge's are ones the run accepts, and its default seed is the seed of the committed table (it had kept
// an older seed after the table was run again with another).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { directoryOptions } from "./main.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const workflow = parse(readFileSync(`${root}.github/workflows/directory-corpus.yml`, "utf8")) as Workflow;

interface Step {
  run?: string;
  name?: string;
}
interface Workflow {
  env: Record<string, string>;
  on: { workflow_dispatch: { inputs: { seed: { default: string } } } };
  jobs: Record<string, { strategy?: { matrix: { shard: number[] } }; steps: Step[] }>;
}

/** The words of a step's `npm run corpus --` command, with the matrix's and the env's expressions filled in. */
function corpusArgs(step: Step, values: Record<string, string>): string[] {
  const line = (step.run ?? "").split("\n").find((l) => l.includes("npm run corpus --")) ?? "";
  const filled = line
    .replace(/\$\{\{\s*inputs\.all[^}]*\}\}/g, "--all")
    .replace(/\$\{\{\s*matrix\.shard\s*\}\}/g, values.shard ?? "")
    .replace(/\$([A-Z]+)/g, (_, name: string) => values[name] ?? "");
  const words = filled.replace(/"/g, "").trim().split(/\s+/);
  return words.slice(words.indexOf("--") + 1).filter((w) => w !== "--directory");
}

describe("the directory's GitHub Actions matrix", () => {
  const shards = workflow.jobs.shard?.strategy?.matrix.shard ?? [];
  const count = Number(workflow.env.SHARDS);

  it("runs every shard 1..SHARDS once", () => {
    expect(count).toBeGreaterThan(0);
    expect([...shards].sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
  });

  it("gives each shard and the merge a command line the run accepts", () => {
    const shardStep = workflow.jobs.shard?.steps.find((s) => s.run?.includes("--shard"));
    const mergeStep = workflow.jobs.merge?.steps.find((s) => s.run?.includes("--merge"));
    expect(shardStep && mergeStep).toBeTruthy();
    for (const shard of shards) {
      const args = corpusArgs(shardStep as Step, { shard: String(shard), SEED: "1", SHARDS: String(count) });
      expect(directoryOptions(args, "/nowhere").selection).toMatchObject({
        all: true,
        shard: { index: shard, count },
      });
    }
    const merge = corpusArgs(mergeStep as Step, {});
    expect(directoryOptions(merge, "/nowhere").merge).toEqual(["shards/directory-shard-*.json"]);
  });

  it("draws with the committed table's seed by default", () => {
    const table = readFileSync(`${root}contract-tests/corpus/DIRECTORY.md`, "utf8");
    const seed = /seed (\d+)\./.exec(table)?.[1];
    expect(seed).toBeDefined();
    expect(workflow.on.workflow_dispatch.inputs.seed.default).toBe(seed);
    expect(workflow.env.SEED).toContain(`'${seed}'`);
  });
});
