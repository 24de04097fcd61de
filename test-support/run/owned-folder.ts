// Folders a test run makes in the temporary folder, marked with the id of the process that made them, so that the next
// run removes those of a run that was stopped before its teardown. Ctrl-C on `npm test` (SIGINT to Vitest and its
// workers alike) ends Vitest's process without its global teardowns: each such run left its folders, the shared
// Postgres's 115 MB among them, in /dev/shm, which is memory, until the machine restarted.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { processRuns } from "../../src/common/compile-cache-bound.js";

/** The file in an owned folder naming the process that made it and its machine (`<pid> <host>`). */
export const OWNER_FILE = ".blockwright-owner";

/** The prefixes of the folders the test set-ups make in the temporary folder (each made by ownedFolder). */
const OWNED_PREFIXES = ["blockwright-", "zq-owner-only-"];

/**
 * A new folder `prefix` + six characters in `parent` (mkdtemp's), marked as this process's on this machine: removed by
 * a later run's sweep once this process has ended.
 */
export function ownedFolder(parent: string, prefix: string): string {
  const folder = mkdtempSync(join(parent, prefix));
  writeFileSync(join(folder, OWNER_FILE), `${process.pid} ${hostname()}\n`);
  return folder;
}

/**
 * Removes the folders in `parent` that name an owner on this machine no longer running; a folder with no owner file,
 * one naming a process that runs (this one, another run's, another user's), or one of another machine (a temporary
 * folder shared with a container, whose process ids are not this machine's: as the SQLite hold's mark), is left as
 * it is. The names of those removed.
 */
export function sweepOrphanedFolders(parent: string): string[] {
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!OWNED_PREFIXES.some((prefix) => name.startsWith(prefix))) continue;
    const owner = ownerOf(join(parent, name));
    if (owner === undefined || processRuns(owner)) continue;
    // Not removed: another user's, or removed meanwhile by another run's sweep; not this run's to clean.
    if (removeOwnedFolder(join(parent, name))) removed.push(name);
  }
  return removed;
}

/**
 * Removes an owned folder, its mark last: where something in it cannot be removed (a process still writing there,
 * another user's file), the folder keeps its mark for a later sweep rather than stay unmarked for good. Whether it is
 * gone.
 */
export function removeOwnedFolder(folder: string): boolean {
  try {
    for (const name of readdirSync(folder))
      if (name !== OWNER_FILE) rmSync(join(folder, name), { recursive: true, force: true });
    rmSync(folder, { recursive: true, force: true });
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "ENOENT";
  }
}

/** The process id an owned folder names, if it names one of this machine's. */
function ownerOf(folder: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(join(folder, OWNER_FILE), "utf8");
  } catch {
    return undefined;
  }
  const mark = /^(\d+) (\S+)\n?$/.exec(text);
  const pid = Number(mark?.[1]);
  return mark?.[2] === hostname() && Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
}
