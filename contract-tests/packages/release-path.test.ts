// The release path end to end on the packages project's Verdaccio registry
// (global-setup.ts), as a new user takes it: blockwright itself and what it
// installs with are on the registry (packed from this repository and its
// node_modules: no network), a fresh `init` project installs from the
// registry alone (no `file:` path, every package resolved from it) and
// generates with the blockwright it installed (the command npm linked); then the release workflow's
// own publish step (templates/init/.github/workflows/release.yml, its script
// run as GitHub's runner runs it) publishes the project's packages: with one
// the registry refuses, the step fails and the tag `released` stays where it
// was (the refusal is named with npm's reason, exit 1: publish-round-trip.test.ts
// leaves this case to this run); fixed and released again, the step passes and
// moves the tag on the project's remote. (A consumer installing provider packages from the
// registry alone, their runtime from there too: registry-round-trip.test.ts.)
import { execFileSync } from "node:child_process";
import { cpSync, lstatSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { readWorkflow, runStep, stepNamed, type StepRun } from "../../test-support/workflow-steps.js";
import { putPackages } from "./local-registry.js";
import { node, run, type Finished } from "./processes.js";
import { ROOT } from "./root.js";
import { blockwrightInstall, packsOf } from "./shared-packs.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const { url: REGISTRY, npmrc, token: TOKEN } = inject("packagesRegistry");
const npmEnv = { NPM_CONFIG_USERCONFIG: npmrc };
const BIN = join(ROOT, "bin/blockwright.js");
const RELEASE = readWorkflow(join(ROOT, "templates/init/.github/workflows/release.yml"));
const PUBLISH_JOB = RELEASE.jobs.publish!;
const PUBLISH_STEP = stepNamed(PUBLISH_JOB, "blockwright publish");

type Manifest = { name: string; version: string; devDependencies?: Record<string, string> };
const manifest = (dir: string) => JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Manifest;

/**
 * Put blockwright and its install on the registry, as published packages (packed by the project's global set-up:
 * shared-packs.ts); what it has already (the runtime's) is left as it is.
 */
async function publishBlockwright(): Promise<void> {
  const { packs } = inject("packagesRegistry");
  for (const pack of packsOf(packs, ROOT, blockwrightInstall(ROOT))) {
    const there = await fetch(`${REGISTRY}${pack.name.replace("/", "%2f")}`);
    if (there.ok && Object.hasOwn(((await there.json()) as { versions: object }).versions, pack.version)) continue;
    await putPackages({ url: REGISTRY, close: async () => {} }, TOKEN, [pack], packs.dir, {
      [pack.name]: manifest(join(ROOT, pack.folder)),
    });
  }
}

/**
 * The environment of a step on the runner: this Node first on PATH, npm configured for the registry, none of `npm
 * test`'s npm_* variables.
 */
function stepEnv(home: string): Record<string, string> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name, value]) => value !== undefined && !/^npm_/i.test(name) && name !== "NODE_OPTIONS",
    ),
  ) as Record<string, string>;
  return { ...clean, HOME: home, PATH: `${dirname(node)}:${process.env.PATH ?? ""}`, ...npmEnv };
}

let work: string;
let project: string;
let made: Finished;
let installed: Finished;
let generated: Finished;
let refusedStep: StepRun;
let tagAfterRefusal: string;
let releasedStep: StepRun;
const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
const tagOnRemote = () => git(project, "ls-remote", "origin", "refs/tags/released");

