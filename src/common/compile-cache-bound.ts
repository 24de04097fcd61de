// A compile cache of Node's (NODE_COMPILE_CACHE) kept under a bound: emptied at a run's start when it holds more.
// Node adds an entry per module path and removes none (a module whose text changed has its entry written again in
// place), so commands run in fresh folders add theirs each time: the tests' (vitest.config.ts; their copies of the
// project) and the corpus's (scripts/corpus/steps.ts; a project per document, whose generated packages the commands
// load). The CLI's own (bin/blockwright.js) is a folder of its own per installed copy of the package (below): Node's
// default, the temporary folder's node-compile-cache, is every clone's and every tool's on the machine, keyed by a
// module's path, and grew without bound (60,631 files, 446 MB, where generate's system CPU rose run by run:
// docs/contributing/performance.md, the thirty-fifth round's bars and the thirty-sixth's compile cache).
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import module from "node:module";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";

/**
 * 50,000 modules: a few runs' worth (one whole npm test adds a few thousand), about 250 MB at the tests' 5 KB an entry.
 * Counted, not weighed: a stat of each entry was the tests' global set-up's largest cost (49,852 entries: 0.21 s of
 * CPU, the count 0.03 s; docs/contributing/performance.md, the thirty-seventh round's test CPU).
 */
export const COMPILE_CACHE_ENTRIES = 50_000;

/** Empties `folder` when it holds more than `bound` modules' entries; whether it did. */
export function boundCompileCache(folder: string, bound = COMPILE_CACHE_ENTRIES): boolean {
  return boundCompileCacheEntries(folder, bound);
}

/**
 * The modules the CLI's own compile cache holds at most before it is emptied: the package's own and its
 * dependencies' are about 600 at each of the two sets of V8 flags (generate's, the other commands'), so several times
 * that is a project's generated packages or a Node upgrade's stale folders more.
 */
export const OWN_COMPILE_CACHE_ENTRIES = 5000;

/** The entries of a compile cache: a folder per Node version and V8 flags, an entry per module in each (no stat). */
function entriesUnder(folder: string): number {
  let total = 0;
  try {
    for (const entry of readdirSync(folder, { withFileTypes: true }))
      total += entry.isDirectory() ? readdirSync(join(folder, entry.name)).length : 1;
  } catch {
    // A folder missing (the first run) or going (another run emptying it): nothing to count.
  }
  return total;
}

/**
 * Empties `folder` when it holds more than `bound` entries; whether it did. The folder is moved aside first and the
 * moved copy removed: another run (a second `npm test` on the machine, its commands sharing the tests' cache) may be
 * writing entries into it, and a removal walking the folder itself failed with ENOTEMPTY when one came in behind it;
 * entries written after the move make the folder anew, the other run's to keep.
 */
export function boundCompileCacheEntries(folder: string, bound = OWN_COMPILE_CACHE_ENTRIES): boolean {
  removeLeftovers(folder);
  if (entriesUnder(folder) <= bound) return false;
  const aside = asideName(folder, process.pid, Date.now());
  try {
    renameSync(folder, aside);
  } catch {
    // Gone already (another run moved or emptied it): nothing left to empty.
    return true;
  }
  rmSync(aside, { recursive: true, force: true, maxRetries: 3 });
  return true;
}

/** Where a run (`pid`) moves `folder` aside at `time` to empty it: beside it, named after the run and the time. */
function asideName(folder: string, pid: number, time: number): string {
  return `${folder}.emptied-${pid}-${time}`;
}

/**
 * How long a moved-aside copy is left before a later run may remove it, its run gone: a copy's removal takes seconds,
 * and a run whose process id this machine does not see (another container sharing the folder, whose ids are its own)
 * would have ended it long before.
 */
export const LEFTOVER_AGE_MS = 60 * 60 * 1000;

/**
 * Removes the copies of `folder` a run moved aside and never removed (it ended between the move and the removal: a
 * crash, a kill), each only once its run's process is gone and it is older than LEFTOVER_AGE_MS, so that none a live
 * run is emptying is touched. A copy is claimed first, moved to this run's own name, so that two runs never remove the
 * same one; a run ending while removing it leaves it under its own name, for a later run.
 */
