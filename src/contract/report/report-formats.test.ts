// JUnit as the CI servers' common schema accepts it (checked with xmllint, the
// WebAssembly build of libxml2's, against test-support/fixtures/junit/), with
// wall time rather than a sum over concurrent cases; and CTRF as its
// specification lays it out.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import type { CaseResult } from "../run.js";
import { ctrfReport } from "./report-ctrf.js";
import { junitReport } from "./report-junit.js";
import type { SuiteReport } from "./report.js";

const XSD = readFileSync(join(import.meta.dirname, "../../../test-support/fixtures/junit/junit-common.xsd"), "utf8");
const valid = async (xml: string) =>
  validateXML({ xml: { fileName: "report.xml", contents: xml }, schema: { fileName: "junit.xsd", contents: XSD } });

const T0 = Date.parse("2026-03-04T05:06:07.000Z");
const result = (
  status: CaseResult["status"],
  startOffset: number,
  durationMs: number,
  extra: Partial<CaseResult> = {},
): CaseResult => ({
  id: `zqshelf_list › example › ${status} ${startOffset}`,
  provider: "zqshelf",
  operation: "zqshelf_list",
  kind: "example",
  name: `${status} at ${startOffset}`,
  status,
  durationMs,
  startedAtMs: T0 + startOffset,
  source: { document: "manifest", path: ["operations", "zqshelf_list"] },
  statuses: [200],
  ...extra,
});
// Three cases at once: 0–400, 100–300, 350–900 ms: a span of 900 ms, a sum of 1150.
const report: SuiteReport = {
  seed: 3,
  runs: 5,
  startedAt: new Date(T0).toISOString(),
  durationMs: 950,
  results: [
    result("passed", 0, 400),
    result("failed", 100, 200, {
      message: "status 500 is not declared\nsecond line",
      at: { file: "specs/zqshelf/manifest.yaml", line: 7, col: 3 },
    }),
    result("error", 350, 550, { message: "the mock did not start" }),
  ],
};

describe("JUnit", () => {
  it("validates against the common JUnit schema, which refuses a file attribute on <testcase>", async () => {
    const xml = junitReport(report);
    expect((await valid(xml)).errors).toEqual([]);
    const planted = xml.replace(
      '<testcase classname="zqshelf.zqshelf_list"',
      '<testcase file="specs/x.yaml" classname="zqshelf.zqshelf_list"',
    );
    expect((await valid(planted)).valid).toBe(false);
  });

  it("times a suite by the span its cases ran in, and keeps the position in the failure text", () => {
    const xml = junitReport(report);
    expect(xml).toMatch(/<testsuite name="zqshelf" tests="3" failures="1" errors="1" skipped="0" time="0\.900"/);
    expect(xml).toContain("status 500 is not declared&#10;second line");
    expect(xml).toContain("second line\nat specs/zqshelf/manifest.yaml:7:3</failure>");
  });
});

describe("CTRF", () => {
  it("has the document's required fields, a case that could not run as other, positions and times", () => {
    const doc = JSON.parse(ctrfReport(report, { version: "9.9.9" }));
    expect(doc).toMatchObject({
      reportFormat: "CTRF",
      specVersion: expect.stringMatching(/^\d+\.\d+\.\d+$/),
      results: { tool: { name: "blockwright", version: "9.9.9" } },
    });
    expect(doc.results.summary).toEqual({
      tests: 3,
      passed: 1,
      failed: 1,
      pending: 0,
      skipped: 0,
      other: 1,
      suites: 1,
      start: T0,
      stop: T0 + 950,
      duration: 950,
    });
    expect(doc.results.tests.map((t: { status: string }) => t.status)).toEqual(["passed", "failed", "other"]);
    expect(doc.results.tests[1]).toMatchObject({
      filePath: "specs/zqshelf/manifest.yaml",
      line: 7,
      duration: 200,
      start: T0 + 100,
      stop: T0 + 300,
      suite: ["zqshelf", "zqshelf_list"],
    });
    for (const t of doc.results.tests) expect(Number.isInteger(t.duration)).toBe(true);
  });
});
