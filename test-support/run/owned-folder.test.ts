// A run stopped before its teardown leaves its folders marked with its process id; the next run removes them, and
// nothing else.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { basename, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TestProject } from "vitest/node";
import { procStat } from "../../src/common/compile-cache-bound.js";
import { endedPid } from "./ended-pid.js";
import { OWNER_FILE, ownedFolder, stopWithFolder, sweepOrphanedFolders } from "./owned-folder.js";
import { closeRunFolder, openRunFolder } from "./run-folder.js";
import { runScratch } from "./run-scratch.js";

let parent: string;
beforeEach(() => {
  parent = mkdtempSync(join(runScratch(), "zq-sweep-"));
});
afterEach(() => rmSync(parent, { recursive: true, force: true }));

/** A folder in `parent` whose owner file says `owner` (none when undefined). */
function folder(name: string, owner?: string): string {
  const path = join(parent, name);
  mkdirSync(path);
  writeFileSync(join(path, "kept.txt"), "zq");
  if (owner !== undefined) writeFileSync(join(path, OWNER_FILE), owner);
  return path;
}

/** Whether the process runs (not ended, nor a zombie), as the kernel says. */
function runs(pid: number): boolean {
  const state = procStat(pid)?.[0];
  return state !== undefined && state !== "Z";
}

describe("the test runs' own folders in the temporary folder", () => {
  it("are marked with the process that made them", () => {
    const made = ownedFolder(parent, "blockwright-zqmade-");
    expect(basename(made)).toMatch(/^blockwright-zqmade-.{6}$/);
    expect(readFileSync(join(made, OWNER_FILE), "utf8")).toBe(`${process.pid} ${hostname()}\n`);
  });

  it("are removed by the next sweep once their process has ended, and only they", () => {
    const ended = `${endedPid()} ${hostname()}`;
    folder("blockwright-zqended", `${ended}\n`);
    folder("zq-owner-only-zqended", ended);
    const live = ownedFolder(parent, "blockwright-zqlive-");
    folder("blockwright-zqunmarked");
    folder("blockwright-zqgarbled", `${ended}abc`);
    folder("blockwright-zqelsewhere", `${endedPid()} zq-other-machine.example\n`);
    folder("zqother-ended", ended);

    expect(sweepOrphanedFolders(parent).sort()).toEqual(["blockwright-zqended", "zq-owner-only-zqended"]);
    expect(readdirSync(parent).sort()).toEqual(
      [
        basename(live),
        "blockwright-zqelsewhere",
        "blockwright-zqgarbled",
        "blockwright-zqunmarked",
        "zqother-ended",
      ].sort(),
    );
  });

  it("have the processes started from them stopped once their run has ended, and no other process", async () => {
    // A server a run killed outright (SIGKILL) left running, its parent gone, and a process that took the id of one
    // named with another start time.
    const left = spawn("sleep", ["60"], { stdio: "ignore" });
    const other = spawn("sleep", ["60"], { stdio: "ignore" });
    const liveServer = spawn("sleep", ["60"], { stdio: "ignore" });
    const ended = new Promise((resolve) => left.once("exit", (_code, signal) => resolve(signal)));
    try {
      const orphan = folder("blockwright-postgres-zqleft", `${endedPid()} ${hostname()}\n`);
      stopWithFolder(orphan, left.pid as number, "SIGINT");
      writeFileSync(join(orphan, ".blockwright-stop"), `${other.pid} 1 SIGINT\n`, { flag: "a" });
      const live = ownedFolder(parent, "blockwright-zqlive-");
      stopWithFolder(live, liveServer.pid as number, "SIGINT");

      expect(sweepOrphanedFolders(parent)).toEqual(["blockwright-postgres-zqleft"]);
      // The sweep waits for what it signalled to end: right after it, a process it signalled has ended.
      expect([left, other, liveServer].map(({ pid }) => runs(pid as number))).toEqual([false, true, true]);
      expect(await ended).toBe("SIGINT");
    } finally {
      for (const child of [left, other, liveServer]) child.kill("SIGKILL");
    }
  });

  it("of an ended run are gone when the next run opens its folder, whose folder is marked", () => {
    const orphan = folder("blockwright-postgres-zqorph", `${endedPid()} ${hostname()}`);
    const project = { config: { env: { TMPDIR: parent } }, provide: () => {} } as unknown as TestProject;
    const run = openRunFolder(project);
    try {
      expect(existsSync(orphan)).toBe(false);
      expect(readFileSync(join(run, OWNER_FILE), "utf8")).toBe(`${process.pid} ${hostname()}\n`);
    } finally {
      closeRunFolder(run);
    }
  });

  it("are left alone where the folder cannot be read", () => {
    expect(sweepOrphanedFolders(join(parent, "zq-no-such-folder"))).toEqual([]);
  });
});
