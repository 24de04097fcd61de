// @ts-nocheck -- a plain JavaScript build tool.
// The code manifest of a built folder: each code file's size and SHA-256, and
// every folder, written at the end of a build so that `generate` need not read
// and hash the generator's 4 MB and the runtime's 1 MB of code in each process
// (about 30 ms of CPU a run) to make its stamp's input hash. src/emit/
// code-hashes.ts trusts it only while no listed folder or file was changed
// after it was written (its mtime) and every size is as recorded; otherwise it
// reads and hashes every file as it always did. Written in place, not renamed
// in, so that its folder's mtime is not later than its own.
//
//   node scripts/build/code-hashes.mjs <root> <manifest> [<root> <manifest> …]
//
// `npm run build` writes dist/code-hashes.json (the generator's code under
// dist/) and runtime/dist/code-hashes.json (the runtime's, its package folder).
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

// Kept equal to src/emit/code-hashes.ts: the reader refuses a manifest made with other ones.
const CODE = "\\.(js|ts)$";
const NOT_CODE = "\\.test\\.ts$|\\.d\\.ts$";
const SKIPPED = new Set(["node_modules"]);
const WRITING = /^\.blockwright-([0-9]+)-.*\.tmp$/;

/** The manifest's text for `root`: the same files, in the same order, as the stamp's walk (filesUnder) lists. */
function codeManifest(root) {
  const folders = [];
  const files = {};
  const code = new RegExp(CODE);
  const notCode = new RegExp(NOT_CODE);
  const walk = (dir) => {
    folders.push(relative(root, dir).split("\\").join("/"));
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (SKIPPED.has(entry.name) || WRITING.test(entry.name)) continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (code.test(entry.name) && !notCode.test(entry.name) && isFile(entry, full)) {
        const bytes = readFileSync(full);
        const hash = createHash("sha256").update(bytes).digest("hex");
        files[relative(root, full).split("\\").join("/")] = [bytes.length, hash];
      }
    }
  };
  walk(root);
  const manifest = {
    "//": "Written by `npm run build` (scripts/build/code-hashes.mjs): the code's hashes for generate's stamp.",
    code: CODE,
    notCode: NOT_CODE,
    folders: folders.sort(),
    files: Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1))),
  };
  return `${JSON.stringify(manifest)}\n`;
}

function isFile(entry, full) {
  if (entry.isFile()) return true;
  if (!entry.isSymbolicLink()) return false;
  try {
    return statSync(full).isFile();
  } catch {
    return false;
  }
}

const args = process.argv.slice(2);
if (args.length === 0 || args.length % 2) {
  process.stderr.write("usage: node scripts/build/code-hashes.mjs <root> <manifest> [<root> <manifest> …]\n");
  process.exit(2);
}
for (let i = 0; i < args.length; i += 2) writeFileSync(args[i + 1], codeManifest(args[i]));
