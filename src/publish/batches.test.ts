// `blockwright publish` hands the packages that go alike to one npm
// (`npm publish --workspace …`) and keeps what it says of each: the lines,
// the refusals, the dependants of a refused package held back, and the exit
// status are those of one npm per package. A stand-in npm on PATH answers as
// npm 11 does (in the order given, stopping at the first refusal, its --json
// answer naming each package it published) and logs each call. (With a real
// npm and registry: contract-tests/packages/publish-round-trip.test.ts.)
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { distinctWorkspaces, nextBatch } from "./batches.js";
import type { WorkspacePackage } from "./workspaces.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-publish-batches-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A project whose workspaces are `packages` (folder → package.json). */
function project(packages: Record<string, object>): string {
  const dir = mkdtempSync(join(tmp, "project-"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "p", private: true, workspaces: ["generated/*"] }));
  for (const [folder, manifest] of Object.entries(packages)) {
    mkdirSync(join(dir, "generated", folder), { recursive: true });
    writeFileSync(join(dir, "generated", folder, "package.json"), JSON.stringify(manifest));
  }
  return dir;
}

/**
 * npm as it publishes: `view` knows no package (E404; a view of workspaces is not understood), `publish` refuses the
 * names in `refused` (E403) and, when `workspacesFail`, any publish of workspaces before it starts. The shell script
 * logs each call and answers `view` itself (the same bytes and exit status a Node script gave): two thirds of the
 * calls, each a Node start saved; a publish, which reads the packages' manifests, runs the Node script.
 */
function standInNpm(refused: string[], workspacesFail = false): { env: Record<string, string>; calls: () => string[] } {
  const dir = mkdtempSync(join(tmp, "npm-"));
  const log = join(dir, "calls.log");
  writeFileSync(log, "");
  const script = `const fs = require("fs"); const args = process.argv.slice(2);
const refused = ${JSON.stringify(refused)};
const fail = (answer, summary, code = "E403") => {
  process.stdout.write(JSON.stringify({ ...answer, error: { code, summary } }));
  process.exitCode = 1;
};
const nameOf = (dir) => JSON.parse(fs.readFileSync(dir + "/package.json", "utf8")).name;
if (args[0] === "publish") {
  const workspaces = args.flatMap((a, i) => (args[i - 1] === "--workspace" ? [a] : []));
  const tag = args.includes("--tag") ? args[args.indexOf("--tag") + 1] : "latest";
  process.stderr.write("npm notice Publishing to http://stand-in.example/ with tag " + tag + " and default access\\n");
  if (!workspaces.length) {
    const name = nameOf(args[1]);
    if (refused.includes(name)) fail({}, "403 Forbidden - PUT " + name);
    else process.stdout.write(JSON.stringify({ id: name }));
  } else if (${workspacesFail}) fail({}, "No workspaces found");
  else {
    const answer = {};
    for (const w of workspaces) {
      const name = nameOf(w);
      if (refused.includes(name)) { fail(answer, "403 Forbidden - PUT " + name); break; }
      answer[name] = { id: name };
    }
    if (!process.exitCode) process.stdout.write(JSON.stringify(answer));
  }
} else process.exitCode = 1;`;
  writeFileSync(join(dir, "stand-in.cjs"), script);
  writeFileSync(
    join(dir, "npm"),
    `#!/bin/sh\nprintf '%s\\n' "$*" >> "${log}"\n` +
      `if [ "$1" = view ]; then printf '%s' '{"error":{"code":"E404","summary":"Not Found"}}'; exit 1; fi\n` +
      `exec "${process.execPath}" "${join(dir, "stand-in.cjs")}" "$@"\n`,
  );
  chmodSync(join(dir, "npm"), 0o755);
  const calls = () =>
    readFileSync(log, "utf8")
      .split("\n")
      .filter((c) => c.startsWith("publish"));
  return { env: { PATH: `${dir}:/usr/bin:/bin` }, calls };
}

const provider = (name: string, extra: object = {}) => ({
  name,
  version: "0.1.0",
  dependencies: { "@zqb/runtime": "0.1.0" },
  ...extra,
});
/** The runtime and three providers on it, under one scope. */
const FOUR = {
  runtime: { name: "@zqb/runtime", version: "0.1.0" },
  alpha: provider("@zqb/alpha"),
  beta: provider("@zqb/beta"),
  gamma: provider("@zqb/gamma"),
};

