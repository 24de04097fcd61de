// `blockwright test`: the derived contract suite as a user runs it on their
// own project — reports, seeds, shards, exit statuses — including a project
// that only added specs/<p>/ (the fixture provider), a spec example broken
// on purpose, and a manifest looser than its spec that only random inputs find.
// Runs on projects broken on purpose, at scale and with reports for CI:
// test-command-failures.test.ts.
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { parse as parseYaml } from "yaml";
import { afterAll, describe, expect, it } from "vitest";
import { cli, type CliRun, editFile as edit, specsProject } from "../../test-support/cli-harness.js";
import { ROOT } from "../../test-support/repo.js";
import { KIND_ORDER } from "../contract/kinds/index.js";
import { type MockOptions, startMocks } from "../mocks/mocks.js";
import { sharedMockUrls } from "../../test-support/shared-mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-test-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
/** A project folder with the runtime resolvable (as after `npm install`) and the given providers' specs. */
const project = (name: string, specs: Record<string, string>, generatedFrom?: string[]) =>
  specsProject(join(tmp, name), specs, generatedFrom);

// In-process runs of whole suites on a busy machine: far more time than they need. What these tests read is the
// command's (its lines, reports, mocks), not the cases': those that only read a passing run's report sample two cases
// of each operation (every case of every provider passes in contract-tests/derived.contract.test.ts).
const SAMPLED = ["--cases-per-operation", "2"];

/**
 * A shard of books' suite as JSON, on the shared mocks, with what the command handed its mocks: run once for the two
 * tests that read it (the report, and the mocks' options).
 */
let booksShard: Promise<{ r: CliRun; asked: MockOptions[] }> | undefined;
const booksShardRun = () =>
  (booksShard ??= (async () => {
    const asked: MockOptions[] = [];
    const r = await cli(["test", "books", "--reporter", "json", "--seed", "7", "--runs", "1", "--shard", "1/3"], {
      startMocks: async (providers, options) => {
        asked.push(options);
        const shared = await sharedMockUrls();
        return { urls: Object.fromEntries(providers.map((p) => [p, shared[p]!])), close: async () => {} };
      },
    });
    return { r, asked };
  })());

/**
 * Books' sampled suite with the github reporter and a job summary, run once for the two tests that read it: the run
 * itself (the text report goes to the log, stderr, beside the annotations; on stdout by default: the looser-manifest
 * test reads it there), and github's output on a passing run.
 */
let booksGithub: Promise<{ r: CliRun; summary: string }> | undefined;
const booksGithubRun = () =>
  (booksGithub ??= (async () => {
    const summary = join(tmp, "books-summary.md");
    const r = await cli(["test", "books", "--seed", "7", "--runs", "2", ...SAMPLED, "--reporter", "github"], {
      env: { GITHUB_STEP_SUMMARY: summary },
    });
    return { r, summary };
  })());

