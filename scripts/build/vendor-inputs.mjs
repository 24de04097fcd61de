// @ts-nocheck -- a plain JavaScript build tool.
// The inputs of the build's vendor step (vendor.mjs), as one key: the bytes of every vendor module
// (src/vendor/*.cjs), of their parts (src/vendor/parts/*.cjs), of the step's own script and of the installed
// packages' list (node_modules/.package-lock.json, which npm rewrites on each install: the bundled packages' and
// esbuild's versions are in it). The step writes it beside the bundles and bundles nothing when it finds the same
// key and every bundle there: esbuild's bundles of the same inputs are the same bytes, and `npm test` builds first,
// each time (1.5 s of esbuild's CPU for bundles already in place).
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The file in the bundles' folder that holds the key of the inputs they were made from. */
export const KEY_FILE = ".inputs-key";

/** A file's bytes; one that is not there (another client's install writes no .package-lock.json) as none. */
function bytesOf(file) {
  try {
    return readFileSync(file);
  } catch {
    return Buffer.from("(none)");
  }
}

/** The vendor modules' names (src/vendor/<name>.cjs) of the checkout at `root`. */
export function vendorNames(root) {
  return readdirSync(join(root, "src/vendor"))
    .filter((f) => f.endsWith(".cjs"))
    .sort()
    .map((f) => f.slice(0, -".cjs".length));
}

/** The key of the bundles the checkout at `root` makes. */
export function vendorInputsKey(root) {
  const cjs = (dir) =>
    readdirSync(join(root, dir))
      .filter((f) => f.endsWith(".cjs"))
      .sort()
      .map((f) => `${dir}/${f}`);
  const files = [
    ...cjs("src/vendor"),
    ...cjs("src/vendor/parts"),
    "scripts/build/vendor.mjs",
    "scripts/build/vendor-inputs.mjs",
    "node_modules/.package-lock.json",
  ];
  const hash = createHash("sha256");
  for (const file of files)
    hash
      .update(file)
      .update("\0")
      .update(bytesOf(join(root, file)))
      .update("\0");
  return hash.digest("hex");
}

/** Whether `out` holds every bundle of `root`'s vendor modules, with their licenses, made from inputs of `key`. */
export function bundlesInPlace(root, out, key) {
  if (bytesOf(join(out, KEY_FILE)).toString() !== key) return false;
  return vendorNames(root).every(
    (name) => existsSync(join(out, `${name}.cjs`)) && existsSync(join(out, `${name}.LICENSES.txt`)),
  );
}
