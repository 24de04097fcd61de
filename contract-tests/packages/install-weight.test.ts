// What `npm install -D blockwright` costs a project (issue 21: at most 120
// packages and 60 MB for a project that generates, tests and publishes):
// blockwright's own packed files, and every package its dependencies bring,
// as this repository's lock file resolves them (optional peers, which npm
// does not install, left out), at their size on disk here. No registry is
// asked: this guards the figure in every run; docs/guides/packages-and-
// publishing.md gives it as measured from a registry.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../test-support/repo.js";
import { apparentBytes } from "./disk-usage.js";
import { runOk } from "./processes.js";

const MAX_PACKAGES = 120;
const MAX_BYTES = 60_000_000;

interface LockEntry {
  link?: boolean;
  resolved?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}
const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")) as { packages: Record<string, LockEntry> };

/** Where npm finds `name` from the package at `from` (a lock file location): its own node_modules, then each parent's. */
function locate(from: string, name: string): string | undefined {
  for (let dir = from; ; dir = dir.includes("/node_modules/") ? dir.slice(0, dir.lastIndexOf("/node_modules/")) : "") {
    const candidate = `${dir ? `${dir}/` : ""}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!dir) return undefined;
  }
}

/** What npm installs for the package at `location`: its dependencies and optional ones, and its peers but the optional. */
function installed(location: string, entry: LockEntry): string[] {
  const optionalPeers = Object.entries(entry.peerDependenciesMeta ?? {}).filter(([, meta]) => meta.optional);
  const peers = Object.keys(entry.peerDependencies ?? {}).filter((name) => !optionalPeers.some(([peer]) => peer === name));
  return [...Object.keys(entry.dependencies ?? {}), ...Object.keys(entry.optionalDependencies ?? {}), ...peers].map((name) => {
    const found = locate(location, name);
    if (!found) throw new Error(`${location || "the root package"} needs ${name}, which the lock file does not hold`);
    return found;
  });
}

/** Every package a user's install of blockwright brings, by lock file location (a workspace as its folder). */
function closure(): Set<string> {
  const seen = new Set<string>();
  const visit = (location: string) => {
    const entry = lock.packages[location]!;
    // A workspace (the runtime) is a link to its folder, which is what npm publishes.
    const target = entry.link && entry.resolved !== undefined ? entry.resolved : location;
    if (seen.has(target)) return;
    seen.add(target);
    for (const next of installed(location, lock.packages[target]!)) visit(next);
  };
  for (const next of installed("", lock.packages[""]!)) visit(next);
  return seen;
}

const packedBytes = async (dir: string) => (JSON.parse((await runOk("npm", ["pack", "--dry-run", "--json", "--ignore-scripts", dir], ROOT)).stdout) as { unpackedSize: number }[])[0]!.unpackedSize;

let packages: string[];
let bytes: number;
beforeAll(async () => {
  const locations = [...closure()];
  const workspaces = locations.filter((l) => !l.includes("node_modules/"));
  const sizes = await Promise.all([packedBytes("."), ...workspaces.map((w) => packedBytes(`./${w}`))]);
  packages = ["blockwright", ...locations];
  bytes = sizes.reduce((a, b) => a + b, 0) + locations.filter((l) => l.includes("node_modules/")).reduce((sum, l) => sum + apparentBytes(join(ROOT, l)), 0);
});

describe("the install of blockwright", () => {
  it(`is at most ${MAX_PACKAGES} packages and ${MAX_BYTES / 1e6} MB`, () => {
    process.stdout.write(`[packages] npm install -D blockwright, from the lock file: ${packages.length} packages, ${(bytes / 1e6).toFixed(1)} MB\n`);
    expect(packages.length).toBeLessThanOrEqual(MAX_PACKAGES);
    expect(bytes).toBeLessThanOrEqual(MAX_BYTES);
  });

  it("brings no package that only the build or one optional command needs", () => {
    const names = packages.map((l) => l.slice(l.lastIndexOf("node_modules/") + "node_modules/".length));
    // Bundled into dist/vendor/ (Prism, Handlebars' runtime), an optional peer (the MCP SDK), or build-only (the template compiler).
    for (const name of ["@stoplight/prism-http", "@stoplight/prism-http-server", "@stoplight/prism-core", "@faker-js/faker", "postman-collection", "handlebars", "@modelcontextprotocol/sdk"]) {
      expect(names).not.toContain(name);
    }
  });
});
