// Files of a folder: the one walk over it, used for the generated output
// (write.ts, stamp.ts) and for the generation stamp's inputs (stamp.ts); and
// writing one file whole.
import {
  closeSync,
  constants,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { processRuns } from "./compile-cache-bound.js";
import { isLink, linkOnPath, statOf } from "./paths.js";
import { LINKED_FILE } from "./targets.js";

/** The generation stamp, in the output folder (see stamp.ts). */
export const STAMP_FILE = ".blockwright-stamp.json";

// What the output holds that generation does not compare: installs, builds, the stamp.
const NOT_GENERATED = new Set(["node_modules", "dist", STAMP_FILE]);

/**
 * Every file under `dir` (relative paths with `/`, sorted), skipping entries
 * (files or folders) named in `skip`. A symbolic link to a file is listed; a
 * link to a folder is not descended into (a link to `/` or to a parent
 * would make the walk endless), nor is a broken one listed, nor a pipe or
 * device (reading one may never end). Temporary files being written (see
 * writeWhole) are never listed; those whose writer no longer runs go to
 * `leftovers` (their full paths) when it is given.
 */
export function filesUnder(dir: string, skip: ReadonlySet<string>, leftovers?: string[]): string[] {
  if (!statOf(dir)?.isDirectory()) return [];
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      if (skip.has(entry.name)) continue;
      const full = join(d, entry.name);
      if (TEMP_FILE.test(entry.name)) {
        // A file, or a new folder staged whole (StagedWrite): removed with what it holds.
        if (leftovers && (entry.isFile() || entry.isDirectory()) && !writerRuns(entry.name)) leftovers.push(full);
        continue;
      }
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() || (entry.isSymbolicLink() && linksToFile(full)))
        out.push(relative(dir, full).split("\\").join("/"));
    }
  };
  walk(dir);
  return out.sort();
}

function linksToFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false; // broken, or a loop of links
  }
}

/** A file being written (see writeWhole), or a folder (stageFolder): never listed. Its name holds the writer's id. */
export const TEMP_FILE = /^\.blockwright-([0-9]+)-.*\.tmp$/;

/**
 * Whether the process that named a temporary file still runs on this machine. A process killed outright (SIGKILL,
 * the out-of-memory killer, a power loss) removes none of its temporary files, and the next writer has another id:
 * without this they stayed, unlisted, for ever. EPERM: it runs as another user.
 */
function writerRuns(name: string): boolean {
  const pid = Number(TEMP_FILE.exec(name)?.[1]);
  return Number.isSafeInteger(pid) && pid >= 1 && processRuns(pid);
}

/**
 * Write `path` whole: into a temporary file beside it, then renamed over it,
 * so that a reader, or a command stopped midway, never sees half a file
 * (a rename within a folder is atomic).
 */
export function writeWhole(path: string, content: string | Uint8Array): void {
  commitWhole(stageWhole(path, content), path);
}

/**
 * writeWhole's first half: `content` in a temporary file beside `path` (never listed, see TEMP_FILE), whose path it
 * returns; commitWhole renames it into place.
 */
export function stageWhole(path: string, content: string | Uint8Array): string {
  const temp = tempOf(path);
  try {
    // "wx" creates the file anew, never following a link; a leftover of a process killed outright is removed first
    // (only then: removing a file that is not there was a call more for every file written).
    try {
      writeFileSync(temp, content, { flag: "wx" });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      rmSync(temp, { force: true });
      writeFileSync(temp, content, { flag: "wx" });
    }
    return temp;
  } catch (e) {
    rmSync(temp, { force: true });
    throw e;
  }
}

/** The temporary file stageWhole writes for `path`. */
const tempOf = (path: string) => join(dirname(path), `.blockwright-${process.pid}-${basename(path)}.tmp`);

/** The UTF-16 code units encoded at a time (into at most three times as many bytes). */
const ENCODED_UNITS = 1 << 20;

