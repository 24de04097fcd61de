// A file answer whose success content lists `application/json` with a schema of no value (a server framework's
// default, only a title) beside the file's own type declared a binary string (`application/pdf`): add read the JSON
// type as the answer, drafted `data: json` asking for JSON first, and a call answered the PDF printed its bytes as an
// object of numbered fields. The answer is the file: drafted a download asking for the file type first. A JSON type
// with a schema of its own (an object) beside a binary file stays the JSON answer.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const zqDoc = openapi({
  "/zqorders/{zqId}/result/pdf": {
    get: {
      operationId: "zqResultPdf",
      parameters: [{ name: "zqId", in: "path", required: true, schema: { type: "string" } }],
      responses: {
        "200": {
          description: "PDF with results",
          content: {
            "application/json": { schema: { title: "Response Zq Result Pdf" } },
            "application/pdf": { schema: { type: "string", format: "binary" } },
          },
        },
      },
    },
  },
  "/zqorders/{zqId}/summary": {
    get: {
      operationId: "zqSummary",
      parameters: [{ name: "zqId", in: "path", required: true, schema: { type: "string" } }],
      responses: {
        "200": {
          description: "OK",
          content: {
            "application/json": { schema: { type: "object", properties: { zqTotal: { type: "integer" } } } },
            "application/pdf": { schema: { type: "string", format: "binary" } },
          },
        },
      },
    },
  },
});

describe("a file answer listing application/json with a schema of no value beside it", () => {
  it("is drafted the file's download, asking for the file type first", async () => {
    const d = drafted(zqDoc, ["zqResultPdf", "zqSummary"]);
    expect(d.manifest.operations.acme_zq_result_pdf?.download).toBe(true);
    expect(d.manifest.operations.acme_zq_summary?.download).toBeUndefined();
    expect(await linkProblems(d)).toEqual([]);
    const tools = await linkedTools(d);
    expect(tools.find((t) => t.id === "acme_zq_result_pdf")?.download?.mediaTypes[0]).toBe("application/pdf");
  });
});
