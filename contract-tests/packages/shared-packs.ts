// Every package folder the packages project's files pack, packed once for the
// run by its global set-up, in one npm process: blockwright itself, the
// packages this repository publishes (the runtime and every generated one),
// and all that blockwright installs with (its lock closure) and the TypeScript
// an `init` project asks for. machine-paths.test.ts reads the tarballs,
// install-weight.test.ts their unpacked sizes, release-path.test.ts puts them
// on the registry. Packed by each file, `.` was packed three times (about 2 s
// of CPU each, its bundles gzipped) and the npm processes started five.
// The packs are kept between runs, in the machine's temporary folder
// (packs-cache.ts): an installed third-party package's (node_modules/…:
// fixtures, not what the files check) while its files keep their modes and
// bytes, this repository's own while every file npm may pack of them keeps its
// bytes. A folder with a node_modules of
// its own (this repository's root) is packed from a copy without it
// (bareCopy): npm reads the whole tree there, for bundled dependencies the
// folder has none of.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { globSync } from "tinyglobby";
import { lockClosure } from "../../scripts/docs/install-weight.js";
import type { Packed } from "./local-registry.js";
import { cachedPacks, packableTop } from "./packs-cache.js";
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

type Manifest = {
  name: string;
  version: string;
  private?: boolean;
  bundleDependencies?: unknown;
  bundledDependencies?: unknown;
};
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
 * A copy in `dest` of what npm may pack of `folder`, when it has a node_modules of its own and bundles none of it (else
 * undefined: packed where it is). npm pack loads a folder's whole installed tree (@npmcli/arborist's loadActual) for
 * its bundled dependencies: 1,212 packages here, 0.6 s of CPU of the 1.8 s `.` cost. What it packs of the rest is the
 * files at the top (package.json, README, LICENSE…) and, with `files`, what `files`, `main`, `browser` and `bin` name
 * (npm-packlist goes into no other top folder): the top folders of those are copied (all but node_modules when `files`
 * is absent or one starts with a glob). The same tarball, byte for byte: docs/contributing/performance.md.
 */
function bareCopy(root: string, folder: string, dest: string): string | undefined {
  const from = join(root, folder);
  const m = manifest(root, folder);
  if (!existsSync(join(from, "node_modules")) || m.bundleDependencies || m.bundledDependencies) return undefined;
  mkdirSync(dest, { recursive: true });
  for (const name of packableTop(root, folder)) cpSync(join(from, name), join(dest, name), { recursive: true });
  return dest;
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
  // All kept: no npm (given no folder, npm pack would pack the one it runs in).
  if (toPack.length === 0) return { dir, packs: [...cache.found.values()] };
  const bare = join(dir, ".bare");
  const paths = toPack.map((f, i) => bareCopy(root, f, join(bare, String(i))) ?? (f === "." ? f : `./${f}`));
  const { stdout } = await runOk(
    "npm",
    ["pack", "--ignore-scripts", "--json", "--pack-destination", dir, ...paths],
    root,
    env,
  ).finally(() => rmSync(bare, { recursive: true, force: true }));
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
