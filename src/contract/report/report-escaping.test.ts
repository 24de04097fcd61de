// The reports of a run keep what a case says readable and inert, whatever characters it holds: JUnit XML that any
// parser accepts, text whose lines no CI runner reads as a command, HTML with no markup from a case, Markdown fences
// no backtick run closes, GitHub annotations one line each, and the JSON summary.
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import type { CaseResult } from "../run.js";
import { githubAnnotations } from "./report-github.js";
import { htmlReport } from "./report-html.js";
import { junitReport } from "./report-junit.js";
import { markdownReport } from "./report-markdown.js";
import { jsonReport, type SuiteReport, text, textReport } from "./report.js";

describe("reports", () => {
  const nasty = "expected \"<b>\" & 'x'\nsecond line\ttab \u0000 nul \u0008 bs \ud800 half, 🦦 whole, \uffff";
  const result = (status: CaseResult["status"], provider = "shelf", message?: string): CaseResult => ({
    id: `shelf_get_book › example › ${status}`,
    provider,
    operation: "shelf_get_book",
    kind: "example",
    name: `a <${status}> & "case"`,
    status,
    durationMs: 12,
    source: { document: "manifest", path: ["operations", "shelf_get_book"] },
    statuses: status === "passed" ? [200] : [],
    ...(message ? { message } : {}),
  });
  const report: SuiteReport = {
    seed: 7,
    runs: 3,
    shard: "1/2",
    startedAt: "2026-01-02T03:04:05.678Z",
    durationMs: 1234,
    results: [result("passed"), result("failed", "shelf", nasty), result("error", "other", "boom <x>")],
  };

  it("JUnit XML is well-formed and keeps every message readable, whatever characters it has", () => {
    const xml = junitReport(report);
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: "",
      textNodeName: "text",
      processEntities: true,
      htmlEntities: true,
    }).parse(xml);
    expect(parsed.testsuites).toMatchObject({ name: "blockwright test", tests: "3", failures: "1", errors: "1" });
    const [shelfSuite, otherSuite] = parsed.testsuites.testsuite;
    expect(shelfSuite).toMatchObject({ name: "shelf", tests: "2", failures: "1", errors: "0", skipped: "0" });
    expect(otherSuite.testcase.error).toMatchObject({ type: "Error", text: "boom <x>" });
    const failed = shelfSuite.testcase[1];
    expect(failed.name).toBe('example › a <failed> & "case"');
    expect(failed.failure.text).toBe(
      "expected \"<b>\" & 'x'\nsecond line\ttab \\u0000 nul \\u0008 bs \\ud800 half, 🦦 whole, \\uffff",
    );
    // The message attribute keeps the whole text, line breaks included.
    expect(failed.failure.message).toBe(failed.failure.text);
  });

  it("text ends with a plain `N passed, N failed, N could not run` line", () => {
    const text = textReport(report);
    expect(text.trimEnd().split("\n").at(-1)).toBe("contract: 1 passed, 1 failed, 1 could not run");
    expect(text).toContain("seed 7, 3 runs per property, shard 1/2");
    // Each case that did not pass marked as what it is: a contract that failed (✗), or a case that could not run (⚠).
    expect(text).toContain("⚠ other shelf_get_book › example › error (could not run)");
    expect(text).toContain("✗ shelf shelf_get_book › example › failed");
    expect(text).not.toContain("✗ other");
    expect(text).toMatch(/^other +1 cases {2}0 passed {2}0 failed {2}1 could not run$/m);
  });

  it("Markdown and HTML count a case that could not run apart from the contracts that failed", () => {
    const md = markdownReport(report);
    expect(md).toContain("## ❌ Contract tests: 1 passed, 1 failed, 1 could not run\n");
    expect(md).toContain("| other | 1 | 0 | 0 (1 could not run) |");
    const html = htmlReport(report);
    expect(html).toContain('<p class="verdict bad">1 passed, 1 failed, 1 could not run</p>');
    // A provider whose cases only could not run is not coloured as one whose contract failed.
    expect(html).toContain('<td class="n notrun">0 (1 could not run)</td>');
    expect(html).toContain('<td class="n bad">1</td>');
    expect(html).toContain("<title>other shelf_get_book: 0 passed, 0 failed, 1 could not run</title>");
    expect(html).toMatch(/>0 ✓ 0 ✗ 1 ⚠<\/text>/);
    expect(html).toMatch(/>1 ✓ 1 ✗<\/text>/);
    expect(md).toContain("<summary>⚠️ other shelf_get_book › example › error");
    expect(md).toContain("<summary>❌ shelf shelf_get_book › example › failed");
  });

  it("Markdown coverage marks a kind ❌ only where a contract failed, ⚠️ where all passed or could not run", () => {
    const kinds = (...cases: [CaseResult["kind"], CaseResult["status"]][]): SuiteReport => ({
      ...report,
      results: cases.map(([kind, status], i) => ({ ...result(status), id: `${i}`, kind })),
    });
    const row = (md: string) => md.split("\n").find((line) => line.startsWith("| `shelf_get_book` |"));
    expect(row(markdownReport(kinds(["example", "passed"], ["example", "error"])))).toBe(
      "| `shelf_get_book` | example 1/2 ⚠️ | 200 |",
    );
    expect(row(markdownReport(kinds(["example", "error"], ["example", "failed"], ["auth", "passed"])))).toBe(
      "| `shelf_get_book` | example 0/2 ❌ · auth 1/1 | 200 |",
    );
  });

  const hostile = "</pre><script>alert(1)</script>\n```\nnot code ```` <img src=x> 100% done, a:b\r\n::error::injected";
  const located: SuiteReport = {
    ...report,
    results: [
      result("passed"),
      {
        ...result("failed", "shelf", hostile),
        at: { file: "specs/shelf/manifest.yaml", line: 12, col: 5 },
        failure: {
          violation: hostile,
          input: { q: "<i>" },
          request: "GET /x?a=<b>",
          answer: { status: 422, body: "</pre>`<b>`" },
          reproduce: 'blockwright call x --params \'{"q":"<i>"}\'',
        },
      },
    ],
  };

  it("HTML escapes every piece of text: nothing from a case becomes markup", () => {
    const html = htmlReport(located);
    expect(html).not.toMatch(/<script|<img|<b>|<i>/);
    expect(html).toContain("&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html.match(/<pre>/g)?.length).toBe(html.match(/<\/pre>/g)?.length);
  });

  it(
    "Markdown keeps each failure's text in a fence no backtick run inside can close, and escapes its " + "summary line",
    () => {
      const md = markdownReport(located);
      expect(md).toContain("`````text\n</pre><script>");
      expect(md).toContain(
        `<summary>❌ shelf ${text("shelf_get_book › example › failed")} — specs/shelf/manifest.yaml:12:5</summary>`,
      );
      expect(
        markdownReport({ ...located, results: [located.results[1]!, located.results[1]!] }, { maxFailures: 1 }),
      ).toContain("… and 1 more: see the full report.");
    },
  );

  it(
    "text keeps each line of a failure on its line: none starts with :: (a CI workflow command), control " +
      "characters escaped",
    () => {
      const text = textReport(located);
      expect(text).toContain("    not code ```` <img src=x> 100% done, a:b\\r\n    %3A:error::injected\n");
      for (const line of text.split("\n")) expect(line, line).not.toMatch(/^\s*::/);
    },
  );

  it("GitHub annotations are one line each, escaped as the runner reads them", () => {
    const lines = githubAnnotations(located).trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^::error file=specs\/shelf\/manifest\.yaml,line=12,col=5,title=shelf shelf_get_book › example › failed::<\/pre>/,
    );
    expect(lines[0]).toContain("100%25 done, a:b%0D%0A::error::injected");
    expect(githubAnnotations({ ...located, results: [result("passed")] })).toBe("");
  });

  it("JSON has the summary, per provider, and every case", () => {
    const json = JSON.parse(jsonReport(report));
    expect(json.summary).toEqual({
      cases: 3,
      passed: 1,
      failed: 1,
      errors: 1,
      providers: {
        shelf: { cases: 2, passed: 1, failed: 1, errors: 0 },
        other: { cases: 1, passed: 0, failed: 0, errors: 1 },
      },
    });
    expect(json.cases).toHaveLength(3);
    expect(json).toMatchObject({ seed: 7, runs: 3, shard: "1/2" });
  });
});
