// An error answer to HEAD that the document gives a named JSON example (docker.com's engine: ContainerArchiveInfo's
// 404 `{"message": "No such container: …"}`): no answer to HEAD carries a body (RFC 9110 §9.3.2), the mock serves
// none, and the error case compared that with the example, `expected {"message": …}, got undefined`. A case per
// example is still derived (the mock picks its answer by the name) and holds the answer to the structured error its
// status line makes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "./__fixtures__/drafted-subject.js";
import { deriveCases } from "./derive.js";

const errorBody = { type: "object", properties: { message: { type: "string" } } };
const document = openapi({
  "/zqcrates/{zqCrateId}/zqarchive": {
    head: {
      operationId: "ZqCrateArchiveInfo",
      parameters: [{ name: "zqCrateId", in: "path", required: true, schema: { type: "string" } }],
      responses: {
        "200": { description: "Found.", headers: { "X-Zq-Stat": { schema: { type: "string" } } } },
        "404": {
          description: "No such crate.",
          content: {
            "application/json": { schema: errorBody, examples: { response: { value: { message: "No such crate" } } } },
          },
        },
      },
    },
  },
});

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqcrates", document, ["ZqCrateArchiveInfo"]);
});
afterAll(async () => {
  await on?.close();
});

describe("an error answer to HEAD with a named example", () => {
  it("is held to carrying no body, and every derived case passes on the mock", async () => {
    expect(deriveCases((on as DraftedOnMock).subject).map((c) => c.id)).toContain(
      'zqcrates_zq_crate_archive_info › error › 404 "response" becomes the structured error',
    );
    expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
  });
});
