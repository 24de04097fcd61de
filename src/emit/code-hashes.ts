// The hashes of a folder's code files (the generator's, the runtime's) for the
// stamp's input hash: from the code manifest the build wrote beside the code
// (scripts/build/code-hashes.mjs) while it still describes what is on disk,
// else read and hashed file by file. Reading and hashing the generator's 4 MB
// and the runtime's 1 MB took about 35 ms of CPU in each `generate` process
// (the five seed providers' whole run: 0.6 s); looking at the folders' and
// files' sizes and times takes a few.
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { sha256 } from "../common/hash.js";
import { filesUnder } from "../common/files.js";

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
    fromManifest(root, manifestFile, wanted) ??
    filesUnder(root, NOT_INPUTS)
      .filter((file) => isCode(file) && wanted(file))
      .map((file) => [file, sha256(readFileSync(join(root, file)))])
  );
}

function isCode(file: string): boolean {
  return codeFile.test(file) && !notCodeFile.test(file);
}

/**
 * The manifest's hashes, or undefined unless it still describes the folder: every folder it lists is there and was
 * not changed after the manifest was written (a file added, removed or renamed changes its folder's mtime), and every
 * file it lists is there, of the recorded size, not changed after it either. The manifest's own mtime is the mark:
 * an installed package's files all carry the packer's one time, a build writes the manifest last.
 */
function fromManifest(
  root: string,
  manifestFile: string,
  wanted: (file: string) => boolean,
): Array<[string, string]> | undefined {
  let manifest: CodeManifest;
  let written: number;
  try {
    written = statSync(manifestFile).mtimeMs;
    manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as CodeManifest;
  } catch {
    return undefined; // none (run from sources, or built before manifests), or unreadable
  }
  if (manifest.code !== CODE || manifest.notCode !== NOT_CODE) return undefined;
  const unchanged = (path: string, folder: boolean, size?: number) => {
    const stat = statSync(join(root, path), { throwIfNoEntry: false });
    if (!stat || stat.mtimeMs > written) return false;
    return folder ? stat.isDirectory() : stat.isFile() && stat.size === size;
  };
  if (!manifest.folders.every((folder) => unchanged(folder, true))) return undefined;
  const out: Array<[string, string]> = [];
  for (const file of Object.keys(manifest.files).sort()) {
    if (!wanted(file) || !isCode(file)) continue;
    const [size, hash] = manifest.files[file] as [number, string];
    if (!unchanged(file, false, size)) return undefined;
    out.push([file, hash]);
  }
  return out;
}
