// An RFC 9457 problem whose required `type` defaults to `about:blank` (authentiq.io's ProblemDetail, the `default`
// answer of every operation, no title required): the mock serves `type: "about:blank"`, which the runtime passes
// over as no code (a problem type that says nothing beyond the status), while the error case's oracle read it as the
// upstream's code, `expected "about:blank", got undefined`. The oracle now reads the error places as the runtime does.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "./__fixtures__/drafted-subject.js";
import { deriveCases } from "./derive.js";

const problem = {
  type: "object",
  required: ["type", "status"],
  properties: {
    type: { type: "string", default: "about:blank" },
    status: { type: "integer" },
    detail: { type: "string" },
  },
};
const document = openapi({
  "/zqclients/{zqClientId}": {
    put: {
      operationId: "ZqUpdateClient",
      parameters: [{ name: "zqClientId", in: "path", required: true, schema: { type: "string" } }],
      requestBody: {
        required: true,
        content: { "application/json": { schema: { type: "object", properties: { zqName: { type: "string" } } } } },
      },
      responses: {
        "200": {
          description: "Updated.",
          content: { "application/json": { schema: { type: "object", properties: { id: { type: "string" } } } } },
        },
        default: {
          description: "A problem.",
          content: { "application/problem+json": { schema: problem }, "application/json": { schema: problem } },
        },
      },
    },
  },
});

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqclients", document, ["ZqUpdateClient"]);
});
afterAll(async () => {
  await on?.close();
});

describe("a problem answer whose type is about:blank", () => {
  it("is read as no code by the oracle as by the runtime, and every derived case passes on the mock", async () => {
    const ids = deriveCases((on as DraftedOnMock).subject).map((c) => c.id);
    expect(ids).toContain("zqclients_zq_update_client › error › default (as 400) becomes the structured error");
    expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
  });
});
