// A required map in the query (an object listing no field, its values' schema in additionalProperties; form style,
// exploded: each key its own pair), as AWS's query APIs take attributes and tags (SQS's SetQueueAttributes `Attribute`,
// TagQueue `Tags`): the suite made no value of it (an empty map sends nothing), and the mock's Prism asked for a
// parameter of the map's name, which no request carries. The suite makes a map of one entry; the mock lets its keys
// through, the request judge holding the whole to the document. Every derived case passes on the mock.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "./__fixtures__/drafted-subject.js";

const map = (values: Record<string, unknown>) => ({ type: "object", additionalProperties: values });
const document = openapi({
  "/zqqueues/{ZqQueue}": {
    get: {
      operationId: "SetZqQueueAttributes",
      parameters: [
        { name: "ZqQueue", in: "path", required: true, schema: { type: "string" } },
        { name: "ZqAttribute", in: "query", required: true, schema: map({ type: "string" }) },
        { name: "ZqTags", in: "query", required: false, schema: map({ type: "string", maxLength: 64 }) },
      ],
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) },
    },
  },
});

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqqueues", document, ["SetZqQueueAttributes"]);
});
afterAll(async () => {
  await on?.close();
});

describe("a required map in the query, its keys sent as pairs of their own", () => {
  it("gets a value of one entry, and every derived case passes on the mock", async () => {
    expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
  });
});
