// A string of an integer format (`type: string, format: int64`; `uint64`, `int32`, `uint32` alike): protobuf's JSON
// mapping writes a 64-bit integer as decimal text, so a document converted from protobuf (a gateway's Swagger of a
// key-value store: a range's `limit`, a `revision`, a member's `ID`) types it a string and keeps the format. add
// drafted a plain text (int64 said nothing, uint64 "cannot state yet"), and a call sent `limit: "ten"` or a number past
// the format's range, which the service refuses; the suite drew any text. Drafted with a pattern of decimal text in the
// format's range, in a parameter and in a JSON value's field; every derived case passes on the mock.
import { describe, expect, it } from "vitest";
import { casesNotPassed, draftedOnMock } from "../../contract/__fixtures__/drafted-subject.js";
import { drafted, linkedTools, linkProblems, notesAt, openapi, sentOrRefused } from "../__fixtures__/draft-kit.js";

const doc = openapi({
  "/zqrange": {
    post: {
      operationId: "zqRange",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              properties: {
                zqLimit: { type: "string", format: "int64" },
                zqMember: { type: "string", format: "uint64" },
                zqSmall: { type: "string", format: "int32" },
                zqOptions: { type: "object", properties: { zqRevision: { type: "string", format: "int64" } } },
              },
            },
          },
        },
      },
      responses: { "200": { description: "ok", content: { "application/json": { schema: { type: "object" } } } } },
    },
  },
});

describe("a string of an integer format", () => {
  it("is drafted with a pattern of decimal text in the format's range, noted, and links", async () => {
    const d = drafted(doc, ["zqRange"]);
    const params = d.manifest.operations.acme_zq_range!.params! as Record<string, { pattern?: string }>;
    const int64 = new RegExp(String(params.zqLimit!.pattern), "u");
    const uint64 = new RegExp(String(params.zqMember!.pattern), "u");
    const int32 = new RegExp(String(params.zqSmall!.pattern), "u");
    for (const text of ["0", "7", "42", "-1", "9223372036854775807", "-9223372036854775808"])
      expect(int64.test(text), text).toBe(true);
    for (const text of [
      "",
      "ten",
      "007",
      "-0",
      "+1",
      "1e3",
      "1.5",
      " 1",
      "9223372036854775808",
      "-9223372036854775809",
    ])
      expect(int64.test(text), text).toBe(false);
    for (const text of ["0", "18446744073709551615", "9223372036854775808"]) expect(uint64.test(text), text).toBe(true);
    for (const text of ["-1", "18446744073709551616", "99999999999999999999"])
      expect(uint64.test(text), text).toBe(false);
    for (const text of ["2147483647", "-2147483648", "1999999999"]) expect(int32.test(text), text).toBe(true);
    for (const text of ["2147483648", "-2147483649", "3000000000"]) expect(int32.test(text), text).toBe(false);
    expect(notesAt(d, "operations.acme_zq_range.params.zqMember")).toContain(
      "the spec gives format uint64 (a whole number in uint64's range written as decimal text, such as 42): " +
        "drafted as a pattern its values match",
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("refuses a text that is no such number before any request, a field inside a JSON value too", async () => {
    const [tool] = await linkedTools(drafted(doc, ["zqRange"]));
    const send = (params: Record<string, unknown>) => sentOrRefused(tool!, params, {});
    expect(await send({ zqLimit: "10", zqOptions: { zqRevision: "-3" } })).toEqual({ message: "sent", sent: 1 });
    for (const params of [
      { zqLimit: "ten" },
      { zqMember: "-1" },
      { zqOptions: { zqRevision: "9223372036854775808" } },
    ]) {
      const { message, sent } = await send(params);
      expect(sent, JSON.stringify(params)).toBe(0);
      expect(message, JSON.stringify(params)).toMatch(/decimal text|pattern|match/);
    }
  });

  it("is sent as decimal text in every derived case, a JSON value's field too, which the mock takes", async () => {
    const on = await draftedOnMock("acme", doc, ["zqRange"]);
    try {
      expect(await casesNotPassed(on)).toEqual([]);
    } finally {
      await on.close();
    }
  }, 120_000);
});
