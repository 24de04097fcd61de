// What `npm install -D blockwright` costs a project, from this repository
// alone: blockwright's and the runtime's packed files (`npm pack --dry-run`,
// which needs the build), and every package their dependencies bring as the
// lock file resolves them (optional peers, which npm does not install, left
// out), at their size in node_modules here. No registry is asked, so the
// figure holds offline; an install from a registry lands within a few
// hundred kB of it (the guide says how it was checked). The README and the
// packaging guide print it (`npm run docs`), and
// contract-tests/packages/install-weight.test.ts holds it to the bars.
import { execFile } from "node:child_process";
import { lstatSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import type { MarkedBlock } from "./marked-block.js";

interface LockEntry {
  link?: boolean;
  resolved?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}
type Lock = Record<string, LockEntry>;

/**
 * The bytes of the files under `dir` (nested node_modules excluded: they are packages of their own), as npm
 * counts a package's unpacked size: a folder's own size is the file system's (4,096 bytes on ext4, a few
 * dozen on tmpfs), so counting it made the figure depend on where the checkout is (36.5 MB on ext4, 35.1
 * on /dev/shm, for the same install).
 */
export function apparentBytes(dir: string): number {
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules") bytes += apparentBytes(path);
    } else bytes += lstatSync(path).size;
  }
  return bytes;
}

/**
 * Where npm finds `name` from the package at `from` (a lock file location): its own node_modules, then each parent's.
 */
function locate(lock: Lock, from: string, name: string): string | undefined {
  for (let dir = from; ; dir = dir.includes("/node_modules/") ? dir.slice(0, dir.lastIndexOf("/node_modules/")) : "") {
    const candidate = `${dir ? `${dir}/` : ""}node_modules/${name}`;
    if (lock[candidate]) return candidate;
    if (!dir) return undefined;
  }
}

/**
 * What npm installs for the package at `location`: its dependencies and optional ones, and its peers but the optional.
 */
function installed(lock: Lock, location: string, entry: LockEntry): string[] {
  const optionalPeers = new Set(
    Object.entries(entry.peerDependenciesMeta ?? {}).flatMap(([name, meta]) => (meta.optional ? [name] : [])),
  );
  const peers = Object.keys(entry.peerDependencies ?? {}).filter((name) => !optionalPeers.has(name));
  return [...Object.keys(entry.dependencies ?? {}), ...Object.keys(entry.optionalDependencies ?? {}), ...peers].map(
    (name) => {
      const found = locate(lock, location, name);
      if (!found) throw new Error(`${location || "the root package"} needs ${name}, which the lock file does not hold`);
      return found;
    },
  );
}

/** Every package a user's install of blockwright brings, by lock file location (a workspace as its folder). */
export function lockClosure(root: string): string[] {
  const lock = (JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8")) as { packages: Lock }).packages;
  const seen = new Set<string>();
  const visit = (location: string) => {
    const entry = lock[location];
    if (!entry) throw new Error(`the lock file has no ${location}`);
    // A workspace (the runtime) is a link to its folder, which is what npm publishes.
    const target = entry.link && entry.resolved !== undefined ? entry.resolved : location;
    if (seen.has(target)) return;
    seen.add(target);
    for (const next of installed(lock, location, lock[target] ?? entry)) visit(next);
  };
  for (const next of installed(lock, "", lock[""] ?? {})) visit(next);
  return [...seen];
}

/** The unpacked size of each package folder's pack, in one `npm pack` (an npm process costs about 2 s of CPU). */
async function packedBytes(root: string, dirs: string[]): Promise<number[]> {
  const packs = JSON.parse(
    (
      await promisify(execFile)("npm", ["pack", "--dry-run", "--json", "--ignore-scripts", ...dirs], {
        cwd: root,
        maxBuffer: 64 * 1024 * 1024,
      })
    ).stdout,
  ) as { unpackedSize: number }[];
  if (packs.length !== dirs.length)
    throw new Error(`npm pack reported ${packs.length} packs for ${dirs.length} folders`);
  return packs.map((p) => p.unpackedSize);
}

export interface InstallWeight {
  /** blockwright and every package it brings (lock file locations; the runtime as its folder). */
  packages: string[];
  bytes: number;
}

/** The packages and bytes of `npm install -D blockwright` in an empty folder. */
export async function installWeight(root: string): Promise<InstallWeight> {
  const locations = lockClosure(root);
  const workspaces = locations.filter((l) => !l.includes("node_modules/"));
  const sizes = await packedBytes(root, [".", ...workspaces.map((w) => `./${w}`)]);
  const installedBytes = locations
    .filter((l) => l.includes("node_modules/"))
    .reduce((sum, l) => sum + apparentBytes(join(root, l)), 0);
  return { packages: ["blockwright", ...locations], bytes: sizes.reduce((a, b) => a + b, 0) + installedBytes };
}

/** The sentence the README and the packaging guide print. */
export async function installWeightBlock(root: string): Promise<string> {
  return installWeightSentence(await installWeight(root));
}

/**
 * The figure of issue 32's bar on the pages that print it, measured offline from the packs and the lock file (it needs
 * the build).
 */
export const INSTALL_WEIGHT_BLOCKS: MarkedBlock[] = ["README.md", "docs/guides/packages-and-publishing.md"].map(
  (path) => ({
    path,
    start: "<!-- install-weight: scripts/docs/install-weight.ts (npm run docs writes this block) -->",
    end: "<!-- /install-weight -->",
    render: installWeightBlock,
  }),
);

/** The sentence for a measured weight. */
export function installWeightSentence({ packages, bytes }: InstallWeight): string {
  return (
    `\`npm install -D blockwright\` in an empty folder brings **${packages.length} packages, ` +
    `${Math.round(bytes / 1e6)} MB**: all a project needs to generate, test and publish.`
  );
}
