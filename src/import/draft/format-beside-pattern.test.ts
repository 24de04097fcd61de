// A text whose schema gives a format the manifest states as a pattern and a pattern of its own that takes more than the
// format does (a directory API's durations: `format: duration` with `^-?P([0-9]+D)?(T…([0-9]+([.][0-9]+)?S)?)?$`, which
// takes `-P87DT01M4S` and a bare `P`, no duration of RFC 3339's). add kept the document's pattern alone: the suite
// drew values from it, and the request judge refused every case that sent one ("does not match format duration"), at
// the top of a body and inside a JSON field. Now a value meets both, as the judge and the mocks hold both.
import { describe, expect, it } from "vitest";
import { casesNotPassed, draftedOnMock } from "../../contract/__fixtures__/drafted-subject.js";
import { bothPatterns, FORMAT_PATTERNS, formatPatternOf } from "../../model/format-aliases.js";
import { drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

const SIGNED = "^-?P([0-9]+D)?(T([0-9]+H)?([0-9]+M)?([0-9]+([.][0-9]+)?S)?)?$";
const zqSpan = { type: "string", format: "duration", pattern: SIGNED, nullable: true };
const doc = openapi({
  "/zqpresence": {
    post: {
      operationId: "setZqPresence",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["zqFor"],
              properties: {
                zqFor: zqSpan,
                zqPolicy: { type: "object", properties: { zqEvery: zqSpan, zqLabel: { type: "string" } } },
              },
            },
          },
        },
      },
      responses: { "200": reply({ type: "object", properties: { zqUntil: zqSpan } }) },
    },
  },
});

describe("a format stated as a pattern, beside the document's own pattern", () => {
  it("is drafted as a pattern both hold, noted", async () => {
    const d = drafted(doc, ["setZqPresence"]);
    const param = d.manifest.operations.acme_set_zq_presence?.params?.zqFor as { pattern?: string };
    const both = new RegExp(String(param.pattern), "u");
    for (const text of ["P3D", "PT1H", "P1DT2H3M4S"]) expect(both.test(text), text).toBe(true);
    for (const text of ["-P87DT01M4S", "P", "-P", "PT4.5S", "P1Y", "P2W", ""])
      expect(both.test(text), text).toBe(false);
    expect(notesAt(d, "operations.acme_set_zq_presence.params.zqFor")).toContainEqual(
      expect.stringMatching(
        /^the spec gives format duration .*: drafted as a pattern its values match, beside the spec/,
      ),
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is the format's alone beside any text, and the document's alone where it has a backreference", () => {
    const duration = FORMAT_PATTERNS.duration?.pattern as string;
    expect(formatPatternOf("duration", "^.{1,20}$")).toBe(duration);
    expect(formatPatternOf("duration", "^P\\d+D$")).toBe(bothPatterns(duration, "^P\\d+D$"));
    // `\1` would name the format's first group once the format's pattern came first.
    expect(formatPatternOf("duration", "^(P\\d)\\1$")).toBeUndefined();
  });

  it("keeps an unanchored pattern of the document's anywhere in the text", () => {
    const both = new RegExp(bothPatterns(FORMAT_PATTERNS.duration?.pattern as string, "[0-9]+D"), "u");
    expect(both.test("PT1H2D")).toBe(false);
    expect(both.test("P1Y2M3D")).toBe(true);
    expect(both.test("P12D")).toBe(true);
  });

  it("is sent as values both hold in every derived case, which the judge and the mock take", async () => {
    const on = await draftedOnMock("acme", doc, ["setZqPresence"]);
    try {
      expect(await casesNotPassed(on)).toEqual([]);
    } finally {
      await on.close();
    }
  }, 120_000);
});
