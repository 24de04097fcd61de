// What the build shares with test support: the key of a list of files, for an output made from their bytes and kept
// until one of them changes. The build's vendor step keys its bundles by it (../vendor-inputs.mjs), the tests' Prism
// bundle its own (test-support/run/prism-bundle.ts), so that both make anew from the same edits. A plain module the
// build runs from its sources before anything is compiled; it imports nothing but Node's own.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * A file's bytes; one that is not there (another client's install writes no .package-lock.json) as none.
 * @param {string} file
 * @returns {Buffer}
 */
export function bytesOf(file) {
  try {
    return readFileSync(file);
  } catch {
    return Buffer.from("(none)");
  }
}

/**
 * The key of `files` (paths relative to `root`, in their order): the sha256, in hex, of each path and its bytes, each
 * ended by a NUL. A file's bytes, a file more or a path renamed make another key.
 * @param {string} root
 * @param {readonly string[]} files
 * @returns {string}
 */
export function filesKey(root, files) {
  const hash = createHash("sha256");
  for (const file of files)
    hash
      .update(file)
      .update("\0")
      .update(bytesOf(join(root, file)))
      .update("\0");
  return hash.digest("hex");
}
