import { describe, expect, it } from "vitest";
import type { OpenApiOperation, OpenApiResponse } from "../../load/openapi-types.js";
import { answerTextOf } from "./answer-text.js";

// An operation of the given answers: only the statuses and media types matter here.
const operation = (answers: [string, string[]][]): OpenApiOperation =>
  ({
    operationId: "zqRender",
    responses: answers.map(([status, mediaTypes]) => ({ status, mediaTypes }) as unknown as OpenApiResponse),
  }) as OpenApiOperation;

describe("a text-reading tool's answerText", () => {
  it('is "html" when a success answer declares an HTML page, so that the runtime takes the page as the text', () => {
    for (const type of ["text/html", "text/html; charset=utf-8", "application/xhtml+xml", "TEXT/HTML"])
      expect(answerTextOf(operation([["200", [type]]]), [200]), type).toBe("html");
    expect(answerTextOf(operation([["200", ["text/plain", "text/html"]]]), [200])).toBe("html");
  });

  it("is true for another text, and where only an error answer is a page (a proxy's page stays refused)", () => {
    for (const type of ["text/plain", "text/csv", "application/xml", "text/htmlx"])
      expect(answerTextOf(operation([["200", [type]]]), [200]), type).toBe(true);
    expect(
      answerTextOf(
        operation([
          ["200", ["text/plain"]],
          ["401", ["text/html"]],
        ]),
        [200],
      ),
    ).toBe(true);
  });
});
