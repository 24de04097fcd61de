// `npm run refresh`: every step that rewrites what the code generates, run in
// order whatever a step before it did (a step that fails is reported, and the
// next one runs: a changed concept list once stopped the run half-way, and
// its snapshot step never ran), then one line per step saying whether it
// passed and which files it rewrote (by their content, so a file that was
// already changed and is written again counts). Exits 1 when a step failed.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export interface Step {
  name: string;
  /** The command, run through the shell from the project's root. */
  command: string;
}

/** The steps, in order: each reads what the ones before it wrote. */
export const STEPS: Step[] = [
  { name: "generate (build, then every provider's package)", command: "npm run -s generate" },
  { name: "docs (the generated reference pages)", command: "npm run -s docs" },
  { name: "IR fixtures (test-support/fixtures/ir/)", command: "npx tsx scripts/build/ir-fixtures.ts" },
  {
    name: "golden files and the provider guide's concept list",
    command:
      "UPDATE_GOLDEN=1 UPDATE_README=1 npx vitest run src/emit/golden.test.ts src/emit/hostile.test.ts " +
      "src/emit/readme-concepts.test.ts",
  },
  {
    name: "command snapshots (help, --json, diff and upstream reports)",
    command:
      "npx vitest run --update=all src/cli/commands.test.ts src/cli/json-output.test.ts src/cli/diff.test.ts " +
      "src/cli/upstream.test.ts",
  },
];

/** Each file git sees as changed or new (not ignored), with a hash of what it holds now ("" once deleted). */
export function changedFiles(root: string): Map<string, string> {
  const out = spawnSync("git", ["status", "--porcelain=v1", "-z", "--untracked-files=all"], {
    cwd: root,
    encoding: "utf8",
  });
  if (out.status !== 0) throw new Error(`refresh: git status failed: ${out.stderr}`);
  const files = new Map<string, string>();
  const entries = out.stdout.split("\0");
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i] as string;
    if (entry.length < 4) continue;
    const path = entry.slice(3);
    // A rename's entry is followed by its old path.
    if (entry[0] === "R" || entry[0] === "C") i++;
    const file = join(root, path);
    files.set(path, existsSync(file) ? createHash("sha256").update(readFileSync(file)).digest("hex") : "");
  }
  return files;
}

/**
 * The files a step rewrote: changed after it and not before, written again with other content, or back to the committed
 * one.
 */
export function rewritten(before: Map<string, string>, after: Map<string, string>): string[] {
  const paths = new Set([...before.keys(), ...after.keys()]);
  return [...paths].filter((path) => before.get(path) !== after.get(path)).sort();
}

export interface StepResult {
  step: Step;
  status: number;
  rewrote: string[];
}

/** Run every step (each one whatever the one before did), and what each rewrote. */
export function refresh(root: string, steps: Step[], run: (step: Step) => number): StepResult[] {
  const results: StepResult[] = [];
  for (const step of steps) {
    const before = changedFiles(root);
    const status = run(step);
    results.push({ step, status, rewrote: rewritten(before, changedFiles(root)) });
  }
  return results;
}

/** The report's lines: one a step, then the files it rewrote. */
export function report(results: StepResult[]): string {
  return results
    .map(({ step, status, rewrote }) => {
      const head =
        `refresh: ${status === 0 ? "✓" : `✗ (exit ${status})`} ${step.name}: ` +
        `${rewrote.length ? `rewrote ${rewrote.length} file${rewrote.length === 1 ? "" : "s"}` : "rewrote nothing"}`;
      return [head, ...rewrote.map((path) => `  ${path}`)].join("\n");
    })
    .join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL("../../", import.meta.url));
  const results = refresh(root, STEPS, (step) => {
    process.stderr.write(`refresh: ${step.name}…\n`);
    return spawnSync(step.command, { cwd: root, shell: true, stdio: "inherit" }).status ?? 1;
  });
  process.stderr.write(`\n${report(results)}\n`);
  const failed = results.filter((r) => r.status !== 0);
  if (failed.length)
    process.stderr.write(
      `refresh: ${failed.length} step${failed.length === 1 ? "" : "s"} failed (the others ran): ` +
        `${failed.map((r) => r.step.name).join("; ")}\n`,
    );
  process.exitCode = failed.length ? 1 : 0;
}
