// The registry's versions of a project's workspace packages, asked by one npm
// process for all (`npm view --workspace <dir>… . versions --json`): a
// stand-in `npm` on PATH records how it was called and prints the answer npm
// gives, or one that leaves packages unsettled, which are then not answered.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { workspaceVersions } from "./npm.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const bin = mkdtempSync(join(runScratch(), "bw-npm-view-"));
afterAll(() => rmSync(bin, { recursive: true, force: true }));

/**
 * A stand-in npm that appends its arguments to `calls` and prints `stdout`, exiting with `code`: a shell script (a
 * Node start saved a call), each call's arguments a line of NUL-ended fields.
 */
function standIn(stdout: string, code: number): { env: Record<string, string>; calls: () => string[][] } {
  const dir = mkdtempSync(join(bin, "npm-"));
  const log = join(dir, "calls.log");
  const answer = join(dir, "answer.txt");
  writeFileSync(answer, stdout);
  writeFileSync(
    join(dir, "npm"),
    `#!/bin/sh\n{ printf '%s\\0' "$@"; printf '\\n'; } >> "${log}"\ncat "${answer}"\nexit ${code}\n`,
  );
  chmodSync(join(dir, "npm"), 0o755);
  const calls = () =>
    readFileSync(log, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => l.split("\0").slice(0, -1));
  return { env: { PATH: `${dir}:/usr/bin:/bin` }, calls };
}

const packages = [
  { name: "@zqshelf/many", dir: "generated/many" },
  { name: "@zqshelf/one", dir: "generated/one" },
  { name: "@zqshelf/new", dir: "generated/new" },
];
const signal = new AbortController().signal;

describe("workspaceVersions", () => {
  it(
    "asks once for every package: a list, one version as a string, and a package the registry does not know " +
      "(none)",
    async () => {
      // npm's answer when one workspace is unknown: its E404 under "error", exit 1.
      const answer = {
        "@zqshelf/many": ["0.1.0", "0.2.0"],
        "@zqshelf/one": "0.1.0",
        error: { "@zqshelf/new": { code: "E404", summary: "Not Found" } },
      };
      const npm = standIn(`${JSON.stringify(answer, null, 2)}\n`, 1);
      const versions = await workspaceVersions(packages, {
        cwd: bin,
        env: npm.env,
        registry: "http://127.0.0.1:9/",
        signal,
      });
      expect(Object.fromEntries(versions)).toEqual({
        "@zqshelf/many": ["0.1.0", "0.2.0"],
        "@zqshelf/one": ["0.1.0"],
        "@zqshelf/new": [],
      });
      expect(npm.calls()).toEqual([
        [
          "view",
          "--workspace",
          "generated/many",
          "--workspace",
          "generated/one",
          "--workspace",
          "generated/new",
          ".",
          "versions",
          "--json",
          "--registry",
          "http://127.0.0.1:9/",
        ],
      ]);
    },
  );

  it("leaves unsettled a package the answer does not give or gives another failure for", async () => {
    const answer = { "@zqshelf/many": ["0.1.0"], error: { "@zqshelf/one": { code: "E403", summary: "Forbidden" } } };
    const npm = standIn(JSON.stringify(answer), 1);
    const versions = await workspaceVersions(packages, { cwd: bin, env: npm.env, signal });
    expect(Object.fromEntries(versions)).toEqual({ "@zqshelf/many": ["0.1.0"] });
  });

  it(
    "settles nothing from an answer of another shape " + "(npm stopped at a failure, an npm without workspaces)",
    async () => {
      for (const stdout of [
        JSON.stringify({ error: { code: "E401", summary: "Unauthorized" } }),
        '["0.1.0"]\n',
        "npm error something else\n",
      ]) {
        const npm = standIn(stdout, 1);
        expect((await workspaceVersions(packages, { cwd: bin, env: npm.env, signal })).size, stdout).toBe(0);
      }
    },
  );

  it(
    "asks nothing for one package, nor when a package " + "named error would be ambiguous with npm's error entry",
    async () => {
      const npm = standIn("{}", 0);
      expect((await workspaceVersions(packages.slice(0, 1), { cwd: bin, env: npm.env, signal })).size).toBe(0);
      expect(
        (
          await workspaceVersions([...packages, { name: "error", dir: "generated/error" }], {
            cwd: bin,
            env: npm.env,
            signal,
          })
        ).size,
      ).toBe(0);
      expect(() => npm.calls()).toThrow(/ENOENT/);
    },
  );

  it("settles nothing when npm is not on the PATH (each package, asked alone, names that failure)", async () => {
    expect((await workspaceVersions(packages, { cwd: bin, env: { PATH: join(bin, "nowhere") }, signal })).size).toBe(0);
  });
});