/**
 * stageWhole of a text in parts, each encoded and written as it comes (into one buffer used again), `onBytes` seeing
 * every byte in order (a hash): a large file is never whole in memory, as text or as bytes. Returns the temporary file.
 */
export function stageParts(
  path: string,
  parts: Iterable<string | Uint8Array>,
  onBytes: (bytes: Uint8Array) => void,
): string {
  return writeNew(tempOf(path), parts, onBytes);
}

/**
 * stageParts into `file`, a new file (never through a link, a leftover removed first): what a folder staged whole
 * (stageFolder) holds is written at its place in it. A part given as bytes is written as it is. Returns `file`.
 */
export function writeNew(
  file: string,
  parts: Iterable<string | Uint8Array>,
  onBytes: (bytes: Uint8Array) => void,
): string {
  let fd: number | undefined;
  try {
    fd = openNew(file);
    for (const part of parts) {
      if (typeof part !== "string") {
        onBytes(part);
        writeAll(fd, part);
        continue;
      }
      for (let at = 0; at < part.length; ) {
        let end = Math.min(part.length, at + ENCODED_UNITS);
        // A pair of surrogates is one character: cut between them, each half would be written as U+FFFD.
        const last = part.charCodeAt(end - 1);
        if (end < part.length && last >= 0xd800 && last <= 0xdbff) end--;
        const bytes = encoded(at === 0 && end === part.length ? part : part.slice(at, end));
        onBytes(bytes);
        writeAll(fd, bytes);
        at = end;
      }
    }
    closeSync(fd);
    fd = undefined;
    return file;
  } catch (e) {
    if (fd !== undefined) closeSync(fd);
    rmSync(file, { force: true });
    throw e;
  }
}

function writeAll(fd: number, bytes: Uint8Array): void {
  for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written, bytes.length - written);
}

/** A buffer for the UTF-8 of large parts, made once (the bytes of each are written before the next is encoded). */
let scratch: Buffer | undefined;

/**
 * Bytes writeNew handed to its `onBytes`, to keep past the call: the same bytes, copied only when they are the scratch
 * buffer's (which the next large part overwrites); a small part's bytes are its own.
 */
export function keptBytes(bytes: Uint8Array): Uint8Array {
  return scratch !== undefined && bytes.buffer === scratch.buffer ? Uint8Array.prototype.slice.call(bytes) : bytes;
}

/** A text's UTF-8 (a small one's from Node's pool, a large one's in the scratch buffer). */
function encoded(text: string): Buffer {
  if (text.length < 1 << 16) return Buffer.from(text);
  scratch ??= Buffer.allocUnsafeSlow(ENCODED_UNITS * 3);
  return scratch.subarray(0, scratch.write(text));
}

/** stageWhole of the copy of a file staged already (a package's second entry of the same text): the kernel copies. */
export function stageCopy(path: string, staged: string): string {
  return copyNew(tempOf(path), staged);
}

/** stageCopy into `file`, a new file (as writeNew). Returns `file`. */
export function copyNew(file: string, staged: string): string {
  try {
    try {
      copyFileSync(staged, file, constants.COPYFILE_EXCL);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      rmSync(file, { force: true });
      copyFileSync(staged, file, constants.COPYFILE_EXCL);
    }
    return file;
  } catch (e) {
    rmSync(file, { force: true });
    throw e;
  }
}

/**
 * A folder to come at `path` (which is not there), staged whole beside it (never listed, see TEMP_FILE): its files are
 * written in it at their places, and commitFolder renames it into place, one call for all of them (a package's 20
 * files each staged and renamed cost a new package about 0.25 ms of system CPU more on ext4). Returns the folder.
 */
export function stageFolder(path: string): string {
  const temp = tempOf(path);
  try {
    mkdirSync(temp);
  } catch (e) {
    // A leftover of a process killed outright that had this id.
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    rmSync(temp, { recursive: true, force: true });
    mkdirSync(temp);
  }
  return temp;
}

/**
 * stageFolder's second half: the folder renamed to `path`. When that fails (a folder made there since it was looked
 * at), each file it holds is renamed into place instead, as writeWhole would have; the staged folder goes either way.
 */
