// The packs the packages project's set-up makes, kept between runs in the
// machine's temporary folder (blockwright-test-packs/, beside the tests' compile
// cache), outside node_modules/: `npm ci` and a fresh clone keep them. Installed
// third-party packages (node_modules/…) are fixtures, not what the files check,
// and npm packed the same 40 folders every run (TypeScript's 4.4 MB among them:
// about 3 s of the set-up's 5.5 s of npm pack): such a pack is reused while its
// folder's files have the same paths, modes and bytes (an install of another
// version or an edit there packs it anew; `npm ci`, which rewrites every file's
// times with the same bytes, does not), as npm packed it. This repository's own
// folders (`.`, the runtime, the providers: what the files check) are reused only
// while every file npm may pack of them has the same bytes, under the same npm
// and Node.js (their build rewrites dist/vendor/ each time, with the same bytes),
// the last few kept a folder (checkouts of several branches share the folder):
// about 2 s of npm's CPU a run where none changed, and the same tarball.
import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import type { Packed } from "./local-registry.js";

type Pack = Packed & { folder: string; unpackedSize: number };

/** Unused this long, a kept pack is removed. */
const KEPT_MS = 7 * 24 * 3600 * 1000;
/** The packs kept of one of this repository's own folders: the last used. */
const OWN_KEPT = 4;

/** Where the packs are kept: the machine's temporary folder, which `npm ci` and a fresh clone leave as it is. */
export const PACKS_CACHE = join(tmpdir(), "blockwright-test-packs");

/**
 * The key of a third-party folder's pack: its name, npm's and Node.js's versions, and every file under it with its
 * mode and bytes (not its times: `npm ci` writes the same bytes at new times).
 */
function contentKey(root: string, folder: string): string {
  const hash = createHash("sha256").update(`third-party 2\n${folder}\n${npmVersion()}\n${process.version}\n`);
  const walk = (dir: string, rel: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path, `${rel}${e.name}/`);
      else if (e.isSymbolicLink()) hash.update(`${rel}${e.name}\0->${readlinkSync(path)}\n`);
      else {
        const bytes = readFileSync(path);
        hash
          .update(`${rel}${e.name}\0${statSync(path).mode & 0o777}\0${bytes.length}\0`)
          .update(bytes)
          .update("\n");
      }
    }
  };
  walk(join(root, folder), "");
  return hash.digest("hex").slice(0, 40);
}

type Manifest = { files?: string[]; main?: string; browser?: string | Record<string, unknown>; bin?: unknown };

/**
 * The entries at the top of `folder` npm may pack: its files, and its folders but node_modules and .git; with `files`
 * in package.json, only the folders that `files`, `main`, `browser` and `bin` name (npm-packlist goes into no other
 * top folder), unless one of those starts with a glob.
 */
export function packableTop(root: string, folder: string): string[] {
  const from = join(root, folder);
  const m = JSON.parse(readFileSync(join(from, "package.json"), "utf8")) as Manifest;
  const named = [
    ...(m.files ?? []),
    ...[m.main, ...(typeof m.browser === "object" ? Object.values(m.browser) : [m.browser])],
    ...(typeof m.bin === "string" ? [m.bin] : Object.values(m.bin ?? {})),
  ]
    .filter((p): p is string => typeof p === "string")
    .map(
      (p) =>
        p
          .replace(/^!+/, "")
          .replace(/^(\.?\/)+/, "")
          .split("/")[0] as string,
    );
  const everything = !m.files || named.some((segment) => /[*?[\]{}()!+@]/.test(segment));
  return readdirSync(from, { withFileTypes: true })
    .filter((e) => e.name !== "node_modules" && e.name !== ".git")
    .filter((e) => e.isFile() || everything || named.includes(e.name))
    .map((e) => e.name)
    .sort();
}

let npmOnPath: string | undefined;
/** The npm on the PATH (its package.json's version), as the set-up runs it. */
function npmVersion(): string {
  npmOnPath ??= findNpmVersion();
  return npmOnPath;
}

function findNpmVersion(): string {
  for (const dir of (process.env.PATH ?? "").split(delimiter).filter(Boolean)) {
    try {
      let at = dirname(realpathSync(join(dir, "npm")));
      for (let up = 0; up < 4; up++, at = dirname(at)) {
        const m = JSON.parse(readFileSync(join(at, "package.json"), "utf8")) as { name?: string; version?: string };
        if (m.name === "npm") return String(m.version);
      }
    } catch {
      // not here: the next folder of the PATH
    }
  }
  return "unknown";
}

