// One failing case through every reporter: each prints the same reproduce
// line (reproduceLine), read back from its own escaping, and a JUnit report
// read back for `report merge` keeps it apart from the message.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { loadProvider } from "../../emit/link-provider.js";
import { runCase } from "../run.js";
import { contractCase, ContractFailure, type ObservedCall } from "../types.js";
import { CREDENTIAL } from "../inputs/values.js";
import { parseReport } from "./read-report.js";
import { ctrfReport } from "./report-ctrf.js";
import { githubAnnotations } from "./report-github.js";
import { htmlReport } from "./report-html.js";
import { junitReport } from "./report-junit.js";
import { markdownReport } from "./report-markdown.js";
import { jsonReport, reproduceLine, type SuiteReport, textReport } from "./report.js";

const fixtures = fileURLToPath(new URL("../../../test-support/fixtures/", import.meta.url));
const shelf = await loadProvider(fixtures, join(fixtures, "specs/shelf"));
const tool = shelf.operations.find((op) => op.tool.id === "shelf_add_book")!.tool;

// Text the formats escape each in their own way: quotes, <, &, %, a colon pair.
const input = { apiKey: CREDENTIAL, shelfId: "zq-1", title: `It's <b>"100%"</b> & a::b` };
const call: ObservedCall = {
  tool,
  input,
  exchanges: [
    {
      method: "POST",
      url: new URL("http://127.0.0.1:4010/v2/shelves/zq-1/books"),
      search: "",
      headers: new Headers(),
      rawBody: "{}",
      body: {},
      status: 500,
      responseHeaders: new Headers(),
      responseBody: '{"error":"zq"}',
      violations: [],
      at: 0,
    },
  ],
};
const failing = contractCase(tool, "example", "zq answer", async (ctx) => {
  ctx.observe?.(call);
  throw new ContractFailure("status 500 is not declared\nsecond line", {
    file: "specs/shelf/manifest.yaml",
    line: 7,
    col: 3,
  });
});
const result = await runCase(failing, { mockUrl: () => "http://127.0.0.1:4010", seed: 1, runs: 1 });
const report: SuiteReport = {
  seed: 1,
  runs: 1,
  startedAt: "2026-01-02T03:04:05.000Z",
  durationMs: 10,
  results: [result],
};
const line = reproduceLine(result)!;

const lines = (text: string) => text.split("\n").map((l) => l.trim());
const unescapeMarkup = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

describe("the reproduce line", () => {
  it("is the call line of the case's last input, secrets as references", () => {
    expect(line).toMatch(
      new RegExp(
        String.raw`^reproduce: blockwright call shelf_add_book --params '.*' --param 'apiKey=\{\{SHELF_API_KEY\}\}' ` +
          String.raw`--base-url http:\/\/127\.0\.0\.1:4010 {3}` +
          String.raw`\(with ${"`"}blockwright mock shelf --port 4010${"`"} running\)$`,
      ),
    );
    expect(line).not.toContain(CREDENTIAL);
  });

  it("is the same line in the text, JSON, JUnit, CTRF, Markdown, HTML and GitHub reports", () => {
    const seen: Record<string, boolean> = {};
    seen.text = lines(textReport(report)).includes(line);
    seen.json = reproduceLine(JSON.parse(jsonReport(report)).cases[0]) === line;
    const xml = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: "",
      textNodeName: "text",
      processEntities: true,
    }).parse(junitReport(report));
    seen.junit = lines(xml.testsuites.testsuite.testcase.failure.text).includes(line);
    const ctrf = JSON.parse(ctrfReport(report)).results.tests[0];
    seen.ctrf = lines(ctrf.message).includes(line) && ctrf.extra.reproduce === line;
    seen.markdown = lines(markdownReport(report)).includes(line);
    seen.html = [...htmlReport(report).matchAll(/<pre>([^<]*)<\/pre>/g)].some(
      (m) => unescapeMarkup(m[1] ?? "") === line,
    );
    const annotation = githubAnnotations(report).trimEnd();
    seen.github = lines(decodeURIComponent(annotation.slice(annotation.indexOf("::", 2) + 2))).includes(line);
    expect(seen).toEqual({ text: true, json: true, junit: true, ctrf: true, markdown: true, html: true, github: true });
  });

  it("survives a JUnit report read back (report merge): apart from the message, before the position", () => {
    const [back] = parseReport(junitReport(report), "shard.xml").results;
    expect(back).toMatchObject({
      message: "status 500 is not declared\nsecond line",
      at: { file: "specs/shelf/manifest.yaml", line: 7, col: 3 },
    });
    expect(reproduceLine(back!)).toBe(line);
    // Written again, the line appears once, not once more per merge.
    const again = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: "",
      textNodeName: "text",
      processEntities: true,
    }).parse(junitReport({ ...report, results: [back!] }));
    expect(lines(again.testsuites.testsuite.testcase.failure.text).filter((l) => l === line)).toHaveLength(1);
  });
});
