// The Prism the tests' in-process mocks run (the shared mocks in Vitest's own process, a test's startMocks in a
// worker): src/vendor/prism.cjs bundled as `npm run build` bundles it (`node scripts/build/vendor.mjs prism.cjs
// <folder>`), from the sources and the installed packages of this checkout: byte for byte the build's
// dist/vendor/prism.cjs of the same sources. Required from the sources instead, Prism is some 600 CommonJS files of
// its packages and their dependencies (faker's 57 locales, postman-collection, node-fetch among them), 0.55–0.64 s of
// CPU in each process that starts a mock, against 0.13 s for the bundle: the same Prism, as a user's command runs it.
// Made once and kept in node_modules/.cache/blockwright-test-prism/<key>/, the key the bytes of every input (our
// vendor module, its parts, the build's script) and of the installed packages' list (node_modules/.package-lock.json,
// which npm rewrites on each install): an edit of any of them makes it anew (about 1.5 s); a run reads it back.
// test-support/run/prism-bundle-hook.mjs points the mocks' require at it; the tests of the vendor module's own changes
// (src/vendor/) still require the sources, whose changes they check in Prism's packages.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { filesKey } from "../../scripts/build/shared/files-key.mjs";

/** Inputs of the bundle besides src/vendor/parts/*.cjs, relative to the repository. */
const INPUTS = [
  "src/vendor/prism.cjs",
  "src/vendor/faker.cjs",
  "scripts/build/vendor.mjs",
  "node_modules/.package-lock.json",
];
/** A folder of an older key is left alone this long (a run of the tests at the same time may be reading it). */
const STALE_MS = 60 * 60 * 1000;

/** The key of the bundle the sources and packages of `root` make. */
export function prismBundleKey(root: string): string {
  const parts = join(root, "src/vendor/parts");
  const files = [
    ...INPUTS,
    ...readdirSync(parts)
      .filter((f) => f.endsWith(".cjs"))
      .sort()
      .map((f) => `src/vendor/parts/${f}`),
  ];
  return filesKey(root, files).slice(0, 24);
}

/**
 * The path of the tests' Prism bundle for the checkout at `root`, made if it is not there yet. It is written to a
 * folder of its own and renamed into place, so that two runs at once never read half of one.
 */
export async function testPrismBundle(root: string): Promise<string> {
  const cache = join(root, "node_modules/.cache/blockwright-test-prism");
  const key = prismBundleKey(root);
  const folder = join(cache, key);
  const bundle = join(folder, "prism.cjs");
  if (existsSync(bundle)) return bundle;
  const partial = join(cache, `${key}.${process.pid}.partial`);
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  // The build's Prism requires the build's faker (./faker.cjs, the English one): here the sources' module, the
  // instance the mocks' realistic answers draw from (src/mocks/realistic-values.ts), as in the build.
  writeFileSync(
    join(partial, "faker.cjs"),
    `"use strict";\nmodule.exports = require(${JSON.stringify(join(root, "src/vendor/faker.cjs"))});\n`,
  );
  await promisify(execFile)(process.execPath, [join(root, "scripts/build/vendor.mjs"), "prism.cjs", partial]);
  try {
    renameSync(partial, folder);
  } catch {
    // Another run put the same key's bundle in place first.
    rmSync(partial, { recursive: true, force: true });
  }
  for (const other of readdirSync(cache)) {
    const path = join(cache, other);
    if (path !== folder && Date.now() - statSync(path).mtimeMs > STALE_MS)
      rmSync(path, { recursive: true, force: true });
  }
  return bundle;
}