describe.concurrent("blockwright test on this repository's specs", () => {
  it("runs a provider's derived cases on its mock: exit 0, a summary, the mock released", async () => {
    const { r } = await booksGithubRun();
    expect(r.stderr).toMatch(/^blockwright test: \d+ cases on 1 mock, seed 7, 2 runs per property$/m);
    expect(r.stderr).toMatch(/^books\s+\d+ cases {2}(\d+) passed {2}0 failed$/m);
    expect(r.stderr.trimEnd().split("\n").at(-1)).toMatch(/^contract: \d+ passed, 0 failed$/);
    expect(r.mocks).toEqual([{ asked: ["books"], closed: true }]);
    expect(r.code).toBe(0);
  });

  it("github on a passing run: no annotation, a summary with a row per provider", async () => {
    // Two cases of each operation: the summary's form is what is read (every case passes in derived.contract.test.ts).
    const { r, summary } = await booksGithubRun();
    expect(r).toMatchObject({ code: 0, stdout: "" });
    const md = readFileSync(summary, "utf8");
    expect(md).toMatch(/^## ✅ Contract tests: \d+ passed, 0 failed$/m);
    expect(md).toMatch(/^\| books \| (\d+) \| \1 \| 0 \|$/m);
    expect(md).not.toContain("### Failures");
  });

  it("writes valid JUnit XML to --output, one testsuite per provider, and a summary on stderr", async () => {
    const file = join(tmp, "reports/junit.xml");
    const r = await cli([
      "test",
      "books",
      "persondata",
      "--reporter",
      "junit",
      "--output",
      file,
      "--seed",
      "7",
      "--runs",
      "2",
      ...SAMPLED,
    ]);
    expect(r.code).toBe(0);
    const xml = readFileSync(file, "utf8");
    expect(XMLValidator.validate(xml)).toBe(true);
    const suites = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(xml).testsuites;
    expect(suites.testsuite.map((s: { name: string }) => s.name)).toEqual(["books", "persondata"]);
    expect(Number(suites.tests)).toBe(
      suites.testsuite.reduce((n: number, s: { testcase: unknown[] }) => n + s.testcase.length, 0),
    );
    expect(suites).toMatchObject({ failures: "0", errors: "0" });
    expect(r.stderr).toMatch(/contract: \d+ passed, 0 failed/);
    expect(r.stdout).toBe("");
  });

  it("prints a JSON report on stdout", async () => {
    const { r } = await booksShardRun();
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({ seed: 7, runs: 1, shard: "1/3", summary: { failed: 0, errors: 0 } });
    expect(report.cases.length).toBe(report.summary.cases);
    expect(report.cases[0]).toMatchObject({
      provider: "books",
      operation: expect.stringMatching(/^books_/),
      status: "passed",
    });
  });

  it("hands its mocks the specs it linked: no document read again, only the operations its cases call", async () => {
    const { r, asked } = await booksShardRun();
    expect(r.code).toBe(0);
    const called = new Set<string>(JSON.parse(r.stdout).cases.map((c: { operation: string }) => c.operation));
    expect(asked.length).toBeGreaterThan(0);
    for (const options of asked) {
      const books = options.linked?.books;
      expect(Object.keys(options.linked ?? {})).toEqual(["books"]);
      expect(books?.document.source.data).toMatchObject({ paths: expect.any(Object) });
      expect(books?.tools.length).toBeGreaterThan(called.size);
      expect(books?.serves && [...called].every((id) => books.serves?.has(id))).toBe(true);
      expect(books?.serves?.size).toBeLessThan(books?.tools.length ?? 0);
    }
  });

  it(
    "splits the suite into shards by provider and operation: disjoint, together the whole suite, " +
      "an operation in one shard only, each shard asking only for its providers' mocks",
    async () => {
      const list = async (...extra: string[]) =>
        (await cli(["test", "books", "persondata", "--list", ...extra])).stdout.split("\n").filter(Boolean);
      const all = await list();
      const shards = [await list("--shard", "1/3"), await list("--shard", "2/3"), await list("--shard", "3/3")];
      expect(shards.flat().sort()).toEqual([...all].sort());
      expect(new Set(shards.flat()).size).toBe(all.length);
      const operation = (line: string) => line.split(" › ")[0] ?? "";
      for (const op of new Set(all.map(operation)))
        expect(shards.filter((s) => s.some((l) => operation(l) === op))).toHaveLength(1);
      // Each shard starts only the mocks of the providers its cases use. A run in this thread asks for its mocks
      // before it looks for an interrupt: each is interrupted at its line of cases, and runs none (a shard's whole run
      // is the JSON report's test).
      for (const [i, shard] of shards.entries()) {
        const providers = [...new Set(shard.map((l) => l.split("\t")[0]))].sort();
        const r = await cli(
          ["test", "books", "persondata", "--shard", `${i + 1}/3`, "--seed", "7", "--runs", "1", "--workers", "1"],
          { interruptOn: / on \d+ mocks?, seed /m },
        );
        expect(
          r.mocks.map((m) => [...m.asked].sort()),
          `shard ${i + 1}/3`,
        ).toEqual(shard.length ? [providers] : []);
      }
    },
  );

  it("stops on Ctrl-C: no new case starts, the mocks are released, exit 130", async () => {
    // The interrupt comes once the cases are derived and about to run (a pending one stops the linking:
    // test.process.test.ts).
    const r = await cli(["test", "books", "--seed", "7", "--runs", "3"], { interruptOn: / cases on \d+ mock/ });
    expect(r.code).toBe(130);
    const [, ran, of] = /blockwright test: interrupted after (\d+) of (\d+) cases/.exec(r.stderr)!.map(Number);
    // Only the cases already under way when the interrupt arrived ran (one per worker at most).
    expect(ran).toBeLessThanOrEqual(8);
    expect(of).toBeGreaterThan(ran!);
    expect(r.mocks).toEqual([{ asked: ["books"], closed: true }]);
  });

  for (const [args, message] of [
    [["test", "library"], 'unknown provider "library"'],
    [["test", "--reporter", "tap"], "--reporter takes text, json, junit, ctrf, github, markdown, html"],
    [["test", "--shard", "3/2"], "--shard takes i/n with 1 ≤ i ≤ n"],
    [["test", "--shard", "0/2"], "--shard takes i/n"],
    [["test", "--seed", "1.5"], "--seed takes a whole number"],
    [["test", "--runs", "0"], "--runs takes a positive whole number"],
    [["test", "--workers", "0"], "--workers takes a positive whole number"],
    [["test", "--workers", "65"], "--workers takes a whole number up to 64, got 65"],
    [["test", "--max-failures", "three"], '--max-failures takes a positive whole number, got "three"'],
    [
      ["test", "--property-time-limit", "1h"],
      '--property-time-limit takes a whole number of seconds from 0 (no limit) to 86400, got "1h"',
    ],
    [
      ["test", "--property-time-limit", "1.5"],
      '--property-time-limit takes a whole number of seconds from 0 (no limit) to 86400, got "1.5"',
    ],
  ] as const) {
    it(`exits 2 on ${args.slice(1).join(" ")}`, async () => {
      const r = await cli([...args]);
      expect(r).toMatchObject({ code: 2, stderr: expect.stringContaining(message) });
    });
  }

  it("exits 2, naming the fix, when a package is missing or out of date with its specs", async () => {
    const dir = project("stale", { books: join(ROOT, "specs/books") }, ["books"]);
    edit(
      join(dir, "specs/books/manifest.yaml"),
      "description: Number of volumes to return, 1 to 40.",
      "description: How many volumes, 1 to 40.",
    );
    expect(await cli(["test"], { cwd: dir })).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(
        new RegExp(
          String.raw`\nblockwright test: generated\/books is out of date with its specs \(books_search_volumes\):` +
            String.raw` run blockwright generate\n$`,
        ),
      ),
    });
    rmSync(join(dir, "generated"), { recursive: true });
    expect(await cli(["test"], { cwd: dir })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        "no generated package for books in generated (run blockwright generate, or pass --out)",
      ),
    });
  });
});

