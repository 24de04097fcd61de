// What publish checks before any upload: a package's dependencies resolve on
// the registry it goes to (a provider package on a runtime the registry
// lacked installed as E404 for every user), no dependency is a path of the
// publisher's machine, and with provenance each package names the repository
// the workflow runs in. (Against a real registry: contract-tests/packages/publish-round-trip.test.ts.)
import { describe, expect, it } from "vitest";
import { provenanceProblems, provenanceRequested, unresolvableDependencies } from "./preflight.js";
import { repositoryLinks, repositoryWebUrl, sameRepository } from "./repository-url.js";
import type { WorkspacePackage } from "./workspaces.js";

const pkg = (
  name: string,
  requires: Record<string, string> = {},
  extra: Partial<WorkspacePackage> = {},
): WorkspacePackage => ({
  name,
  version: "0.1.0",
  dir: `generated/${name.split("/").pop()}`,
  private: false,
  dependsOn: Object.keys(requires),
  requires,
  ...extra,
});

/** A registry that has `held` (name → versions), recording what it was asked. */
function registry(held: Record<string, string[]>) {
  const asked: string[][] = [];
  const versionsOf = async (names: string[]) => {
    asked.push(names);
    return new Map(names.map((n) => [n, held[n] ?? []]));
  };
  return { asked, versionsOf };
}

describe("unresolvableDependencies", () => {
  it("names the package and the dependency the registry has no version of in the range, and what it has", async () => {
    const { asked, versionsOf } = registry({ "@zz/runtime": ["0.1.0", "0.2.0"] });
    const problems = await unresolvableDependencies(
      [pkg("@zz/notes", { "@zz/runtime": "^0.3.0" }), pkg("@zz/tasks", { "@zz/runtime": "^0.2.0" })],
      new Map(),
      versionsOf,
      "http://registry.test/",
    );
    expect(problems).toEqual([
      {
        package: "@zz/notes@0.1.0",
        kind: "dependency",
        reason:
          "depends on @zz/runtime@^0.3.0, which http://registry.test/ cannot give (it has 0.1.0, 0.2.0): " +
          "publish @zz/runtime there first, or depend on a version it has",
      },
    ]);
    // One question per name, whoever depends on it.
    expect(asked).toEqual([["@zz/runtime"]]);
  });

  it(
    "takes a workspace package this run publishes (or the registry has) when its version is in the range, " +
      "asking nothing",
    async () => {
      const { asked, versionsOf } = registry({});
      expect(
        await unresolvableDependencies(
          [pkg("@zz/notes", { "@zz/runtime": "^0.2.0" })],
          new Map([["@zz/runtime", "0.2.3"]]),
          versionsOf,
          "r",
        ),
      ).toEqual([]);
      expect(asked).toEqual([]);
      // Out of the range, the registry is asked, and has nothing.
      const out = await unresolvableDependencies(
        [pkg("@zz/notes", { "@zz/runtime": "^0.3.0" })],
        new Map([["@zz/runtime", "0.2.3"]]),
        versionsOf,
        "r",
      );
      expect(out.map((p) => p.reason)).toEqual([
        "depends on @zz/runtime@^0.3.0, which r cannot give (it has no version of it): " +
          "publish @zz/runtime there first, or depend on a version it has",
      ]);
    },
  );

  it("refuses a path on this machine, without asking, and leaves git and tarball addresses to npm", async () => {
    const { asked, versionsOf } = registry({});
    const requires = {
      a: "file:/home/me/blockwright/runtime",
      b: "link:../b",
      c: "workspace:*",
      d: "../d",
      e: "github:acme/e",
      f: "git+https://git.example.com/f.git",
      g: "https://example.com/g.tgz",
    };
    const problems = await unresolvableDependencies([pkg("@zz/notes", requires)], new Map(), versionsOf, "r");
    expect(problems.map((p) => p.reason.split(",")[0])).toEqual([
      'depends on a at "file:/home/me/blockwright/runtime"',
      'depends on b at "link:../b"',
      'depends on c at "workspace:*"',
      'depends on d at "../d"',
    ]);
    expect(asked).toEqual([]);
  });

  it("reads an npm: alias as the package it installs, and latest as any version", async () => {
    const { versionsOf } = registry({ "real-name": ["2.0.0"], there: ["1.0.0"] });
    expect(
      await unresolvableDependencies(
        [pkg("@zz/notes", { alias: "npm:real-name@^2.0.0", there: "latest" })],
        new Map(),
        versionsOf,
        "r",
      ),
    ).toEqual([]);
    const missing = await unresolvableDependencies(
      [pkg("@zz/notes", { alias: "npm:real-name@^3.0.0", gone: "latest" })],
      new Map(),
      versionsOf,
      "r",
    );
    expect(missing.map((p) => p.reason.split(",")[0])).toEqual([
      "depends on alias (real-name@^3.0.0)",
      "depends on gone@latest",
    ]);
  });
});

