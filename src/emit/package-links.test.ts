// A generated package.json points its users at the project: the homepage,
// issue tracker and repository of the project's own package.json, the
// repository with the package's folder in it (what Renovate's release notes
// and npm provenance read); and a package with a CHANGELOG.md ships it.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../../test-support/repo.js";
import { generationProblems as problems } from "../../test-support/generation-problems.js";
import { generate } from "./generate-all.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-links-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const PROVIDER = "notes";

/** The sample provider of `init` in a project whose package.json has `pkg`'s fields. */
function project(pkg: object): string {
  const dir = mkdtempSync(join(tmp, "project-"));
  cpSync(join(ROOT, "templates/init/specs"), join(dir, "specs"), { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "links", ...pkg }, null, 2));
  return dir;
}

interface Generated {
  homepage?: unknown;
  repository?: unknown;
  bugs?: unknown;
  files: string[];
}

async function packageJson(dir: string, outDir?: string): Promise<Generated> {
  const { files } = await generate({ root: dir, ...(outDir ? { outDir } : {}) });
  return JSON.parse(files.get(`${PROVIDER}/package.json`)!) as Generated;
}

describe("links of a generated package.json", () => {
  it("copies homepage and bugs, and gives the repository the package's folder", async () => {
    const dir = project({
      homepage: "https://tools.example.com/blocks",
      repository: { type: "git", url: "git+https://git.example.com/acme/blocks.git" },
      bugs: { url: "https://git.example.com/acme/blocks/issues", email: "blocks@example.com" },
    });
    expect(await packageJson(dir)).toMatchObject({
      homepage: "https://tools.example.com/blocks",
      repository: {
        type: "git",
        url: "git+https://git.example.com/acme/blocks.git",
        directory: `generated/${PROVIDER}`,
      },
      bugs: { url: "https://git.example.com/acme/blocks/issues", email: "blocks@example.com" },
    });
  });

  it("puts the project's own folder of a monorepo before the package's, and reads npm's string forms", async () => {
    const dir = project({
      repository: { url: "https://git.example.com/acme/mono.git", directory: "tools/blocks" },
      bugs: "https://git.example.com/acme/mono/issues",
    });
    expect(await packageJson(dir, join(dir, "out"))).toMatchObject({
      repository: {
        type: "git",
        url: "https://git.example.com/acme/mono.git",
        directory: `tools/blocks/out/${PROVIDER}`,
      },
      bugs: "https://git.example.com/acme/mono/issues",
    });
    expect((await packageJson(project({ repository: "github:acme/blocks" }))).repository).toEqual({
      type: "git",
      url: "github:acme/blocks",
      directory: `generated/${PROVIDER}`,
    });
  });

  it("leaves `directory` out when the output folder is outside the project", async () => {
    const dir = project({ repository: "https://git.example.com/acme/blocks.git" });
    expect((await packageJson(dir, mkdtempSync(join(tmp, "elsewhere-")))).repository).toEqual({
      type: "git",
      url: "https://git.example.com/acme/blocks.git",
    });
  });

  it("adds no link the project does not have", async () => {
    const json = await packageJson(project({}));
    expect(json).not.toHaveProperty("repository");
    expect(json).not.toHaveProperty("bugs");
    expect(json).not.toHaveProperty("homepage");
  });

  it("refuses a malformed link, naming the field at its line and the value", async () => {
    /** The problem `message`, at a line and column of package.json. */
    const problemAt = (message: string) =>
      expect.stringMatching(
        new RegExp(`^package\\.json:\\d+:\\d+: ${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`),
      );
    expect(await problems(project({ repository: { type: "git" } }))).toEqual([
      problemAt(
        "repository: must be a URL, or an object with a url (and a type and a directory, if any) given as text " +
          '(copied into each generated package.json), got {"type":"git"}',
      ),
    ]);
    expect(await problems(project({ homepage: 42 }))).toEqual([
      problemAt("homepage: must be an address (copied into each generated package.json), got 42"),
    ]);
    expect(await problems(project({ bugs: { url: ["x"] } }))).toEqual([
      problemAt(
        "bugs: must be an address, or an object with a url or an email given as text " +
          '(copied into each generated package.json), got {"url":["x"]}',
      ),
    ]);
  });
});

describe("CHANGELOG.md of a generated package", () => {
  it("is in `files` when the package's folder has one, and only then", async () => {
    const dir = project({});
    expect((await packageJson(dir)).files).not.toContain("CHANGELOG.md");
    mkdirSync(join(dir, "generated", PROVIDER), { recursive: true });
    writeFileSync(join(dir, "generated", PROVIDER, "CHANGELOG.md"), "# Changelog\n");
    expect((await packageJson(dir)).files).toContain("CHANGELOG.md");
  });
});
