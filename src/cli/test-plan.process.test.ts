// `blockwright test` as a process (the built bin/, as a user runs it) on its own mocks: the specs are linked and the
// cases derived once a run, by the worker that then runs them (contract/plan-worker.ts), not first in the command's
// thread and again in the worker. The words of a run that ends before its cases (stale packages, specs with problems)
// are those of the command's thread, which the in-process runs (on the tests' mocks) still take.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli, spawnCli } from "../../test-support/cli-harness.js";
import { ROOT } from "../../test-support/repo.js";
import { shelfCopy } from "../../test-support/shelf-copy.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-test-plan-"));
const dir = join(tmp, "project");
const preload = join(ROOT, "test-support/cli/thread-links.mjs");

beforeAll(async () => {
  mkdirSync(join(dir, "node_modules/@blockwright"), { recursive: true });
  symlinkSync(join(ROOT, "runtime"), join(dir, "node_modules/@blockwright/runtime"));
  shelfCopy(dir, []);
  expect(await cli(["generate"], { cwd: dir })).toMatchObject({ code: 0 });
});

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The process's exit status and standard error, and the threads that linked the specs (their ids, once each). */
async function tested(args: string[]): Promise<{ code: number | null; stderr: string; linkedIn: string[] }> {
  const log = join(tmp, `links-${Math.random().toString(36).slice(2)}.log`);
  writeFileSync(log, "");
  const run = spawnCli(["test", ...args], { NODE_OPTIONS: `--import ${preload}`, THREAD_LINKS_LOG: log }, dir);
  const code = await run.closed;
  return { code, stderr: run.stderr(), linkedIn: [...new Set(readFileSync(log, "utf8").split("\n").filter(Boolean))] };
}

describe("blockwright test, the specs linked once a run", () => {
  it("links and derives in the one worker that runs the cases, not in the command's thread too", async () => {
    const report = join(tmp, "report.json");
    const run = await tested(["--seed", "7", "--runs", "1", "--reporter", "json", "--output", report]);
    expect(run.stderr).toMatch(/^blockwright test: \d+ cases on 1 mock, seed 7, 1 runs per property$/m);
    // One thread linked: a worker's (thread 0 is the command's own).
    expect(run.linkedIn).toHaveLength(1);
    expect(run.linkedIn[0]).not.toBe("0");
    // The cases the worker planned and ran are those the command's thread derives for --list, in its order.
    const listed = (await cli(["test", "--list"], { cwd: dir })).stdout.split("\n").filter(Boolean);
    const json = JSON.parse(readFileSync(report, "utf8")) as { planned: number; cases: { id: string }[] };
    expect(json.cases.map((c) => `shelf\t${c.id}`)).toEqual(listed);
    expect(json.planned).toBe(listed.length);
    expect(run.code).toBe(0);
  });

  it("says a package is stale in the words of the command's thread, exit 2", async () => {
    const manifest = join(dir, "specs/shelf/manifest.yaml");
    const text = readFileSync(manifest, "utf8");
    writeFileSync(manifest, text.replace("description: List the books of a shelf.", "description: zz Listed."));
    try {
      const inProcess = await cli(["test", "--seed", "7"], { cwd: dir });
      expect(inProcess.code).toBe(2);
      expect(inProcess.stderr).toMatch(/is out of date with its specs/);
      const run = await tested(["--seed", "7"]);
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(inProcess.stderr);
    } finally {
      writeFileSync(manifest, text);
    }
  });

  it("says the specs have problems in the words of the command's thread, exit 2", async () => {
    const manifest = join(dir, "specs/shelf/manifest.yaml");
    const text = readFileSync(manifest, "utf8");
    writeFileSync(manifest, `${text}zzUnknownField: 1\n`);
    try {
      const inProcess = await cli(["test", "--seed", "7"], { cwd: dir });
      expect(inProcess.code).toBe(2);
      expect(inProcess.stderr).toMatch(/the specs have problems/);
      const run = await tested(["--seed", "7"]);
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(inProcess.stderr);
      expect(run.stderr).not.toMatch(/internal error|\n\s+at /);
    } finally {
      writeFileSync(manifest, text);
    }
  });
});
