// No writer follows a symbolic link: generate (and --check's report), the
// CHANGELOG and regeneration of diff --write, upstream --accept and init each
// refuse a link where they would write, a linked file or a linked folder,
// before writing anything, and what the link points to stays as it was.
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli, copyOfRepository } from "../../test-support/cli-harness.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-links-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/**
 * A copy of this project with its books provider alone: every link these tests plant is in books' files, and the
 * commands' writers are the same for one provider as for all.
 */
const booksProject = () => copyOfRepository(tmp, ["books"]);

/** A file and a folder outside the project, that a link points to. */
function elsewhere(): { file: string; folder: string } {
  const dir = mkdtempSync(join(tmp, "elsewhere-"));
  writeFileSync(join(dir, "victim.txt"), "not yours\n");
  mkdirSync(join(dir, "folder"));
  writeFileSync(join(dir, "folder/kept.txt"), "kept\n");
  return { file: join(dir, "victim.txt"), folder: join(dir, "folder") };
}

/** A change to books' manifest that diff classifies (a text change: patch). */
function changeBooks(dir: string): void {
  const manifest = join(dir, "specs/books/manifest.yaml");
  writeFileSync(
    manifest,
    readFileSync(manifest, "utf8").replace(
      "description: Number of volumes to return, 1 to 40.",
      "description: How many volumes, 1 to 40.",
    ),
  );
}

const unchanged = (target: { file: string; folder: string }) => {
  expect(readFileSync(target.file, "utf8")).toBe("not yours\n");
  expect(readFileSync(join(target.folder, "kept.txt"), "utf8")).toBe("kept\n");
};

describe("generate", () => {
  it(
    "refuses a generated file that is a symbolic link, " + "and --check reports it without reading through it",
    async () => {
      const dir = booksProject();
      const target = elsewhere();
      rmSync(join(dir, "generated/books/index.js"));
      symlinkSync(target.file, join(dir, "generated/books/index.js"));
      const check = await cli(["generate", "--check"], { cwd: dir });
      expect(check.code).toBe(1);
      expect(check.stderr).toContain("  stale:   generated/books/index.js (a symbolic link)");
      expect(check.stderr).not.toContain("not yours");
      const r = await cli(["generate"], { cwd: dir });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain("generated/books/index.js (a symbolic link)");
      expect(lstatSync(join(dir, "generated/books/index.js")).isSymbolicLink()).toBe(true);
      unchanged(target);
    },
  );

  it("refuses a generated package folder that is a symbolic link", async () => {
    const dir = booksProject();
    const target = elsewhere();
    rmSync(join(dir, "generated/books"), { recursive: true });
    symlinkSync(target.folder, join(dir, "generated/books"));
    const r = await cli(["generate"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("generated/books/index.js (through the symbolic link books)");
    expect(existsSync(join(target.folder, "index.js"))).toBe(false);
    unchanged(target);
  });
});

describe("diff --write", () => {
  it("refuses a CHANGELOG.md that is a symbolic link, and a package folder that is one", async () => {
    const dir = booksProject();
    cpSync(join(dir, "generated"), join(dir, "base"), { recursive: true });
    changeBooks(dir);
    const target = elsewhere();
    symlinkSync(target.file, join(dir, "generated/books/CHANGELOG.md"));
    const file = await cli(["diff", "--write", "--base-dir", "base"], { cwd: dir });
    expect(file.code).toBe(2);
    expect(file.stderr).toContain("generated/books/CHANGELOG.md (a symbolic link)");
    unchanged(target);

    rmSync(join(dir, "generated/books"), { recursive: true });
    symlinkSync(target.folder, join(dir, "generated/books"));
    const folder = await cli(["diff", "--write", "--base-dir", "base"], { cwd: dir });
    expect(folder.code).toBe(2);
    expect(folder.stderr).toContain("(through the symbolic link books)");
    unchanged(target);
  });
});

describe("upstream --accept", () => {
  it("refuses a pinned document that is a symbolic link, and an upstream folder that is one", async () => {
    const dir = booksProject();
    const target = elsewhere();
    cpSync(join(dir, "specs/books/upstream/published.json"), join(dir, "newer.json"));
    // The pinned file itself a link (it must still match its hash to be read: link it to a copy).
    cpSync(join(dir, "specs/books/upstream/published.json"), join(tmp, "pinned-copy.json"));
    rmSync(join(dir, "specs/books/upstream/published.json"));
    symlinkSync(join(tmp, "pinned-copy.json"), join(dir, "specs/books/upstream/published.json"));
    const pinnedBefore = readFileSync(join(tmp, "pinned-copy.json"), "utf8");
    const file = await cli(["upstream", "books", "newer.json", "--accept"], { cwd: dir });
    expect(file.code).toBe(2);
    expect(file.stderr).toMatch(
      new RegExp(
        String.raw`specs\/books\/upstream\/published\.json is a symbolic link: --accept writes published\.json` +
          " there and never through a link",
      ),
    );
    expect(readFileSync(join(tmp, "pinned-copy.json"), "utf8")).toBe(pinnedBefore);

    // The whole upstream folder a link.
    cpSync(join(dir, "specs/books/upstream"), join(target.folder, "upstream"), { recursive: true, dereference: true });
    rmSync(join(dir, "specs/books/upstream"), { recursive: true });
    symlinkSync(join(target.folder, "upstream"), join(dir, "specs/books/upstream"));
    const source = readFileSync(join(target.folder, "upstream/source.yaml"), "utf8");
    const folder = await cli(["upstream", "books", "newer.json", "--accept"], { cwd: dir });
    expect(folder.code).toBe(2);
    expect(folder.stderr).toMatch(/specs\/books\/upstream is a symbolic link/);
    expect(readFileSync(join(target.folder, "upstream/source.yaml"), "utf8")).toBe(source);
    unchanged(target);
  });
});

describe("init", () => {
  it(
    "refuses a file it would write that is a symbolic " + "link (even a dangling one), and a folder that is one",
    async () => {
      const target = elsewhere();
      const file = mkdtempSync(join(tmp, "init-file-"));
      symlinkSync(join(target.folder, "package.json"), join(file, "package.json"));
      const r = await cli(["init", file]);
      expect(r).toMatchObject({ code: 2, stderr: expect.stringContaining("package.json is a symbolic link") });
      expect(existsSync(join(target.folder, "package.json"))).toBe(false);
      expect(existsSync(join(file, "specs"))).toBe(false);

      const folder = mkdtempSync(join(tmp, "init-folder-"));
      symlinkSync(target.folder, join(folder, "specs"));
      const f = await cli(["init", folder]);
      expect(f).toMatchObject({
        code: 2,
        stderr: expect.stringContaining("specs/notes/manifest.yaml would be written through the symbolic link specs"),
      });
      expect(existsSync(join(target.folder, "notes"))).toBe(false);
      unchanged(target);
    },
  );
});