/**
 * The key of one of this repository's own folders' pack: the npm and Node.js that pack it, the root's ignore files, and
 * the bytes of every file under what npm may pack of it (packableTop).
 */
function bytesKey(root: string, folder: string): string {
  const hash = createHash("sha256").update(`own 1\n${folder}\n${npmVersion()}\n${process.version}\n`);
  for (const ignore of [".gitignore", ".npmignore"]) {
    const path = join(root, ignore);
    hash.update(`${ignore}\0${existsSync(path) ? readFileSync(path, "utf8") : "(none)"}\n`);
  }
  // A link by where it points (not followed: no loop, and its target is hashed where it is packed, if it is).
  const walk = (path: string, rel: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) hash.update(`${rel}\0->${readlinkSync(path)}\n`);
    else if (stat.isDirectory()) {
      for (const name of readdirSync(path).sort())
        if (name !== "node_modules") walk(join(path, name), `${rel}/${name}`);
    } else hash.update(`${rel}\0${stat.size}\0`).update(readFileSync(path)).update("\n");
  };
  for (const name of packableTop(root, folder)) walk(join(root, folder, name), name);
  return hash.digest("hex").slice(0, 40);
}

/** The start of the names of one of this repository's own folders' kept packs (one kept a folder: the last made). */
const ownPrefix = (folder: string) => `own-${createHash("sha256").update(folder).digest("hex").slice(0, 16)}-`;

/**
 * An own folder's packs but the OWN_KEPT last used go (a run copying one then finds none, and packs the folder itself);
 * another run's file being written stays (a week-old one goes with the others).
 */
function keepLastOwn(cache: string, prefix: string): void {
  const packs = readdirSync(cache)
    .filter((name) => name.startsWith(prefix) && name.endsWith(".json"))
    .map((name) => ({ key: name.slice(0, -".json".length), used: statSync(join(cache, name)).mtimeMs }))
    .sort((a, b) => b.used - a.used);
  for (const { key } of packs.slice(OWN_KEPT))
    for (const ext of [".json", ".tgz"]) rmSync(join(cache, `${key}${ext}`), { force: true });
}

/**
 * An installed package's own folder: in a node_modules/ (the root's, or one nested under a package) and no link on the
 * way (a workspace's link is this repository's code).
 */
function thirdParty(root: string, folder: string): boolean {
  return /(^|\/)node_modules\//.test(folder) && realpathSync(join(root, folder)) === join(realpathSync(root), folder);
}

/**
 * The kept packs of `folders` that are current, copied into `dir` (`found`, by folder), and `keep`, which keeps those
 * among the packs just made.
 */
export function cachedPacks(
  root: string,
  dir: string,
  folders: readonly string[],
  cache = PACKS_CACHE,
): { found: Map<string, Pack>; keep(packs: readonly Pack[]): void } {
  mkdirSync(cache, { recursive: true });
  // The name each folder's pack is kept under: its key, after its folder's prefix for an own folder's.
  const names = new Map(
    folders.map((f) => [f, thirdParty(root, f) ? contentKey(root, f) : `${ownPrefix(f)}${bytesKey(root, f)}`]),
  );
  const found = new Map<string, Pack>();
  const now = new Date();
  for (const [folder, name] of names) {
    let pack: Pack;
    try {
      pack = { ...(JSON.parse(readFileSync(join(cache, `${name}.json`), "utf8")) as Pack), folder };
      copyFileSync(join(cache, `${name}.tgz`), join(dir, pack.filename));
    } catch {
      continue; // not kept (or half removed): packed again
    }
    for (const ext of [".json", ".tgz"]) utimesSync(join(cache, `${name}${ext}`), now, now);
    found.set(folder, pack);
  }
  for (const name of readdirSync(cache)) {
    const stat = statSync(join(cache, name), { throwIfNoEntry: false });
    if (stat && now.getTime() - stat.mtimeMs > KEPT_MS) rmSync(join(cache, name), { force: true });
  }
  return {
    found,
    keep(packs) {
      for (const pack of packs) {
        const name = names.get(pack.folder);
        if (name === undefined) continue;
        // Written beside and renamed: another run reading the cache sees a whole file or none.
        const part = join(cache, `${name}.${process.pid}.part`);
        copyFileSync(join(dir, pack.filename), part);
        renameSync(part, join(cache, `${name}.tgz`));
        writeFileSync(part, JSON.stringify(pack));
        renameSync(part, join(cache, `${name}.json`));
        if (!thirdParty(root, pack.folder)) keepLastOwn(cache, ownPrefix(pack.folder));
      }
    },
  };
}