export function commitFolder(temp: string, path: string): void {
  try {
    renameSync(temp, path);
    return;
  } catch {
    // Below, file by file.
  }
  try {
    for (const file of filesUnder(temp, new Set())) {
      const target = join(path, file);
      mkdirSync(dirname(target), { recursive: true });
      renameSync(join(temp, file), target);
    }
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/** A new file opened for writing, never through a link (as stageWhole's "wx"), a leftover removed first. */
function openNew(temp: string): number {
  try {
    return openSync(temp, "wx");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    rmSync(temp, { force: true });
    return openSync(temp, "wx");
  }
}

/** Whether two files hold the same bytes, read a block at a time. */
export function sameFiles(a: string, b: string): boolean {
  if (statSync(a).size !== statSync(b).size) return false;
  const fa = openSync(a, "r");
  try {
    const fb = openSync(b, "r");
    try {
      const [ba, bb] = [Buffer.allocUnsafe(1 << 20), Buffer.allocUnsafe(1 << 20)];
      for (;;) {
        const n = readSync(fa, ba, 0, ba.length, null);
        if (readSync(fb, bb, 0, bb.length, null) !== n || !ba.subarray(0, n).equals(bb.subarray(0, n))) return false;
        if (n === 0) return true;
      }
    } finally {
      closeSync(fb);
    }
  } finally {
    closeSync(fa);
  }
}

/** writeWhole's second half: the temporary file stageWhole wrote, renamed over `path`. */
export function commitWhole(temp: string, path: string): void {
  try {
    renameSync(temp, path);
  } catch (e) {
    rmSync(temp, { force: true });
    throw e;
  }
}

/** A write refused because a symbolic link stands where it would write (see docs/reference/policies.md). */
export class LinkRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LinkRefused";
  }
}

/**
 * Write `path` (relative, with `/`) under `base` whole, never through a
 * symbolic link: refused with LinkRefused, naming the link, when the file or
 * a folder on its way under `base` is one (`base`, the folder the user
 * named, may be one). Folders are made as needed. `what` names the writer
 * in the message (`--record`). Returns the file's full path.
 */
export function writeWholeUnder(base: string, path: string, content: string | Uint8Array, what: string): string {
  const link = linkOnPath(base, path);
  if (link)
    throw new LinkRefused(
      `${what}: ${join(base, link)} is a symbolic link: ${path} is never written through a link (replace the ` +
        `link with the file or folder itself)`,
    );
  const full = join(base, path);
  mkdirSync(dirname(full), { recursive: true });
  writeWhole(full, content);
  return full;
}

/**
 * Write a file the user named (`--overlay f`) whole; refused with LinkRefused when it is a symbolic link (the folders
 * on its way are the user's choice).
 */
export function writeNamedFile(path: string, content: string | Uint8Array, what: string): void {
  if (isLink(path)) throw new LinkRefused(`${what}: ${LINKED_FILE}`);
  writeWhole(path, content);
}

/** Every file of an output folder (relative paths, sorted), outside installs, builds and the generation stamp. */
export function listFiles(dir: string, leftovers?: string[]): string[] {
  return filesUnder(dir, NOT_GENERATED, leftovers);
}

/** The folders of `outDir` holding a generated package (a package.json with `blockwright.provider`), sorted. */
export function packageFolders(outDir: string): string[] {
  if (!statOf(outDir)?.isDirectory()) return [];
  return readdirSync(outDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !TEMP_FILE.test(d.name) && providerOf(join(outDir, d.name)) !== undefined)
    .map((d) => d.name)
    .sort();
}

function providerOf(dir: string): string | undefined {
  const file = join(dir, "package.json");
  if (!existsSync(file)) return undefined;
  try {
    const provider = (JSON.parse(readFileSync(file, "utf8")) as { blockwright?: { provider?: unknown } }).blockwright
      ?.provider;
    return typeof provider === "string" ? provider : undefined;
  } catch {
    return undefined;
  }
}
