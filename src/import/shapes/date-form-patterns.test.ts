// A pattern written as a date form (`yyyy/MM/dd HH:mm:ss`: Java's template, which a springdoc document gives as a
// field's `pattern`) whose own default or example is a date of that form (`2023/10/01 12:00:00`). ECMAScript reads the
// pattern as that very text, so add left the default out ("does not pass the drafted limits") and the runtime refused
// every date a call gave before any request. add reads such a pattern as the date form it writes, in the cut and the
// draft, keeps the default, and says so; a form with no value of its own to show it, one whose value is the text
// itself, and a pattern with regular-expression syntax stay as written.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const document = openapi({
  "/zqstamps": {
    post: {
      operationId: "stampZq",
      parameters: [
        { name: "zq_day", in: "query", example: "2024-02-29", schema: { type: "string", pattern: "yyyy-MM-dd" } },
        { name: "zq_moment", in: "query", example: "2024-02-29", schema: { type: "string", pattern: "YYYY-MM-DD" } },
        { name: "zq_bare", in: "query", schema: { type: "string", pattern: "yyyy-MM-dd" } },
        { name: "zq_word", in: "query", example: "yyyy-MM-dd", schema: { type: "string", pattern: "yyyy-MM-dd" } },
        {
          name: "zq_regex",
          in: "query",
          example: "2024-02-29",
          schema: { type: "string", pattern: "^\\d{4}-\\d\\d-\\d\\d$" },
        },
      ],
      requestBody: {
        content: {
          "multipart/form-data": {
            schema: {
              type: "object",
              properties: {
                zqFile: { type: "string", format: "binary" },
                zqMadeAt: { type: "string", pattern: "yyyy/MM/dd HH:mm:ss", default: "2023/10/01 12:00:00" },
                zqAt: { type: "string", pattern: "yyyy-MM-dd'T'HH:mm:ss.SSS", example: "2023-10-01T12:00:00.250" },
              },
            },
          },
        },
      },
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) },
    },
  },
});

describe("a pattern written as a date form its own default or example is a date of", () => {
  it("is read as the date form in the cut and the draft, the default kept, said so; the others stay", async () => {
    const d = drafted(document, ["stampZq"], "zqstamps");
    const params = d.manifest.operations.zqstamps_stamp_zq!.params as Record<
      string,
      { pattern?: string; default?: unknown; example?: unknown }
    >;
    expect(params.zqMadeAt?.pattern).toBe("^\\d{4}/\\d{2}/\\d{2} \\d{2}:\\d{2}:\\d{2}$");
    expect(params.zqMadeAt?.default).toBe("2023/10/01 12:00:00");
    expect(params.zqAt?.pattern).toBe("^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}$");
    expect(params.zqAt?.example).toBe("2023-10-01T12:00:00.250");
    expect(params.zq_day?.pattern).toBe("^\\d{4}-\\d{2}-\\d{2}$");
    expect(params.zq_day?.example).toBe("2024-02-29");
    expect(params.zq_moment?.pattern).toBe("^\\d{4}-\\d{2}-\\d{2}$");
    expect(params.zq_bare?.pattern).toBe("yyyy-MM-dd");
    expect(params.zq_word?.pattern).toBe("yyyy-MM-dd");
    expect(params.zq_regex?.pattern).toBe("^\\d{4}-\\d\\d-\\d\\d$");
    expect(d.openapiText).toContain("^\\d{4}/\\d{2}/\\d{2} \\d{2}:\\d{2}:\\d{2}$");
    const note = notesAt(d, "openapi").join(" ");
    expect(note).toContain('pattern "yyyy/MM/dd HH:mm:ss": "^\\\\d{4}/\\\\d{2}/\\\\d{2} \\\\d{2}:\\\\d{2}:\\\\d{2}$"');
    expect(note).toContain("a date for a date form written as a pattern");
    expect(notesAt(d, "operations.zqstamps_stamp_zq.params.zqMadeAt").join(" ")).not.toContain("drafted limits");
    expect(await linkProblems(d, "zqstamps")).toEqual([]);
  });
});
