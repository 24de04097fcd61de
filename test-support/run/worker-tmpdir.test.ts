// Each test worker's own temporary folder (worker-tmpdir.ts): what the tests and the processes they start make with
// tmpdir() lands in a folder marked as the worker's, removed when the worker is stopped and, when it was stopped
// without a word (Ctrl-C's end of a run, SIGKILL), by the next run's sweep.
import { spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { hostname, tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { processRuns } from "../../src/common/compile-cache-bound.js";
import { endedPid } from "./ended-pid.js";
import { OWNER_FILE, ownedFolder, removeOwnedFolder, sweepOrphanedFolders } from "./owned-folder.js";
import { runScratch } from "./run-scratch.js";
import { WORKER_FOLDER_PREFIX, type WorkerTmpdir, workerTmpdir } from "./worker-tmpdir.js";

/** worker-tmpdir.ts, which a process of the test's own imports. */
const MODULE = pathToFileURL(join(import.meta.dirname, "worker-tmpdir.ts")).href;

describe("a test worker's temporary folder", () => {
  it("is a folder of its own in the project's temporary folder, marked with the worker's running process", () => {
    const folder = tmpdir();
    expect(basename(folder)).toMatch(/^blockwright-worker-.{6}$/);
    const mark = readFileSync(join(folder, OWNER_FILE), "utf8");
    expect(mark).toBe(`${process.pid} ${hostname()}\n`);
    expect(processRuns(process.pid)).toBe(true);
    // Beside the run's folder, which the project's global set-up made in Vitest's own process.
    expect(dirname(folder)).toBe(dirname(runScratch()));
    expect(workerTmpdir()).toEqual({ parent: dirname(folder), folder });
    // Others may enter it: the Postgres server's user, when the tests run as root.
    expect(statSync(folder).mode & 0o777).toBe(0o755);
  });

  it("is the temporary folder of the processes it starts, and goes with all in it when it is stopped", async () => {
    // A worker as Vitest's forks pool has it: it makes its folder, a file there, a folder as a process it starts
    // would, and is stopped with SIGTERM.
    const script = [
      'import { mkdtempSync, writeFileSync } from "node:fs";',
      'import { tmpdir } from "node:os";',
      'import { join } from "node:path";',
      `const { useWorkerTmpdir } = await import(${JSON.stringify(MODULE)});`,
      "const made = useWorkerTmpdir();",
      'writeFileSync(join(tmpdir(), "zq-left.txt"), "zq");',
      'mkdtempSync(join(tmpdir(), "zq-left-"));',
      "console.log(JSON.stringify(made));",
      "setInterval(() => {}, 1000);",
    ].join("\n");
    // The TypeScript sources through tsx, as the other tests that start a process on them (killable-stretch.test.ts).
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => (stderr += c));
    const ended = new Promise<NodeJS.Signals | null>((resolve) => child.once("exit", (_, signal) => resolve(signal)));
    const made = await new Promise<WorkerTmpdir>((resolve, reject) => {
      let out = "";
      child.stdout.on("data", (c: Buffer) => {
        out += c;
        if (out.includes("\n")) resolve(JSON.parse(out) as WorkerTmpdir);
      });
      child.once("exit", () => reject(new Error(`the worker ended before it made its folder:\n${stderr}`)));
    });
    try {
      expect(made.parent).toBe(tmpdir());
      expect(readFileSync(join(made.folder, OWNER_FILE), "utf8")).toBe(`${child.pid} ${hostname()}\n`);
      expect(readdirSync(made.folder)).toEqual(
        expect.arrayContaining(["zq-left.txt", expect.stringMatching(/^zq-left-/)]),
      );
    } finally {
      child.kill("SIGTERM");
    }
    // Ended by the signal, as a worker that does not listen is.
    expect(await ended).toBe("SIGTERM");
    expect(existsSync(made.folder)).toBe(false);
  });
});

describe("a stopped worker's folder", () => {
  let parent: string;
  beforeEach(() => {
    parent = mkdtempSync(join(runScratch(), "zq-worker-sweep-"));
  });
  afterEach(() => rmSync(parent, { recursive: true, force: true }));

  it("is removed by the next run's sweep, with what its files left there, once its process has ended", () => {
    const left = join(parent, `${WORKER_FOLDER_PREFIX}zqgone`);
    mkdirSync(join(left, "blockwright-postgres-zqinner", "data"), { recursive: true });
    writeFileSync(join(left, "blockwright-postgres-zqinner", "data", "PG_VERSION"), "zq");
    mkdirSync(join(left, "zq-owner-only-zqinner"), { mode: 0o700 });
    writeFileSync(join(left, OWNER_FILE), `${endedPid()} ${hostname()}\n`);
    const running = ownedFolder(parent, WORKER_FOLDER_PREFIX);

    expect(sweepOrphanedFolders(parent)).toEqual([basename(left)]);
    expect(readdirSync(parent)).toEqual([basename(running)]);
  });

  it("is removed mark and all by its worker, and a folder already gone is no failure", () => {
    const folder = ownedFolder(parent, WORKER_FOLDER_PREFIX);
    mkdirSync(join(folder, "zq-inner", "deeper"), { recursive: true });
    expect(removeOwnedFolder(folder)).toBe(true);
    expect(existsSync(folder)).toBe(false);
    expect(removeOwnedFolder(folder)).toBe(true);
  });
});
