// A query parameter of `format: time` (RFC 3339's full-time, `13:22:00`; a flight-delay API's departure and arrival
// times): a manifest cannot state the format, add drafted a plain text, the suite sent `example`, and the mock
// refused every case ("must match format time": 22 of 59). Drafted with a pattern its values match, as a duration
// is; every derived case passes on the mock.
import { describe, expect, it } from "vitest";
import { casesNotPassed, draftedOnMock } from "../../contract/__fixtures__/drafted-subject.js";
import { drafted, linkProblems, notesAt, openapi } from "../__fixtures__/draft-kit.js";

const doc = openapi({
  "/zqflights": {
    get: {
      operationId: "listZqFlights",
      parameters: [
        { name: "zqDeparts", in: "query", required: true, schema: { type: "string", format: "time" } },
        { name: "zqArrives", in: "query", schema: { type: "string", format: "time" } },
      ],
      responses: { "200": { description: "ok", content: { "application/json": { schema: { type: "object" } } } } },
    },
  },
});

describe("a query parameter of format time", () => {
  it("is drafted with a pattern only times of day match, noted, and links", async () => {
    const d = drafted(doc, ["listZqFlights"]);
    const departs = d.manifest.operations.acme_list_zq_flights!.params!.zqDeparts as { pattern?: string };
    const time = new RegExp(String(departs.pattern), "u");
    for (const text of [
      "13:22:00",
      "00:00:00",
      "23:59:59.123",
      "13:22:00Z",
      "13:22:00z",
      "13:22:00+02:00",
      "08:00:00-0530",
    ])
      expect(time.test(text), text).toBe(true);
    for (const text of ["", "13:22", "24:00:00", "13:60:00", "13:22:61", "1:22:00", "13:22:00 ", "example"])
      expect(time.test(text), text).toBe(false);
    expect(notesAt(d, "operations.acme_list_zq_flights.params.zqDeparts")).toContain(
      "the spec gives format time (an RFC 3339 time of day, such as 13:22:00): drafted as a pattern its values match",
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is sent as a time of day in every derived case, which the mock takes", async () => {
    const on = await draftedOnMock("acme", doc, ["listZqFlights"]);
    try {
      expect(await casesNotPassed(on)).toEqual([]);
    } finally {
      await on.close();
    }
  }, 120_000);
});
