// A compile cache of Node's (NODE_COMPILE_CACHE) kept under a bound: emptied at a run's start when it holds more.
// Node adds an entry per module path and removes none, so commands run in fresh folders add theirs each time: the
// tests' (vitest.config.ts; their copies of the project) and the corpus's (scripts/corpus/steps.ts; a project per
// document, whose generated packages the commands load).
import { readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";

/** 256 MiB: a few runs' worth (one whole npm test adds tens of megabytes). */
export const COMPILE_CACHE_BOUND = 256 * 1024 ** 2;

/** The bytes of the files under `folder` (0 when it is missing). */
function bytesUnder(folder: string): number {
  let total = 0;
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) total += bytesUnder(path);
    else if (entry.isFile()) total += statSync(path, { throwIfNoEntry: false })?.size ?? 0;
  }
  return total;
}

/** Empties `folder` when it holds more than `bound` bytes; whether it did. */
export function boundCompileCache(folder: string, bound = COMPILE_CACHE_BOUND): boolean {
  if (bytesUnder(folder) <= bound) return false;
  rmSync(folder, { recursive: true, force: true });
  return true;
}