export function removeLeftovers(folder: string, now = Date.now()): void {
  const parent = dirname(folder);
  const prefix = `${basename(folder)}.emptied-`;
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return; // No parent folder yet (the first run): nothing left over.
  }
  for (const name of names) {
    const run = name.startsWith(prefix) ? /^(\d+)-(\d+)$/.exec(name.slice(prefix.length)) : null;
    if (!run || now - Number(run[2]) < LEFTOVER_AGE_MS || processRuns(Number(run[1]))) continue;
    const claimed = asideName(folder, process.pid, now);
    try {
      renameSync(join(parent, name), claimed);
    } catch {
      continue; // Another run claimed it first.
    }
    rmSync(claimed, { recursive: true, force: true, maxRetries: 3 });
  }
}

/**
 * Where the CLI keeps its compile cache, the first Node can use: inside the installed package (its
 * node_modules/.cache, git-ignored in a clone), so that it goes with the copy it serves (an upgrade, `npm ci`, a
 * clone removed) and no other copy's entries are read or kept; where the package cannot be written (an install a
 * user may only read), a folder of the temporary folder's for that copy's path.
 */
export function ownCompileCacheFolders(packageRoot: string): string[] {
  const copy = createHash("sha256").update(packageRoot).digest("hex").slice(0, 16);
  return [
    join(packageRoot, "node_modules", ".cache", "blockwright-compile"),
    join(tmpdir(), "blockwright-compile-cache", copy),
  ];
}

type Enable = (directory: string) => { status: number; directory?: string };
/** Node's compile cache API (Node 22.1 and later: the project's types are Node 20's). */
const nodeModule = module as unknown as {
  enableCompileCache?: Enable;
  constants?: { compileCacheStatus?: { ENABLED: number } };
};
/** compileCacheStatus.ENABLED (1 in every Node that has it). */
const ENABLED = nodeModule.constants?.compileCacheStatus?.ENABLED ?? 1;

/**
 * Turns on Node's compile cache for this process in the CLI's own folder (ownCompileCacheFolders), kept under its
 * bound; the folder, or undefined when it is not turned on here: a user's NODE_COMPILE_CACHE (Node turned it on at
 * the start, in that folder) or NODE_DISABLE_COMPILE_CACHE, a Node without the cache, or no folder it could use.
 */
export function enableOwnCompileCache(
  packageRoot: string,
  env: NodeJS.ProcessEnv = process.env,
  enable: Enable | undefined = nodeModule.enableCompileCache?.bind(module),
): string | undefined {
  if (!enable || env.NODE_COMPILE_CACHE || env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  for (const folder of ownCompileCacheFolders(packageRoot)) {
    boundCompileCacheEntries(folder);
    const result = enable(folder);
    if (result.status === ENABLED) return result.directory ?? folder;
  }
  return undefined;
}

/**
 * Whether process `pid` runs on this machine, as far as this process can tell: only "no such process" (ESRCH) says it
 * has ended; one this process may not signal (EPERM: another user's) runs. Every place that removes what an ended
 * process left (a temporary file named by it, a lock or a folder marked with it) asks this. Here rather than in
 * files.ts: the command's start loads this module before its compile cache is on, and it imports nothing of ours.
 * A zombie (ended, not yet reaped by a parent that does not wait: a serve killed under such a supervisor) still takes
 * a signal, and has ended: on Linux its state in /proc says so.
 */
export function processRuns(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code !== "ESRCH";
  }
  return !isZombie(pid);
}

/** Whether `pid` is a zombie, where /proc tells; elsewhere, not known. */
function isZombie(pid: number): boolean {
  return procStat(pid)?.[0] === "Z";
}

/**
 * The fields of /proc/<pid>/stat after the command's name (which may hold spaces and parentheses), its third field
 * (the state) first; undefined where the process has ended or the kernel does not say (no /proc).
 */
export function procStat(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}