beforeAll(async () => {
  work = mkdtempSync(join(runScratch(), "blockwright-release-path-"));
  await publishBlockwright();
  project = join(work, "acme-blocks");
  made = await run(
    node,
    [BIN, "init", project, "--scope", "@zqstep", "--repository", "https://github.com/acme/blocks"],
    work,
    npmEnv,
  );
  installed = await run("npm", ["install", "--no-audit", "--no-fund"], project, npmEnv);
  // The command npm linked for the install (what `npx --no-install blockwright` finds: the workflow's publish step,
  // below, goes through npx); npx itself cost 0.25 s of CPU more.
  generated = await run(join(project, "node_modules/.bin/blockwright"), ["generate"], project, npmEnv);

  // The project's repository, its remote a bare one beside it.
  const origin = join(work, "origin.git");
  git(work, "init", "-q", "--bare", origin);
  git(project, "init", "-q");
  git(project, "remote", "add", "origin", origin);
  const commit = (message: string) => {
    git(project, "add", "-A");
    git(project, "-c", "user.email=ci@example.com", "-c", "user.name=ci", "commit", "-qm", message);
  };
  // A second package, under a scope the registry refuses to take.
  cpSync(join(project, "generated/notes"), join(project, "generated/refused"), { recursive: true });
  writeFileSync(
    join(project, "generated/refused/package.json"),
    JSON.stringify({ ...manifest(join(project, "generated/refused")), name: "@zqrefused/notes" }, null, 2),
  );
  commit("base");
  refusedStep = await runStep(RELEASE, PUBLISH_JOB, PUBLISH_STEP, project, stepEnv(work));
  tagAfterRefusal = tagOnRemote();

  // Fixed: the refused package gone, the other at a new version (as the release pull request raises it).
  rmSync(join(project, "generated/refused"), { recursive: true });
  const notes = join(project, "generated/notes/package.json");
  writeFileSync(notes, JSON.stringify({ ...manifest(join(project, "generated/notes")), version: "0.1.1" }, null, 2));
  commit("release");
  releasedStep = await runStep(RELEASE, PUBLISH_JOB, PUBLISH_STEP, project, stepEnv(work));
});
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("a project made by init", () => {
  it("depends on blockwright and its runtime by version range, and installs them from the registry alone", () => {
    expect(made.code, made.stderr).toBe(0);
    const { devDependencies = {} } = manifest(project);
    expect(devDependencies).toMatchObject({
      blockwright: `^${manifest(ROOT).version}`,
      "@blockwright/runtime": `^${manifest(join(ROOT, "runtime")).version}`,
    });
    for (const spec of Object.values(devDependencies)) expect(spec).not.toMatch(/^(?:file|link):/);
    expect(installed.code, installed.stderr).toBe(0);
    const lock = JSON.parse(readFileSync(join(project, "package-lock.json"), "utf8")) as {
      packages: Record<string, { resolved?: string; link?: boolean }>;
    };
    const entries = Object.entries(lock.packages).filter(([path]) => path.startsWith("node_modules/"));
    expect(entries.map(([path]) => path)).toEqual(
      expect.arrayContaining([
        "node_modules/blockwright",
        "node_modules/@blockwright/runtime",
        "node_modules/typescript",
      ]),
    );
    for (const [path, entry] of entries) {
      expect(entry.link, path).toBeUndefined();
      expect(entry.resolved?.startsWith(REGISTRY), `${path}: ${entry.resolved}`).toBe(true);
    }
    expect(lstatSync(join(project, "node_modules/blockwright")).isSymbolicLink()).toBe(false);
  });

  it("generates with the blockwright it installed", () => {
    expect(generated.code, generated.stderr).toBe(0);
    expect(manifest(join(project, "generated/notes"))).toMatchObject({
      name: "@zqstep/notes",
      repository: { url: "git+https://github.com/acme/blocks.git", directory: "generated/notes" },
    });
  });
});

describe("the release workflow's publish step, run as GitHub runs it", () => {
  it(
    "fails when the registry refuses one package (named with npm's reason, exit 1, without the token), publishes " +
      "the other, and leaves the tag released unmoved",
    async () => {
      // The step's shell (bash -eo pipefail) exits with blockwright publish's status: 1, a package not published.
      expect(refusedStep.code, refusedStep.stderr).toBe(1);
      expect(refusedStep.stdout).toBe("@zqstep/notes@0.1.0\n");
      // The refused package named with npm's reason.
      expect(refusedStep.stderr).toMatch(/publish: @zqrefused\/notes@0\.1\.0 refused: E40[13] \S/);
      expect(refusedStep.stderr).toContain("1 published, 0 on the registry already, 1 not published");
      expect(refusedStep.stdout + refusedStep.stderr).not.toContain(TOKEN);
      expect(tagAfterRefusal).toBe("");
      expect((await fetch(`${REGISTRY}@zqrefused%2fnotes`)).status).toBe(404);
    },
  );

  it("passes once fixed, and moves the tag released on the remote to what it published", () => {
    expect(releasedStep.code, releasedStep.stderr).toBe(0);
    expect(releasedStep.stdout).toBe("@zqstep/notes@0.1.1\n");
    expect(tagOnRemote()).toBe(`${git(project, "rev-parse", "HEAD")}\trefs/tags/released`);
  });
});
