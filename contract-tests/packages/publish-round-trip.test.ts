// `blockwright publish` against the packages project's Verdaccio registry on
// loopback (global-setup.ts), as a platform team runs it: in this repository
// after the runtime alone was published (the set-up's run: every provider
// goes, the runtime is skipped; a second run here publishes nothing), and in
// a project made by `init` whose package.json names its repository: a dry run
// uploads nothing, the release `diff --write` gave a CHANGELOG.md reaches the
// registry with it and the repository, a prerelease goes to its own dist-tag.
// A package on a runtime the registry has no version of is refused before any
// upload, and npm's token never shows. (A registry that refuses a package,
// named with npm's reason, exit 1: release-path.test.ts, whose run of the
// release workflow's step is that publish.) What the registry holds is read
// from its HTTP API, as npm reads it.
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ROOT } from "./root.js";
import { node, run, type Finished } from "./processes.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const BIN = join(ROOT, "bin/blockwright.js");
const { url: REGISTRY, npmrc, token: TOKEN, published: first } = inject("packagesRegistry");
const env = { NPM_CONFIG_USERCONFIG: npmrc };

interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  repository?: unknown;
  workspaces?: string[];
}
const manifest = (dir: string) => JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Manifest;

/** This repository's provider packages as name@version (every folder of generated/ with a package.json). */
const PROVIDERS = readdirSync(join(ROOT, "generated"), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => manifest(join(ROOT, "generated", e.name)))
  .map((m) => `${m.name}@${m.version}`)
  .sort();
const RUNTIME = manifest(join(ROOT, "runtime"));

interface Packument {
  "dist-tags": Record<string, string>;
  versions: Record<string, { dist: { tarball: string } }>;
}
/** What the registry says of a package (GET /<name>, as npm view asks), or its status when it has none. */
async function packument(name: string): Promise<Packument | number> {
  const response = await fetch(`${REGISTRY}${name.replace("/", "%2f")}`);
  return response.ok ? ((await response.json()) as Packument) : response.status;
}

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(runScratch(), "blockwright-publish-"));
});
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

const blockwright = (args: string[], cwd: string) => run(node, [BIN, ...args], cwd, env);
const lines = (text: string) => text.split("\n").filter(Boolean).sort();
const noToken = (r: Finished) => expect(r.stdout + r.stderr).not.toContain(TOKEN);

describe("blockwright publish in this repository", () => {
  it("publishes every provider and skips the runtime the registry has, exit 0", async () => {
    expect(first.code, first.stderr).toBe(0);
    expect(lines(first.stdout)).toEqual(PROVIDERS);
    expect(first.stderr).toContain(`1 on the registry already: ${RUNTIME.name}@${RUNTIME.version}`);
    for (const id of PROVIDERS) {
      const there = await packument(id.slice(0, id.lastIndexOf("@")));
      expect(typeof there === "number" ? there : Object.keys(there.versions), id).toContain(
        id.slice(id.lastIndexOf("@") + 1),
      );
    }
    noToken(first);
  });

  it("publishes nothing when run again, exit 0", async () => {
    const again = await blockwright(["publish", "--registry", REGISTRY], ROOT);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe("");
    expect(again.stderr).toContain(`0 published, ${PROVIDERS.length + 1} on the registry already`);
    noToken(again);
  });
});

