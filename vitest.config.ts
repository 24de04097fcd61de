import { statfsSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { defineConfig, type Plugin } from "vitest/config";
import { testPrismBundle } from "./test-support/run/prism-bundle.js";
import { testV8Flags } from "./test-support/run/v8-test-flags.js";

// Tests run on the TypeScript sources: the runtime package resolves to its
// source, not its build (the CLI, run as a process, uses the build).
const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Time-outs are backstops against a hang, not budgets: on a loaded 2-core
// machine (two npm test runs side by side) a hook that starts Prism mocks took
// over Vitest's default 10 s, and tests that generate, type-check or run the
// command as a process took up to 19 s of the 20 s they had; later, with two
// runs beside other work (load average 37), a test that generates 30
// providers twice passed 60 s. Tests set no time-outs of their own: one
// generous backstop here, and CI's own time limit above it.
const HOOK_TIMEOUT = 300_000;
const TEST_TIMEOUT = 300_000;

// Temporary projects on a memory filesystem where the machine has one with
// room (Linux's /dev/shm), unless TMPDIR says where: the tests make hundreds
// of them, and on the development machine's disk (ext4) the kernel spent
// about half a millisecond creating each file (a corpus entry's 2,850 files:
// 1.56 s of system CPU, 0.04 s on /dev/shm; the main project's system time
// 25 s → 15 s). Room: 2 GiB free, far more than a run holds at once.
function memoryTmpdir(): string | undefined {
  if (process.env.TMPDIR) return undefined;
  try {
    const shm = statfsSync("/dev/shm");
    return shm.bavail * shm.bsize >= 2 * 1024 ** 3 ? "/dev/shm" : undefined;
  } catch {
    return undefined;
  }
}
const TMPDIR = memoryTmpdir();

// Node's compile cache (bin/blockwright.js enables it) for the commands the tests run: a folder of the tests' own, on
// the disk's temporary folder. By default it is the temporary folder's node-compile-cache, /dev/shm's under the
// tests' TMPDIR, and it keys a module by its path: the copy of the project a whole npm test makes in a fresh folder
// added its modules again each run (/dev/shm/node-compile-cache had grown to 1 GB of memory). Here the set-up
// (test-support/global-setup.ts) empties it when it passes its bound; the repository's own modules, at the same
// paths each run, are found there again.
const TEST_COMPILE_CACHE = join(tmpdir(), "blockwright-test-compile-cache");
// Texts a test makes at a cost and needs the same every run (test-support/run/kept-text.ts): beside it, on the disk.
const TEST_KEPT_TEXTS = join(tmpdir(), "blockwright-test-kept");
const testEnv = {
  ...(TMPDIR ? { TMPDIR } : {}),
  NODE_COMPILE_CACHE: TEST_COMPILE_CACHE,
  BLOCKWRIGHT_TEST_KEPT: TEST_KEPT_TEXTS,
};

// The in-process mocks' Prism from a bundle of the sources made as the build makes it, kept between runs
// (test-support/run/prism-bundle.ts: 0.13 s of CPU to load in each process that starts a mock, against 0.55–0.64 s
// required from Prism's packages); test-support/run/prism-bundle-hook.mjs points the mocks' require at it, here and
// in each worker. BLOCKWRIGHT_TEST_PRISM_SOURCES=1 requires it from the sources, for a measurement.
const PRISM_HOOK = source("./test-support/run/prism-bundle-hook.mjs");
if (process.env.BLOCKWRIGHT_TEST_PRISM_SOURCES !== "1") {
  process.env.BLOCKWRIGHT_TEST_ROOT = source(".").replace(/\/$/, "");
  process.env.BLOCKWRIGHT_TEST_PRISM = await testPrismBundle(process.env.BLOCKWRIGHT_TEST_ROOT);
  await import("./test-support/run/prism-bundle-hook.mjs");
}

// Vitest's module cache on disk (experimental.fsModuleCache, below) keys a
// transformed module by its path as well as its content: a module a test
// imports from a scratch folder (a project generated in a fresh mkdtemp
// folder, the copy with more providers) is never read back, as the next run's
// folder has another name, and Vitest prunes the cache only when the lockfile
// changes: each `npm test` left about 110 such modules there (10 to 14 MB).
// Those under the temporary folders are not written, but for the repository's own: a clone in the temporary folder
// (`git clone` into `mktemp -d`, a helper's /tmp/<name>) had no module cached at all (its main process 2.8 s in
// Rolldown's transforms for src/link src/load src/model runtime, each run).
function uncachedScratchModules(): Plugin {
  const folders = [...new Set([tmpdir(), TMPDIR].filter((f) => f !== undefined))].map(
    (f) => `${f.replace(/\/$/, "")}/`,
  );
  const repository = source(".");
  const scratch = (id: string) => !id.startsWith(repository) && folders.some((f) => id.startsWith(f));
  // One generator (Vitest keeps a set) though each project's plugins are called.
  const scratchModule = ({ id }: { id: string }) => (scratch(id) ? false : undefined);
  return {
    name: "blockwright:uncached-scratch-modules",
    // It changes no module's transform: no part of the cache's key.
    api: { vitest: { experimental: { ignoreFsModuleCache: true } } },
    configureVitest: ({ experimental_defineCacheKeyGenerator }) => experimental_defineCacheKeyGenerator(scratchModule),
  };
}

export default defineConfig({
  plugins: [uncachedScratchModules()],
  resolve: {
    alias: [
      { find: /^@blockwright\/runtime$/, replacement: source("./runtime/index.ts") },
      { find: /^@blockwright\/runtime\/workflow$/, replacement: source("./runtime/workflow/index.ts") },
      { find: /^@blockwright\/runtime\/internal$/, replacement: source("./runtime/internal.ts") },
      { find: /^@blockwright\/runtime\/observe$/, replacement: source("./runtime/observe.ts") },
      {
        find: /^@blockwright\/runtime\/(ai-sdk|langchain|openai-agents)$/,
        replacement: source("./runtime/adapters/$1.ts"),
      },
      { find: /^@blockwright\/runtime\/(n8n|sim)$/, replacement: source("./runtime/platforms/$1.ts") },
    ],
  },
  test: {
    // Vitest's main process transforms every source a test imports, each run
    // anew: with this cache (node_modules/.experimental-vitest-cache, keyed by
    // each file's content and the config) a run reuses what the last one
    // transformed. Measured in `npm run bench -- tests` (cold and warm).
    experimental: { fsModuleCache: process.env.BLOCKWRIGHT_VITEST_CACHE !== "0" },
    // Each worker's own temporary folder, removed by the next run's sweep once the worker has ended, what its files
    // and the processes they start left there with it (test-support/run/worker-tmpdir.ts); each file's CPU, for `npm
    // run bench -- tests` (test-support/run/file-cpu.ts).
    setupFiles: [
      "test-support/run/worker-tmpdir-setup.ts",
      ...(process.env.BLOCKWRIGHT_FILE_CPU ? ["test-support/run/file-cpu.ts"] : []),
    ],
    // Vitest's default (one less than the cores), but at least two: on two
    // cores the default is one, yet much of the suite waits on child
    // processes, mocks and polling intervals, and a second worker overlaps
    // that waiting (≈ 58 s → 43 s wall on a 2-core machine). A fixed 2 would
    // also cap a larger machine at two.
    // BLOCKWRIGHT_TEST_WORKERS sets it for a measurement (the command line's --maxWorkers does not reach the
    // projects, which copy the root's).
    maxWorkers: Number(process.env.BLOCKWRIGHT_TEST_WORKERS) || Math.max(2, availableParallelism() - 1),
    // Workers run a great deal of code a few times each (every module of
    // the generator, the CLI, Prism): at V8's default eagerness the
    // optimising compiler spent more CPU than the optimised code saved. 16×
    // less eager (bin/blockwright.js makes its batch commands 8×), in the
    // running V8's spelling (src/common/v8-flags.ts), and a larger young
    // generation: on Node 20, 28.5 → 23.7 s of CPU for src/link, src/emit,
    // src/load, src/model and runtime/ on the main project (4 pairs run in
    // turn: 0.84×; wall 0.88×); the semi-space alone changed nothing.
    // Without V8's memory reducer: it starts a full collection when a worker's allocation falls quiet, which in the
    // workers is a file waiting on the processes it started (the command, npm, a browser), and each such collection
    // marks all the worker holds by then (0.3 to 0.8 GB late in a whole run: every module and cache of the files before).
    // BLOCKWRIGHT_MEMORY_REDUCER=1 keeps it, for a measurement.
    // Vitest's own process takes the same flags from package.json's test scripts (test-support/run/v8-test-flags.ts).
    execArgv: [...testV8Flags(), `--import=${pathToFileURL(PRISM_HOOK).href}`],
    projects: [
      {
        extends: true,
        test: {
          // Every test but the registry round trips: the sources' own (src/,
          // runtime/, scripts/, test-support/) and the contract suite with the
          // command line. Under a whole `npm test`, on the providers of a copy of
          // the project with two more (test-support/global-setup.ts). One project: as two
          // (unit, contract), each had a Vite server and workers of its own,
          // which compiled and loaded the sources again (12 to 19 s more CPU
          // for the two, measured side by side).
          name: "main",
          include: [
            "src/**/*.test.ts",
            "runtime/**/*.test.ts",
            "scripts/**/*.test.ts",
            "test-support/**/*.test.ts",
            "contract-tests/**/*.test.ts",
          ],
          // node_modules: the SDKs the comparison installs under contract-tests/sdk-judge/ bring their own tests.
          exclude: ["contract-tests/packages/**", "**/node_modules/**"],
          // The copy with more providers (a whole npm test), and the shared Prism
          // mocks (all providers), started on a test's first ask: a run of files
          // that need none starts none.
          globalSetup: ["test-support/global-setup.ts"],
          env: testEnv,
          testTimeout: TEST_TIMEOUT,
          hookTimeout: HOOK_TIMEOUT,
          // Files share a worker's modules: TypeScript, openapi-typescript, the
          // generator and Prism load once per worker rather than once per file
          // (the tests keep no state in modules; caches there are keyed by
          // input).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "packages",
          // The registry round trip: one local Verdaccio for the project,
          // given what `blockwright publish` publishes here; the files
          // install from it into fresh projects and use the packages from
          // Node, tsc and esbuild.
          include: ["contract-tests/packages/**/*.test.ts"],
          globalSetup: ["contract-tests/packages/global-setup.ts"],
          // Its files share a worker, as the main project's do: each spends its time in the processes it
          // starts, and keeps no state in modules.
          isolate: false,
          // The registry's storage, npm's, pnpm's and yarn's caches and the consumers' installs (the global
          // set-up reads it too): system CPU 5.1 → 4.4 s (means of four alternating runs of the project).
          env: testEnv,
          hookTimeout: HOOK_TIMEOUT,
          testTimeout: TEST_TIMEOUT,
        },
      },
    ],
  },
});
