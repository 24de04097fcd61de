// `blockwright diff` on a copy of this project in its own git repository:
// the report against HEAD, the workflow lines a change breaks, --fail-on,
// --json and --write.
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli, copiedPackageJson } from "../../test-support/cli-harness.js";
import { ROOT } from "../../test-support/repo.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-diff-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The project (specs, generated packages, examples) committed in a git repository of its own: made once a file. */
let committed: string | undefined;
function committedProject(): string {
  if (committed) return committed;
  const dir = mkdtempSync(join(tmp, "committed-"));
  for (const entry of ["specs", "generated", "examples", "LICENSE"])
    cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
  writeFileSync(join(dir, "package.json"), copiedPackageJson());
  const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, stdio: "ignore" });
  git("init", "-q");
  git("add", "-A");
  git("-c", "user.email=ci@example.com", "-c", "user.name=ci", "commit", "-qm", "base");
  committed = dir;
  return dir;
}

/**
 * A committed copy of the project for a test to change: the one repository copied whole, its history with it (diff
 * reads only the commit's objects, by git ls-tree and cat-file; three git processes a copy made it anew).
 */
function project(): string {
  const dir = mkdtempSync(join(tmp, "repo-"));
  cpSync(committedProject(), dir, { recursive: true });
  return dir;
}

function edit(dir: string, file: string, find: string, replace: string): void {
  const path = join(dir, file);
  const text = readFileSync(path, "utf8");
  if (!text.includes(find)) throw new Error(`${file} has no ${JSON.stringify(find)}`);
  writeFileSync(path, text.replace(find, replace));
}

let dir: string;
beforeAll(() => {
  dir = project();
});