describe("blockwright publish in a project made by init", () => {
  const repository = { type: "git", url: "git+https://git.example.com/acme/blocks.git" };
  let dir: string;
  /** Each run, in this order: a dry run, diff --write's release, a prerelease; and the refusal before any upload. */
  let dryRun: Finished;
  let afterDryRun: Packument | number;
  let diff: Finished;
  let patched: Manifest;
  let patch: Finished;
  let prerelease: Finished;
  let onMissingRuntime: Finished;

  /** A project made by init, with `scope`, its package.json given `extra`, generated and committed. */
  async function project(scope: string, extra: object = {}): Promise<string> {
    const made = join(mkdtempSync(join(work, "project-")), scope.slice(1));
    expect((await blockwright(["init", made, "--scope", scope], work)).code).toBe(0);
    writeFileSync(join(made, "package.json"), JSON.stringify({ ...manifest(made), ...extra }, null, 2));
    const generated = await blockwright(["generate"], made);
    expect(generated.code, generated.stderr).toBe(0);
    const git = (...args: string[]) => execFileSync("git", args, { cwd: made, stdio: "ignore" });
    git("init", "-q");
    git("add", "-A");
    git("-c", "user.email=ci@example.com", "-c", "user.name=ci", "commit", "-qm", "base");
    return made;
  }

  beforeAll(async () => {
    dir = await project("@zqrelease", { repository });
    // The same project under another scope (its package renamed), on a runtime the registry has no version of: its
    // users could not install it. Published beside the others.
    const unresolvable = join(work, "unresolvable");
    cpSync(dir, unresolvable, { recursive: true });
    const onMissing = join(unresolvable, "generated/notes/package.json");
    const notes = JSON.parse(readFileSync(onMissing, "utf8")) as Manifest & { dependencies: Record<string, string> };
    writeFileSync(
      onMissing,
      JSON.stringify(
        { ...notes, name: "@zqunresolvable/notes", dependencies: { ...notes.dependencies, [RUNTIME.name]: "^99.0.0" } },
        null,
        2,
      ),
    );
    const unresolved = blockwright(["publish", "--registry", REGISTRY], unresolvable);

    try {
      dryRun = await blockwright(["publish", "--dry-run", "--registry", REGISTRY], dir);
      afterDryRun = await packument("@zqrelease/notes");
      // A new text for the first parameter or operation described: a patch release.
      const manifestFile = join(dir, "specs/notes/manifest.yaml");
      writeFileSync(
        manifestFile,
        readFileSync(manifestFile, "utf8").replace(/^( {4}description: )(.*)$/m, "$1$2 Revised."),
      );
      diff = await blockwright(["diff", "--write"], dir);
      patched = manifest(join(dir, "generated/notes"));
      patch = await blockwright(["publish", "--registry", REGISTRY], dir);
      writeFileSync(
        join(dir, "generated/notes/package.json"),
        JSON.stringify({ ...patched, version: "0.2.0-beta.1" }, null, 2),
      );
      prerelease = await blockwright(["publish", "--registry", REGISTRY], dir);
    } finally {
      onMissingRuntime = await unresolved;
    }
  });

  it("--dry-run says what would be published and uploads nothing", () => {
    expect(dryRun.code, dryRun.stderr).toBe(0);
    expect(dryRun.stdout).toBe("@zqrelease/notes@0.1.0\n");
    expect(dryRun.stderr).toContain("@zqrelease/notes@0.1.0 would be published");
    expect(dryRun.stderr).toContain("nothing was uploaded");
    expect(afterDryRun).toBe(404);
  });

  it("publishes the package diff --write released, with its CHANGELOG.md and repository", async () => {
    expect(diff.code, diff.stderr).toBe(0);
    expect(patched.version).not.toBe("0.1.0");
    expect(patch.code, patch.stderr).toBe(0);
    expect(patch.stdout).toBe(`${patched.name}@${patched.version}\n`);
    for (const r of [dryRun, patch]) noToken(r);

    // The tarball as a user's npm fetches it from the registry.
    const there = await packument(patched.name);
    if (typeof there === "number") throw new Error(`the registry has no ${patched.name}: ${there}`);
    const tarball = join(work, "fetched.tgz");
    writeFileSync(
      tarball,
      Buffer.from(await (await fetch(there.versions[patched.version]!.dist.tarball)).arrayBuffer()),
    );
    expect(execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" }).split("\n")).toContain("package/CHANGELOG.md");
    const inTarball = JSON.parse(
      execFileSync("tar", ["-xzOf", tarball, "package/package.json"], { encoding: "utf8" }),
    ) as Manifest;
    expect(inTarball.repository).toEqual({ ...repository, directory: "generated/notes" });
  });

  it("sends a prerelease to its own dist-tag and leaves latest on the release", async () => {
    expect(prerelease.code, prerelease.stderr).toBe(0);
    expect(prerelease.stderr).toContain("@zqrelease/notes@0.2.0-beta.1 published");
    expect(prerelease.stderr).toContain("(tag beta)");
    noToken(prerelease);
    const there = await packument("@zqrelease/notes");
    expect(typeof there === "number" ? there : there["dist-tags"]).toEqual({
      latest: patched.version,
      beta: "0.2.0-beta.1",
    });
  });

  it(
    "refuses a package on a runtime the registry has no version of, exit 2 naming both, and uploads " + "nothing",
    async () => {
      expect(onMissingRuntime.code, onMissingRuntime.stderr).toBe(2);
      expect(onMissingRuntime.stdout).toBe("");
      expect(onMissingRuntime.stderr).toContain(
        `@zqunresolvable/notes@0.1.0 depends on ${RUNTIME.name}@^99.0.0, which ${REGISTRY} cannot give (it has ` +
          `${RUNTIME.version}`,
      );
      expect(onMissingRuntime.stderr).toContain("[BW3013]");
      expect(await packument("@zqunresolvable/notes")).toBe(404);
      noToken(onMissingRuntime);
    },
  );
});
