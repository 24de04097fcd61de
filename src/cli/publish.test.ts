// `blockwright publish` before and around npm: bad options and projects with
// nothing publishable are refused before any request, naming the input; and
// Ctrl-C stops it at once, npm included, while a registry keeps it waiting.
// (Publishing itself, against a real registry: contract-tests/packages/publish-round-trip.test.ts.)
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli, spawnCli } from "../../test-support/cli-harness.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-publish-cli-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A project folder with `files` (path → JSON value). */
function project(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmp, "project-"));
  for (const [path, value] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), typeof value === "string" ? value : JSON.stringify(value));
  }
  return dir;
}

const publishable = {
  "package.json": { name: "p", private: true, workspaces: ["generated/*"] },
  "generated/notes/package.json": { name: "@p/notes", version: "0.1.0" },
};

describe("blockwright publish refuses before any request", () => {
  for (const [what, args, files, says] of [
    [
      "a --registry that is not an address",
      ["--registry", "registry.example.com"],
      publishable,
      '--registry takes an http or https address such as https://registry.example.com/, got "registry.example.com"',
    ],
    [
      "a --registry of another protocol, its password withheld",
      ["--registry", "ftp://me:hunter2@registry.example.com/"],
      publishable,
      '--registry takes an http or https address, got "ftp://[withheld]@registry.example.com/"',
    ],
    [
      "a --tag that is a version",
      ["--tag", "v1"],
      publishable,
      '--tag takes a dist-tag such as next or beta (a letter, then letters, digits, ".", "_" or "-"; ' +
        'not a version like v1), got "v1"',
    ],
    ["a --tag with a space", ["--tag", "next week"], publishable, 'got "next week"'],
    [
      "an argument before --",
      ["generated/notes"],
      publishable,
      'unexpected argument "generated/notes" (options for npm publish go after --)',
    ],
    ["a project without package.json", [], {}, "no package.json in the project folder"],
    [
      "a package.json without workspaces",
      [],
      { "package.json": { name: "p" } },
      'package.json: no "workspaces" (the packages to publish, e.g. ["generated/*"])',
    ],
    [
      "workspaces that are not a list of patterns",
      [],
      { "package.json": { workspaces: "generated/*" } },
      'package.json: "workspaces" must be a list of folder patterns such as "generated/*", got "generated/*"',
    ],
    [
      "workspaces matching no package",
      [],
      { "package.json": { workspaces: ["generated/*"] } },
      'package.json: "workspaces" ["generated/*"] match no folder with a package.json (run blockwright ' +
        "generate first?)",
    ],
    [
      "a workspace package without a version",
      [],
      { ...publishable, "generated/notes/package.json": { name: "@p/notes" } },
      'generated/notes/package.json: no "version" (npm publishes a package by name and version)',
    ],
    [
      "a workspace package.json that is not JSON",
      [],
      { ...publishable, "generated/notes/package.json": "{ name: " },
      "generated/notes/package.json: not JSON (",
    ],
  ] as const) {
    it(`${what}: exit 2`, async () => {
      const r = await cli(["publish", ...args], { cwd: project(files), env: { PATH: "" } });
      expect(r.stderr).toContain(says);
      expect(r).toMatchObject({ code: 2, stdout: "" });
      expect(r.stderr).not.toMatch(/internal error|\n\s+at |hunter2/);
    });
  }
});

/**
 * A stand-in npm on PATH: `npm view <name> versions --json` answers `held`'s versions (E404 for
 * another name), and any other call (a publish) is logged and fails, so that a test sees none came.
 * A shell script: each call a Node start saved, the answers' bytes and exit statuses those of npm's `--json`.
 */
function standInNpm(held: Record<string, string[]>): { env: Record<string, string>; calls: () => string[] } {
  const dir = mkdtempSync(join(tmp, "npm-"));
  const log = join(dir, "calls.log");
  writeFileSync(log, "");
  const quoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;
  const answers = Object.entries(held)
    .map(([name, versions]) => `  ${quoted(name)}) printf '%s' ${quoted(JSON.stringify(versions))}; exit 0 ;;\n`)
    .join("");
  writeFileSync(
    join(dir, "npm"),
    `#!/bin/sh\nprintf '%s\\n' "$*" >> ${quoted(log)}\n[ "$1" = view ] || exit 1\n` +
      `for a in "$@"; do [ "$a" = --workspace ] && exit 1; done\n` +
      `case "$2" in\n${answers}esac\n` +
      `printf '{"error":{"code":"E404","summary":"Not Found - %s"}}' "$2"\nexit 1\n`,
  );
  chmodSync(join(dir, "npm"), 0o755);
  return { env: { PATH: `${dir}:/usr/bin:/bin` }, calls: () => readFileSync(log, "utf8").split("\n").filter(Boolean) };
}