describe("blockwright diff", () => {
  it("reports nothing when the specs give the committed surfaces", async () => {
    expect(await cli(["diff", "--fail-on", "patch"], { cwd: dir })).toMatchObject({
      code: 0,
      stdout: "No changes to any package's surface.\n",
    });
  });

  it("names the workflow line a removed response field breaks; --fail-on breaking exits 1", async () => {
    const repo = project();
    edit(repo, "specs/books/openapi.yaml", "        publisher:\n", "        publisherName:\n");
    const r = await cli(["diff", "--workflows", "examples/*.yaml", "--fail-on", "breaking"], { cwd: repo });
    expect(r.code).toBe(1);
    // The whole report, as a user reads it: the package's next version, the change, the workflow line it breaks.
    await expect(r.stdout).toMatchFileSnapshot("__snapshots__/diff/removed-response-field.txt");
    // Without --fail-on the report is the same and the exit status 0.
    expect((await cli(["diff", "--workflows", "examples/*.yaml"], { cwd: repo })).code).toBe(0);
  });

  it(
    "names a literal now outside a tightened limit, and " + "a newly required parameter the block does not set",
    async () => {
      const repo = project();
      edit(
        repo,
        "specs/books/manifest.yaml",
        "        maximum: 40\n        default: 10\n",
        "        maximum: 8\n        default: 8\n",
      );
      edit(repo, "specs/docgen/manifest.yaml", "      themeId:\n", "      themeId:\n        required: true\n");
      const r = await cli(["diff", "--workflows", "examples/reading-list.yaml", "--json"], { cwd: repo });
      expect(r.code).toBe(0);
      const report = JSON.parse(r.stdout);
      expect(report.workflows.map((w: { message: string }) => w.message)).toEqual([
        "examples/reading-list.yaml:14:19: search: maxResults: must be at most 8 (allowed: 1–8), got 10",
        expect.stringMatching(
          /^examples\/reading-list\.yaml:\d+:\d+: document: docgen_generate needs parameter "themeId"/,
        ),
      ]);
      expect(report.packages.find((p: { provider: string }) => p.provider === "docgen")).toMatchObject({
        level: "breaking",
        version: "0.1.0",
        nextVersion: "0.2.0",
      });
    },
  );

  it(
    "--format markdown: a report to post on the pull request (packages, next versions, changes, " +
      "workflow lines hit)",
    async () => {
      const repo = project();
      edit(repo, "specs/books/openapi.yaml", "        publisher:\n", "        publisherName:\n");
      const r = await cli(["diff", "--workflows", "examples/*.yaml", "--format", "markdown", "--fail-on", "breaking"], {
        cwd: repo,
      });
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(
        new RegExp(
          String.raw`^## blockwright diff: 1 package changed \(1 breaking\)\n\n\| Package \| Version \| Next \|` +
            String.raw` Largest change \|\n\|---\|---\|---\|---\|\n\| ` +
            "`" +
            String.raw`@blockwright\/books` +
            "`" +
            String.raw` \| 0\.1\.0 \| 0\.2\.0` +
            String.raw` \| ⚠️ breaking \|$`,
          "m",
        ),
      );
      expect(r.stdout).toMatch(/^\| `examples\/reading-list\.yaml:40:18` \| breaking \| document: /m);
      await expect(r.stdout).toMatchFileSnapshot("__snapshots__/diff/removed-response-field.md");
      expect(await cli(["diff", "--format", "markdown"], { cwd: dir })).toMatchObject({
        code: 0,
        stdout: "## blockwright diff: no changes to any package's surface\n",
      });
    },
  );

  it(
    "--format github: an annotation per change at the manifest line that declares it, " +
      "an error per workflow line broken",
    async () => {
      const repo = project();
      edit(
        repo,
        "specs/books/manifest.yaml",
        "        maximum: 40\n        default: 10\n",
        "        maximum: 8\n        default: 8\n",
      );
      const manifest = readFileSync(join(repo, "specs/books/manifest.yaml"), "utf8").split("\n");
      const line = manifest.indexOf("      maxResults:") + 1;
      const warned = await cli(["diff", "--workflows", "examples/reading-list.yaml", "--format", "github"], {
        cwd: repo,
      });
      expect(warned.code).toBe(0);
      const lines = warned.stdout.trimEnd().split("\n");
      expect(lines).toContain(
        `::warning file=specs/books/manifest.yaml,line=${line},col=7,title=@blockwright/books 0.1.0 → 0.2.0%3A ` +
          `breaking::books_search_volumes param maxResults: limit tightened: maximum (40 → 8) ` +
          `[request-parameter-limit-tightened] (id: ` +
          `books/books_search_volumes/request-parameter-limit-tightened/param maxResults)`,
      );
      expect(lines).toContain(
        "::error file=examples/reading-list.yaml,line=14,col=19,title=workflow broken by this " +
          "change::examples/reading-list.yaml:14:19: search: maxResults: must be at most 8 (allowed: 1–8), got 10",
      );
      expect(lines.every((l) => /^::(error|warning|notice) /.test(l))).toBe(true);
      // At or above --fail-on, a change is an error.
      const failed = await cli(["diff", "--format", "github", "--fail-on", "breaking"], { cwd: repo });
      expect(failed.code).toBe(1);
      expect(failed.stdout).toContain(`::error file=specs/books/manifest.yaml,line=${line},col=7,`);
    },
  );

  it("refuses an unknown --format, and --json with another format", async () => {
    expect(await cli(["diff", "--format", "xml"], { cwd: dir })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--format takes text, json, markdown, github, junit, html, got "xml"'),
    });
    expect(await cli(["diff", "--json", "--format", "markdown"], { cwd: dir })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--json is --format json: it does not go with --format markdown"),
    });
  });

  it("--write bumps the version, adds a CHANGELOG section and regenerates; generate --check then passes", async () => {
    const repo = project();
    edit(
      repo,
      "specs/books/manifest.yaml",
      "description: Number of volumes to return, 1 to 40.",
      "description: How many volumes, 1 to 40.",
    );
    const r = await cli(["diff", "--write"], { cwd: repo });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("diff --write: @blockwright/books 0.1.0 → 0.1.1 (patch); CHANGELOG.md updated");
    expect(JSON.parse(readFileSync(join(repo, "generated/books/package.json"), "utf8")).version).toBe("0.1.1");
    const changelog = readFileSync(join(repo, "generated/books/CHANGELOG.md"), "utf8");
    expect(changelog).toMatch(
      new RegExp(
        String.raw`^# Changelog of @blockwright\/books\n\n## 0\.1\.1 \(\d{4}-\d{2}-\d{2}\)\n\n### Fixes and` +
          String.raw` text\n\n- ` +
          "`" +
          "books_search_volumes" +
          "`" +
          " param maxResults: text changed" +
          String.raw` \[request-parameter-description-changed\]\n`,
      ),
    );
    expect(JSON.parse(readFileSync(join(repo, "generated/books/surface.json"), "utf8")).package.version).toBe("0.1.1");
    expect((await cli(["generate", "--check"], { cwd: repo })).code).toBe(0);
    // Against HEAD the version is already the next one: a second --write changes nothing more.
    const again = await cli(["diff", "--write"], { cwd: repo });
    expect(JSON.parse(readFileSync(join(repo, "generated/books/package.json"), "utf8")).version).toBe("0.1.1");
    expect(again.code).toBe(0);
    // And says so: nothing is "updated" the second time.
    expect(again.stderr).toContain(
      "diff --write: @blockwright/books 0.1.0 → 0.1.1 (patch); CHANGELOG.md unchanged (it has 0.1.1 already)",
    );
    expect(again.stderr).toContain("diff --write: unchanged (every file was already written)");
    expect(again.stderr).not.toContain("CHANGELOG.md updated");
  });

  it("compares with another output folder (--base-dir), and refuses a base that does not exist", async () => {
    expect(await cli(["diff", "--base-dir", "generated"], { cwd: dir })).toMatchObject({
      code: 0,
      stdout: "No changes to any package's surface.\n",
    });
    expect(await cli(["diff", "--base", "no-such-ref"], { cwd: dir })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('no commit "no-such-ref"'),
    });
    expect(await cli(["diff", "--fail-on", "huge"], { cwd: dir })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--fail-on takes breaking, minor or patch"),
    });
    // The scope names every package --write would regenerate: checked as generate checks it.
    expect(await cli(["diff", "--write", "--scope", "Not A Scope"], { cwd: dir })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--scope takes an npm scope such as @acme, got "Not A Scope"'),
    });
  });
});
