// A compile cache emptied at a run's start once it passes its bound, and left alone below it.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { boundCompileCache } from "./compile-cache-bound.js";

const root = mkdtempSync(join(tmpdir(), "blockwright-zq-compile-cache-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A cache folder like Node's (a folder a Node version, an entry a module) holding `files` of 1 KiB. */
function cacheOf(name: string, files: number): string {
  const folder = join(root, name);
  mkdirSync(join(folder, "v24-zq"), { recursive: true });
  for (let i = 0; i < files; i++) writeFileSync(join(folder, "v24-zq", `zq${i}`), Buffer.alloc(1024));
  return folder;
}

describe("a compile cache under its bound", () => {
  it("is emptied when it holds more than its bound, nested folders counted", () => {
    const folder = cacheOf("over", 5);
    expect(boundCompileCache(folder, 4 * 1024)).toBe(true);
    expect(existsSync(folder)).toBe(false);
  });

  it("is left as it is at or below its bound, and a missing one is no error", () => {
    const folder = cacheOf("under", 4);
    expect(boundCompileCache(folder, 4 * 1024)).toBe(false);
    expect(existsSync(join(folder, "v24-zq", "zq3"))).toBe(true);
    expect(boundCompileCache(join(root, "zq-missing"), 0)).toBe(false);
  });
});
