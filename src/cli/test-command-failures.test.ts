// `blockwright test` on projects of the fixture provider broken on purpose (an answer the manifest's outputs do not
// take, books whose state may be null): how the run stops and scales with many failures, and its reports for CI.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { XMLValidator } from "fast-xml-parser";
import { afterAll, describe, expect, it } from "vitest";
import { cli, type CliRun, editFile as edit, spawnCli, specsProject } from "../../test-support/cli-harness.js";
import { ROOT } from "../../test-support/repo.js";
import { startMocks } from "../mocks/mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-test-failures-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
/** A project folder with the runtime resolvable (as after `npm install`) and the given providers' specs. */
const project = (name: string, specs: Record<string, string>, generatedFrom?: string[]) =>
  specsProject(join(tmp, name), specs, generatedFrom);

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
    // Contracts that failed: a case that could not run is not counted (test-options.ts failureCap).
    expect(report.summary.failed).toBe(3);
    expect(report.cases.length).toBeLessThan(report.planned);
    expect(report.stopped).toMatch(/^--max-failures 3 reached/);
    expect(r.stderr).toMatch(/cases ran \(--max-failures 3 reached/);
    const { passed, failed, errors } = report.summary;
    const couldNot = errors ? `, ${errors} could not run` : "";
    expect(r.stderr).toMatch(new RegExp(`^contract: ${passed} passed, ${failed} failed${couldNot}$`, "m"));
  });

  it(
    "--workers 2: worker threads with mocks of their own, the same report as one worker for the same seed, " +
      "shrunk failures included",
    async () => {
      const dir = await brokenBooksProject();
      const shape = (stdout: string) =>
        JSON.parse(stdout).cases.map(
          (c: {
            id: string;
            status: string;
            message?: string;
            statuses: number[];
            failure?: unknown;
            at?: unknown;
          }) => [
            c.id,
            c.status,
            c.message,
            c.statuses,
            c.failure,
            // The manifest or spec line of a failure: the command's thread links the specs for it only when a case
            // failed (its worker derived the cases: test-plan.ts locateFailed).
            c.at,
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
      expect(await two.closed).toBe(1);
      expect(two.stderr()).toMatch(
        /^blockwright test: \d+ cases on 1 mock in 2 workers, seed 7, 2 runs per property$/m,
      );
      expect(shape(two.stdout())).toEqual(shape(one.stdout));
      expect((JSON.parse(two.stdout()).cases as { at?: unknown }[]).some((c) => c.at !== undefined)).toBe(true);
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

// github on a passing run: test-command.test.ts, on the run of its first test.
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
      const { CREDENTIAL } = await import("../contract/inputs/values.js");
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
