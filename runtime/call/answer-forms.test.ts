// A success the service sent in a form other than the JSON the tool declares (reply-failures.ts otherForm): read by
// the Content-Type it came with, text as its text, other bytes as a file; never "not valid JSON".
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "../execute/execute.js";
import type { ToolSpec } from "../spec/tool-types.js";

const shelf = irFixture("shelf");
const getBook = shelf.operations.find((o) => o.tool.id === "shelf_get_book")!.tool;
const KEY = "shelf-key-7f3a9c2e51";
const input = { apiKey: KEY, bookId: "zqb1" };
/** The tool reading its whole answer as one output, as a list whose `format` chose the answer's form would. */
const whole: ToolSpec = {
  ...getBook,
  outputs: [
    {
      path: "zqrows",
      type: "json",
      description: "The answer.",
      optional: false,
      source: { expression: "$response.body", ref: { kind: "body", pointer: [] }, required: true },
    },
  ],
};
const answer = (body: BodyInit, type?: string) =>
  scriptedFetch(new Response(body, { status: 200, headers: type ? { "content-type": type } : {} })).fetch;

describe("a success in another form than the declared JSON", () => {
  it("is read as text when the service says a text type: CSV, XML, JSON lines, any with a charset", async () => {
    const cases: [string, string][] = [
      ["zqid,zqname\n1,zq one\n", "text/csv; charset=utf-8"],
      ["<zq><id>1</id></zq>", "application/xml"],
      ['{"zqid":1}\n{"zqid":2}\n', "application/x-ndjson"],
      ["zq: 1\n", "application/vnd.zq.report; charset=utf-8"],
    ];
    for (const [text, type] of cases)
      expect(await executeToolDefinition(whole, input, { fetch: answer(text, type) }), type).toEqual({
        success: true,
        output: { zqrows: text },
      });
  });

  // A spreadsheet's type, whose name holds "xml" (openxmlformats) and is no text.
  it("is read as a file when the service says a type of bytes: the bytes as sent, not decoded", async () => {
    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff, 0xfe, 0x00, 0x9c]);
    const type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
    const result = await executeToolDefinition(whole, input, { fetch: answer(bytes, type) });
    expect(result).toEqual({
      success: true,
      output: { zqrows: { content: bytes, contentType: type, size: bytes.byteLength } },
    });
  });

  it("whose outputs read fields of a JSON body: a failure naming the type received, not 'not valid JSON'", async () => {
    const text = "zqid,zqtitle,zqstate\nzqb1,zq,ready\n";
    const result = await executeToolDefinition(getBook, input, { fetch: answer(text, "text/csv") });
    expect(result).toEqual({
      success: false,
      error: {
        type: "upstream",
        provider: "shelf",
        operation: "shelf_get_book",
        status: 200,
        code: "UNEXPECTED_CONTENT_TYPE",
        message: "shelf answered 200 with text/csv, not the JSON its outputs read",
        details: { contentType: "text/csv", bytes: text.length },
        retryable: false,
      },
    });
  });

  it("whose outputs read only fields that may be absent: the same failure, not a default or count", async () => {
    // A listing's outputs (a default empty list, its count, an optional link) answered with a file's text.
    const values = { expression: "$response.body#/values", ref: { kind: "body" as const, pointer: ["values"] } };
    const listing: ToolSpec = {
      ...getBook,
      outputs: [
        {
          path: "zqdata",
          type: "array",
          description: "The values.",
          optional: false,
          source: { ...values, default: [] },
        },
        {
          path: "zqcount",
          type: "number",
          description: "How many.",
          optional: false,
          source: { ...values, count: true },
        },
        {
          path: "zqnext",
          type: "string",
          description: "The next page.",
          optional: true,
          source: { expression: "$response.body#/next", ref: { kind: "body", pointer: ["next"] } },
        },
      ],
    };
    const text = "print('zq')\n";
    const result = await executeToolDefinition(listing, input, { fetch: answer(text, "text/x-python") });
    expect(result).toMatchObject({
      success: false,
      error: { status: 200, code: "UNEXPECTED_CONTENT_TYPE", details: { contentType: "text/x-python" } },
    });
    // A JSON answer of the same listing still reads its defaults.
    const json = await executeToolDefinition(listing, input, { fetch: answer("{}", "application/json") });
    expect(json).toEqual({ success: true, output: { zqdata: [], zqcount: 0 } });
  });

  it("is still invalid JSON when the service says JSON, or says nothing", async () => {
    for (const type of ["application/json", "application/vnd.zq+json; charset=utf-8", undefined]) {
      const body = new TextEncoder().encode("zqid,zqname\n1,zq\n");
      const result = await executeToolDefinition(whole, input, { fetch: answer(body, type) });
      expect(result, type).toMatchObject({ success: false, error: { status: 200, code: "INVALID_JSON" } });
    }
  });

  it("is parsed as JSON whatever type it came with when its text is JSON", async () => {
    const result = await executeToolDefinition(whole, input, { fetch: answer('{"zqid":"1"}', "text/plain") });
    expect(result).toEqual({ success: true, output: { zqrows: { zqid: "1" } } });
  });
});

describe("an answer the document declares as text (text/plain), read whole as a string output", () => {
  // As the link gives a `text/plain` answer: one string output reading the whole body, the status beside it, and the
  // link's answerText.
  const text: ToolSpec = {
    ...getBook,
    answerText: true,
    outputs: [
      { ...whole.outputs[0]!, type: "string" },
      {
        path: "zqstatus",
        type: "number",
        description: "The status.",
        optional: false,
        source: { expression: "$statusCode", ref: { kind: "status" } },
      },
    ],
  };

  it("reaches the output as its text when the text happens to be JSON", async () => {
    for (const [body, type] of [
      ["123", "text/plain"],
      ['{"a":1}', "text/plain; charset=utf-8"],
      ['"zq"', "text/csv"],
      ["true", "text/markdown"],
    ])
      expect(await executeToolDefinition(text, input, { fetch: answer(body!, type) }), body).toEqual({
        success: true,
        output: { zqrows: body, zqstatus: 200 },
      });
  });

  it("takes an HTML page as its text when the document declares the answer as one (a rendered page)", async () => {
    // Elsewhere an HTML page is a proxy's or a login form (policies.test.ts); here it is the declared answer.
    const page = "<p>Zq <strong>one</strong></p>";
    for (const type of ["text/html", "text/html; charset=utf-8", "application/xhtml+xml"])
      expect(
        await executeToolDefinition({ ...text, answerText: "html" }, input, { fetch: answer(page, type) }),
        type,
      ).toEqual({ success: true, output: { zqrows: page, zqstatus: 200 } });
  });

  it("refuses an HTML page where the document declares another text (a proxy's sign-in page for a CSV)", async () => {
    const page = "<html><body><form>Sign in</form></body></html>";
    const result = await executeToolDefinition(text, input, { fetch: answer(page, "text/html") });
    expect(result).toMatchObject({
      success: false,
      error: { code: "UNEXPECTED_CONTENT_TYPE", message: "shelf answered 200 with an HTML page (text/html), not JSON" },
    });
  });

  const encoded = (body: string) => new TextEncoder().encode(body);

  it("is still read as JSON when it came as JSON, or with no type", async () => {
    // Bytes: a text body's Response would type it text/plain itself.
    for (const type of ["application/json", undefined])
      expect(await executeToolDefinition(text, input, { fetch: answer(encoded('"zq one"'), type) }), type).toEqual({
        success: true,
        output: { zqrows: "zq one", zqstatus: 200 },
      });
  });
});
