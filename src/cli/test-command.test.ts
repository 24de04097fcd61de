// `blockwright test`: the derived contract suite as a user runs it on their
// own project — reports, seeds, shards, exit statuses — including a project
// that only added specs/<p>/ (the fixture provider), a spec example broken
// on purpose, and a manifest looser than its spec that only random inputs find.
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { parse as parseYaml } from "yaml";
import { afterAll, describe, expect, it } from "vitest";
import { cli, type CliRun, spawnCli } from "../../test-support/cli-harness.js";
import { ROOT } from "../../test-support/repo.js";
import { KIND_ORDER } from "../contract/kinds/index.js";
import { startMocks } from "../mocks/mocks.js";

const tmp = mkdtempSync(join(tmpdir(), "blockwright-test-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A project folder with the runtime resolvable (as after `npm install`) and the given providers' specs. */
function project(name: string, specs: Record<string, string>, generatedFrom?: string[]): string {
  const dir = join(tmp, name);
  mkdirSync(join(dir, "node_modules/@blockwright"), { recursive: true });
  symlinkSync(join(ROOT, "runtime"), join(dir, "node_modules/@blockwright/runtime"));
  for (const [provider, from] of Object.entries(specs)) cpSync(from, join(dir, "specs", provider), { recursive: true });
  for (const provider of generatedFrom ?? [])
    cpSync(join(ROOT, "generated", provider), join(dir, "generated", provider), { recursive: true });
  return dir;
}

function edit(file: string, find: string, replace: string): void {
  const text = readFileSync(file, "utf8");
  if (!text.includes(find)) throw new Error(`${file} has no ${JSON.stringify(find)}`);
  writeFileSync(file, text.replace(find, replace));
}

// In-process runs of whole suites on a busy machine: far more time than they need.
describe.concurrent("blockwright test on this repository's specs", () => {
  it("runs a provider's derived cases on its mock: exit 0, a summary, the mock released", async () => {
    const r = await cli(["test", "books", "--seed", "7", "--runs", "2"]);
    expect(r.stderr).toMatch(/^blockwright test: \d+ cases on 1 mock, seed 7, 2 runs per property$/m);
    expect(r.stdout).toMatch(/^books\s+\d+ cases {2}(\d+) passed {2}0 failed$/m);
    expect(r.stdout.trimEnd().split("\n").at(-1)).toMatch(/^contract: \d+ passed, 0 failed$/);
    expect(r.mocks).toEqual([{ asked: ["books"], closed: true }]);
    expect(r.code).toBe(0);
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
    const r = await cli(["test", "books", "--reporter", "json", "--seed", "7", "--runs", "1", "--shard", "1/3"]);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({ seed: 7, runs: 1, shard: "1/3", summary: { failed: 0, errors: 0 } });
    expect(report.cases.length).toBe(report.summary.cases);
    expect(report.cases[0]).toMatchObject({
      provider: "books",
      operation: expect.stringMatching(/^books_/),
      status: "passed",
    });
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
      // Each shard starts only the mocks of the providers its cases use.
      for (const [i, shard] of shards.entries()) {
        const providers = [...new Set(shard.map((l) => l.split("\t")[0]))].sort();
        const r = await cli([
          "test",
          "books",
          "persondata",
          "--shard",
          `${i + 1}/3`,
          "--seed",
          "7",
          "--runs",
          "1",
          "--workers",
          "1",
        ]);
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

/**
 * The fixture provider, generated, with a second named answer of its list
 * operation whose total is null: the spec allows it (nullable), the
 * manifest's output mapping promises a number. Only the contract run finds it.
 */
let brokenAnswer: Promise<string> | undefined;
const BROKEN_EXAMPLE = "unknown-total";
const brokenAnswerProject = () =>
  (brokenAnswer ??= (async () => {
    const dir = project("broken-answer", { shelf: join(ROOT, "test-support/fixtures/specs/shelf") });
    const spec = join(dir, "specs/shelf/openapi.yaml");
    edit(
      spec,
      "                  total: { type: integer }",
      "                  total: { type: integer, nullable: true }",
    );
    edit(
      spec,
      '                  value: { total: 1, value: [{ id: "b1", title: "Dune", state: "ready" }] }',
      `                  value: { total: 1, value: [{ id: "b1", title: "Dune", state: ` +
        `"ready" }] }\n                ${BROKEN_EXAMPLE}:\n                  value: { total: null, value: [] }`,
    );
    expect(await cli(["generate"], { cwd: dir })).toMatchObject({ code: 0 });
    return dir;
  })());

/**
 * The fixture provider, generated, whose spec gives a book's state as
 * possibly null and a book example with none: every answer that carries a
 * book breaks the manifest's output `state` (a string), so many cases fail.
 */
let brokenBooks: Promise<string> | undefined;
const brokenBooksProject = () =>
  (brokenBooks ??= (async () => {
    const dir = project("broken-books", { shelf: join(ROOT, "test-support/fixtures/specs/shelf") });
    const spec = join(dir, "specs/shelf/openapi.yaml");
    edit(
      spec,
      "        state: { type: string, enum: [pending, ready, failed] }",
      "        state: { type: string, enum: [pending, ready, failed], nullable: true }",
    );
    edit(
      spec,
      "    Book:\n      type: object\n",
      "    Book:\n      type: object\n      example: { id: b1, title: Dune, state: null }\n",
    );
    expect(await cli(["generate"], { cwd: dir })).toMatchObject({ code: 0 });
    return dir;
  })());

/**
 * The broken project's whole suite in one worker, in-process, as JSON (run
 * once for the tests that read it). No time limit on a property: shrinking
 * that ends at a limit on a busy machine would end at different places.
 */
let brokenBooksRun: Promise<CliRun> | undefined;
const brokenBooksOneWorker = () =>
  (brokenBooksRun ??= (async () =>
    cli(["test", "--seed", "7", "--runs", "2", "--property-time-limit", "0", "--workers", "1", "--reporter", "json"], {
      cwd: await brokenBooksProject(),
      startMocks,
    }))());

describe.concurrent("the contract run at scale", () => {
  it("--max-failures 3 on a broken project: stops at the third failure, reports what ran, exit 1", async () => {
    const dir = await brokenBooksProject();
    const all = await brokenBooksOneWorker();
    expect(JSON.parse(all.stdout).summary.failed).toBeGreaterThan(10);
    const r = await cli(
      ["test", "--seed", "7", "--runs", "2", "--workers", "1", "--max-failures", "3", "--reporter", "json"],
      { cwd: dir, startMocks },
    );
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report.summary.failed + report.summary.errors).toBe(3);
    expect(report.cases.length).toBeLessThan(report.planned);
    expect(report.stopped).toMatch(/^--max-failures 3 reached/);
    expect(r.stderr).toMatch(/cases ran \(--max-failures 3 reached/);
    expect(r.stderr).toMatch(/^contract: \d+ passed, 3 failed$/m);
  });

  it(
    "--workers 2: worker threads with mocks of their own, the same report as one worker for the same seed, " +
      "shrunk failures included",
    async () => {
      const dir = await brokenBooksProject();
      const shape = (stdout: string) =>
        JSON.parse(stdout).cases.map(
          (c: { id: string; status: string; message?: string; statuses: number[]; failure?: unknown }) => [
            c.id,
            c.status,
            c.message,
            c.statuses,
            c.failure,
          ],
        );
      const one = await brokenBooksOneWorker();
      // The built command, as a process: its workers load the build (in-process, they would compile the sources anew,
      // each).
      const two = spawnCli(
        ["test", "--seed", "7", "--runs", "2", "--property-time-limit", "0", "--workers", "2", "--reporter", "json"],
        {},
        dir,
      );
      expect(await two.exited).toBe(1);
      expect(two.stderr()).toMatch(
        /^blockwright test: \d+ cases on 1 mock in 2 workers, seed 7, 2 runs per property$/m,
      );
      expect(shape(two.stdout())).toEqual(shape(one.stdout));
      // Among them, random inputs that failed and were shrunk: the same seed draws, fails and shrinks alike.
      const shrunk = (
        JSON.parse(one.stdout).cases as { kind: string; status: string; failure?: { input?: unknown } }[]
      ).filter((c) => c.kind === "property" && c.status === "failed");
      expect(shrunk.length).toBeGreaterThan(0);
      expect(shrunk.every((c) => c.failure?.input !== undefined)).toBe(true);
      // Progress off a terminal: a plain line when a provider's cases are all done.
      expect(two.stderr()).toMatch(/^blockwright test: shelf: \d+ cases done, \d+ failed, [\d.]+ s$/m);
    },
  );

  it(
    "--workers 2 stops on Ctrl-C: the workers start no case, and no mock was asked of the command's (each " +
      "worker starts its own), exit 130",
    async () => {
      const dir = await brokenBooksProject();
      const r = await cli(["test", "--seed", "7", "--runs", "2", "--workers", "2"], {
        cwd: dir,
        interruptOn: / cases on \d+ mock/,
      });
      expect(r.code).toBe(130);
      const [, ran, of] = /blockwright test: interrupted after (\d+) of (\d+) cases/.exec(r.stderr)!.map(Number);
      expect(ran).toBe(0);
      expect(of).toBeGreaterThan(0);
      expect(r.mocks).toEqual([]);
    },
  );
});

/**
 * The project with the broken answer, its suite run once with every report
 * for CI: github on stdout (its summary appended to a file that holds an
 * earlier step's), and junit, html, markdown and json each to its own
 * --output.
 */
let brokenAnswerRun: Promise<{ dir: string; r: CliRun; summary: string; out: (name: string) => string }> | undefined;
const brokenAnswerReports = () =>
  (brokenAnswerRun ??= (async () => {
    const dir = await brokenAnswerProject();
    const summary = join(dir, "step-summary.md");
    writeFileSync(summary, "earlier step\n");
    const out = (name: string) => join(dir, "reports", name);
    const r = await cli(
      [
        "test",
        "--seed",
        "7",
        "--runs",
        "3",
        "--reporter",
        "github",
        "--reporter",
        "junit",
        "--output",
        out("junit.xml"),
        "--reporter",
        "html",
        "--output",
        out("report.html"),
        "--reporter",
        "markdown",
        "--output",
        out("report.md"),
        "--reporter",
        "json",
        "--output",
        out("report.json"),
      ],
      { cwd: dir, startMocks, env: { GITHUB_STEP_SUMMARY: summary } },
    );
    return { dir, r, summary, out };
  })());

describe.concurrent("reports for CI", () => {
  const answerCase = `shelf_list_books › example › answer 200 "${BROKEN_EXAMPLE}"`;

  it(
    "github: an ::error annotation at the spec line each " + "failing case derives from, and a Markdown job summary",
    async () => {
      const { dir, r, summary } = await brokenAnswerReports();
      expect(r.code).toBe(1);
      // The example's own line in the spec: where the answer that breaks the mapping is.
      const line =
        readFileSync(join(dir, "specs/shelf/openapi.yaml"), "utf8")
          .split("\n")
          .findIndex((l) => l.trim() === `${BROKEN_EXAMPLE}:`) + 1;
      const annotation = r.stdout.split("\n").find((l) => l.includes(`title=shelf ${answerCase}`));
      expect(annotation).toMatch(
        new RegExp(
          `^::error file=specs/shelf/openapi\\.yaml,line=${line},col=\\d+,title=[^:]+::the output does not ` +
            `conform to the declared outputs of shelf_list_books: /metadata/total must be number`,
        ),
      );
      expect(annotation).toContain("%0Areproduce: blockwright call shelf_list_books ");
      expect(
        r.stdout
          .split("\n")
          .filter(Boolean)
          .every((l) => l.startsWith("::error ")),
      ).toBe(true);
      // The failures in full still go to the log.
      expect(r.stderr).toContain(`✗ shelf ${answerCase}`);
      expect(r.stderr).toContain(`    at specs/shelf/openapi.yaml:${line}:`);
      const md = readFileSync(summary, "utf8");
      expect(md.startsWith("earlier step\n## ❌ Contract tests: ")).toBe(true);
      expect(md).toMatch(/^\| shelf \| \d+ \| \d+ \| [1-9]\d* \|$/m);
      expect(md).toMatch(/^\| `shelf_list_books` \| example \d+\/\d+ ❌ · /m);
      expect(md).toContain(`<details><summary>❌ shelf ${answerCase} — specs/shelf/openapi.yaml:${line}:`);
    },
  );

  it("github on a passing run: no annotation, a summary with a row per provider", async () => {
    const summary = join(tmp, "books-summary.md");
    const r = await cli(["test", "books", "--seed", "7", "--runs", "2", "--reporter", "github"], {
      env: { GITHUB_STEP_SUMMARY: summary },
    });
    expect(r).toMatchObject({ code: 0, stdout: "" });
    const md = readFileSync(summary, "utf8");
    expect(md).toMatch(/^## ✅ Contract tests: \d+ passed, 0 failed$/m);
    expect(md).toMatch(/^\| books \| (\d+) \| \1 \| 0 \|$/m);
    expect(md).not.toContain("### Failures");
  });

  it(
    "several reporters at once, each to its own --output; html is one offline page with coverage and each " +
      "failure's input, answer and reproduce line",
    async () => {
      const { r, out } = await brokenAnswerReports();
      expect(r.code).toBe(1);
      const json = JSON.parse(readFileSync(out("report.json"), "utf8"));
      expect(XMLValidator.validate(readFileSync(out("junit.xml"), "utf8"))).toBe(true);
      expect(readFileSync(out("report.md"), "utf8")).toContain("### Coverage by operation");
      const html = readFileSync(out("report.html"), "utf8");
      expect(html).toMatch(/^<!doctype html>/);
      expect(html).toContain(
        `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
      );
      expect(html).not.toMatch(/<script|<link|<img|\bsrc=|\bhref=/i);
      // A coverage row per operation, a cell per kind.
      for (const op of new Set(json.cases.map((c: { operation: string }) => c.operation)))
        expect(html).toContain(`<td data-label="Operation"><code>${String(op).replaceAll("_", "_<wbr>")}</code></td>`);
      const failure = html.slice(html.indexOf(`<h3>shelf ${answerCase}</h3>`));
      expect(failure.length).toBeLessThan(html.length);
      const section = failure.slice(0, failure.indexOf("</section>"));
      expect(section).toContain(
        "<h4>Violation</h4>\n<pre>the output does not conform to the declared outputs of shelf_list_books",
      );
      expect(section).toMatch(/<h4>Input<\/h4>\n<pre>\{\n {2}"apiKey": "\{\{SHELF_API_KEY\}\}"/);
      expect(section).toContain("<h4>The mock's answer: 200</h4>");
      expect(section).toContain(`asked of the mock: code=200, example=${BROKEN_EXAMPLE}`);
      expect(section).toContain('<pre>{"total":null,"value":[]}</pre>');
      expect(section).toContain("<h4>Reproduce</h4>\n<pre>reproduce: blockwright call shelf_list_books --params ");
      // The suite's made-up credential is in no report.
      const { CREDENTIAL } = await import("../contract/values.js");
      for (const file of ["junit.xml", "report.html", "report.md"])
        expect(readFileSync(out(file), "utf8"), file).not.toContain(CREDENTIAL);
    },
  );

  for (const [args, message] of [
    [
      ["--reporter", "html", "--reporter", "junit"],
      "--reporter html and junit would all print to standard output: give all but one an --output <file>",
    ],
    [
      ["--output", "a.xml", "--reporter", "html", "--reporter", "junit", "--output", "b.xml"],
      "--output a.xml comes before any --reporter",
    ],
    [
      ["--reporter", "html", "--output", "a", "--reporter", "junit", "--output", "a"],
      "--output a is given to two reporters",
    ],
    [["--reporter", "junit", "--output", "a", "--output", "b"], "--output is given 2 times for one reporter"],
  ] as const) {
    it(`refuses ${args.join(" ")} before running anything`, async () => {
      expect(await cli(["test", "books", ...args])).toMatchObject({
        code: 2,
        stdout: "",
        stderr: expect.stringContaining(message),
      });
    });
  }
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
      // A copy of the generated project whose spec now wants a shelf id to be a host name (a
      // format the manifest cannot state, so the link step neither takes nor compares it; a changed
      // pattern it refuses outright). The manifest still takes any id its pattern allows.
      const dir = join(tmp, "looser-format");
      cpSync(await generatedShelf(), dir, { recursive: true, verbatimSymlinks: true });
      edit(
        join(dir, "specs/shelf/api.yaml"),
        'schema: { type: string, pattern: "^[a-z0-9-]+$" }',
        'schema: { type: string, pattern: "^[a-z0-9-]+$", format: hostname }',
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
        /- request path \/shelfid: Request path parameter shelfid must match format "hostname" \(format\)/,
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
