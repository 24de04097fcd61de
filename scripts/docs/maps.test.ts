// The maps are checked against the code: ARCHITECTURE.md's layer table names
// every folder of src/, runtime/ and scripts/ (a new folder is placed in a
// layer where a reader looks for it), and the docs index (docs/README.md)
// links every page of docs/.
import { readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { REPOSITORY } from "../../test-support/neutral-copy.js";

/** Folders that hold no hand-written module of their own layer: builds, snapshots, fixtures, precompiled files. */
const NOT_CODE = new Set(["node_modules", "dist", "__fixtures__", "__snapshots__", "precompiled"]);

/** Every folder under `dir` (relative to the repository) that holds code, `dir` itself aside. */
function codeFolders(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory() && !NOT_CODE.has(e.name))
    .flatMap((e) => [join(dir, e.name), ...codeFolders(root, join(dir, e.name))]);
}

/** The rows of ARCHITECTURE.md's layer table (the `| Layer | Where | May import |` table). */
function layerRows(architecture: string): string[] {
  const start = architecture.indexOf("| Layer | Where |");
  if (start < 0) return [];
  const rows: string[] = [];
  for (const line of architecture.slice(start).split("\n")) {
    if (!line.startsWith("|")) break;
    rows.push(line);
  }
  return rows.slice(2);
}

/**
 * The folders no row of the table names. A folder is named by its path in a code span (`src/serve/`),
 * or, in the row that names its parent folder, by its own name (`triggers/` in the runtime's row), or by
 * a placeholder in the parent's name (`src/link/<concept>/` names every folder of src/link/).
 */
function unnamedFolders(rows: string[], folders: string[]): string[] {
  const named = (folder: string, row: string): boolean => {
    if (row.includes(`\`${folder}/`)) return true;
    const parent = dirname(folder);
    if (new RegExp(`\`${parent.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/<[^>\`]+>/`).test(row)) return true;
    return row.includes(`\`${parent}/\``) && row.includes(`\`${basename(folder)}/\``);
  };
  return folders.filter((folder) => !rows.some((row) => named(folder, row)));
}

/** Every Markdown page under docs/ (relative to docs/), the index aside. */
function docPages(dir = ""): string[] {
  return readdirSync(join(REPOSITORY, "docs", dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? docPages(join(dir, e.name))
      : e.name.endsWith(".md") && join(dir, e.name) !== "README.md"
        ? [join(dir, e.name)]
        : [],
  );
}

/** The pages of `pages` that the index does not link to (a relative link, fragments aside). */
function unlinkedPages(index: string, pages: string[]): string[] {
  const linked = new Set([...index.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => relative(".", m[1] as string)));
  return pages.filter((page) => !linked.has(page));
}

describe("maps", () => {
  const architecture = readFileSync(join(REPOSITORY, "ARCHITECTURE.md"), "utf8");

  it("ARCHITECTURE.md's layer table names every folder of src/, runtime/ and scripts/", () => {
    const folders = ["src", "runtime", "scripts"].flatMap((dir) => codeFolders(REPOSITORY, dir));
    expect(folders).toEqual(expect.arrayContaining(["src/serve", "runtime/triggers"]));
    expect(unnamedFolders(layerRows(architecture), folders)).toEqual([]);
  });

  it("docs/README.md, the docs index, links every page of docs/", () => {
    const pages = docPages();
    expect(pages).toEqual(expect.arrayContaining(["guides/triggers.md", "contributing/testing.md"]));
    expect(unlinkedPages(readFileSync(join(REPOSITORY, "docs/README.md"), "utf8"), pages)).toEqual([]);
  });

  it("and each check fails on a map that misses a folder or a page", () => {
    const rows = [
      "| runtime | `runtime/`, by stage: `spec/` (types) | its own files |",
      "| tools | `src/serve/` and `src/link/<concept>/` | the generator |",
    ];
    expect(
      unnamedFolders(rows, ["runtime/spec", "runtime/triggers", "src/serve", "src/serve/inner", "src/link/timeout"]),
    ).toEqual(["runtime/triggers", "src/serve/inner"]);
    expect(
      unlinkedPages("| [Workflows](guides/workflows.md#run) |\n[Testing](contributing/testing.md)", [
        "guides/workflows.md",
        "guides/triggers.md",
        "contributing/testing.md",
      ]),
    ).toEqual(["guides/triggers.md"]);
  });
});
