// `blockwright init` as a user runs it: a project of one's own, scaffolded to generate, validate and run on a mock,
// and the files it refuses to write.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { cli } from "../../test-support/cli-harness.js";
import { REPOSITORY, ROOT } from "../../test-support/repo.js";
import { GATE_POLICY_FILE } from "../changes/gate-policy.js";
import { STAMP_FILE } from "../common/files.js";
import { DEFAULT_STORE_FILE } from "../serve/store.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-init-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

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
      // By code unit (capitals before lower case), as on every machine: not the locale's collation.
      "LICENSE",
      "examples/first-note.yaml",
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
      const written = [
        DEFAULT_STORE_FILE,
        `${DEFAULT_STORE_FILE}-journal`,
        `${DEFAULT_STORE_FILE}-wal`,
        `${DEFAULT_STORE_FILE}.owner`,
        `${DEFAULT_STORE_FILE}.lock/x`,
        `generated/${STAMP_FILE}`,
      ];
      const kept = [GATE_POLICY_FILE, "specs/notes/manifest.yaml"];
      // Git's answer for every path from one process: it prints those its ignore rules match.
      const check = spawnSync("git", ["check-ignore", "--no-index", "--stdin", "-z"], {
        cwd: dir,
        input: [...written, ...kept].map((path) => `${path}\0`).join(""),
      });
      expect(check.status, String(check.stderr)).toBe(0);
      const ignored = new Set(String(check.stdout).split("\0").filter(Boolean));
      for (const path of written) expect(ignored.has(path), path).toBe(true);
      for (const path of kept) expect(ignored.has(path), path).toBe(false);
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
