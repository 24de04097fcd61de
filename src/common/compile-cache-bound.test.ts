// A compile cache emptied at a run's start once it passes its bound, and left alone below it; the CLI's own, in a
// folder of its installed copy's.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPOSITORY } from "../../test-support/neutral-copy.js";
import {
  boundCompileCache,
  boundCompileCacheEntries,
  enableOwnCompileCache,
  LEFTOVER_AGE_MS,
  processRuns,
  procStat,
  ownCompileCacheFolders,
  removeLeftovers,
} from "./compile-cache-bound.js";
import { endedPid } from "../../test-support/run/ended-pid.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const root = mkdtempSync(join(runScratch(), "blockwright-zq-compile-cache-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A cache folder like Node's (a folder a Node version, an entry a module) holding `files` of `bytes` each. */
function cacheOf(name: string, files: number, bytes = 1024): string {
  const folder = join(root, name);
  mkdirSync(join(folder, "v24-zq"), { recursive: true });
  for (let i = 0; i < files; i++) writeFileSync(join(folder, "v24-zq", `zq${i}`), Buffer.alloc(bytes));
  return folder;
}

describe("a compile cache another run writes to while this one empties it", () => {
  // Two test runs on one machine share the tests' cache (vitest.config.ts): one emptying it while the other's commands
  // wrote entries into it failed the first's global set-up with ENOTEMPTY (an unhandled error, no test run).
  it("is emptied without an error, the other run's new entries left to it", async () => {
    const folder = cacheOf("shared", 200, 0);
    const writer = spawn(
      process.execPath,
      [
        "-e",
        `const fs = require("node:fs"); const dir = process.argv[1] + "/v24-zq";
         for (let i = 0; ; i++) {
           try { fs.mkdirSync(dir, { recursive: true }); fs.writeFileSync(dir + "/w" + i, ""); } catch {}
         }`,
        folder,
      ],
      { stdio: "ignore" },
    );
    try {
      // The writer under way: its first entry there.
      while (!readdirSync(join(folder, "v24-zq")).some((name) => name.startsWith("w")))
        await new Promise((resolve) => setTimeout(resolve, 20));
      for (let round = 0; round < 40; round++) {
        mkdirSync(join(folder, "v24-zq"), { recursive: true });
        for (let i = 0; i < 200; i++) writeFileSync(join(folder, "v24-zq", `zq${i}`), "");
        expect(() => boundCompileCacheEntries(folder, 100)).not.toThrow();
      }
      expect(readdirSync(root).filter((name) => name.startsWith("shared") && name !== "shared")).toEqual([]);
    } finally {
      writer.kill();
      await new Promise((resolve) => writer.once("exit", resolve));
    }
  });
});

describe("a compile cache under its bound", () => {
  // Counted, not weighed (no stat of each entry): empty entries over the bound empty it, large ones at it do not.
  it("is emptied when it holds more modules' entries than its bound, nested folders counted", () => {
    const folder = cacheOf("over", 5, 0);
    expect(boundCompileCache(folder, 4)).toBe(true);
    expect(existsSync(folder)).toBe(false);
  });

  it("is left as it is at or below its bound, whatever the entries weigh, and a missing one is no error", () => {
    const folder = cacheOf("under", 4, 64 * 1024);
    expect(boundCompileCache(folder, 4)).toBe(false);
    expect(existsSync(join(folder, "v24-zq", "zq3"))).toBe(true);
    expect(boundCompileCache(join(root, "zq-missing"), 0)).toBe(false);
  });

  it("by its entries: emptied above the bound, kept at it, each Node version's folder counted", () => {
    const over = cacheOf("entries-over", 3);
    mkdirSync(join(over, "v22-zq"));
    writeFileSync(join(over, "v22-zq", "zq0"), "");
    expect(boundCompileCacheEntries(over, 3)).toBe(true);
    expect(existsSync(over)).toBe(false);
    const at = cacheOf("entries-at", 3);
    expect(boundCompileCacheEntries(at, 3)).toBe(false);
    expect(readdirSync(join(at, "v24-zq"))).toHaveLength(3);
    expect(boundCompileCacheEntries(join(root, "zq-missing"), 0)).toBe(false);
  });
});

describe("the CLI's own compile cache", () => {
  const ENABLED = 1;
  const FAILED = 0;

  it("is inside the installed copy first, then a folder of the temporary folder's for that copy alone", () => {
    const [own, fallback] = ownCompileCacheFolders("/zq/project/node_modules/blockwright");
    expect(own).toBe("/zq/project/node_modules/blockwright/node_modules/.cache/blockwright-compile");
    expect(fallback!.startsWith(join(tmpdir(), "blockwright-compile-cache"))).toBe(true);
    expect(ownCompileCacheFolders("/zq/other/node_modules/blockwright")[1]).not.toBe(fallback);
  });

  it("is turned on in the copy's folder, or the next where Node cannot use it", () => {
    const asked: string[] = [];
    const enable = (status: number) => (directory: string) => {
      asked.push(directory);
      return { status, directory };
    };
    const packageRoot = join(root, "zq-package");
    expect(enableOwnCompileCache(packageRoot, {}, enable(ENABLED))).toBe(ownCompileCacheFolders(packageRoot)[0]);
    asked.length = 0;
    expect(enableOwnCompileCache(packageRoot, {}, enable(FAILED))).toBeUndefined();
    expect(asked).toEqual(ownCompileCacheFolders(packageRoot));
  });

  it("leaves a user's NODE_COMPILE_CACHE (or NODE_DISABLE_COMPILE_CACHE) as it is, and a Node without it", () => {
    const enable = () => {
      throw new Error("not to be asked");
    };
    expect(enableOwnCompileCache(root, { NODE_COMPILE_CACHE: join(root, "zq-user") }, enable)).toBeUndefined();
    expect(enableOwnCompileCache(root, { NODE_DISABLE_COMPILE_CACHE: "1" }, enable)).toBeUndefined();
    expect(enableOwnCompileCache(root, {}, undefined)).toBeUndefined();
  });

  it("is the command's: nothing in Node's default folder, the temporary folder's node-compile-cache", () => {
    const temporary = mkdtempSync(join(root, "tmpdir-"));
    const run = spawnSync(process.execPath, ["--", join(REPOSITORY, "bin/blockwright.js"), "--help"], {
      env: { PATH: process.env.PATH ?? "", TMPDIR: temporary },
      encoding: "utf8",
    });
    expect(run.status, run.stderr).toBe(0);
    expect(readdirSync(temporary)).toEqual([]);
    expect(existsSync(ownCompileCacheFolders(REPOSITORY)[0]!)).toBe(true);
  });
});

