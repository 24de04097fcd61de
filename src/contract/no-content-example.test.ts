// A 204 answer the document gives a named example (`""`, as zoom.us writes its deletions'): the mock serves no body
// with a 204 (RFC 9110: no content, whatever the document declares), and the answer's case compared that with the
// example, `expected "", got undefined`. A 204, 205 or 304 is held to carrying no body instead.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "./__fixtures__/drafted-subject.js";
import { deriveCases } from "./derive.js";

const document = openapi({
  "/zqschedulers/{zqUserId}": {
    delete: {
      operationId: "DeleteZqSchedulers",
      parameters: [{ name: "zqUserId", in: "path", required: true, schema: { type: "string" } }],
      responses: {
        "204": {
          description: "Deleted.",
          content: { "application/json": { examples: { response: { value: "" } } } },
        },
      },
    },
  },
});

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqschedulers", document, ["DeleteZqSchedulers"]);
});
afterAll(async () => {
  await on?.close();
});

describe("a 204 answer with a named example", () => {
  it("is held to carrying no body, and every derived case passes on the mock", async () => {
    expect(deriveCases((on as DraftedOnMock).subject).map((c) => c.id)).toContain(
      'zqschedulers_delete_zq_schedulers › example › answer 204 "response"',
    );
    expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
  });
});
