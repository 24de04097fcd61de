// The generation stamp: hashes of everything a generation reads and of
// everything it wrote. Inputs are the specs folder (every file), the
// project's package.json and LICENSE, the generator's own code and templates
// and the runtime's version and code, hashed together; and every file the generation
// read outside the specs folder (a manifest's `openapi:` or a `$ref` that
// leaves it), recorded by path with its own hash. When every input and every
// output on disk still has its recorded hash, `generate` and `generate
// --check` answer "up to date" without loading the generator or TypeScript;
// a hand-edited generated file changes an output hash and takes the full
// path, which reports it.
import { existsSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { readHashed, sha256 } from "../common/hash.js";
import { isInside } from "../common/paths.js";
import { filesUnder, listFiles, STAMP_FILE } from "../common/files.js";
import { codeHashes } from "./code-hashes.js";
import type { ProviderEntry } from "./provider-stamp.js";

export { STAMP_FILE };

export interface Stamp {
  "//": string;
  /** A hash over the hashed inputs: see inputHash. */
  inputs: string;
  /** Files read outside the specs folder, by path relative to the project, and their hashes. */
  read?: Record<string, string>;
  /** Every other generated file and its hash. */
  outputs: Record<string, string>;
  /** The hash of the inputs every provider shares (inputHashes' `shared`), which `providers` were generated with. */
  shared?: string;
  /** Each package's entry: what its generation read, and what the project's index needs of it (provider-stamp.ts). */
  providers?: Record<string, ProviderEntry>;
}

const NOT_INPUTS = new Set(["node_modules"]);
/** The code manifest a build writes in dist/ (the generator's) and in the runtime's dist/ (scripts/build). */
const CODE_MANIFEST = "code-hashes.json";

/**
 * One hash over the inputs of a generation of `specsDir` with these options (not the files read outside it: see
 * readOutside).
 */
export function inputHash(
  root: string,
  specsDir: string,
  options: string,
  runtimeManifest = createRequire(import.meta.url).resolve("@blockwright/runtime/package.json"),
): string {
  return inputHashes(root, specsDir, options, runtimeManifest).inputs;
}

let generatorParts: readonly string[] | undefined;

/**
 * The generator's own code (dist/ when built, src/ when run from sources) and templates, as inputHashes' parts: read
 * and hashed once a process. The code that generates is the code the process loaded, whatever is on disk later; and
 * its 4 MB cost each generation about 25 ms of CPU (the test suite's in-process generations, each of them). A built
 * generator's hashes come from the build's code manifest while it holds (code-hashes.ts).
 */
export function generatorCode(): readonly string[] {
  if (generatorParts) return generatorParts;
  const generatorRoot = fileURLToPath(new URL("../", import.meta.url));
  const code = codeHashes(generatorRoot, join(generatorRoot, CODE_MANIFEST), (file) => !/(^|\/)bench\//.test(file));
  generatorParts = code.map(([file, hash]) => `${file}\0${hash}\0`);
  return generatorParts;
}

/**
 * inputHash's, and `shared`: the hash of the inputs every provider shares (all but the specs folder), which a
 * provider's stamp entry is keyed by (provider-stamp.ts).
 */
export function inputHashes(
  root: string,
  specsDir: string,
  options: string,
  runtimeManifest = createRequire(import.meta.url).resolve("@blockwright/runtime/package.json"),
): { inputs: string; shared: string } {
  // Each input as `label\0hash\0`, in a fixed order, hashed together.
  const parts: string[] = [];
  const add = (label: string, data: string | Buffer) => parts.push(`${label}\0${sha256(data)}\0`);
  add("options", options);
  // Not a file (a folder of that name): the generation reports it, so the hash need not read it.
  for (const file of ["package.json", "LICENSE"])
    if (statSync(join(root, file), { throwIfNoEntry: false })?.isFile()) add(file, readFileSync(join(root, file)));
  parts.push(...generatorCode());
  // Its version, and the peer ranges a package's adapter subpaths copy (emit-adapters.ts).
  const runtime = JSON.parse(readFileSync(runtimeManifest, "utf8")) as {
    version: string;
    peerDependencies?: Record<string, string>;
  };
  add("runtime", `${runtime.version} ${JSON.stringify(runtime.peerDependencies ?? {})}`);
  // And its code: the generator reads some of its choices there (which parts of the support a tool needs: support.ts).
  const runtimeRoot = dirname(runtimeManifest);
  for (const [file, hash] of codeHashes(runtimeRoot, join(runtimeRoot, "dist", CODE_MANIFEST)))
    parts.push(`runtime/${file}\0${hash}\0`);
  const shared = sha256(parts.join(""));
  // Each file's hash kept for the generation's own read of it (readHashed): not hashed again.
  const specs = filesUnder(specsDir, NOT_INPUTS).map((file) => `${file}\0${readHashed(join(specsDir, file)).hash}\0`);
  // The folder itself too, as the files' headers name it (relative to the project): another one with the same files is
  // another generation.
  const folder = relative(root, specsDir).split("\\").join("/");
  return { inputs: sha256(`shared\0${shared}\0specs\0${folder}\0${specs.join("")}`), shared };
}

/**
 * Of the files a generation read (project-relative path → hash), those
 * outside `specsDir`: inputHash does not see them, so the stamp records them
 * one by one.
 */
export function readOutside(root: string, specsDir: string, hashes: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, hash] of Object.entries(hashes).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!isInside(resolve(specsDir), resolve(root, path))) out[path] = hash;
  }
  return out;
}

