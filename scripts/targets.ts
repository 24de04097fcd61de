// Where a command is asked to write (init's folder, generate's --out, run
// --json, test --output): refused at once, with the reason, when nothing
// could be written there. Without this a folder under /proc made Node's
// recursive mkdir retry forever (mkdir answers ENOENT there although the
// parent exists), and other cases failed midway with a bare system error.
import { accessSync, constants, lstatSync, statfsSync, statSync, type Stats } from "node:fs";
import { dirname, join } from "node:path";

/** Filesystems of the kernel's own (statfs magic numbers): nothing a command makes belongs there. */
const VIRTUAL_FILESYSTEMS = new Map<number, string>([
  [0x9fa0, "proc"],
  [0x62656572, "sysfs"],
  [0x1cd1, "devpts"],
  [0x27e0eb, "cgroup"],
  [0x63677270, "cgroup2"],
  [0x64626720, "debugfs"],
  [0x74726163, "tracefs"],
  [0x73636673, "securityfs"],
  [0xcafe4a11, "bpf"],
  [0x62656570, "configfs"],
  [0x6165676c, "pstore"],
  [0xde5e81e4, "efivarfs"],
]);

/** What stands at `path`, or undefined when nothing does (also when a part of the path is a file). */
export function statOf(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    throw e;
  }
}

/**
 * Why a folder (existing or to be made) cannot take files, if it cannot:
 * a file stands at it or at one of its parents, it lies on a virtual
 * filesystem of the kernel, or its nearest existing folder is not writable.
 */
export function unsuitableFolder(path: string): string | undefined {
  let existing = path;
  for (;;) {
    const stat = statOf(existing);
    if (stat) {
      if (!stat.isDirectory()) return existing === path ? "is a file, not a folder" : `cannot be made: ${existing} is a file`;
      break;
    }
    if (dirname(existing) === existing) return "cannot be made: no parent folder exists";
    existing = dirname(existing);
  }
  const kernel = VIRTUAL_FILESYSTEMS.get(Number(statfsSync(existing).type));
  if (kernel) return `is on ${kernel}, a virtual filesystem of the kernel (${existing}), where no project files can be written`;
  try {
    accessSync(existing, constants.W_OK);
  } catch {
    return `cannot be written: ${existing} is not writable`;
  }
  return undefined;
}

/** Why a file (existing or to be made) cannot be written, if it cannot: a folder stands at it, or its folder is unsuitable. */
export function unsuitableFile(path: string): string | undefined {
  if (statOf(path)?.isDirectory()) return "is a folder, not a file";
  const folder = unsuitableFolder(dirname(path));
  return folder === undefined ? undefined : `cannot be written there: ${dirname(path)} ${folder}`;
}

/**
 * The first part of `path` (a relative path with `/`, itself included) under
 * `base` that is a symbolic link, relative to `base`; undefined when none is.
 * Writers never write through one (see README › Policies): a link in a
 * generated folder would send a write, or a removal, anywhere on the disk.
 * `seen` caches the answer for folders shared by many paths.
 */
export function linkOnPath(base: string, path: string, seen = new Map<string, boolean>()): string | undefined {
  const parts = path.split("/");
  for (let i = 1; i <= parts.length; i++) {
    const prefix = parts.slice(0, i).join("/");
    let link = seen.get(prefix);
    if (link === undefined) {
      link = isLink(join(base, prefix));
      seen.set(prefix, link);
    }
    if (link) return prefix;
  }
  return undefined;
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false; // not there (yet): nothing to follow
  }
}
