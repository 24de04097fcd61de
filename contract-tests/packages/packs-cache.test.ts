// The packs kept between runs (packs-cache.ts): a third-party folder's pack is
// reused while its files are the same, packed again once one changes; an own
// folder's (a workspace's link under node_modules/ is this repository's code)
// while the bytes of what npm may pack of it are the same, one kept a folder.
import {
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

  it("keep one pack of an own folder, the last one packed", () => {
    writeFileSync(join(root, "own/lib/index.js"), "export const b = 3;\n");
    expect(run([LINKED]).found).toEqual([]);
    const kept = readdirSync(join(root, "node_modules/.cache/blockwright-packs")).filter((n) => n.startsWith("own-"));
    expect(kept.sort()).toEqual([expect.stringMatching(/\.json$/), expect.stringMatching(/\.tgz$/)]);
  });
});
