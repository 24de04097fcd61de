// @ts-nocheck -- a plain JavaScript build tool.
// The inputs of the build's vendor step (vendor.mjs), as one key: the bytes of every vendor module
// (src/vendor/*.cjs), of their parts (src/vendor/parts/*.cjs), of the step's own script and of the installed
// packages' list (node_modules/.package-lock.json, which npm rewrites on each install: the bundled packages' and
// esbuild's versions are in it). The step writes it beside the bundles and bundles nothing when it finds the same
// key and every bundle there: esbuild's bundles of the same inputs are the same bytes, and `npm test` builds first,
// each time (1.5 s of esbuild's CPU for bundles already in place).
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { bytesOf, filesKey } from "./shared/files-key.mjs";

/** The file in the bundles' folder that holds the key of the inputs they were made from. */
export const KEY_FILE = ".inputs-key";

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
  return filesKey(root, [
    ...cjs("src/vendor"),
    ...cjs("src/vendor/parts"),
    "scripts/build/vendor.mjs",
    "scripts/build/vendor-inputs.mjs",
    "node_modules/.package-lock.json",
  ]);
}

/** Whether `out` holds every bundle of `root`'s vendor modules, with their licenses, made from inputs of `key`. */
export function bundlesInPlace(root, out, key) {
  if (bytesOf(join(out, KEY_FILE)).toString() !== key) return false;
  return vendorNames(root).every(
    (name) => existsSync(join(out, `${name}.cjs`)) && existsSync(join(out, `${name}.LICENSES.txt`)),
  );
}
