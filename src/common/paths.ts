// Questions about paths on disk that several commands ask: what stands at
// one, where it really leads, whether it lies inside a folder, and whether a
// symbolic link is on the way to it.
import { existsSync, lstatSync, realpathSync, statSync, type Stats } from "node:fs";
import { dirname, isAbsolute, join, relative, sep } from "node:path";

/** What stands at `path`, or undefined when nothing does (also when a part of the path is a file). */
export function statOf(path: string): Stats | undefined {
  return entryAt(path, statSync);
}

/** What stands at `path` itself, a link not followed (lstat), or undefined when nothing does (as statOf). */
export function lstatOf(path: string): Stats | undefined {
  return entryAt(path, lstatSync);
}

function entryAt(path: string, look: (path: string, o: { throwIfNoEntry: false }) => Stats | undefined) {
  try {
    // Not there: undefined without an error made (an error and its stack cost more than the stat; generate asks for
    // every file it writes).
    return look(path, { throwIfNoEntry: false });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    throw e;
  }
}

/** The path with every link resolved, as far as it exists (the rest appended). */
export function realPath(path: string): string {
  if (existsSync(path)) return realpathSync(path);
  const parent = dirname(path);
  return parent === path ? path : join(realPath(parent), relative(parent, path));
}

/** Whether `path` lies inside `folder` (or is it, unless `strictly`). */
export function isInside(folder: string, path: string, strictly = false): boolean {
  const rel = relative(folder, path);
  if (rel === "") return !strictly;
  return rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

/**
 * The first part of `path` (a relative path with `/`, itself included) under
 * `base` that is a symbolic link, relative to `base`; undefined when none is.
 * Writers never write through one (see docs/reference/policies.md): a link in a
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

/** Whether a symbolic link stands at `path` itself. */
export function isLink(path: string): boolean {
  try {
    return lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink() === true;
  } catch {
    return false; // not there (yet): nothing to follow
  }
}
