// A header of `format: date-time-rfc1123` (AutoRest's name for an HTTP date; OpenAPI's format registry calls it
// `http-date`): the time a request was issued, an `If-Modified-Since`. A manifest cannot state the format: add drafted
// a plain text of 1,000 characters at most with a note that it "cannot state yet", so a call sent any text and no case
// tried a date. Drafted with a pattern only RFC 9110's IMF-fixdate matches, bounded in length, and every derived case
// passes on the mock.
import { describe, expect, it } from "vitest";
import { casesNotPassed, draftedOnMock } from "../../contract/__fixtures__/drafted-subject.js";
import { drafted, linkProblems, notesAt, openapi } from "../__fixtures__/draft-kit.js";

const doc = openapi({
  "/zqreports": {
    get: {
      operationId: "listZqReports",
      parameters: [
        { name: "zq-date", in: "header", required: true, schema: { type: "string", format: "date-time-rfc1123" } },
        { name: "zqSince", in: "query", schema: { type: "string", format: "http-date" } },
      ],
      responses: {
        "200": {
          description: "ok",
          headers: { "Last-Modified": { schema: { type: "string", format: "date-time-rfc1123" } } },
          content: { "application/json": { schema: { type: "object" } } },
        },
      },
    },
  },
});

describe("a parameter of format date-time-rfc1123 or http-date", () => {
  it("is drafted with a pattern only HTTP dates match, noted, bounded, and links", async () => {
    const d = drafted(doc, ["listZqReports"]);
    const params = d.manifest.operations.acme_list_zq_reports!.params!;
    for (const name of ["zqDate", "zqSince"]) {
      const p = params[name] as { pattern?: string; patternHint?: string; maxLength?: number };
      // The pattern in words: what a refusal and a model's tool description say of it.
      expect(p.patternHint, name).toMatch(/^an HTTP date, such as /);
      const httpDate = new RegExp(String(p.pattern), "u");
      for (const text of [
        "Sun, 06 Nov 1994 08:49:37 GMT",
        "Fri, 17 Feb 2017 00:00:00 GMT",
        "Mon, 31 Dec 2029 23:59:59 GMT",
      ])
        expect(httpDate.test(text), text).toBe(true);
      for (const text of [
        "",
        "2017-02-17T00:00:00Z",
        "Sunday, 06-Nov-94 08:49:37 GMT",
        "Sun Nov  6 08:49:37 1994",
        "sun, 06 nov 1994 08:49:37 gmt",
        "Sun, 6 Nov 1994 08:49:37 GMT",
        "Sun, 06 Nov 1994 24:00:00 GMT",
        "Sun, 06 Nov 1994 08:49:37 +0000",
        "Sun, 32 Nov 1994 08:49:37 GMT",
        "Sun, 06 Nov 1994 08:49:37 GMT ",
      ])
        expect(httpDate.test(text), text).toBe(false);
      expect(p.maxLength, name).toBeUndefined();
    }
    expect(notesAt(d, "operations.acme_list_zq_reports.params.zqDate")).toContain(
      "the spec gives format date-time-rfc1123 (an HTTP date, such as Sun, 06 Nov 1994 08:49:37 GMT): drafted as a " +
        "pattern its values match",
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is sent as an HTTP date in every derived case, which the mock takes", async () => {
    const on = await draftedOnMock("acme", doc, ["listZqReports"]);
    try {
      expect(await casesNotPassed(on)).toEqual([]);
    } finally {
      await on.close();
    }
  }, 120_000);
});
