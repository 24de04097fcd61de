// What a failing case's report says answered its last request: when the mock's
// request validator refused it, Prism serves the example the spec declares for
// the error status (Google Books' "API key not valid" for a search without
// `q`), which the report showed as "the mock's answer" beside an unrelated
// violation. It is told as the refusal it is, with what the validator found.
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import type { Exchange } from "./exchange.js";
import { failureDetail } from "./failure.js";
import { htmlReport } from "./report/report-html.js";
import { markdownReport } from "./report/report-markdown.js";
import type { CaseResult } from "./run.js";

const tool = irFixture("shelf").operations.find((o) => o.tool.id === "shelf_list_books")!.tool;
const SERVED = JSON.stringify({ error: { code: 400, message: "zq example: the shelf is closed" } });

function exchange(extra: Partial<Exchange>): Exchange {
  const url = new URL("http://127.0.0.1:4010/shelves/zq1/books");
  return {
    method: "GET",
    url,
    search: "",
    headers: new Headers(),
    rawBody: "",
    body: undefined,
    status: 400,
    responseHeaders: new Headers(),
    responseBody: SERVED,
    violations: [],
    at: 0,
    ...extra,
  };
}

function reported(ex: Exchange): { html: string; markdown: string } {
  const failure = failureDetail("zq the output mapping broke", { tool, input: { shelfId: "zq1" }, exchanges: [ex] });
  const result: CaseResult = {
    id: "shelf_list_books › example › zq",
    provider: "shelf",
    operation: "shelf_list_books",
    source: { document: "manifest", path: ["operations", "shelf_list_books"] },
    kind: "example",
    name: "zq",
    status: "failed",
    durationMs: 1,
    startedAtMs: 0,
    statuses: [200],
    message: failure.violation,
    failure,
  };
  const report = { seed: 1, runs: 1, startedAt: "2026-11-25T00:00:00.000Z", durationMs: 1, results: [result] };
  return { html: htmlReport(report), markdown: markdownReport(report) };
}

describe("the answer of a failing case's last request", () => {
  it(
    "refused by the mock's validator: told as a refusal, with what it found, the served example not passed off " +
      "as an answer",
    () => {
      const refused = exchange({
        violations: [
          {
            location: ["request", "query"],
            code: "required",
            message: "Request query must have required property 'top'",
            severity: "Error",
          },
        ],
      });
      const { html, markdown } = reported(refused);
      expect(html).toContain("<h4>The mock refused the request: 400</h4>");
      expect(html).toContain(
        "Its request validator found: request.query: Request query must have required property 'top'. The body " +
          "below is the example the spec declares for 400",
      );
      expect(html).not.toMatch(/The mock(&#39;|&#x27;|')s answer: 400/);
      expect(markdown).toContain(
        "refused by the mock's validator (request.query: Request query must have required property 'top'), which " +
          "served the spec's example for 400",
      );
    },
  );

  it("asked of the mock, the answer is the mock's, with how it was asked", () => {
    const { html } = reported(exchange({ prefer: "code=400" }));
    expect(html).toMatch(/<h4>The mock(&#39;|')s answer: 400<\/h4>\n<p>asked of the mock: code=400<\/p>/);
  });
});