describe("blockwright publish with several packages", () => {
  it("publishes those that go alike by one npm, in dependency order, each said as before", async () => {
    const npm = standInNpm([]);
    const r = await cli(["publish"], { cwd: project(FOUR), env: npm.env });
    expect(r.code, r.stderr).toBe(0);
    expect(npm.calls()).toEqual([
      "publish --workspace ./generated/runtime --workspace ./generated/alpha --workspace ./generated/beta " +
        "--workspace ./generated/gamma --json",
    ]);
    expect(r.stdout).toBe("@zqb/runtime@0.1.0\n@zqb/alpha@0.1.0\n@zqb/beta@0.1.0\n@zqb/gamma@0.1.0\n");
    for (const name of ["runtime", "alpha", "beta", "gamma"])
      expect(r.stderr).toContain(`publish: @zqb/${name}@0.1.0 published to http://stand-in.example/\n`);
    expect(r.stderr).toContain("publish: 4 published, 0 on the registry already\n");
  });

  it("names the package npm stopped at, and goes on with the rest but what depends on it, exit 1", async () => {
    const npm = standInNpm(["@zqb/beta"]);
    const r = await cli(["publish"], {
      cwd: project({ ...FOUR, delta: provider("@zqb/delta", { dependencies: { "@zqb/beta": "0.1.0" } }) }),
      env: npm.env,
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("@zqb/runtime@0.1.0\n@zqb/alpha@0.1.0\n@zqb/gamma@0.1.0\n");
    expect(r.stderr).toContain("publish: @zqb/beta@0.1.0 refused: E403 403 Forbidden - PUT @zqb/beta\n");
    expect(r.stderr).toContain(
      "publish: @zqb/delta@0.1.0 not published: it depends on @zqb/beta, which was not\n" +
        "publish: @zqb/gamma@0.1.0 published to http://stand-in.example/\n",
    );
    expect(r.stderr).toContain("publish: 3 published, 0 on the registry already, 2 not published;");
    // The first npm stopped at beta; delta waits for beta, so gamma went alone.
    expect(npm.calls()).toEqual([
      "publish --workspace ./generated/runtime --workspace ./generated/alpha --workspace ./generated/beta " +
        "--workspace ./generated/delta --workspace ./generated/gamma --json",
      "publish ./generated/gamma --json",
    ]);
  });

  it("sends each package to an npm of its own when npm fails before naming any", async () => {
    const npm = standInNpm(["@zqb/alpha"], true);
    const r = await cli(["publish", "--dry-run"], { cwd: project(FOUR), env: npm.env });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("@zqb/runtime@0.1.0\n@zqb/beta@0.1.0\n@zqb/gamma@0.1.0\n");
    expect(r.stderr).toContain("publish --dry-run: @zqb/alpha@0.1.0 refused: E403 403 Forbidden - PUT @zqb/alpha\n");
    expect(r.stderr).not.toContain("No workspaces found");
    expect(npm.calls().slice(1)).toEqual(
      ["runtime", "alpha", "beta", "gamma"].map((p) => `publish ./generated/${p} --json --dry-run`),
    );
  });

  it("gives a prerelease, another scope and a package with a script after the upload npms of their own", async () => {
    const npm = standInNpm([]);
    const r = await cli(["publish"], {
      cwd: project({
        ...FOUR,
        // Another scope right after two that go together (runtime, alpha): an npm of its own.
        apex: provider("@zqc/apex"),
        beta: provider("@zqb/beta", { version: "0.2.0-beta.1" }),
        delta: provider("@zqc/delta"),
        echo: provider("@zqb/echo", { scripts: { postpublish: "echo done" } }),
        foxtrot: provider("@zqb/foxtrot"),
      }),
      env: npm.env,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("publish: @zqb/beta@0.2.0-beta.1 published to http://stand-in.example/ (tag beta)\n");
    expect(npm.calls()).toEqual([
      "publish --workspace ./generated/runtime --workspace ./generated/alpha --json",
      "publish ./generated/apex --json",
      "publish ./generated/beta --json --tag beta",
      "publish ./generated/delta --json",
      "publish ./generated/echo --json",
      "publish --workspace ./generated/foxtrot --workspace ./generated/gamma --json",
    ]);
  });
});

describe("nextBatch and distinctWorkspaces", () => {
  const pkg = (name: string, dir: string, extra: Partial<WorkspacePackage> = {}): WorkspacePackage => ({
    name,
    version: "1.0.0",
    dir,
    private: false,
    dependsOn: [],
    requires: {},
    ...extra,
  });

  it("keeps apart packages whose publishConfig differs, and one named error (npm's name for its failure)", () => {
    const latest = () => undefined;
    const all = () => true;
    const a = pkg("@s/a", "a");
    expect(nextBatch([a, pkg("@s/b", "b", { publishConfig: '{"access":"public"}' })], latest, all)).toEqual([a]);
    expect(nextBatch([pkg("error", "e"), pkg("f", "f")], latest, all).map((p) => p.name)).toEqual(["error"]);
    expect(nextBatch([a, pkg("@s/b", "b")], latest, (p) => p !== a)).toHaveLength(2);
    expect(nextBatch([a, pkg("@s/b", "b")], latest, () => false)).toEqual([a]);
  });

  it("takes no folder inside another package's, nor one with a glob's characters", () => {
    expect(distinctWorkspaces([pkg("a", "generated/a"), pkg("b", "generated/b")])).toBe(true);
    expect(distinctWorkspaces([pkg("a", "generated/a"), pkg("b", "generated/a/b")])).toBe(false);
    expect(distinctWorkspaces([pkg("a", "generated/a*"), pkg("b", "generated/b")])).toBe(false);
  });
});