describe.concurrent("blockwright test on a user's project", () => {
  it(
    "breaking a spec example (a field of the wrong type) is refused before any mock starts, " +
      "at the example's file:line:col",
    async () => {
      const dir = project("broken-example", { books: join(ROOT, "specs/books") }, ["books"]);
      // The full volume example's id becomes a number; the schema says string.
      edit(
        join(dir, "specs/books/openapi.yaml"),
        "      value:\n        kind: books#volume\n        id: zyTCAlFPjgYC\n        etag: Jg1Fq6pWl7Y",
        "      value:\n        kind: books#volume\n        id: 12345\n        etag: Jg1Fq6pWl7Y",
      );
      let started = 0;
      const r = await cli(["test", "--seed", "7", "--runs", "3"], {
        cwd: dir,
        startMocks: (...a: Parameters<typeof startMocks>) => {
          started++;
          return startMocks(...a);
        },
      });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(
        new RegExp(
          String.raw`^specs\/books\/openapi\.yaml:\d+:\d+: example "volume" of the 200 response of "getVolume"` +
            String.raw` \(application\/json\) does not match its schema: \/id must be string, got 12345 \[BW1204\]$`,
          "m",
        ),
      );
      expect(r.stdout).toBe("");
      expect(started).toBe(0);
    },
  );

  /**
   * A project that added the fixture provider with only specs/shelf/, its
   * OpenAPI document under the name its manifest gives (openapi: api.yaml),
   * then generated it (once).
   */
  let newProvider: Promise<string> | undefined;
  const generatedShelf = () =>
    (newProvider ??= (async () => {
      const dir = project("new-provider", { shelf: join(ROOT, "test-support/fixtures/specs/shelf") });
      renameSync(join(dir, "specs/shelf/openapi.yaml"), join(dir, "specs/shelf/api.yaml"));
      edit(join(dir, "specs/shelf/manifest.yaml"), "openapi: openapi.yaml", "openapi: api.yaml");
      expect(await cli(["generate"], { cwd: dir })).toMatchObject({ code: 0 });
      return dir;
    })());
  /** Its derived suite, run once for the tests that read it. */
  let newProviderRun: Promise<CliRun> | undefined;
  const newProviderSuite = () =>
    (newProviderRun ??= (async () =>
      cli(["test", "--seed", "7", "--runs", "10", "--reporter", "json"], {
        cwd: await generatedShelf(),
        startMocks,
      }))());

  it("a provider added with only specs/<p>/ generates and passes its derived suite", async () => {
    const r = await newProviderSuite();
    const report = JSON.parse(r.stdout);
    expect(report.cases.filter((c: { status: string }) => c.status !== "passed")).toEqual([]);
    expect(new Set(report.cases.map((c: { kind: string }) => c.kind))).toEqual(new Set(KIND_ORDER));
    // The triggers' cases come under their ids, beside the operations': every one the fixture's manifest declares.
    const manifest = parseYaml(readFileSync(join(ROOT, "test-support/fixtures/specs/shelf/manifest.yaml"), "utf8")) as {
      operations: object;
      triggers?: object;
    };
    const declared = [...Object.keys(manifest.operations), ...Object.keys(manifest.triggers ?? {})];
    expect(Object.keys(manifest.triggers ?? {}).length).toBeGreaterThan(0);
    expect(new Set(report.cases.map((c: { operation: string }) => c.operation))).toEqual(new Set(declared));
    expect(r.code).toBe(0);
  });

  it(
    "the wild-style providers (a form body and an idempotency key; vendor media types and a multi-file spec) " +
      "pass their derived suites",
    async () => {
      const wild = join(ROOT, "test-support/fixtures/specs-wild");
      const dir = project("wild", { zqpayments: join(wild, "zqpayments"), tracker: join(wild, "tracker") });
      expect(await cli(["generate"], { cwd: dir })).toMatchObject({ code: 0 });
      const r = await cli(["test", "--seed", "7", "--runs", "2", "--reporter", "json"], { cwd: dir, startMocks });
      const report = JSON.parse(r.stdout);
      expect(
        report.cases
          .filter((c: { status: string }) => c.status !== "passed")
          .map((c: { id: string; message?: string }) => `${c.id}: ${c.message}`),
      ).toEqual([]);
      expect(Object.keys(report.summary.providers).sort()).toEqual(["tracker", "zqpayments"]);
      expect(r.code).toBe(0);
    },
  );

  it("mocks are built from the document the manifest names (openapi: api.yaml), as generation reads it", async () => {
    // The project above has no openapi.yaml: its mocks serve api.yaml, or its suite could not pass.
    expect(existsSync(join(await generatedShelf(), "specs/shelf/openapi.yaml"))).toBe(false);
    const r = await newProviderSuite();
    // The text report's summary goes to stderr when the JSON report takes stdout.
    expect(r.stderr.trimEnd().split("\n").at(-1)).toMatch(/^contract: \d+ passed, 0 failed$/);
    expect(r.code).toBe(0);
  });

  it(
    "random inputs find a manifest looser than its spec, " + "printing the seed, the shrunk input and a call line",
    async () => {
      // A copy of the generated project whose spec now wants a shelf id to be a JSON pointer (a
      // format the manifest cannot state, so the link step neither takes nor compares it, and the
      // request judge does not read, so the mock finds it; a changed pattern the link refuses
      // outright). The manifest still takes any id its pattern allows.
      const dir = join(tmp, "looser-format");
      cpSync(await generatedShelf(), dir, { recursive: true, verbatimSymlinks: true });
      edit(
        join(dir, "specs/shelf/api.yaml"),
        'schema: { type: string, pattern: "^[a-z0-9-]+$" }',
        'schema: { type: string, pattern: "^[a-z0-9-]+$", format: json-pointer }',
      );
      // No time limit on a property: the same seed must shrink alike however busy the machine.
      const first = await cli(["test", "--seed", "11", "--runs", "25", "--property-time-limit", "0"], {
        cwd: dir,
        startMocks,
      });
      expect(first.code).toBe(1);
      const failure = first.stdout
        .split("\n\n")
        .find((block) => block.includes("shelf_list_books › property › random valid inputs"))!;
      expect(failure).toContain("property failed after");
      expect(failure).toContain("(seed 11; this case's seed");
      expect(failure).toMatch(
        /- request path \/shelfid: Request path parameter shelfid must match format "json-pointer" \(format\)/,
      );
      expect(failure).toMatch(/input: \{"apiKey":"\{\{SHELF_API_KEY\}\}","shelfId":"[^"]*"/);
      expect(failure).toMatch(
        new RegExp(
          String.raw`reproduce: (SHELF_API_KEY=('[^']*'|\S+) )?blockwright call shelf_list_books --params` +
            String.raw` '\{"shelfId":"[^"]*".*\}' --param 'apiKey=\{\{SHELF_API_KEY\}\}' --base-url` +
            String.raw` http:\/\/127\.0\.0\.1:4010`,
        ),
      );
      expect(failure).toContain("rerun: blockwright test shelf --seed 11 --runs 25");
      expect(failure).not.toContain("shrinking stopped");
      // A changed pattern, by contrast, is refused before any case runs (the link step).
      const pattern = join(tmp, "looser-pattern");
      cpSync(await generatedShelf(), pattern, { recursive: true, verbatimSymlinks: true });
      edit(
        join(pattern, "specs/shelf/api.yaml"),
        'schema: { type: string, pattern: "^[a-z0-9-]+$" }',
        'schema: { type: string, pattern: "^[a-z0-9]+$" }',
      );
      expect(await cli(["test", "--seed", "11", "--runs", "25"], { cwd: pattern, startMocks })).toMatchObject({
        code: 2,
        stderr: expect.stringContaining("a manifest pattern must be the spec's"),
      });
      // That the same seed draws, fails and shrinks the same way: the --workers 2 test, on shrunk failures of its own.
    },
  );
});
