import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli, copyOfRepository } from "../../test-support/cli-harness.js";
import { ROOT } from "../../test-support/repo.js";
import { codeOf } from "../common/problem-codes.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-cli-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("blockwright generate", () => {
  /** A copy of this project's specs and generated packages, to change freely. */
  const project = () => copyOfRepository(tmp);
  /**
   * Books' specs and package alone, for a test whose claim is books' files and whose first step writes (or refuses)
   * rather than checks: without generated/README.md, which names every provider, `--check` finds it missing.
   */
  const booksProject = () => copyOfRepository(tmp, ["books"]);

  it("--check: 0 when up to date; 1 with a capped unified diff when stale", async () => {
    const dir = project();
    expect(await cli(["generate", "--check"], { cwd: dir })).toMatchObject({
      code: 0,
      stderr: expect.stringMatching(/files up to date/),
    });
    const manifest = join(dir, "specs/books/manifest.yaml");
    writeFileSync(
      manifest,
      readFileSync(manifest, "utf8").replace(
        "description: Number of volumes to return, 1 to 40.",
        "description: How many volumes, 1 to 40.",
      ),
    );
    const r = await cli(["generate", "--check"], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("  stale:   generated/books/README.md");
    expect(r.stderr).toContain("--- generated/books/index.d.ts (on disk)");
    expect(r.stderr).toContain("-  /** Number of volumes to return, 1 to 40. */");
    expect(r.stderr).toContain("+  /** How many volumes, 1 to 40. */");
  });

  it(
    "a broken manifest (an unknown field): exit 2, its place and a problem code docs/reference/problems.md " + "lists",
    async () => {
      const dir = booksProject();
      const manifest = join(dir, "specs/books/manifest.yaml");
      writeFileSync(
        manifest,
        readFileSync(manifest, "utf8").replace(
          "description: Number of volumes to return, 1 to 40.",
          "description: Number of volumes to return, 1 to 40.\n        zqunknown: 1",
        ),
      );
      const r = await cli(["generate"], { cwd: dir });
      expect(r.code).toBe(2);
      const line = r.stderr.split("\n").find((l) => l.includes("zqunknown")) ?? "";
      expect(line).toMatch(/^specs\/books\/manifest\.yaml:\d+:\d+: .* \[BW\d{4}\]$/);
      const code = codeOf(line);
      expect(code).toBe("BW1101");
      expect(readFileSync(join(ROOT, "docs/reference/problems.md"), "utf8")).toContain(`\`${code}\``);
    },
  );

  it("--dump-ir: every provider's IR (the only run that keeps them to the end), nothing written", async () => {
    const dir = project();
    const r = await cli(["generate", "--dump-ir", "--out", join(dir, "zq-out")], { cwd: dir });
    expect(r.code).toBe(0);
    const irs = JSON.parse(r.stdout) as { provider: string; operations: { tool: { id: string } }[] }[];
    expect(irs.map((ir) => ir.provider).sort()).toEqual(
      readdirSync(join(dir, "specs"), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .sort(),
    );
    for (const ir of irs) expect(ir.operations.length).toBeGreaterThan(0);
    expect(existsSync(join(dir, "zq-out"))).toBe(false);
  });

  it("answers from the stamp when nothing changed, and still catches a hand-edited file", async () => {
    const dir = booksProject();
    expect((await cli(["generate"], { cwd: dir })).code).toBe(0);
    expect(await cli(["generate", "--check"], { cwd: dir })).toMatchObject({
      code: 0,
      stderr: expect.stringMatching(/generated\/ is up to date \(its stamp matches every input and output; \d+ ms\)/),
    });
    const index = join(dir, "generated/books/index.js");
    const generated = readFileSync(index, "utf8");
    writeFileSync(index, generated + "// edited by hand\n");
    const edited = await cli(["generate", "--check"], { cwd: dir });
    expect(edited).toMatchObject({ code: 1, stderr: expect.stringContaining("  stale:   generated/books/index.js") });
    expect(edited.stderr).toContain("-// edited by hand");
    // A spec change takes the full path too: the hand edit undone (the stamp matches again), then the spec changed.
    writeFileSync(index, generated);
    expect((await cli(["generate", "--check"], { cwd: dir })).stderr).toContain("its stamp matches every input");
    const manifest = join(dir, "specs/books/manifest.yaml");
    writeFileSync(
      manifest,
      readFileSync(manifest, "utf8").replace(
        "description: Number of volumes to return, 1 to 40.",
        "description: Volumes, 1 to 40.",
      ),
    );
    expect(await cli(["generate", "--check"], { cwd: dir })).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("stale:   generated/books/README.md"),
    });
  });

  it("rehashes a spec read from outside the specs folder before answering from the stamp", async () => {
    const dir = booksProject();
    // The manifest's `openapi:` points out of specs/ (as a $ref into a shared folder would).
    mkdirSync(join(dir, "api"));
    cpSync(join(dir, "specs/books/openapi.yaml"), join(dir, "api/books.yaml"));
    rmSync(join(dir, "specs/books/openapi.yaml"));
    const manifest = join(dir, "specs/books/manifest.yaml");
    writeFileSync(
      manifest,
      readFileSync(manifest, "utf8").replace("openapi: openapi.yaml", "openapi: ../../api/books.yaml"),
    );
    expect((await cli(["generate"], { cwd: dir })).code).toBe(0);
    expect(await cli(["generate", "--check"], { cwd: dir })).toMatchObject({
      code: 0,
      stderr: expect.stringContaining("is up to date (its stamp matches"),
    });
    const spec = join(dir, "api/books.yaml");
    const read = readFileSync(spec, "utf8");
    writeFileSync(
      spec,
      read.replace("description: Google Books volume id, e.g. `zyTCAlFPjgYC`.", "description: The volume's id."),
    );
    expect(await cli(["generate", "--check"], { cwd: dir })).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("stale:   generated/books/surface.json"),
    });
    // And a file that is gone is no longer "up to date" either: the edit undone (the stamp matches again), then the
    // file removed.
    writeFileSync(spec, read);
    expect(await cli(["generate", "--check"], { cwd: dir })).toMatchObject({
      code: 0,
      stderr: expect.stringContaining("is up to date (its stamp matches"),
    });
    rmSync(spec);
    expect((await cli(["generate", "--check"], { cwd: dir })).code).toBe(2);
  });

  it("exits 2 on invalid specs, and on an unknown --provider", async () => {
    const dir = booksProject();
    const manifest = join(dir, "specs/books/manifest.yaml");
    const text = readFileSync(manifest, "utf8");
    writeFileSync(manifest, text.replace("operationId: getVolume", "operationId: fetchVolume"));
    const line = text.split("\n").findIndex((l) => l.includes("operationId: getVolume")) + 1;
    const invalid = await cli(["generate", "--check"], { cwd: dir });
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain(
      `specs/books/manifest.yaml:${line}:18: operations.books_get_volume.operationId: ` +
        `operation "fetchVolume" not found`,
    );
    expect(await cli(["generate", "--provider", "nope"], { cwd: dir })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('unknown provider "nope"'),
    });
  });

  it(
    "exits 2 on a package.json scope that is not an npm " + "scope, or a package.json that is not JSON, at its line",
    async () => {
      const dir = booksProject();
      writeFileSync(join(dir, "package.json"), `{\n  "name": "copy",\n  "blockwright": { "scope": "acme" }\n}\n`);
      expect(await cli(["generate"], { cwd: dir })).toMatchObject({
        code: 2,
        stderr: expect.stringContaining(
          "package.json:3:29: blockwright.scope: must be an npm scope such as @acme (the provider packages are " +
            'named <scope>/<provider>), got "acme"',
        ),
      });
      writeFileSync(join(dir, "package.json"), `{\n  "name": "copy",\n  "blockwright": { "scope": "@acme" \n}\n`);
      const broken = await cli(["generate"], { cwd: dir });
      expect(broken.code).toBe(2);
      expect(broken.stderr).toMatch(/^generate: .*\n?.*package\.json:\d+:\d+: invalid YAML/m);
      expect(broken.stderr).not.toMatch(/\n\s+at /);
    },
  );

  it("--json: what was written or is stale, and the specs' problems with file, line and column", async () => {
    const dir = project();
    const upToDate = await cli(["generate", "--check", "--json"], { cwd: dir });
    expect(upToDate.code).toBe(0);
    expect(JSON.parse(upToDate.stdout)).toEqual({
      ok: true,
      upToDate: true,
      stale: [],
      missing: [],
      extra: [],
      problems: [],
      // Every warning of the specs (generate-published-warnings.test.ts holds what they list).
      warnings: expect.any(Array),
    });
    const manifest = join(dir, "specs/books/manifest.yaml");
    const text = readFileSync(manifest, "utf8");
    writeFileSync(
      manifest,
      text.replace("description: Number of volumes to return, 1 to 40.", "description: How many volumes, 1 to 40."),
    );
    const stale = await cli(["generate", "--check", "--json"], { cwd: dir });
    expect(stale.code).toBe(1);
    expect(JSON.parse(stale.stdout)).toMatchObject({
      ok: false,
      upToDate: false,
      stale: expect.arrayContaining(["books/README.md", "books/index.d.ts"]),
      problems: [],
    });
    const written = await cli(["generate", "--json"], { cwd: dir });
    expect(written.code).toBe(0);
    expect(JSON.parse(written.stdout)).toMatchObject({
      ok: true,
      written: JSON.parse(stale.stdout).stale.length,
      problems: [],
    });
    writeFileSync(manifest, text.replace("operationId: getVolume", "operationId: fetchVolume"));
    const line = text.split("\n").findIndex((l) => l.includes("operationId: getVolume")) + 1;
    const invalid = await cli(["generate", "--json"], { cwd: dir });
    expect(invalid.code).toBe(2);
    expect(JSON.parse(invalid.stdout)).toEqual({
      ok: false,
      stale: [],
      missing: [],
      extra: [],
      problems: [
        {
          file: "specs/books/manifest.yaml",
          line,
          col: 18,
          code: "BW2002",
          message: expect.stringMatching(
            /^operations\.books_get_volume\.operationId: operation "fetchVolume" not found/,
          ),
        },
      ],
    });
    // The fields --help names are the ones printed (the help lacked the code).
    const { PROBLEM_JSON_FIELDS, PROBLEM_JSON_HELP } = await import("./support/problem-json.js");
    expect(Object.keys((JSON.parse(invalid.stdout) as { problems: object[] }).problems[0] ?? {})).toEqual([
      ...PROBLEM_JSON_FIELDS,
    ]);
    expect((await cli(["generate", "--help"])).stdout.replace(/\s+/g, " ")).toContain(
      `problems: [${PROBLEM_JSON_HELP}]`,
    );
  });

  it("works on the user's folders, never the package's own", async () => {
    const dir = mkdtempSync(join(tmp, "empty-"));
    expect(await cli(["generate"], { cwd: dir })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("no specs folder specs (pass --specs, or run blockwright init)"),
    });
  });
});
