// Folders a test run makes in the temporary folder, marked with the id of the process that made them, so that the next
// run removes those of a run that was stopped before its teardown. Ctrl-C on `npm test` (SIGINT to Vitest and its
// workers alike) ends Vitest's process without its global teardowns: each such run left its folders, the shared
// Postgres's 115 MB among them, in /dev/shm, which is memory, until the machine restarted.
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { processRuns, procStat } from "../../src/common/compile-cache-bound.js";

/** The file in an owned folder naming the process that made it and its machine (`<pid> <host>`). */
export const OWNER_FILE = ".blockwright-owner";

/**
 * The file in an owned folder naming the processes to stop before it is swept, a line each (`<pid> <start> <signal>`,
 * start as /proc/<pid>/stat gives it, so that a later process given the same id is never signalled): a server started
 * from the folder outlives a run killed outright (SIGKILL: a CI job's time limit, the kernel out of memory), its
 * parent gone, and would run on from a folder swept away.
 */
const STOP_FILE = ".blockwright-stop";

/** How long a process named in STOP_FILE is given to end on its signal before it is killed. */
const STOP_GRACE_MS = 5_000;

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
    stopLeftProcesses(join(parent, name));
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

/**
 * Names `pid`, a process started from `folder` (an owned folder), to be stopped with `signal` by the sweep that
 * removes the folder once its owner has ended. Where the kernel gives no start time (no /proc), it is not named: a
 * process id alone may be another process's by then.
 */
export function stopWithFolder(folder: string, pid: number, signal: NodeJS.Signals): void {
  const start = startTime(pid);
  if (start !== undefined) appendFileSync(join(folder, STOP_FILE), `${pid} ${start} ${signal}\n`);
}

/** The processes STOP_FILE names that still run as the same process: sent their signal, then killed after the grace. */
function stopLeftProcesses(folder: string): void {
  let text: string;
  try {
    text = readFileSync(join(folder, STOP_FILE), "utf8");
  } catch {
    return;
  }
  const left: { pid: number; start: string }[] = [];
  for (const line of text.split("\n")) {
    const [pid, start, signal] = line.split(" ");
    const id = Number(pid);
    if (!Number.isSafeInteger(id) || id <= 0 || !start || startTime(id) !== start) continue;
    if (signalled(id, signal as NodeJS.Signals)) left.push({ pid: id, start });
  }
  const deadline = Date.now() + STOP_GRACE_MS;
  const running = () => left.filter(({ pid, start }) => startTime(pid) === start);
  while (running().length && Date.now() < deadline) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  for (const { pid } of running()) signalled(pid, "SIGKILL");
}

function signalled(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(pid, signal);
    return true;
  } catch {
    // Ended meanwhile, or not ours to signal.
    return false;
  }
}

/**
 * A running process's start time (clock ticks since boot, /proc/<pid>/stat's 22nd field); undefined once it has ended
 * (a zombie too) or where the kernel does not say.
 */
function startTime(pid: number): string | undefined {
  const fields = procStat(pid);
  return fields?.[0] === "Z" ? undefined : fields?.[19];
}
