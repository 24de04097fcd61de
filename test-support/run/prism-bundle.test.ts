// The tests' Prism (prism-bundle.ts, prism-bundle-hook.mjs): the mocks' require reaches the bundle, the vendor
// module's own tests the sources; the bundle is the build's own; its key follows every input's bytes.
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { REPOSITORY } from "../neutral-copy.js";
import { prismBundleKey } from "./prism-bundle.js";
import { runScratch } from "./run-scratch.js";

const HOOK = join(REPOSITORY, "test-support/run/prism-bundle-hook.mjs");
const MOCKS = join(REPOSITORY, "src/mocks/mocks.ts");
const SOURCES = join(REPOSITORY, "src/vendor/prism.cjs");

describe("the tests' Prism", () => {
  it("is what the mocks require, and the vendor module's tests still require the sources", async () => {
    const scratch = mkdtempSync(join(runScratch(), "prism-hook-"));
    const stand = join(scratch, "zq-prism.cjs");
    writeFileSync(stand, "module.exports = { zqStandIn: true };\n");
    const script = `
      const { createRequire } = require("node:module");
      const fromMocks = createRequire(${JSON.stringify(MOCKS)});
      const fromVendor = createRequire(${JSON.stringify(join(REPOSITORY, "src/vendor/parts/zq.test.ts"))});
      const found = [fromMocks.resolve("../vendor/prism.cjs"), fromVendor.resolve("../prism.cjs")];
      console.log(JSON.stringify(process.argv[1] ? [...found, fromMocks("../vendor/prism.cjs")] : found));`;
    // Resolved only, unless asked to load it (the sources' Prism takes half a second to load).
    const run = (env: Record<string, string>, load = "") =>
      promisify(execFile)(process.execPath, [`--import=${HOOK}`, "-e", script, load], {
        env: { PATH: process.env.PATH ?? "", ...env },
      });
    const pointed = await run({ BLOCKWRIGHT_TEST_PRISM: stand, BLOCKWRIGHT_TEST_ROOT: REPOSITORY }, "load");
    expect(JSON.parse(pointed.stdout)).toEqual([stand, SOURCES, { zqStandIn: true }]);
    // Without the bundle named, the sources' module for both.
    const unpointed = await run({ BLOCKWRIGHT_TEST_ROOT: REPOSITORY });
    expect(JSON.parse(unpointed.stdout)).toEqual([SOURCES, SOURCES]);
  });

  it("is the bundle the build makes of the same sources, and this run's mocks require it", () => {
    const bundle = process.env.BLOCKWRIGHT_TEST_PRISM;
    if (process.env.BLOCKWRIGHT_TEST_PRISM_SOURCES === "1") {
      expect(bundle).toBeUndefined();
      return;
    }
    expect(bundle).toBe(
      join(REPOSITORY, "node_modules/.cache/blockwright-test-prism", prismBundleKey(REPOSITORY), "prism.cjs"),
    );
    const require = createRequire(import.meta.url);
    expect(createRequire(MOCKS)("../vendor/prism.cjs")).toBe(require(bundle as string));
    // The banner names its source, as the build's does; the code is Prism's entry points and our parts.
    const text = readFileSync(bundle as string, "utf8");
    expect(text.startsWith("// Bundled by scripts/build/vendor.mjs from src/vendor/prism.cjs")).toBe(true);
    expect(text).toContain("sharedBundleValidation");
  });

  it("is made again when any input's bytes change", () => {
    const scratch = mkdtempSync(join(runScratch(), "prism-key-"));
    const files = [
      "src/vendor/prism.cjs",
      "src/vendor/faker.cjs",
      "scripts/build/vendor.mjs",
      "node_modules/.package-lock.json",
      ...readdirSync(join(REPOSITORY, "src/vendor/parts"))
        .filter((f) => f.endsWith(".cjs"))
        .map((f) => `src/vendor/parts/${f}`),
    ];
    for (const file of files) {
      mkdirSync(dirname(join(scratch, file)), { recursive: true });
      copyFileSync(join(REPOSITORY, file), join(scratch, file));
    }
    const key = prismBundleKey(scratch);
    expect(key).toBe(prismBundleKey(REPOSITORY));
    const keys = new Set([key]);
    for (const file of [
      "src/vendor/parts/prism-params.cjs",
      "scripts/build/vendor.mjs",
      "node_modules/.package-lock.json",
    ]) {
      const before = readFileSync(join(scratch, file));
      writeFileSync(join(scratch, file), Buffer.concat([before, Buffer.from("\n")]));
      keys.add(prismBundleKey(scratch));
      writeFileSync(join(scratch, file), before);
    }
    // A new part is an input too.
    writeFileSync(join(scratch, "src/vendor/parts/zq-part.cjs"), "");
    keys.add(prismBundleKey(scratch));
    expect(keys.size).toBe(5);
  });
});
