// `blockwright publish` against a Verdaccio registry on loopback, as a
// platform team runs it: in this repository after the runtime alone was
// published (every provider goes, the runtime is skipped; a second run
// publishes nothing), and in a project made by `init` whose package.json
// names its repository and whose package `diff --write` gave a CHANGELOG.md
// (both reach the published tarball); a prerelease goes to its own dist-tag. A registry that refuses a package is
// named with npm's reason, and npm's token never shows.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../test-support/repo.js";
import { startLocalRegistry, type LocalRegistry } from "./local-registry.js";
import { node, run, runOk, type Finished } from "./processes.js";

const BIN = join(ROOT, "bin/blockwright.js");
const TOKEN = "local-registry-fake-token-0d5f";

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

let work: string;
let registry: LocalRegistry | undefined;
/** npm's configuration for every child: only the file the test writes. */
let env: Record<string, string>;

beforeAll(async () => {
  if (!readdirSync(join(ROOT, "dist")).includes("cli.js")) throw new Error("dist/ is missing: run `npm run build` (npm test does) first");
  work = mkdtempSync(join(tmpdir(), "blockwright-publish-"));
  registry = await startLocalRegistry(join(work, "registry"), { "@refused/*": { publish: false } });
  const npmrc = join(work, "npmrc");
  const host = registry.url.replace(/^http:/, "");
  writeFileSync(npmrc, [`registry=${registry.url}`, `${host}:_authToken=${TOKEN}`, `cache=${join(work, "npm-cache")}`, "audit=false", "fund=false", "update-notifier=false", ""].join("\n"));
  env = { NPM_CONFIG_USERCONFIG: npmrc };
});

afterAll(async () => {
  await registry?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

const blockwright = (args: string[], cwd: string) => run(node, [BIN, ...args], cwd, env);
const npm = (args: string[], cwd: string) => runOk("npm", args, cwd, env);
const lines = (text: string) => text.split("\n").filter(Boolean).sort();
const noToken = (r: Finished) => expect(r.stdout + r.stderr).not.toContain(TOKEN);

describe("blockwright publish in this repository", () => {
  let first: Finished;
  let again: Finished;
  beforeAll(async () => {
    // The runtime alone first, as a team that published it before.
    await npm(["publish", "--ignore-scripts", "./runtime"], ROOT);
    first = await blockwright(["publish", "--registry", registry!.url], ROOT);
    again = await blockwright(["publish", "--registry", registry!.url], ROOT);
  });

  it("publishes every provider and skips the runtime the registry has, exit 0", async () => {
    expect(first.code, first.stderr).toBe(0);
    expect(lines(first.stdout)).toEqual(PROVIDERS);
    expect(first.stderr).toContain(`1 on the registry already: ${RUNTIME.name}@${RUNTIME.version}`);
    for (const id of PROVIDERS) expect((await npm(["view", id, "version", "--json"], work)).stdout.trim()).toBe(JSON.stringify(id.slice(id.lastIndexOf("@") + 1)));
    noToken(first);
  });

  it("publishes nothing when run again, exit 0", () => {
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe("");
    expect(again.stderr).toContain(`0 published, ${PROVIDERS.length + 1} on the registry already`);
  });
});

describe("blockwright publish in a project made by init", () => {
  /** A project made by init, with `scope`, its package.json given `extra`, generated and committed. */
  async function project(scope: string, extra: object = {}): Promise<string> {
    const dir = join(mkdtempSync(join(work, "project-")), scope.slice(1));
    expect((await blockwright(["init", dir, "--scope", scope], work)).code).toBe(0);
    writeFileSync(join(dir, "package.json"), JSON.stringify({ ...manifest(dir), ...extra }, null, 2));
    const generated = await blockwright(["generate"], dir);
    expect(generated.code, generated.stderr).toBe(0);
    const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, stdio: "ignore" });
    git("init", "-q");
    git("add", "-A");
    git("-c", "user.email=ci@example.com", "-c", "user.name=ci", "commit", "-qm", "base");
    return dir;
  }

  it("publishes the package diff --write released, with its CHANGELOG.md and repository", async () => {
    const repository = { type: "git", url: "git+https://git.example.com/acme/blocks.git" };
    const dir = await project("@roundtrip", { repository });
    // A new text for the first parameter or operation described: a patch release.
    const manifestFile = join(dir, "specs/notes/manifest.yaml");
    writeFileSync(manifestFile, readFileSync(manifestFile, "utf8").replace(/^( {4}description: )(.*)$/m, "$1$2 Revised."));
    const diff = await blockwright(["diff", "--write"], dir);
    expect(diff.code, diff.stderr).toBe(0);
    const released = manifest(join(dir, "generated/notes"));
    expect(released.version).not.toBe("0.1.0");

    const published = await blockwright(["publish", "--registry", registry!.url], dir);
    expect(published.code, published.stderr).toBe(0);
    expect(published.stdout).toBe(`${released.name}@${released.version}\n`);
    noToken(published);

    // The tarball as a user's npm fetches it from the registry.
    const tarballs = join(dir, "fetched");
    mkdirSync(tarballs);
    const [packed] = JSON.parse((await npm(["pack", `${released.name}@${released.version}`, "--json", "--pack-destination", tarballs], dir)).stdout) as { files: { path: string }[]; filename: string }[];
    expect(packed!.files.map((f) => f.path)).toContain("CHANGELOG.md");
    const inTarball = JSON.parse(execFileSync("tar", ["-xzOf", join(tarballs, packed!.filename), "package/package.json"], { encoding: "utf8" })) as Manifest;
    expect(inTarball.repository).toEqual({ ...repository, directory: "generated/notes" });
  });

  it("sends a prerelease to its own dist-tag and leaves latest on the release", async () => {
    const dir = await project("@prerel");
    expect((await blockwright(["publish", "--registry", registry!.url], dir)).code).toBe(0);
    const pkgFile = join(dir, "generated/notes/package.json");
    writeFileSync(pkgFile, JSON.stringify({ ...manifest(join(dir, "generated/notes")), version: "0.2.0-beta.1" }, null, 2));
    const r = await blockwright(["publish", "--registry", registry!.url], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("@prerel/notes@0.2.0-beta.1 published");
    expect(r.stderr).toContain("(tag beta)");
    const tags = JSON.parse((await npm(["view", "@prerel/notes", "dist-tags", "--json"], dir)).stdout) as Record<string, string>;
    expect(tags).toEqual({ latest: "0.1.0", beta: "0.2.0-beta.1" });
  });

  it("--dry-run says what would be published and uploads nothing", async () => {
    const dir = await project("@rehearsal");
    const r = await blockwright(["publish", "--dry-run", "--registry", registry!.url], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe("@rehearsal/notes@0.1.0\n");
    expect(r.stderr).toContain("@rehearsal/notes@0.1.0 would be published");
    expect(r.stderr).toContain("nothing was uploaded");
    expect((await run("npm", ["view", "@rehearsal/notes", "versions", "--json"], dir, env)).code).not.toBe(0);
  });

  it("names the package a registry refuses and npm's reason, exit 1, without the token", async () => {
    const dir = await project("@refused");
    const r = await blockwright(["publish", "--registry", registry!.url], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/publish: @refused\/notes@0\.1\.0 refused: E40[13] \S/);
    expect(r.stderr).toContain("0 published, 0 on the registry already, 1 not published");
    noToken(r);
  });
});
