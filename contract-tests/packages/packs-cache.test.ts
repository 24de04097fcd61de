// The packs kept between runs (packs-cache.ts): a third-party folder's pack is
// reused while its files' bytes are the same (whatever their times: `npm ci`
// rewrites them), packed again once one changes; an own folder's (a workspace's
// link under node_modules/ is this repository's code) while the bytes of what npm
// may pack of it are the same, the last four kept a folder.
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cachedPacks } from "./packs-cache.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const root = mkdtempSync(join(runScratch(), "blockwright-packs-cache-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const CACHE = join(root, "kept");
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
  const cache = cachedPacks(root, dir, folders, CACHE);
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

  it("reuse a third-party folder's pack when its files are written again with the same bytes, as npm ci does", () => {
    const later = new Date(Date.now() + 60_000);
    for (const file of ["package.json", "lib/index.js"]) {
      const path = join(root, FOLDER, file);
      writeFileSync(path, readFileSync(path));
      utimesSync(path, later, later);
    }
    expect(run([FOLDER]).found).toEqual([FOLDER]);
  });

  it("pack a folder again once a file in it changed, though its size and times are the same", () => {
    const file = join(root, FOLDER, "lib/index.js");
    const { atime, mtime } = statSync(file);
    writeFileSync(file, "export const a = 2;\n");
    utimesSync(file, atime, mtime);
    expect(run([FOLDER]).found).toEqual([]);
    expect(run([FOLDER]).found).toEqual([FOLDER]);
  });

  it("pack a folder again once a file's mode changed", () => {
    chmodSync(join(root, FOLDER, "lib/index.js"), 0o755);
    expect(run([FOLDER]).found).toEqual([]);
    expect(run([FOLDER]).found).toEqual([FOLDER]);
  });

  it("reuse an own folder's pack while the bytes npm may pack are the same, whatever their times", () => {
    writeFileSync(join(root, "own/package.json"), '{"name":"@zqspace/own","version":"1.0.0","files":["lib"]}');
    mkdirSync(join(root, "own/lib"));
    mkdirSync(join(root, "own/notes"));
    writeFileSync(join(root, "own/lib/index.js"), "export const b = 1;\n");
    writeFileSync(join(root, "own/notes/todo.txt"), "not packed\n");
    expect(run([LINKED], " (the first run)").found).toEqual([]);
    // Rewritten with the same bytes (as the build rewrites dist/vendor/), and a folder npm does not pack changed.
    writeFileSync(join(root, "own/lib/index.js"), "export const b = 1;\n");
    writeFileSync(join(root, "own/notes/todo.txt"), "still not packed\n");
    const again = run([LINKED], " (a later run)");
    expect(again.found).toEqual([LINKED]);
    expect(readFileSync(join(again.dir, "node_modules-@zqspace-own.tgz"), "utf8")).toBe(
      "tarball of node_modules/@zqspace/own (the first run)",
    );
  });

  it("pack an own folder again once a file's bytes changed, though its size and times are the same", () => {
    const file = join(root, "own/lib/index.js");
    const { atime, mtime } = statSync(file);
    writeFileSync(file, "export const b = 2;\n");
    utimesSync(file, atime, mtime);
    expect(run([LINKED]).found).toEqual([]);
    expect(run([LINKED]).found).toEqual([LINKED]);
  });

  it("keep the last four packs of an own folder, the one used again among them", () => {
    const kept = () => readdirSync(CACHE).filter((n) => n.startsWith("own-") && n.endsWith(".tgz")).length;
    const write = (b: number) => writeFileSync(join(root, "own/lib/index.js"), `export const b = ${b};\n`);
    for (const b of [3, 4, 5, 6, 7]) {
      write(b);
      expect(run([LINKED]).found).toEqual([]);
    }
    expect(kept()).toBe(4);
    // The oldest of the four used again (as a checkout of another branch would), then one more made: it stays.
    write(4);
    expect(run([LINKED]).found).toEqual([LINKED]);
    write(8);
    expect(run([LINKED]).found).toEqual([]);
    expect(kept()).toBe(4);
    write(4);
    expect(run([LINKED]).found).toEqual([LINKED]);
    write(5);
    expect(run([LINKED]).found).toEqual([]);
  });
});
