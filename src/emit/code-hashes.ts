// The hashes of a folder's code files (the generator's, the runtime's) for the
// stamp's input hash: from the code manifest the build wrote beside the code
// (scripts/build/code-hashes.mjs) while it still describes what is on disk,
// else read and hashed file by file. Reading and hashing the generator's 4 MB
// and the runtime's 1 MB took about 35 ms of CPU in each `generate` process
// (the five seed providers' whole run: 0.6 s); looking at the folders' and
// files' sizes and times takes a few.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { sha256 } from "../common/hash.js";
import { filesUnder, TEMP_FILE } from "../common/files.js";

/** What is code: the manifest records these patterns and is refused when they differ. */
const CODE = "\\.(js|ts)$";
const NOT_CODE = "\\.test\\.ts$|\\.d\\.ts$";
const codeFile = new RegExp(CODE);
const notCodeFile = new RegExp(NOT_CODE);
const NOT_INPUTS = new Set(["node_modules"]);

interface CodeManifest {
  code: string;
  notCode: string;
  folders: string[];
  /** Path under the root → [size in bytes, SHA-256 in hex]. */
  files: Record<string, [number, string]>;
}

/**
 * Every code file under `root` that `wanted` keeps (paths relative to it, with `/`, sorted as filesUnder sorts) and
 * the SHA-256 of its bytes.
 */
export function codeHashes(
  root: string,
  manifestFile: string,
  wanted: (file: string) => boolean = () => true,
): Array<[string, string]> {
  return (
    manifestHashes(root, manifestFile, wanted) ??
    filesUnder(root, NOT_INPUTS)
      .filter((file) => isCode(file) && wanted(file))
      .map((file) => [file, sha256(readFileSync(join(root, file)))])
  );
}

/** fromManifest's answer; undefined too for a manifest of another shape (cut short, edited): it is not the build's. */
function manifestHashes(
  root: string,
  manifestFile: string,
  wanted: (file: string) => boolean,
): Array<[string, string]> | undefined {
  try {
    return fromManifest(root, manifestFile, wanted);
  } catch {
    return undefined;
  }
}

function isCode(file: string): boolean {
  return codeFile.test(file) && !notCodeFile.test(file);
}

/**
 * The manifest's hashes, or undefined unless it still describes the folder as a walk would find it. A listed file or
 * folder that is gone is left out, as the walk leaves it out (an installed runtime has no sources). A file is as
 * recorded when its size is and it was not changed after the manifest was written; a folder holds nothing unlisted
 * when it was not changed after either (a file added, removed or renamed changes its folder's mtime), or else when
 * its listing says so (an install makes its folders after the packer's time its files carry). The manifest's own
 * mtime is the mark: an installed package's files all carry the packer's one time, a build writes the manifest last.
 */
function fromManifest(
  root: string,
  manifestFile: string,
  wanted: (file: string) => boolean,
): Array<[string, string]> | undefined {
  // None (run from sources, or built before manifests): undefined. Unreadable: manifestHashes' catch.
  const written = statSync(manifestFile, { throwIfNoEntry: false })?.mtimeMs;
  if (written === undefined) return undefined;
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as CodeManifest;
  if (manifest.code !== CODE || manifest.notCode !== NOT_CODE) return undefined;
  const folders = new Set(manifest.folders);
  for (const folder of manifest.folders) {
    const stat = statSync(join(root, folder), { throwIfNoEntry: false });
    if (!stat) continue;
    if (!stat.isDirectory()) return undefined;
    if (stat.mtimeMs > written && !onlyListed(root, folder, folders, manifest.files)) return undefined;
  }
  const out: Array<[string, string]> = [];
  for (const file of Object.keys(manifest.files).sort()) {
    if (!wanted(file) || !isCode(file)) continue;
    const [size, hash] = manifest.files[file] as [number, string];
    if (typeof hash !== "string") return undefined;
    const stat = statSync(join(root, file), { throwIfNoEntry: false });
    if (!stat) continue;
    if (!stat.isFile() || stat.size !== size || stat.mtimeMs > written) return undefined;
    out.push([file, hash]);
  }
  return out;
}

/** Whether every folder and code file in `folder` is one the manifest lists. */
function onlyListed(
  root: string,
  folder: string,
  folders: ReadonlySet<string>,
  files: Record<string, unknown>,
): boolean {
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
    if (NOT_INPUTS.has(entry.name) || TEMP_FILE.test(entry.name)) continue;
    const path = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory() ? !folders.has(path) : isCode(path) && !Object.hasOwn(files, path)) return false;
  }
  return true;
}