describe("blockwright publish refuses a package its users could not install, before any upload", () => {
  const onRuntime = (range: string, extra: object = {}) =>
    project({
      ...publishable,
      "generated/notes/package.json": {
        name: "@p/notes",
        version: "0.1.0",
        dependencies: { "@zz/runtime": range },
        ...extra,
      },
    });

  it(
    "a dependency the registry has no version of in the " + "range: exit 2 naming both, and --dry-run says the same",
    async () => {
      const npm = standInNpm({ "@zz/runtime": ["0.1.0", "0.2.0"] });
      const dir = onRuntime("^0.3.0");
      for (const args of [[], ["--dry-run"]]) {
        const r = await cli(["publish", ...args], { cwd: dir, env: npm.env });
        expect(r).toMatchObject({ code: 2, stdout: "" });
        expect(r.stderr).toContain(
          `publish${args.length ? " --dry-run" : ""}: nothing was ${args.length ? "uploaded" : "published"}: ` +
            `1 package cannot go as it is:\n  @p/notes@0.1.0 depends on @zz/runtime@^0.3.0, ` +
            `which the registry cannot give (it has 0.1.0, 0.2.0): publish @zz/runtime there first, ` +
            `or depend on a version it has [BW3013]\n`,
        );
      }
      expect(npm.calls().filter((c) => c.startsWith("publish"))).toEqual([]);
      // In the range: published (here the stand-in refuses the upload itself, exit 1).
      expect((await cli(["publish"], { cwd: onRuntime("^0.2.0"), env: npm.env })).code).toBe(1);
    },
  );

  it("a dependency on a path of this machine: exit 2, the registry not asked for it", async () => {
    const npm = standInNpm({});
    const r = await cli(["publish"], { cwd: onRuntime("file:/home/me/blockwright/runtime"), env: npm.env });
    expect(r).toMatchObject({ code: 2, stdout: "" });
    expect(r.stderr).toContain(
      '@p/notes@0.1.0 depends on @zz/runtime at "file:/home/me/blockwright/runtime", a path on this machine',
    );
    expect(npm.calls().filter((c) => c.includes("@zz/runtime"))).toEqual([]);
  });

  it(
    "with provenance, a package without a repository, or on GitHub Actions with another repository than the " +
      "workflow's: exit 2",
    async () => {
      const npm = standInNpm({ "@zz/runtime": ["0.2.0"] });
      const none = await cli(["publish", "--", "--provenance"], { cwd: onRuntime("^0.2.0"), env: npm.env });
      expect(none).toMatchObject({ code: 2, stdout: "" });
      expect(none.stderr).toContain(
        '@p/notes@0.1.0 has no "repository" in its package.json, and npm refuses provenance without one (E422)',
      );
      const github = {
        ...npm.env,
        NPM_CONFIG_PROVENANCE: "true",
        GITHUB_ACTIONS: "true",
        GITHUB_SERVER_URL: "https://github.com",
        GITHUB_REPOSITORY: "acme/blocks",
      };
      const other = await cli(["publish"], {
        cwd: onRuntime("^0.2.0", { repository: { type: "git", url: "git+https://github.com/someone/fork.git" } }),
        env: github,
      });
      expect(other).toMatchObject({ code: 2, stdout: "" });
      expect(other.stderr).toContain(
        '@p/notes@0.1.0 names the repository "git+https://github.com/someone/fork.git", ' +
          "but this workflow runs in https://github.com/acme/blocks",
      );
      expect(other.stderr).toContain("[BW3014]");
      expect(npm.calls().filter((c) => c.startsWith("publish"))).toEqual([]);
    },
  );
});

describe("Ctrl-C during publish", () => {
  it("stops publish and the npm it waits on at once on SIGTERM, exit 143", async () => {
    // A registry that takes connections and never answers (it reads requests, so that it sees a connection end).
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.resume();
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = silent.address() as { port: number };
      const home = mkdtempSync(join(tmp, "home-"));
      writeFileSync(join(home, "npmrc"), "");
      const env = {
        HOME: home,
        NPM_CONFIG_USERCONFIG: join(home, "npmrc"),
        NPM_CONFIG_CACHE: join(home, "cache"),
        NPM_CONFIG_UPDATE_NOTIFIER: "false",
      };
      const publish = spawnCli(["publish", "--registry", `http://127.0.0.1:${port}/`], env, project(publishable));
      await publish.waitFor(/which versions it has…\n/);
      // npm has asked (it is connected) before the signal comes.
      while (!sockets.size) await new Promise((resolve) => setTimeout(resolve, 20));
      publish.child.kill("SIGTERM");
      expect(await publish.closed).toBe(143);
      expect(publish.stderr()).toContain(
        "publish: interrupted: what was published stays; run publish again (it skips what the registry has)\n",
      );
      expect(publish.stdout()).toBe("");
      // npm went with it: its connection closed without an answer.
      while (sockets.size) await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
