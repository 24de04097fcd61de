// A compile cache emptied at a run's start once it passes its bound, and left alone below it; the CLI's own, in a
// folder of its installed copy's.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPOSITORY } from "../../test-support/neutral-copy.js";
import {
  boundCompileCache,
  boundCompileCacheEntries,
  enableOwnCompileCache,
  ownCompileCacheFolders,
} from "./compile-cache-bound.js";

const root = mkdtempSync(join(tmpdir(), "blockwright-zq-compile-cache-"));
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