describe("provenance", () => {
  it("is asked by --provenance or npm's setting in the environment, and --no-provenance takes it back", () => {
    expect(provenanceRequested([], {})).toBe(false);
    expect(provenanceRequested(["--access", "public", "--provenance"], {})).toBe(true);
    expect(provenanceRequested([], { NPM_CONFIG_PROVENANCE: "true" })).toBe(true);
    expect(provenanceRequested([], { npm_config_provenance: "true" })).toBe(true);
    expect(provenanceRequested(["--no-provenance"], { NPM_CONFIG_PROVENANCE: "true" })).toBe(false);
  });

  it("needs a repository in every package, and on GitHub Actions the workflow's own", () => {
    const github = {
      GITHUB_ACTIONS: "true",
      GITHUB_SERVER_URL: "https://github.com",
      GITHUB_REPOSITORY: "Acme/Blocks",
    };
    const packages = [
      pkg("@zz/none"),
      pkg("@zz/same", {}, { repository: "git+https://github.com/acme/blocks.git" }),
      pkg("@zz/other", {}, { repository: "git@github.com:someone/fork.git" }),
    ];
    expect(provenanceProblems(packages, github).map((p) => [p.package, p.reason.slice(0, 60)])).toEqual([
      ["@zz/none@0.1.0", 'has no "repository" in its package.json, and npm refuses pro'],
      ["@zz/other@0.1.0", 'names the repository "git@github.com:someone/fork.git", but '],
    ]);
    // Off GitHub Actions, any repository will do.
    expect(provenanceProblems(packages, {}).map((p) => p.package)).toEqual(["@zz/none@0.1.0"]);
  });
});

describe("repository addresses", () => {
  it("reduce a remote or a package.json repository to one web address, credentials dropped", () => {
    for (const address of [
      "git@github.com:acme/blocks.git",
      "ssh://git@github.com/acme/blocks.git",
      "https://github.com/acme/blocks",
      "https://ci:s3cret-token@github.com/acme/blocks.git",
      "git+https://github.com/acme/blocks.git",
      "github:acme/blocks",
      "acme/blocks",
    ])
      expect(repositoryWebUrl(address), address).toBe("https://github.com/acme/blocks");
    expect(repositoryWebUrl("git@git.example.com:team/sub/blocks.git")).toBe("https://git.example.com/team/sub/blocks");
    for (const address of ["", "not a url", "/home/me/blocks", "file:///home/me/blocks.git", "https://github.com/"])
      expect(repositoryWebUrl(address), address).toBeUndefined();
    expect(sameRepository("git@github.com:Acme/Blocks.git", "https://github.com/acme/blocks")).toBe(true);
    expect(sameRepository("git@github.com:acme/blocks.git", "https://github.com/acme/other")).toBe(false);
  });

  it("give package.json's repository, and homepage and bugs on a known forge", () => {
    expect(repositoryLinks("https://ci:s3cret@github.com/acme/blocks.git")).toEqual({
      repository: { type: "git", url: "git+https://github.com/acme/blocks.git" },
      homepage: "https://github.com/acme/blocks#readme",
      bugs: { url: "https://github.com/acme/blocks/issues" },
    });
    expect(repositoryLinks("git@git.example.com:team/blocks.git")).toEqual({
      repository: { type: "git", url: "git+https://git.example.com/team/blocks.git" },
    });
    expect(repositoryLinks("/home/me/blocks")).toBeUndefined();
  });
});
