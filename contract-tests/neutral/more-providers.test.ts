// The suite is provider-neutral: on a copy of this project whose specs/ has
// two more providers written in YAML only (fixtures the suite has never seen
// as repository providers), `blockwright generate` and then the test files
// whose expectations depend on the set of providers (provider-dependent.ts)
// pass as they do here. And that list is complete: every test file that reads
// specs/ or generated/ is in it or is said to check only providers it names.
import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fileURLToPath } from "node:url";
import { providerDirs } from "../../src/load/provider-dirs.js";
import { filesReadingProviders, NAMED_PROVIDERS_ONLY, PROVIDER_DEPENDENT, PROVIDER_DEPENDENT_NOT_RUN_AGAIN, readsProviders, runsOnceInNeutral } from "./provider-dependent.js";

// Not from test-support/repo.ts, which would load every generated provider into this worker for two names.
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** The providers of this repository's specs/, as test-support/repo.ts reads them. */
const PROVIDER_IDS = providerDirs(join(ROOT, "specs"));
/** YAML-only providers of other shapes than the repository's: a form body with cursor paging; a key in the query with path segments. */
const MORE = [join(ROOT, "test-support/fixtures/specs-wild/zqpayments"), join(ROOT, "test-support/fixtures/specs-more/zqtransit")];
/** The prefix of the fixture providers the suite adds to a copy of specs/: no user's provider is named so (ids are `^[a-z][a-z0-9]*$`), so none is overwritten. */
const RESERVED_PREFIX = "zq";

describe("the providers added to specs/", () => {
  it(`are named with the reserved prefix "${RESERVED_PREFIX}", folder and manifest alike, and no repository provider takes it`, () => {
    const named = MORE.map((dir) => [basename(dir), /^provider: (\S+)$/m.exec(readFileSync(join(dir, "manifest.yaml"), "utf8"))?.[1]]);
    expect(named.filter(([folder, id]) => folder !== id || !folder?.startsWith(RESERVED_PREFIX) || !/^[a-z][a-z0-9]*$/.test(folder))).toEqual([]);
    expect(PROVIDER_IDS.filter((id) => id.startsWith(RESERVED_PREFIX))).toEqual([]);
  });
});

describe("the list of provider-dependent test files", () => {
  const reading = filesReadingProviders(ROOT).filter((f) => !f.startsWith("contract-tests/neutral/"));
  const listed = [...PROVIDER_DEPENDENT, ...Object.keys(PROVIDER_DEPENDENT_NOT_RUN_AGAIN), ...Object.keys(NAMED_PROVIDERS_ONLY)];

  it("holds every test file that reads specs/ or generated/, each once", () => {
    expect(
      reading.filter((f) => !listed.includes(f)),
      "test files to sort into contract-tests/neutral/provider-dependent.ts",
    ).toEqual([]);
    expect(
      listed.filter((f, i) => listed.indexOf(f) !== i),
      "listed twice",
    ).toEqual([]);
  });

  it("lists only test files that exist and read them", () => {
    expect(listed.filter((f) => !reading.includes(f))).toEqual([]);
  });

  it.each([
    ['import { tools } from "../../test-support/repo.js";', true],
    ['import { call } from "./harness.js";', true],
    ['import { cli } from "../../test-support/cli-harness.js";', true],
    ["const ids = providerDirs(SPECS_DIR);", true],
    ['const modules = import.meta.glob("../generated/*/index.js");', true],
    ['const schema = new URL("../../specs/manifest.schema.json", import.meta.url);', true],
    ['readFileSync(join(ROOT, "generated/crm/surface.json"), "utf8");', true],
    ['cpSync(join(root, "specs", "shelf"), dir);', true],
    ['const shelf = join(root, "test-support/fixtures/specs/shelf");', false],
    ['expect(message).toContain("specs/shelf/manifest.yaml:3:1");', false],
    ['import { providers } from "./registry.js";', false],
  ] as const)("readsProviders(%j) is %s", (source, expected) => {
    expect(readsProviders(source)).toBe(expected);
  });
});

describe("where the provider-dependent files run", () => {
  const vitest = ["node", "node_modules/vitest/vitest.mjs", "run"];
  it.each([
    ["npm test", [], "test", true],
    ["npm test with a reporter and its output file", ["--reporter=json", "--outputFile=/tmp/zq.json"], "test", true],
    ["npm test -- <a file>", ["src/cli/zq.test.ts"], "test", false],
    ["npm test -- --project=main (the neutral project left out)", ["--project=main"], "test", false],
    ["npm test -- --reporter json (a value apart: not read as showing only)", ["--reporter", "json"], "test", false],
    ["npm test -- -t <name>", ["-t", "zq"], "test", false],
    ["npx vitest run", [], undefined, false],
    ["npm run test:main", ["--project", "main"], "test:main", false],
  ] as const)("%s: once, in the neutral project only: %s", (_, args, lifecycle, once) => {
    expect(runsOnceInNeutral([...vitest, ...args], { npm_lifecycle_event: lifecycle })).toBe(once);
  });
});

