// add's summary line of each drafted operation: one that answers a file says so, not "0 outputs" (its outputs are the
// file's content, contentType, size and filename, set by download: true, not listed in its outputs).
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, openapi, reply } from "../../import/__fixtures__/draft-kit.js";
import { printedSummary } from "./__fixtures__/printed-summary.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const document = openapi({
  "/zqreports/{zqid}/content": {
    get: {
      operationId: "zqReportContent",
      parameters: [{ name: "zqid", in: "path", required: true, schema: { type: "string", maxLength: 40 } }],
      responses: {
        "200": {
          description: "The file.",
          content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } },
        },
      },
    },
  },
  "/zqreports/{zqid}": {
    get: {
      operationId: "zqReport",
      parameters: [{ name: "zqid", in: "path", required: true, schema: { type: "string", maxLength: 40 } }],
      responses: { "200": reply({ type: "object", properties: { zqname: { type: "string" } } }, { zqname: "a" }) },
    },
  },
});

function summaryLines(): string[] {
  return printedSummary(drafted(document, ["zqReportContent", "zqReport"])).split("\n");
}

describe("add's summary of each drafted operation", () => {
  it("says an operation answering a file answers one, and counts another's outputs", () => {
    const lines = summaryLines();
    expect(lines.find((l) => l.includes("(zqReportContent)"))?.trim()).toBe(
      "acme_zq_report_content (zqReportContent): 1 parameter, a file (content, contentType, size, filename)",
    );
    expect(lines.find((l) => l.includes("(zqReport)"))?.trim()).toMatch(
      /^acme_zq_report \(zqReport\): 1 parameter, [1-9]\d* outputs?$/,
    );
  });
});
