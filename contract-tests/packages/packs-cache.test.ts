// The packs kept between runs (packs-cache.ts): a third-party folder's pack is
// reused while its files are the same, packed again once one changes, and a
// workspace's link under node_modules/ (this repository's own code) is never kept.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cachedPacks } from "./packs-cache.js";

const root = mkdtempSync(join(tmpdir(), "blockwright-packs-cache-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const FOLDER = "node_modules/zq-kept";
const LINKED = "node_modules/@zqspace/own";
mkdirSync(join(root, FOLDER, "lib"), { recursive: true });
writeFileSync(join(root, FOLDER, "package.json"), '{"name":"zq-kept","version":"1.0.0"}');
writeFileSync(join(root, FOLDER, "lib/index.js"), "export const a = 1;\n");
mkdirSync(join(root, "own"));
mkdirSync(join(root, "node_modules/@zqspace"));
symlinkSync(join(root, "own"), join(root, LINKED));

/** A run's packs: what the cache finds in a fresh folder, and the rest "packed" (a file written) and kept. */
function run(folders: string[], label = ""): { found: string[]; dir: string } {
  const dir = mkdtempSync(join(root, "packed-"));
  const cache = cachedPacks(root, dir, folders);
  const packed = folders
    .filter((f) => !cache.found.has(f))
    .map((folder) => {
      const filename = `${folder.replaceAll("/", "-")}.tgz`;
      writeFileSync(join(dir, filename), `tarball of ${folder}${label}`);
      return { folder, filename, name: folder, version: "1.0.0", integrity: "sha512-x", shasum: "x", unpackedSize: 1 };
    });
  cache.keep(packed);
  return { found: [...cache.found.keys()], dir };
}

describe("the packs kept between runs", () => {
  it("reuse a third-party folder's pack while its files are the same, the tarball as it was packed", () => {
    expect(run([FOLDER], " (the first run)").found).toEqual([]);
    const again = run([FOLDER], " (a later run)");
    expect(again.found).toEqual([FOLDER]);
    expect(readFileSync(join(again.dir, "node_modules-zq-kept.tgz"), "utf8")).toBe(
      "tarball of node_modules/zq-kept (the first run)",
    );
  });

  it("pack a folder again once a file in it changed", () => {
    writeFileSync(join(root, FOLDER, "lib/index.js"), "export const a = 2;\n");
    expect(run([FOLDER]).found).toEqual([]);
    expect(run([FOLDER]).found).toEqual([FOLDER]);
  });

  it("never keep a workspace's link under node_modules/", () => {
    writeFileSync(join(root, "own/package.json"), '{"name":"@zqspace/own","version":"1.0.0"}');
    expect(run([LINKED]).found).toEqual([]);
    expect(run([LINKED]).found).toEqual([]);
  });
});
