// Where a command is asked to write (init's folder, generate's --out, run
// --json, test --output): refused at once, with the reason, when nothing
// could be written there. Without this a folder under /proc made Node's
// recursive mkdir retry forever (mkdir answers ENOENT there although the
// parent exists), and other cases failed midway with a bare system error.
import { accessSync, constants, statfsSync } from "node:fs";
import { dirname } from "node:path";
import { isLink, statOf } from "./paths.js";

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

/** Why a file the user named is not written: a link would send the write anywhere (see writeNamedFile). */
export const LINKED_FILE = "is a symbolic link, never written through (remove the link, or name another file)";

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
      if (!stat.isDirectory())
        return existing === path ? "is a file, not a folder" : `cannot be made: ${existing} is a file`;
      break;
    }
    if (dirname(existing) === existing) return "cannot be made: no parent folder exists";
    existing = dirname(existing);
  }
  const kernel = VIRTUAL_FILESYSTEMS.get(Number(statfsSync(existing).type));
  if (kernel)
    return `is on ${kernel}, a virtual filesystem of the kernel (${existing}), where no project files can be written`;
  try {
    accessSync(existing, constants.W_OK);
  } catch {
    return `cannot be written: ${existing} is not writable`;
  }
  return undefined;
}

/**
 * Why a file (existing or to be made) cannot be written, if it cannot: a symbolic link or a folder stands at it, or its
 * folder is unsuitable.
 */
export function unsuitableFile(path: string): string | undefined {
  if (isLink(path)) return LINKED_FILE;
  if (statOf(path)?.isDirectory()) return "is a folder, not a file";
  const folder = unsuitableFolder(dirname(path));
  return folder === undefined ? undefined : `cannot be written there: ${dirname(path)} ${folder}`;
}
