// The one local registry of the packages project (its Vitest globalSetup):
// a Verdaccio on loopback holding what this repository publishes, published
// as a platform team does it: the runtime alone first (as a team that
// published it before: packed by npm, put on the registry as `npm publish`
// sends it) with its third-party dependencies from the local node_modules
// (no network), then `blockwright publish`, which
// publishes every provider and skips the runtime (publish-round-trip.test.ts
// checks that run). The consumers of client-consumer.test.ts and
// registry-round-trip.test.ts install from it, so what they use is what
// `blockwright publish` uploaded: their npm consumer is installed here, once
// for both (npm-consumer.ts); npm's cache is shared by the files, which
// makes every install after the first a warm one. Packages under
// `@zqrefused/` are refused (a registry that says no). Stopped after the last
// file of the project.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { cpuSeconds } from "../../test-support/run/cpu-seconds.js";
import { ownedFolder } from "../../test-support/run/owned-folder.js";
import { closeRunFolder, openRunFolder } from "../../test-support/run/run-folder.js";
import { type LocalRegistry, putPackages, startLocalRegistry } from "./local-registry.js";
import { installNpmConsumer, type NpmConsumer } from "./npm-consumer.js";
import { node, run, type Finished } from "./processes.js";
import { packShared, packsOf, type SharedPacks } from "./shared-packs.js";
import { ROOT } from "./root.js";

export interface SharedRegistry {
  /** e.g. `http://127.0.0.1:43125/` */
  url: string;
  /** npm's whole configuration, for NPM_CONFIG_USERCONFIG: this registry, its token, the shared cache. */
  npmrc: string;
  /** The token npm sends (fake: anyone may publish here), which no output may show. */
  token: string;
  /** The runtime's dependencies and theirs, published from node_modules. */
  thirdParty: string[];
  /** `blockwright publish --registry <url>` in this repository, after the runtime alone was published. */
  published: Finished;
  /** Every folder the files pack, packed once (shared-packs.ts). */
  packs: SharedPacks;
  /** The provider packages installed by npm into a fresh project, after that publish (npm-consumer.ts). */
  npmConsumer: NpmConsumer;
}

/**
 * The runtime's dependencies and theirs (openapi-fetch, openapi-typescript-helpers…), as installed here: each name and
 * its folder, found as Node finds it from the package that depends on it (its own node_modules first, then each
 * folder's above it), so that a version nested under the runtime (another copy hoisted for a dev dependency) is the
 * one published.
 */
function thirdParty(): { name: string; folder: string }[] {
  const dependencies = (dir: string) =>
    Object.keys(
      (JSON.parse(readFileSync(join(ROOT, dir, "package.json"), "utf8")) as { dependencies?: Record<string, string> })
        .dependencies ?? {},
    );
  const installedFrom = (dir: string, name: string): string => {
    for (let at = dir; ; at = dirname(at)) {
      const folder = join(at === "." ? "" : at, "node_modules", name);
      if (existsSync(join(ROOT, folder, "package.json"))) return folder;
      if (at === ".") throw new Error(`${name}, a dependency of ${dir}, is not installed: run npm ci`);
    }
  };
  const found = new Map<string, string>();
  const visit = (dir: string) => {
    for (const name of dependencies(dir)) {
      const folder = installedFrom(dir, name);
      if (found.has(folder)) continue;
      found.set(folder, name);
      visit(folder);
    }
  };
  visit("runtime");
  return [...found].map(([folder, name]) => ({ name, folder })).sort((a, b) => a.name.localeCompare(b.name));
}

let work: string | undefined;
let registry: LocalRegistry | undefined;
/** This run's folder, as the main project's (runScratch(): test-support/run/run-folder.ts). */
let runFolder: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  const start = cpuSeconds();
  for (const built of ["dist/cli.js", "runtime/dist/index.js"]) {
    if (!existsSync(join(ROOT, built)))
      throw new Error(`${built} is missing: run \`npm run build\` (npm test does) first`);
  }
  // In the project's TMPDIR when it sets one (vitest.config.ts: /dev/shm where it has room): the files', not this
  // process's.
  work = ownedFolder(project.config.env?.TMPDIR ?? tmpdir(), "blockwright-registry-");
  try {
    runFolder = openRunFolder(project);
    registry = await startLocalRegistry(join(work, "registry"), { "@zqrefused/*": { publish: false } });
    const token = "local-registry-fake-token-0d5f";
    const npmrc = join(work, "npmrc");
    // npm refuses to publish without a token; Verdaccio lets anyone publish here.
    writeFileSync(
      npmrc,
      [
        `registry=${registry.url}`,
        `${registry.url.replace(/^http:/, "")}:_authToken=${token}`,
        `cache=${join(work, "npm-cache")}`,
        "audit=false",
        "fund=false",
        "update-notifier=false",
        "",
      ].join("\n"),
    );
    const env = { NPM_CONFIG_USERCONFIG: npmrc };
    const packages = thirdParty();
    // Packed by one npm process (no lifecycle scripts: nothing here is built), and put on the registry as npm
    // publish sends them: four npm publish processes cost 1.5 s more CPU. (blockwright publish, below, runs npm's.)
    // With every folder the files pack (shared-packs.ts): one npm process for the run.
    const folders = ["runtime", ...packages.map((p) => p.folder)];
    const packed = join(work, "packed");
    mkdirSync(packed);
    const packs = await packShared(ROOT, packed, folders, env);
    const manifests = Object.fromEntries(
      folders
        .map((f) => JSON.parse(readFileSync(join(ROOT, f, "package.json"), "utf8")) as { name: string })
        .map((m) => [m.name, m]),
    );
    await putPackages(registry, token, packsOf(packs, ROOT, folders), packed, manifests);
    const published = await run(
      node,
      [join(ROOT, "bin/blockwright.js"), "publish", "--registry", registry.url],
      ROOT,
      env,
    );
    const npmConsumer = await installNpmConsumer(ROOT, join(work, "npm-consumer"), env);
    project.provide("packagesRegistry", {
      url: registry.url,
      npmrc,
      token,
      thirdParty: [...new Set(packages.map((p) => p.name))],
      published,
      packs,
      npmConsumer,
    });
  } catch (e) {
    // Vitest does not tear down a set-up that failed.
    await teardown();
    throw e;
  }
  // The set-up runs in Vitest's own process, in no test file's figure: its line for `npm run bench -- tests`.
  const log = process.env.BLOCKWRIGHT_FILE_CPU;
  if (log)
    writeFileSync(log, `${(cpuSeconds() - start).toFixed(2)}\t${fileURLToPath(import.meta.url)}\n`, { flag: "a" });
}

export async function teardown(): Promise<void> {
  const [started, folder, run] = [registry, work, runFolder];
  [registry, work, runFolder] = [undefined, undefined, undefined];
  await started?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
  closeRunFolder(run);
}

declare module "vitest" {
  export interface ProvidedContext {
    packagesRegistry: SharedRegistry;
  }
}
