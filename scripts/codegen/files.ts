// Listing files: the one walk over a folder, used for the generated output
// (write.ts, stamp.ts) and for the generation stamp's inputs (stamp.ts).
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/** The generation stamp, in the output folder (see stamp.ts). */
export const STAMP_FILE = ".blockwright-stamp.json";

// What the output holds that generation does not compare: installs, builds, the stamp.
const NOT_GENERATED = new Set(["node_modules", "dist", STAMP_FILE]);

/** Every file under `dir` (relative paths with `/`, sorted), skipping entries (files or folders) named in `skip`. */
export function filesUnder(dir: string, skip: ReadonlySet<string>): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d)) {
      if (skip.has(entry)) continue;
      const full = join(d, entry);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(relative(dir, full).split("\\").join("/"));
    }
  };
  walk(dir);
  return out.sort();
}

/** Every file of an output folder (relative paths, sorted), outside installs, builds and the generation stamp. */
export function listFiles(dir: string): string[] {
  return filesUnder(dir, NOT_GENERATED);
}