/** The stamp file for a generation's files (every path but the stamp itself). */
export function stampContent(
  files: ReadonlyMap<string, string>,
  inputs: string,
  read: Record<string, string> = {},
  kept?: { shared: string; providers: Record<string, ProviderEntry> },
): string {
  return stampOf(new Map([...files].map(([path, content]) => [path, sha256(content)])), inputs, read, kept);
}

/** stampContent's, of the files' hashes (by path) rather than their texts. */
export function stampOf(
  hashes: ReadonlyMap<string, string>,
  inputs: string,
  read: Record<string, string> = {},
  kept?: { shared: string; providers: Record<string, ProviderEntry> },
): string {
  const outputs: Record<string, string> = {};
  for (const [path, hash] of [...hashes].sort(([a], [b]) => (a < b ? -1 : 1)))
    if (path !== STAMP_FILE) outputs[path] = hash;
  const stamp: Stamp = {
    "//":
      "Generated by `blockwright generate`: the hashes of its inputs and outputs, " +
      "so that an unchanged project is recognised without regenerating. Do not edit.",
    inputs,
    ...(Object.keys(read).length ? { read } : {}),
    outputs,
    ...(kept ? { shared: kept.shared, providers: kept.providers } : {}),
  };
  return `${JSON.stringify(stamp, null, 2)}\n`;
}

/** The stamp an earlier generation left in `outDir`, if there is one that can be read. */
export function readStamp(outDir: string): Stamp | undefined {
  const file = join(outDir, STAMP_FILE);
  if (!existsSync(file)) return undefined;
  try {
    const stamp = JSON.parse(readFileSync(file, "utf8")) as Stamp | null;
    return stamp !== null && typeof stamp === "object" && stamp.outputs !== null && typeof stamp.outputs === "object"
      ? stamp
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether `outDir` holds exactly what a generation of these inputs wrote, unedited, and every file read outside the
 * specs (paths relative to `root`) is unchanged.
 */
export function upToDate(root: string, outDir: string, inputs: string): { warnings: string[] } | undefined {
  const stamp = readStamp(outDir);
  if (!stamp || stamp.inputs !== inputs) return undefined;
  for (const [path, hash] of Object.entries(stamp.read ?? {}))
    if (hashOf(resolve(root, path), "utf8") !== hash) return undefined;
  const onDisk = listFiles(outDir);
  const recorded = Object.keys(stamp.outputs);
  if (onDisk.length !== recorded.length) return undefined;
  const same = onDisk.every(
    (path) => Object.hasOwn(stamp.outputs, path) && hashOf(join(outDir, path)) === stamp.outputs[path],
  );
  // The warnings of the generation the stamp records, for `generate --json` (its providers' own, in their order).
  return same ? { warnings: Object.values(stamp.providers ?? {}).flatMap((p) => p.warnings) } : undefined;
}

/**
 * The hash of a file, or undefined when it is gone or is no longer a file (the stamp is then simply not up to date).
 */
function hashOf(file: string, encoding?: "utf8"): string | undefined {
  try {
    return sha256(encoding ? readFileSync(file, encoding) : readFileSync(file));
  } catch {
    return undefined;
  }
}
