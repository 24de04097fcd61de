// Small modules and folders that show their subsystem: no hand-written
// module under src/, scripts/, runtime/, bin/, test-support/ or
// contract-tests/ (tests too) passes 450 lines, and no folder holds more
// than 25 of them (src/link/ too: a folder per concept). Generated,
// precompiled, vendored and fixture files are not written by hand; a module
// that grows past the limit is split by concept, not squeezed.
import { readFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { globSync } from "tinyglobby";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const MAX_LINES = 450;
const MAX_MODULES = 25;

const files = globSync(
  [
    "src/**/*.{ts,mts,js,mjs,cjs}",
    "scripts/**/*.{ts,mts,js,mjs,cjs}",
    "runtime/**/*.{ts,mts,js,mjs,cjs}",
    "bin/**/*.{ts,js,mjs}",
    "test-support/**/*.{ts,mts,js,mjs,cjs}",
    "contract-tests/**/*.{ts,mts,js,mjs,cjs}",
  ],
  {
    cwd: ROOT,
    ignore: [
      "**/node_modules/**",
      "**/dist/**",
      "**/precompiled/**",
      "**/__fixtures__/**",
      "**/__snapshots__/**",
      "src/vendor/**",
      "test-support/fixtures/**",
    ],
  },
);

describe("module size", () => {
  it(
    `keeps every hand-written module of src/, scripts/, runtime/, bin/, test-support/ and contract-tests/ ` +
      `within ${MAX_LINES} lines`,
    () => {
      expect(files.length).toBeGreaterThan(0);
      const over = files
        .map((file) => ({ file, lines: readFileSync(`${ROOT}${file}`, "utf8").split("\n").length - 1 }))
        .filter((f) => f.lines > MAX_LINES)
        .map((f) => `${f.file}: ${f.lines} lines`);
      expect(over).toEqual([]);
    },
  );

  it(`keeps every folder within ${MAX_MODULES} hand-written modules (tests aside)`, () => {
    const perFolder = new Map<string, number>();
    for (const file of files.filter((f) => !f.endsWith(".test.ts")))
      perFolder.set(dirname(file), (perFolder.get(dirname(file)) ?? 0) + 1);
    const crowded = [...perFolder]
      .filter(([, count]) => count > MAX_MODULES)
      .map(([folder, count]) => `${folder}: ${count} modules`);
    expect(crowded).toEqual([]);
  });

  // A test file's temporary folder made as the module loads outlived a `-t` filter that skipped all its tests (their
  // afterAll does not run): one made at module level is under the run's folder (test-support/run/run-scratch.ts),
  // which the run's teardown removes; elsewhere it is made in a beforeAll.
  it("makes no test file's temporary folder at module level in the temporary folder", () => {
    const leaking = files
      .filter((f) => f.endsWith(".test.ts"))
      .filter((f) => /^\S.*mkdtempSync\((?:join\()?tmpdir\(\)/m.test(readFileSync(`${ROOT}${f}`, "utf8")));
    expect(leaking).toEqual([]);
  });

  // A file whose tests run the command in processes (`*.process.test.ts`) or install the packages (the packages
  // project) writes a large project (a document of thousands of operations, an npm install): a run cut off (a hook's
  // timeout, a worker ended) runs no afterAll, and one made in the temporary folder stayed there. Under the run's
  // folder, the run's teardown removes it.
  it("makes the temporary folders of files that run processes or install packages under the run's folder", () => {
    const outside = files
      .filter((f) => f.endsWith(".process.test.ts") || /^contract-tests\/packages\/.*\.test\.ts$/.test(f))
      .filter((f) => /mkdtemp(?:Sync)?\((?:join\()?tmpdir\(\)/.test(readFileSync(`${ROOT}${f}`, "utf8")));
    expect(outside).toEqual([]);
  });
});
