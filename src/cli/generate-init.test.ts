// The commands that write a project's files, as a user runs them: generate
// (its --check, stamp and output folder) and init (a project of one's own).
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { cli, copyOfRepository } from "../../test-support/cli-harness.js";
import { REPOSITORY, ROOT } from "../../test-support/repo.js";
import { GATE_POLICY_FILE } from "../changes/gate-policy.js";
import { STAMP_FILE } from "../common/files.js";
import { codeOf } from "../common/problem-codes.js";
import { DEFAULT_STORE_FILE } from "../serve/store.js";

const tmp = mkdtempSync(join(tmpdir(), "blockwright-cli-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("blockwright generate", () => {
  /** A copy of this project's specs and generated packages, to change freely. */
  const project = () => copyOfRepository(tmp);

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
      const dir = project();
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

  it("answers from the stamp when nothing changed, and still catches a hand-edited file", async () => {
    const dir = project();
    expect((await cli(["generate"], { cwd: dir })).code).toBe(0);
    expect(await cli(["generate", "--check"], { cwd: dir })).toMatchObject({
      code: 0,
      stderr: expect.stringMatching(/generated\/ is up to date \(its stamp matches every input and output; \d+ ms\)/),
    });
    writeFileSync(
      join(dir, "generated/books/index.js"),
      readFileSync(join(dir, "generated/books/index.js"), "utf8") + "// edited by hand\n",
    );
    const edited = await cli(["generate", "--check"], { cwd: dir });
    expect(edited).toMatchObject({ code: 1, stderr: expect.stringContaining("  stale:   generated/books/index.js") });
    expect(edited.stderr).toContain("-// edited by hand");
    // A spec change takes the full path too.
    expect((await cli(["generate"], { cwd: dir })).code).toBe(0);
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
    const dir = project();
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
    writeFileSync(
      spec,
      readFileSync(spec, "utf8").replace(
        "description: Google Books volume id, e.g. `zyTCAlFPjgYC`.",
        "description: The volume's id.",
      ),
    );
    expect(await cli(["generate", "--check"], { cwd: dir })).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("stale:   generated/books/surface.json"),
    });
    // And a file that is gone is no longer "up to date" either.
    expect((await cli(["generate"], { cwd: dir })).code).toBe(0);
    rmSync(spec);
    expect((await cli(["generate", "--check"], { cwd: dir })).code).toBe(2);
  });

  it("exits 2 on invalid specs, and on an unknown --provider", async () => {
    const dir = project();
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
      const dir = project();
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

describe("blockwright init", () => {
  it(
    "depends on blockwright and its runtime by version range wherever it runs from; --link, " +
      "on a checkout by a relative path",
    async () => {
      const { toolDependencies } = await import("./init.js");
      expect(toolDependencies("0.2.0", "0.2.1")).toEqual({ blockwright: "^0.2.0", "@blockwright/runtime": "^0.2.1" });
      const linked = join(tmp, "work", "linked");
      mkdirSync(join(tmp, "work"), { recursive: true });
      expect(await cli(["init", linked, "--link", REPOSITORY])).toMatchObject({ code: 0 });
      const { devDependencies } = JSON.parse(readFileSync(join(linked, "package.json"), "utf8")) as {
        devDependencies: Record<string, string>;
      };
      const path = relative(linked, REPOSITORY).replace(/\/$/, "");
      expect(devDependencies).toMatchObject({
        blockwright: `file:${path}`,
        "@blockwright/runtime": `file:${path}/runtime`,
      });
      for (const spec of Object.values(devDependencies)) expect(spec, "never an absolute path").not.toMatch(/^file:\//);
      const notACheckout = await cli(["init", join(tmp, "work", "not-linked"), "--link", tmp]);
      expect(notACheckout).toMatchObject({ code: 2, stdout: "" });
      expect(notACheckout.stderr).toContain(`--link ${tmp}: not a checkout of blockwright`);
      expect(existsSync(join(tmp, "work", "not-linked"))).toBe(false);
    },
  );

  it(
    "names the project's repository, homepage and issues: from --repository, " +
      "else the folder's git remote (its credentials never), else none, saying so",
    async () => {
      const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, stdio: "ignore" });
      const checkout = mkdtempSync(join(tmp, "checkout-"));
      git(checkout, "init", "-q");
      git(checkout, "remote", "add", "origin", "https://ci:zq-s3cret-token@github.com/acme/blocks.git");
      // A project in a folder of the repository: the repository's directory names it.
      expect(await cli(["init", join(checkout, "tool-blocks")])).toMatchObject({ code: 0 });
      const derived = readFileSync(join(checkout, "tool-blocks/package.json"), "utf8");
      expect(derived).not.toContain("zq-s3cret-token");
      expect(JSON.parse(derived)).toMatchObject({
        repository: { type: "git", url: "git+https://github.com/acme/blocks.git", directory: "tool-blocks" },
        homepage: "https://github.com/acme/blocks#readme",
        bugs: { url: "https://github.com/acme/blocks/issues" },
      });
      const given = join(tmp, "given");
      expect(await cli(["init", given, "--repository", "git@git.example.com:team/blocks.git"])).toMatchObject({
        code: 0,
      });
      expect(JSON.parse(readFileSync(join(given, "package.json"), "utf8")).repository).toEqual({
        type: "git",
        url: "git+https://git.example.com/team/blocks.git",
      });
      const refused = await cli(["init", join(tmp, "refused-repository"), "--repository", "not a repository"]);
      expect(refused).toMatchObject({ code: 2, stdout: "" });
      expect(refused.stderr).toContain(
        "--repository takes a repository address such as https://github.com/acme/blocks or " +
          'git@github.com:acme/blocks.git, got "not a repository" [BW3003]',
      );
      const none = await cli(["init", join(tmp, "no-repository")]);
      expect(none.stderr).toContain(
        "package.json names no repository (no --repository, no git remote): add one before publishing with provenance",
      );
      expect(JSON.parse(readFileSync(join(tmp, "no-repository/package.json"), "utf8")).repository).toBeUndefined();
    },
  );

  it(
    "writes a sample whose example notes hold only the fields of its Note schema (in a YAML flow mapping, " +
      "a bare comma starts a new key)",
    () => {
      const spec = parse(readFileSync(join(ROOT, "templates/init/specs/notes/openapi.yaml"), "utf8")) as {
        components: { schemas: { Note: { properties: Record<string, unknown> } } };
      };
      const fields = Object.keys(spec.components.schemas.Note.properties);
      const notes: Record<string, unknown>[] = [];
      const walk = (value: unknown): void => {
        if (Array.isArray(value)) value.forEach(walk);
        else if (value && typeof value === "object") {
          const record = value as Record<string, unknown>;
          if (typeof record.id === "string" && typeof record.title === "string") notes.push(record);
          Object.values(record).forEach(walk);
        }
      };
      walk(spec);
      expect(notes.length).toBeGreaterThan(1);
      for (const note of notes)
        expect(
          Object.keys(note).filter((k) => !fields.includes(k)),
          JSON.stringify(note),
        ).toEqual([]);
    },
  );

  it("scaffolds a project that generates, validates and runs on a mock", async () => {
    const dir = join(tmp, "acme-blocks");
    const r = await cli(["init", dir]);
    expect(r.code).toBe(0);
    expect(
      r.stdout
        .split("\n")
        .filter(Boolean)
        .map((p) => p.replace(/^.*acme-blocks\//, "")),
    ).toEqual([
      ".github/dependabot.yml",
      ".github/workflows/contract-tests.yml",
      ".github/workflows/release.yml",
      ".gitignore",
      "examples/first-note.yaml",
      "LICENSE",
      "package.json",
      "specs/notes/manifest.yaml",
      "specs/notes/openapi.yaml",
    ]);
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    expect(pkg).toMatchObject({
      name: "acme-blocks",
      license: "MIT",
      blockwright: { scope: "@acme-blocks" },
      workspaces: ["generated/*"],
      scripts: {
        generate: "blockwright generate",
        test: "blockwright test",
        diff: "blockwright diff --workflows 'examples/*.yaml'",
        publish: "blockwright publish",
      },
    });
    // The CI recipe, as this repository runs it.
    expect(readFileSync(join(dir, ".github/workflows/contract-tests.yml"), "utf8")).toBe(
      readFileSync(join(ROOT, ".github/workflows/contract-tests.yml"), "utf8"),
    );
    const ignored = readFileSync(join(dir, ".gitignore"), "utf8").split("\n");
    expect(ignored).toEqual([
      "node_modules/",
      "generated/.blockwright-stamp.json",
      ".blockwright/*",
      "!.blockwright/accepted-changes.yaml",
      "",
    ]);
    // Run from this checkout too, the project depends on blockwright by version range from the registry, on Node.js as
    // blockwright does.
    const own = (path: string) =>
      JSON.parse(readFileSync(join(REPOSITORY, path), "utf8")) as { version: string; engines: object };
    expect(pkg.devDependencies).toEqual({
      blockwright: `^${own("package.json").version}`,
      "@blockwright/runtime": `^${own("runtime/package.json").version}`,
      typescript: ">=5.4 <8",
    });
    expect(pkg.engines).toEqual(own("package.json").engines);
    expect(readFileSync(join(dir, "LICENSE"), "utf8")).toMatch(
      /^MIT License\n\nCopyright \(c\) \d{4} the acme-blocks authors\n/,
    );
    // As after `npm install`: the runtime is resolvable from the project.
    mkdirSync(join(dir, "node_modules/@blockwright"), { recursive: true });
    symlinkSync(join(ROOT, "runtime"), join(dir, "node_modules/@blockwright/runtime"));

    const generated = await cli(["generate"], { cwd: dir });
    expect(generated).toMatchObject({ code: 0, stderr: expect.stringContaining("generate: 1 provider, 3 operations") });
    expect(JSON.parse(readFileSync(join(dir, "generated/notes/package.json"), "utf8"))).toMatchObject({
      name: "@acme-blocks/notes",
      license: "MIT",
    });
    // The package carries the project's license text.
    expect(readFileSync(join(dir, "generated/notes/LICENSE"), "utf8")).toBe(readFileSync(join(dir, "LICENSE"), "utf8"));
    // The file .gitignore names is the stamp generate writes.
    expect(existsSync(join(dir, ignored[1] ?? ""))).toBe(true);
    expect(await cli(["validate", "examples/first-note.yaml", "--mock"], { cwd: dir })).toMatchObject({
      code: 0,
      stdout: expect.stringContaining("valid (2 blocks"),
    });
    const { startMocks } = await import("../mocks/mocks.js");
    const run = await cli(["run", "examples/first-note.yaml"], { cwd: dir, startMocks });
    expect(run.stdout).toMatch(/First note: succeeded .*\(2 succeeded, 0 failed, 0 skipped\)/);
    expect(run.code).toBe(0);
    expect(await cli(["init", dir])).toMatchObject({ code: 0, stderr: expect.stringContaining("0 files in") });
  });

  it(
    "writes a .gitignore that ignores every file the command writes in a project but the diff gate's policy " +
      "(serve's store, its journal and lock)",
    async () => {
      const dir = join(tmp, "ignoring");
      expect((await cli(["init", dir])).code).toBe(0);
      expect(spawnSync("git", ["init", "-q"], { cwd: dir }).status).toBe(0);
      const ignored = (path: string) =>
        spawnSync("git", ["check-ignore", "-q", "--no-index", path], { cwd: dir }).status === 0;
      for (const written of [
        DEFAULT_STORE_FILE,
        `${DEFAULT_STORE_FILE}-journal`,
        `${DEFAULT_STORE_FILE}-wal`,
        `${DEFAULT_STORE_FILE}.owner`,
        `${DEFAULT_STORE_FILE}.lock/x`,
        `generated/${STAMP_FILE}`,
      ])
        expect(ignored(written), written).toBe(true);
      expect(ignored(GATE_POLICY_FILE)).toBe(false);
      expect(ignored("specs/notes/manifest.yaml")).toBe(false);
    },
  );

  it(
    "takes --scope, refuses one that is not an npm scope before writing, and derives a valid one from any " +
      "folder name",
    async () => {
      const refusedDir = join(tmp, "refused-scope");
      expect(await cli(["init", refusedDir, "--scope", "Acme"])).toEqual(
        expect.objectContaining({
          code: 2,
          stdout: "",
          stderr:
            'blockwright init: --scope takes an npm scope such as @acme, got "Acme" [BW3003]\nUsage: ' +
            "blockwright init [dir] [--scope <@scope>] [--license <spdx id>] [--repository <url>] [--link " +
            "<checkout>]\n",
        }),
      );
      expect(existsSync(refusedDir)).toBe(false);
      const scoped = join(tmp, "scoped");
      expect((await cli(["init", scoped, "--scope", "@widgets"])).code).toBe(0);
      expect(JSON.parse(readFileSync(join(scoped, "package.json"), "utf8")).blockwright).toEqual({ scope: "@widgets" });
      const oddName = join(tmp, "_My Blocks!");
      expect((await cli(["init", oddName])).code).toBe(0);
      expect(JSON.parse(readFileSync(join(oddName, "package.json"), "utf8"))).toMatchObject({
        name: "my-blocks-",
        blockwright: { scope: "@my-blocks-" },
      });
    },
  );
});
