// The surfaces to compare against: those committed at a git ref (default
// HEAD), or those in another output folder.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { Surface } from "./surface.js";

export class BaseUnavailable extends Error {}

/** Surfaces in an output folder (`<dir>/<provider>/surface.json`). */
export function surfacesInDir(dir: string): Map<string, Surface> {
  const out = new Map<string, Surface>();
  if (!existsSync(dir)) throw new BaseUnavailable(`no folder ${dir}`);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = join(dir, entry.name, "surface.json");
    if (entry.isDirectory() && existsSync(file)) out.set(entry.name, JSON.parse(readFileSync(file, "utf8")) as Surface);
  }
  return out;
}

/** Surfaces of the output folder `outDir` as committed at `ref`. */
export function surfacesAtRef(outDir: string, ref: string): Map<string, Surface> {
  const git = (args: string[], cwd: string) => execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  let top: string;
  try {
    top = git(["rev-parse", "--show-toplevel"], existsSync(outDir) ? outDir : join(outDir, "..")).trim();
  } catch {
    throw new BaseUnavailable(`${outDir} is not in a git repository (use --base-dir)`);
  }
  try {
    git(["rev-parse", "--verify", "--quiet", `${ref}^{commit}`], top);
  } catch {
    throw new BaseUnavailable(`no commit ${JSON.stringify(ref)} in ${top}`);
  }
  const prefix = relative(top, outDir).split("\\").join("/");
  const listing = git(["ls-tree", "-r", "--name-only", ref, "--", prefix ? `${prefix}/` : "."], top);
  const out = new Map<string, Surface>();
  for (const path of listing.split("\n")) {
    const m = new RegExp(`^${prefix ? `${escape(prefix)}/` : ""}([^/]+)/surface\\.json$`).exec(path);
    if (m) out.set(m[1], JSON.parse(git(["show", `${ref}:${path}`], top)) as Surface);
  }
  return out;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
