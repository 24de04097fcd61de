// An operation answering a file (200, a PDF) or, not ready yet, a JSON message (202): add drafts its outputs from the
// JSON, and the runtime reads the PDF as the file it is (its bytes, type and size). The suite parsed the mock's PDF as
// JSON, so its cases could not run ("Unexpected token … is not valid JSON"). It reads a success of another type as the
// runtime does: every case passes on the mock.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "./__fixtures__/drafted-subject.js";

const message = { type: "object", properties: { zqMessage: { type: "string" } } };
const document = openapi({
  "/zqdocs/{zqId}/download": {
    get: {
      operationId: "zqDownloadDoc",
      parameters: [{ name: "zqId", in: "path", required: true, schema: { type: "integer" } }],
      responses: {
        "200": {
          description: "The zq document.",
          content: { "application/pdf": { schema: { type: "string", format: "binary" } } },
        },
        "202": {
          description: "Not generated yet: try again later.",
          content: { "application/json": { schema: message } },
        },
      },
    },
  },
});

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqpdf", document, ["zqDownloadDoc"]);
});
afterAll(async () => {
  await on?.close();
});

describe("a file answer beside a JSON one", () => {
  it("is read by the suite as the runtime reads it: every case passes", async () => {
    if (!on) throw new Error("the mock did not start");
    expect(await casesNotPassed(on)).toEqual([]);
  });
});
