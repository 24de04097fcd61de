// `blockwright publish` before and around npm: bad options and projects with
// nothing publishable are refused before any request, naming the input; and
// Ctrl-C stops it at once, npm included, while a registry keeps it waiting.
// (Publishing itself, against a real registry: contract-tests/packages/publish-round-trip.test.ts.)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli, spawnCli } from "../../test-support/cli-harness.js";

const tmp = mkdtempSync(join(tmpdir(), "blockwright-publish-cli-"));
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

const publishable = { "package.json": { name: "p", private: true, workspaces: ["generated/*"] }, "generated/notes/package.json": { name: "@p/notes", version: "0.1.0" } };

describe("blockwright publish refuses before any request", () => {
  for (const [what, args, files, says] of [
    ["a --registry that is not an address", ["--registry", "registry.example.com"], publishable, '--registry takes an http or https address such as https://registry.example.com/, got "registry.example.com"'],
    ["a --registry of another protocol, its password withheld", ["--registry", "ftp://me:hunter2@registry.example.com/"], publishable, '--registry takes an http or https address, got "ftp://[withheld]@registry.example.com/"'],
    ["a --tag that is a version", ["--tag", "v1"], publishable, '--tag takes a dist-tag such as next or beta (a letter, then letters, digits, ".", "_" or "-"; not a version like v1), got "v1"'],
    ["a --tag with a space", ["--tag", "next week"], publishable, 'got "next week"'],
    ["an argument before --", ["generated/notes"], publishable, 'unexpected argument "generated/notes" (options for npm publish go after --)'],
    ["a project without package.json", [], {}, "no package.json in the project folder"],
    ["a package.json without workspaces", [], { "package.json": { name: "p" } }, 'package.json: no "workspaces" (the packages to publish, e.g. ["generated/*"])'],
    ["workspaces that are not a list of patterns", [], { "package.json": { workspaces: "generated/*" } }, 'package.json: "workspaces" must be a list of folder patterns such as "generated/*", got "generated/*"'],
    ["workspaces matching no package", [], { "package.json": { workspaces: ["generated/*"] } }, 'package.json: "workspaces" ["generated/*"] match no folder with a package.json (run blockwright generate first?)'],
    ["a workspace package without a version", [], { ...publishable, "generated/notes/package.json": { name: "@p/notes" } }, 'generated/notes/package.json: no "version" (npm publishes a package by name and version)'],
    ["a workspace package.json that is not JSON", [], { ...publishable, "generated/notes/package.json": "{ name: " }, "generated/notes/package.json: not JSON ("],
  ] as const) {
    it(`${what}: exit 2`, async () => {
      const r = await cli(["publish", ...args], { cwd: project(files), env: { PATH: "" } });
      expect(r.stderr).toContain(says);
      expect(r).toMatchObject({ code: 2, stdout: "" });
      expect(r.stderr).not.toMatch(/internal error|\n\s+at |hunter2/);
    });
  }
});

describe("Ctrl-C during publish", () => {
  it("stops publish and the npm it waits on at once, exit 130", async () => {
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
      const env = { HOME: home, NPM_CONFIG_USERCONFIG: join(home, "npmrc"), NPM_CONFIG_CACHE: join(home, "cache"), NPM_CONFIG_UPDATE_NOTIFIER: "false" };
      const publish = spawnCli(["publish", "--registry", `http://127.0.0.1:${port}/`], env, project(publishable));
      await publish.waitFor(/which versions it has…\n/);
      // npm has asked (it is connected) before the signal comes.
      while (!sockets.size) await new Promise((resolve) => setTimeout(resolve, 20));
      publish.child.kill("SIGTERM");
      expect(await publish.exited).toBe(130);
      expect(publish.stderr()).toContain("publish: interrupted: what was published stays; run publish again (it skips what the registry has)\n");
      expect(publish.stdout()).toBe("");
      // npm went with it: its connection closed without an answer.
      while (sockets.size) await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
