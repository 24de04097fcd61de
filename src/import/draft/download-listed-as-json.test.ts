// A download whose answer lists `application/json` beside its file type, the same bytes under both (a server
// framework's: a book's file as `application/json` and `application/octet-stream`, both the stream's `{}`; a stylesheet
// as `application/json` and `text/css`, both a binary string). add read the JSON type as the answer: the call asked for
// `application/json` only and read a ZIP as JSON. The answer is the file now: drafted a download that asks for the file
// type first. A JSON type whose schema is its own (an object beside a CSV) stays the JSON answer.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const both = (file: string, schema: object) => ({
  description: "OK",
  content: { "application/json": { schema }, [file]: { schema } },
});
const zqDoc = openapi(
  {
    "/zqbooks/{zqId}/file": {
      get: {
        operationId: "zqDownloadBook",
        parameters: [{ name: "zqId", in: "path", required: true, schema: { type: "string" } }],
        responses: { "200": both("application/octet-stream", { $ref: "#/components/schemas/ZqStream" }) },
      },
    },
    "/zqfonts/{zqFamily}/css": {
      get: {
        operationId: "zqFontCss",
        parameters: [{ name: "zqFamily", in: "path", required: true, schema: { type: "string" } }],
        responses: { "200": both("text/css", { type: "string", format: "binary" }) },
      },
    },
    "/zqreport": {
      get: {
        operationId: "zqReport",
        responses: {
          "200": {
            description: "OK",
            content: {
              "application/json": { schema: { type: "object", properties: { zqRows: { type: "integer" } } } },
              "text/csv": { schema: { type: "string", format: "binary" } },
            },
          },
        },
      },
    },
  },
  { schemas: { ZqStream: {} } },
);

describe("a download that lists application/json beside its file type", () => {
  it("is drafted the file's download, asking for the file type first", async () => {
    const d = drafted(zqDoc, ["zqDownloadBook", "zqFontCss", "zqReport"]);
    expect(d.manifest.operations.acme_zq_download_book?.download).toBe(true);
    expect(d.manifest.operations.acme_zq_font_css?.download).toBe(true);
    expect(d.manifest.operations.acme_zq_report?.download).toBeUndefined();
    expect(await linkProblems(d)).toEqual([]);
    const tools = await linkedTools(d);
    const book = tools.find((t) => t.id === "acme_zq_download_book");
    expect(book?.download?.mediaTypes[0]).toBe("application/octet-stream");
    expect(tools.find((t) => t.id === "acme_zq_font_css")?.download?.mediaTypes[0]).toBe("text/css");
  });
});
