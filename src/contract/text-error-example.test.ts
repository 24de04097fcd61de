// An error answer of a text type whose named examples are its text (ntropy.network's 404 and 500, `text/plain`, no
// schema, each example the empty text ""; a text that reads as JSON, `{"zq": 1}`, or as a number, `404`): the mock
// serves the example as it is, and the error case compared that with the example read as JSON, `expected "", got
// undefined`, as the example kind already did not (a text answer's example is its text). Every derived case passes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "./__fixtures__/drafted-subject.js";
import { deriveCases } from "./derive.js";

const textExamples = (examples: Record<string, string>) => ({
  "text/plain": { examples: Object.fromEntries(Object.entries(examples).map(([k, value]) => [k, { value }])) },
});
const document = openapi({
  "/zqbatches/{zqBatchId}": {
    get: {
      operationId: "ZqGetBatch",
      parameters: [{ name: "zqBatchId", in: "path", required: true, schema: { type: "string" } }],
      responses: {
        "200": {
          description: "The batch.",
          content: { "application/json": { schema: { type: "object", properties: { id: { type: "string" } } } } },
        },
        "404": { description: "Not found.", content: textExamples({ "Not found.": "" }) },
        "409": { description: "Taken.", content: textExamples({ "As JSON": '{"zq": 1}', "As a number": "409" }) },
        "500": { description: "Internal server error.", content: textExamples({ "Internal server error.": "" }) },
      },
    },
  },
});

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqbatches", document, ["ZqGetBatch"]);
});
afterAll(async () => {
  await on?.close();
});

describe("an error answer of text whose examples are the empty text, or text that reads as JSON", () => {
  it("is compared as the text the mock serves, and every derived case passes on the mock", async () => {
    const ids = deriveCases((on as DraftedOnMock).subject).map((c) => c.id);
    expect(ids).toContain('zqbatches_zq_get_batch › error › 404 "Not found." becomes the structured error');
    expect(ids).toContain('zqbatches_zq_get_batch › error › 409 "As JSON" becomes the structured error');
    expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
  });
});
