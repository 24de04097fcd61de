// The HTML report's chart (inline SVG, one bar per operation under its
// provider, to scale) and its failures: the whole violation, the request, and
// the answer said for what it is (the mock's, a scenario's, or the mock's
// validator refusing the request).
import { describe, expect, it } from "vitest";
import type { CaseResult } from "../run.js";
import { answerSource, htmlReport, passFailChart } from "./report-html.js";
import type { SuiteReport } from "./report.js";

const result = (operation: string, status: CaseResult["status"], extra: Partial<CaseResult> = {}): CaseResult => ({
  id: `${operation} › example › ${status}`,
  provider: operation.split("_")[0] ?? "zqshelf",
  operation,
  kind: "example",
  name: status,
  status,
  durationMs: 5,
  startedAtMs: 0,
  source: { document: "manifest", path: ["operations", operation] },
  statuses: [200],
  ...extra,
});
const PRISM_REFUSAL = JSON.stringify({
  type: "https://stoplight.io/prism/errors#UNPROCESSABLE_ENTITY",
  title: "Invalid request",
  status: 422,
  detail: "Your request is not valid",
});
const report: SuiteReport = {
  seed: 1,
  runs: 1,
  startedAt: "2026-11-23T00:00:00.000Z",
  durationMs: 30,
  results: [
    result("zqshelf_list", "passed"),
    result("zqshelf_list", "passed"),
    result("zqshelf_list", "failed", {
      message: "first line\nsecond line of the violation",
      failure: {
        violation: "first line\nsecond line of the violation",
        request: "GET /books?q=1",
        answer: { status: 422, body: PRISM_REFUSAL },
      },
    }),
    result("zqshelf_get", "passed"),
    result("zqpay_<charge>", "error", { message: "the mock did not start" }),
  ],
};

describe("the HTML report", () => {
  it("charts passed and failed cases per provider and operation as inline SVG, to scale, names escaped", () => {
    const svg = passFailChart(report);
    expect(svg).toMatch(/^<svg class="chart" xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).not.toMatch(/<script|href=/);
    expect(svg.match(/<rect class="pass"/g)).toHaveLength(3);
    expect(svg.match(/<rect class="fail"/g)).toHaveLength(3);
    // zqshelf_list ran the most (3): its bar is the full 360, 240 of it green.
    expect(svg).toContain("<title>zqshelf zqshelf_list: 2 passed, 1 failed</title>");
    expect(svg).toMatch(
      new RegExp(
        String.raw`<rect class="pass" x="260" y="\d+" width="240\.0" height="14"\/>\n` +
          String.raw`<rect class="fail" x="500\.0" y="\d+" width="120\.0"`,
      ),
    );
    expect(svg).toContain("zqpay_&lt;charge&gt;");
    expect(htmlReport(report)).toContain(svg);
  });

  it(
    "shows each failure's whole violation, its request, and the mock's refusal as a refusal, not as the mock's " +
      "answer",
    () => {
      const html = htmlReport(report);
      expect(html).toContain("<pre>first line\nsecond line of the violation</pre>");
      expect(html).toContain("<h4>Request</h4>\n<pre>GET /books?q=1</pre>");
      expect(html).toContain("<h4>The mock refused the request: 422</h4>");
      expect(html).not.toMatch(/The mock(&#39;|&#x27;|')s answer: 422/);
    },
  );

  it("colours a coverage cell red (✗) only where a contract failed; a kind that only could not run is marked ⚠", () => {
    const cells = [...htmlReport(report).matchAll(/<td class="n (\w+)" data-label="example">([^<]*)<\/td>/g)].map(
      (m) => `${m[1]} ${m[2]}`,
    );
    expect(cells).toEqual(["bad 2/3 ✗", "ok 1/1", "notrun 0/1 ⚠"]);
  });

  it("names who answered: the mock, a scenario in its place, or the mock's validator", () => {
    expect(answerSource({ status: 200, body: "{}" })).toEqual({ title: "The mock's answer" });
    expect(
      answerSource({ status: 400, body: '{"error":"zq"}', how: "asked of the mock with Prefer: code=400" }),
    ).toEqual({ title: "The mock's answer", note: "asked of the mock with Prefer: code=400" });
    expect(
      answerSource({ status: 503, body: "", how: "a scenario answered in the mock's place (the mock said 200)" }).title,
    ).toBe("The answer a scenario gave in the mock's place");
    expect(answerSource({ status: 422, body: PRISM_REFUSAL }).title).toBe("The mock refused the request");
  });
});