// A run moves the cache aside (`<folder>.emptied-<pid>-<time>`) before emptying it: one ended between the two (a crash,
// a kill) left the moved copy for ever, a whole cache's size each time. A later run removes such a copy once its run's
// process is gone and it is older than a removal takes; one a live run is emptying, a recent one and another folder's
// are left alone.
describe("a compile cache's copy a run moved aside and never removed", () => {
  const hour = 60 * 60 * 1000;
  /** A process id no process has now: a child's, once it ended. */
  const gonePid = endedPid;

  it("is removed by a later run once its run is gone, and none a live run may still be emptying", () => {
    const folder = cacheOf("zq-left", 1);
    const gone = gonePid();
    const old = Date.now() - 2 * hour;
    const crashed = cacheOf(`zq-left.emptied-${gone}-${old}`, 3);
    const live = cacheOf(`zq-left.emptied-${process.ppid}-${old}`, 3);
    const recent = cacheOf(`zq-left.emptied-${gone}-${Date.now() - 60_000}`, 3);
    const other = cacheOf(`zq-leftover.emptied-${gone}-${old}`, 3);
    const unlike = cacheOf(`zq-left.emptied-${gone}-${old}-zq`, 3);
    expect(boundCompileCacheEntries(folder, 4)).toBe(false);
    expect(existsSync(crashed)).toBe(false);
    for (const kept of [folder, live, recent, other, unlike]) expect(existsSync(kept), kept).toBe(true);
    expect(readdirSync(root).filter((name) => name.startsWith("zq-left.emptied-"))).toHaveLength(3);
  });

  it("left by a run killed between the move and the removal, is removed by a later one", async () => {
    const folder = cacheOf("zq-killed", 5);
    // The move alone, then the process ends as a kill would end it, before the removal.
    const killed = spawnSync(
      process.execPath,
      [
        "-e",
        "require('node:fs').renameSync(process.argv[1], process.argv[1] + '.emptied-' + process.pid + '-0')",
        folder,
      ],
      { encoding: "utf8" },
    );
    expect(killed.status, killed.stderr).toBe(0);
    const left = `${folder}.emptied-${killed.pid}-0`;
    expect(existsSync(left)).toBe(true);
    removeLeftovers(folder, Date.now());
    expect(existsSync(left)).toBe(false);
    expect(readdirSync(root).filter((name) => name.startsWith("zq-killed"))).toEqual([]);
  });

  it("is left while younger than a removal could take, its run gone or not", () => {
    const folder = join(root, "zq-young");
    const at = Date.now();
    const left = cacheOf(`zq-young.emptied-${gonePid()}-${at}`, 1);
    removeLeftovers(folder, at + LEFTOVER_AGE_MS - 1);
    expect(existsSync(left)).toBe(true);
    removeLeftovers(folder, at + LEFTOVER_AGE_MS);
    expect(existsSync(left)).toBe(false);
  });
});

describe("whether a process that left its id runs", () => {
  it("runs when it is this one or another that runs, as any user (pid 1 is always there)", () => {
    expect(processRuns(process.pid)).toBe(true);
    expect(processRuns(process.ppid)).toBe(true);
    expect(processRuns(1)).toBe(true);
  });

  it("has ended when no process has its id", () => {
    expect(processRuns(endedPid())).toBe(false);
  });

  it("has ended when it is a zombie its parent has not reaped (a signal still reaches it)", async () => {
    // The child is ended only once its shell has become `sleep 30`, which never waits: the shell cannot reap it first,
    // so it stays a zombie until its parent ends. Each wait fails with a reason rather than spinning past the child.
    const parent = spawn("sh", ["-c", "sleep 30 & echo $!; exec sleep 30"], { stdio: ["ignore", "pipe", "ignore"] });
    const until = async (what: string, done: () => boolean) => {
      for (const start = Date.now(); !done(); await new Promise((r) => setTimeout(r, 10))) {
        if (Date.now() - start > 20_000) throw new Error(`not seen in 20 s: ${what}`);
      }
    };
    try {
      const child = Number(
        await new Promise<string>((resolve) => parent.stdout.once("data", (d) => resolve(String(d)))),
      );
      await until("the shell replaced by sleep", () => readComm(parent.pid ?? 0) === "sleep");
      process.kill(child, "SIGKILL");
      await until("the child a zombie", () => {
        const state = procStat(child)?.[0];
        if (state === undefined) throw new Error("the child was reaped: its parent is not the one that never waits");
        return state === "Z";
      });
      expect(() => process.kill(child, 0)).not.toThrow();
      expect(processRuns(child)).toBe(false);
      expect(processRuns(parent.pid ?? 0)).toBe(true);
    } finally {
      parent.kill("SIGKILL");
    }
  });
});

/** A process's command name, or "" once it is gone. */
function readComm(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return "";
  }
}