describe("with two more YAML-only providers in specs/", () => {
  // Made by the test, so that a run that filters it out leaves nothing.
  let work = "";
  let copy = "";
  const running = new Set<ChildProcess>();
  // Whatever ends this run (its time-out, Ctrl-C, the worker's exit), no process is left behind.
  const stopAll = () => {
    for (const child of running) child.kill("SIGTERM");
  };
  process.once("exit", stopAll);
  afterAll(() => {
    stopAll();
    process.off("exit", stopAll);
    if (work) rmSync(work, { recursive: true, force: true });
  });

  /** Run `node <args>` in the copy to its end; stopped (SIGTERM, which Vitest and the command answer by closing) when `signal` aborts. */
  const node = (args: string[], signal: AbortSignal) =>
    new Promise<{ code: number | null; output: string }>((resolve, reject) => {
      // Vitest's own variables would make the inner run take itself for a worker of this one; npm's would
      // make it take itself for `npm test` (which leaves the provider-dependent files to this project).
      const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("VITEST") && !k.startsWith("npm_") && k !== "TEST" && k !== "NODE_ENV"));
      const child = spawn(process.execPath, args, { cwd: copy, env, stdio: ["ignore", "pipe", "pipe"] });
      running.add(child);
      signal.addEventListener("abort", () => child.kill("SIGTERM"), { once: true });
      let output = "";
      child.stdout.on("data", (d) => (output += d));
      child.stderr.on("data", (d) => (output += d));
      child.once("error", reject);
      child.once("close", (code) => {
        running.delete(child);
        resolve({ code, output });
      });
    });

  it("generate writes their packages, and the provider-dependent test files pass", async ({ signal }) => {
    work = mkdtempSync(join(tmpdir(), "blockwright-more-providers-"));
    copy = join(work, "project");
    // The project as it is (built: npm test builds first), without its dependencies and history.
    const skipped = new Set(["node_modules", ".git", "coverage", ".tmp"]);
    cpSync(ROOT, copy, { recursive: true, filter: (src) => src === ROOT || !skipped.has(basename(src)) });
    for (const dir of MORE) cpSync(dir, join(copy, "specs", basename(dir)), { recursive: true });
    const ids = providerDirs(join(copy, "specs"));
    expect(ids).toEqual([...PROVIDER_IDS, ...MORE.map((d) => basename(d))].sort());

    // The dependencies are the project's own, linked; the workspace packages
    // are the copy's, as npm links them (the runtime now, the providers once generated).
    const modules = join(copy, "node_modules");
    mkdirSync(join(modules, "@blockwright"), { recursive: true });
    for (const entry of readdirSync(join(ROOT, "node_modules"))) {
      if (entry !== "@blockwright" && !entry.startsWith(".")) symlinkSync(join(ROOT, "node_modules", entry), join(modules, entry));
    }
    symlinkSync(join(ROOT, "node_modules/.bin"), join(modules, ".bin"));
    symlinkSync("../../runtime", join(modules, "@blockwright/runtime"));

    const generated = await node(["bin/blockwright.js", "generate"], signal);
    expect(generated.code, generated.output).toBe(0);
    for (const id of ids) {
      expect(existsSync(join(copy, "generated", id, "index.js")), id).toBe(true);
      symlinkSync(`../../generated/${id}`, join(modules, "@blockwright", id));
    }

    const report = join(work, "report.json");
    // The project's configuration on one worker (nested.config.ts says why).
    const config = "contract-tests/neutral/nested.config.ts";
    const run = await node([join(modules, "vitest/vitest.mjs"), "run", "--config", config, ...PROVIDER_DEPENDENT, "--reporter=json", `--outputFile=${report}`], signal);
    const results = existsSync(report) ? (JSON.parse(readFileSync(report, "utf8")) as Report) : undefined;
    const failed = results?.testResults.flatMap((f) => [
      ...(f.assertionResults.length ? [] : [`${f.name}: ${f.message}`]),
      ...f.assertionResults.filter((t) => t.status === "failed").map((t) => `${f.name.slice(copy.length + 1)} › ${t.fullName}: ${t.failureMessages[0]?.split("\n")[0]}`),
    ]);
    expect(failed ?? run.output.slice(-4000), "failures on the copy").toEqual([]);
    expect(run.code, run.output.slice(-4000)).toBe(0);
    // Every listed file ran, and ran tests.
    expect(results!.testResults.map((f) => f.name.slice(copy.length + 1)).sort()).toEqual([...PROVIDER_DEPENDENT].sort());
    expect(results!.numPassedTests).toBeGreaterThan(0);
  });
});

interface Report {
  numPassedTests: number;
  testResults: { name: string; message: string; assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
}
