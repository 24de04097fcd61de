// Bad input to a command, as a user meets it: a case names the command line, what it changes in a copy of a project
// as `init` makes it (generated), the exit status and what the message must say. The case tables are the test files
// src/cli/bad-input.test.ts and src/cli/bad-input-workflows.test.ts; this module runs them, in-process (main(), as the
// built bin/ calls it, with real mocks) and the cases where a process could outlive its command as the built command.
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "../../src/common/hash.js";
import { startMocks } from "../../src/mocks/mocks.js";
import { cli, compileCacheEnv, runtimeProject } from "../cli-harness.js";
import { ROOT } from "../repo.js";

export interface Case {
  name: string;
  args: string[];
  setup?: (dir: string) => void;
  code: number;
  /**
   * What the message must say (the input, the rule, the value); a function of the project's folder where it names a
   * path outside it.
   */
  says: string | RegExp | ((dir: string) => string | RegExp);
  /**
   * Only as a process: in the test's own process, Vitest resolves the runtime to its sources whatever the project
   * installed.
   */
  processOnly?: true;
}

export const NOT_UTF8 = Buffer.from("name: caf\xe9\n", "latin1");
export const write = (dir: string, file: string, text: string | Buffer) => {
  mkdirSync(dirname(join(dir, file)), { recursive: true });
  writeFileSync(join(dir, file), text);
};
export const replace = (dir: string, file: string, from: string, to: string) =>
  write(dir, file, readFileSync(join(dir, file), "utf8").replace(from, to));
export const folderAt = (dir: string, file: string) => {
  rmSync(join(dir, file), { force: true });
  mkdirSync(join(dir, file));
};

/** A pinned published document for the sample provider, as `upstream --accept` leaves one. */
export const pin = (dir: string) => {
  const pinned = "openapi: 3.0.3\npaths: {}\n";
  write(dir, "specs/notes/upstream/published.yaml", pinned);
  write(dir, "specs/notes/upstream/source.yaml", `file: published.yaml\nsha256: ${sha256(pinned)}\n`);
};

/**
 * Run the built command in a copy of the project; a command that does not end in time is killed (and fails the case).
 */
function spawnIn(dir: string, args: string[]): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const path = [dirname(process.execPath), process.env.PATH ?? ""].join(delimiter);
  return new Promise((resolve) => {
    const child = spawn(join(ROOT, "bin/blockwright.js"), args, {
      cwd: dir,
      env: { PATH: path, ...compileCacheEnv() },
      stdio: ["ignore", "pipe", "pipe"],
      timeout: 240_000,
      killSignal: "SIGKILL",
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code, stderr, stdout }));
  });
}

/** The case's command on a copy of the project, in-process or as the built command's process. */
async function runCase(project: string, c: Case, asProcess: boolean) {
  const dir = mkdtempSync(join(dirname(project), "case-"));
  cpSync(project, dir, { recursive: true, verbatimSymlinks: true });
  c.setup?.(dir);
  const r = asProcess ? await spawnIn(dir, c.args) : await cli(c.args, { cwd: dir, env: {}, startMocks });
  expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
  expect(r.code, r.stderr).toBe(c.code);
  // Messages go to stderr; a report (upstream's) to stdout.
  const said = r.stderr + r.stdout;
  const says = typeof c.says === "function" ? c.says(dir) : c.says;
  if (typeof says === "string") expect(said).toContain(says);
  else expect(said).toMatch(says);
}

/**
 * The cases, each on a copy of one project made for the file: in-process, but for those only a process shows; as the
 * built command's process, those and the cases named in `asProcess` (a process that could outlive the command).
 */
export function describeBadInput(cases: Case[], asProcess: string[]): void {
  const tmp = mkdtempSync(join(tmpdir(), "blockwright-bad-"));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  /** A project as `init` makes it, generated: each case changes a copy. */
  const project = join(tmp, "project");
  beforeAll(async () => {
    expect((await cli(["init", project])).code).toBe(0);
    runtimeProject(project);
    expect((await cli(["generate"], { cwd: project })).code).toBe(0);
  });

  describe.concurrent("bad input to every command", () => {
    it.each(cases.filter((c) => !c.processOnly).map((c) => [c.name, c] as const))("%s", async (_, c) =>
      runCase(project, c, false),
    );
  });

  const named = [...asProcess, ...cases.filter((c) => c.processOnly).map((c) => c.name)];
  describe.concurrent("bad input to the built command as a process", () => {
    it.each(named.map((name) => [name, cases.find((c) => c.name === name)!] as const))(
      "%s: refused, and the process ends",
      async (_, c) => runCase(project, c, true),
    );
  });
}
