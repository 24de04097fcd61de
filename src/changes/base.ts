// The surfaces to compare against: those committed at a git ref (default
// HEAD), or those in another output folder.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { INPUT_LIMITS, readSourceText, UnreadableSource } from "../load/input-file.js";
import type { Surface } from "./surface.js";

export class BaseUnavailable extends Error {}

/** Surfaces in an output folder (`<dir>/<provider>/surface.json`). */
export function surfacesInDir(dir: string): Map<string, Surface> {
  const out = new Map<string, Surface>();
  if (!existsSync(dir)) throw new BaseUnavailable(`no folder ${dir}`);
  if (!statSync(dir).isDirectory()) throw new BaseUnavailable(`${dir} is a file, not a folder of generated packages`);
  const entries = readdirSync(dir, { withFileTypes: true });
  for (const entry of entries) {
    const file = join(dir, entry.name, "surface.json");
    if (!entry.isDirectory() || !existsSync(file)) continue;
    let text: string;
    try {
      text = readSourceText(file, file, INPUT_LIMITS.surface);
    } catch (e) {
      if (e instanceof UnreadableSource) throw new BaseUnavailable(e.message);
      throw e;
    }
    out.set(entry.name, parseSurface(text, file));
  }
  // A folder holding files but no package (a path mistyped to another folder) would make every package new: an empty
  // one says that no package was generated before.
  if (!out.size && entries.length)
    throw new BaseUnavailable(`${dir} is not a folder of generated packages (no <provider>/surface.json in it)`);
  return out;
}

/**
 * A surface.json's text as a surface; one that is not JSON or not shaped as
 * one (edited by hand, cut short) is a BaseUnavailable naming the file.
 */
export function parseSurface(text: string, file: string): Surface {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new BaseUnavailable(`${file}: invalid JSON (${(e as Error).message}): restore it, or generate it again`);
  }
  const problem = surfaceShapeProblem(data);
  if (problem)
    throw new BaseUnavailable(`${file}: not a package surface (${problem}): restore it, or generate it again`);
  return data as unknown as Surface;
}

/** What keeps `data` from being read as a surface (the parts diff reads), if anything. */
function surfaceShapeProblem(data: unknown): string | undefined {
  const object = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
  if (!object(data)) return "not a JSON object";
  if (!object(data.package) || typeof data.package.name !== "string" || typeof data.package.version !== "string")
    return "package.name and package.version must be strings";
  if (!object(data.auth)) return "auth must be an object";
  if (!object(data.tools)) return "tools must be an object";
  for (const [id, tool] of Object.entries(data.tools))
    if (!object(tool) || !object(tool.params) || !object(tool.outputs))
      return `tools.${id} must be an object with params and outputs`;
  return undefined;
}

/** Surfaces of the output folder `outDir` as committed at `ref`. */
export function surfacesAtRef(outDir: string, ref: string): Map<string, Surface> {
  const git = (args: string[], cwd: string) =>
    execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  const at = existsSync(outDir) ? outDir : join(outDir, "..");
  let top: string;
  try {
    // The repository's top and the ref's commit from one process (a git start costs about 10 ms of CPU, more from a
    // large parent process); which of the two failed is asked again only when one did.
    top = git(["rev-parse", "--show-toplevel", "--verify", "--quiet", `${ref}^{commit}`], at).split("\n", 1)[0] ?? "";
  } catch {
    try {
      top = git(["rev-parse", "--show-toplevel"], at).trim();
    } catch {
      throw new BaseUnavailable(`${outDir} is not in a git repository (use --base-dir)`);
    }
    throw new BaseUnavailable(`no commit ${JSON.stringify(ref)} in ${top}`);
  }
  const prefix = relative(top, outDir).split("\\").join("/");
  const listing = git(["ls-tree", "-r", "--name-only", ref, "--", prefix ? `${prefix}/` : "."], top);
  const found: [provider: string, path: string][] = [];
  for (const path of listing.split("\n")) {
    const provider = new RegExp(`^${prefix ? `${escapeRegExp(prefix)}/` : ""}([^/]+)/surface\\.json$`).exec(path)?.[1];
    if (provider !== undefined) found.push([provider, path]);
  }
  // Every surface from one git process (cat-file --batch), not one `git show` each: a process a provider
  // cost about 10 ms of CPU, more from a large parent process.
  const texts = filesAtRef(
    top,
    ref,
    found.map(([, path]) => path),
  );
  return new Map(found.map(([provider, path], i) => [provider, parseSurface(texts[i] ?? "", `${ref}:${path}`)]));
}

/** The texts of `paths` as committed at `ref`, in their order, read by one `git cat-file --batch`. */
function filesAtRef(top: string, ref: string, paths: string[]): string[] {
  if (!paths.length) return [];
  const output = execFileSync("git", ["cat-file", "--batch"], {
    cwd: top,
    input: paths.map((p) => `${ref}:${p}\n`).join(""),
    stdio: ["pipe", "pipe", "pipe"],
    maxBuffer: 1024 ** 3,
  });
  const texts: string[] = [];
  let at = 0;
  for (const path of paths) {
    // Each answer: "<object> blob <size>\n<size bytes>\n" (or "<name> missing\n").
    const end = output.indexOf(10, at);
    const header = output.subarray(at, end).toString("utf8");
    const size = /^\S+ blob (\d+)$/.exec(header)?.[1];
    if (size === undefined)
      throw new BaseUnavailable(`git could not read ${JSON.stringify(`${ref}:${path}`)} (${JSON.stringify(header)})`);
    texts.push(output.subarray(end + 1, end + 1 + Number(size)).toString("utf8"));
    at = end + 1 + Number(size) + 1;
  }
  return texts;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
