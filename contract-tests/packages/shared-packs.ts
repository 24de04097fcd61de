// Every package folder the packages project's files pack, packed once for the
// run by its global set-up, in one npm process: blockwright itself, the
// packages this repository publishes (the runtime and every generated one),
// and all that blockwright installs with (its lock closure) and the TypeScript
// an `init` project asks for. machine-paths.test.ts reads the tarballs,
// install-weight.test.ts their unpacked sizes, release-path.test.ts puts them
// on the registry. Packed by each file, `.` was packed three times (about 2 s
// of CPU each, its bundles gzipped) and the npm processes started five.
// The packs of installed third-party packages (node_modules/…: fixtures, not
// what the files check) are kept between runs (packs-cache.ts); this
// repository's own are packed anew every run.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { globSync } from "tinyglobby";
import { lockClosure } from "../../scripts/docs/install-weight.js";
import type { Packed } from "./local-registry.js";
import { cachedPacks } from "./packs-cache.js";
import { runOk } from "./processes.js";

/**
 * A tarball of the shared packs: what `npm pack --json` says of it, and the folder (from the root, `.` for blockwright)
 * it was packed from.
 */
export interface SharedPack extends Packed {
  folder: string;
  unpackedSize: number;
}

/** The tarballs, in `dir`. */
export interface SharedPacks {
  dir: string;
  packs: SharedPack[];
}

type Manifest = { name: string; version: string; private?: boolean };
const manifest = (root: string, folder: string) =>
  JSON.parse(readFileSync(join(root, folder, "package.json"), "utf8")) as Manifest;

/** The package folders npm would publish: the repository's own and its workspaces' (the private ones left out). */
export function publishedFolders(root: string): string[] {
  const { workspaces } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { workspaces: string[] };
  const folders = globSync(workspaces, { cwd: root, onlyDirectories: true, expandDirectories: false }).map((f) =>
    f.replace(/\/$/, ""),
  );
  return [".", ...folders.filter((f) => !manifest(root, f).private).sort()];
}

/**
 * blockwright's folder and those of everything its install brings (by its lock file), and the TypeScript a project made
 * by init asks for.
 */
export function blockwrightInstall(root: string): string[] {
  return [".", ...lockClosure(root), "node_modules/typescript"];
}

/**
 * Pack `folders` (and the shared ones) into `dir` in one npm process, each name and version once; no lifecycle script
 * runs (the build is made).
 */
export async function packShared(
  root: string,
  dir: string,
  folders: readonly string[],
  env: Record<string, string>,
): Promise<SharedPacks> {
  const byVersion = new Map<string, string>();
  for (const folder of [...folders, ...publishedFolders(root), ...blockwrightInstall(root)]) {
    const { name, version } = manifest(root, folder);
    if (!byVersion.has(`${name}@${version}`)) byVersion.set(`${name}@${version}`, folder);
  }
  const unique = [...byVersion.values()];
  const cache = cachedPacks(root, dir, unique);
  const toPack = unique.filter((f) => !cache.found.has(f));
  const { stdout } = await runOk(
    "npm",
    ["pack", "--ignore-scripts", "--json", "--pack-destination", dir, ...toPack.map((f) => (f === "." ? f : `./${f}`))],
    root,
    env,
  );
  const packed = JSON.parse(stdout) as (Packed & { unpackedSize: number })[];
  const folderOf = new Map(toPack.map((f) => [`${manifest(root, f).name}@${manifest(root, f).version}`, f]));
  const packs = packed.map((p) => {
    const folder = folderOf.get(`${p.name}@${p.version}`);
    if (folder === undefined) throw new Error(`npm pack packed ${p.name}@${p.version}, from no folder it was given`);
    return { ...p, folder };
  });
  if (packs.length !== toPack.length)
    throw new Error(`npm pack reported ${packs.length} packs for ${toPack.length} folders`);
  cache.keep(packs);
  return { dir, packs: [...packs, ...cache.found.values()] };
}

/** The shared packs of `folders`, in their order; a folder that was not packed is an error. */
export function packsOf(shared: SharedPacks, root: string, folders: readonly string[]): SharedPack[] {
  return folders.map((folder) => {
    const { name, version } = manifest(root, folder);
    const pack = shared.packs.find((p) => p.name === name && p.version === version);
    if (!pack)
      throw new Error(
        `${folder} (${name}@${version}) is not among the packages project's shared packs (shared-packs.ts)`,
      );
    return pack;
  });
}
