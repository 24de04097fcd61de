// The packs of installed third-party packages (node_modules/…), kept between
// runs of the packages project in node_modules/.cache/blockwright-packs/: the
// registry needs them (what the runtime and blockwright install with), but
// they are fixtures, not what the files check, and npm packed the same 40
// folders every run (TypeScript's 4.4 MB among them: about 3 s of the set-up's
// 5.5 s of npm pack). A pack is reused while its folder's files are the same
// (each path, size and times: an install or an edit there packs it anew), as
// npm packed it; this repository's own folders are packed every run.
import { createHash } from "node:crypto";
import {
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import type { Packed } from "./local-registry.js";

type Pack = Packed & { folder: string; unpackedSize: number };

/** Unused this long, a kept pack is removed. */
const KEPT_MS = 7 * 24 * 3600 * 1000;

/** The key of a folder's pack: its name and every file under it with its size and times. */
function contentKey(root: string, folder: string): string {
  const hash = createHash("sha256").update(`${folder}\n`);
  const walk = (dir: string, rel: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path, `${rel}${e.name}/`);
      else {
        const stat = statSync(path);
        hash.update(`${rel}${e.name}\0${stat.size}\0${stat.mtimeMs}\0${stat.ctimeMs}\n`);
      }
    }
  };
  walk(join(root, folder), "");
  return hash.digest("hex").slice(0, 40);
}

/**
 * An installed package's own folder: under node_modules/ and no link on the way (a workspace's link is this
 * repository's code).
 */
function thirdParty(root: string, folder: string): boolean {
  return folder.startsWith("node_modules/") && realpathSync(join(root, folder)) === join(realpathSync(root), folder);
}

/**
 * The kept packs of `folders` that are current, copied into `dir` (`found`, by folder), and `keep`, which keeps the
 * third-party ones among the packs just made.
 */
export function cachedPacks(
  root: string,
  dir: string,
  folders: readonly string[],
): { found: Map<string, Pack>; keep(packs: readonly Pack[]): void } {
  const cache = join(root, "node_modules/.cache/blockwright-packs");
  mkdirSync(cache, { recursive: true });
  const keys = new Map(folders.filter((f) => thirdParty(root, f)).map((f) => [f, contentKey(root, f)]));
  const found = new Map<string, Pack>();
  const now = new Date();
  for (const [folder, key] of keys) {
    let pack: Pack;
    try {
      pack = { ...(JSON.parse(readFileSync(join(cache, `${key}.json`), "utf8")) as Pack), folder };
      copyFileSync(join(cache, `${key}.tgz`), join(dir, pack.filename));
    } catch {
      continue; // not kept (or half removed): packed again
    }
    for (const ext of [".json", ".tgz"]) utimesSync(join(cache, `${key}${ext}`), now, now);
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
        const key = keys.get(pack.folder);
        if (key === undefined) continue;
        // Written beside and renamed: another run reading the cache sees a whole file or none.
        const part = join(cache, `${key}.${process.pid}.part`);
        copyFileSync(join(dir, pack.filename), part);
        renameSync(part, join(cache, `${key}.tgz`));
        writeFileSync(part, JSON.stringify(pack));
        renameSync(part, join(cache, `${key}.json`));
      }
    },
  };
}
