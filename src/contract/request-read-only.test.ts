// A request body's published example copied from an answer (Jira's notify: `to.users[]` are user details whose
// `active` is readOnly, in a closed object that also reads a readOnly field through `allOf`): OpenAPI sends a readOnly
// field in answers only, and the mock's Prism, which merges `allOf` and then reads a request without such fields,
// refused the example's `active` as an additional property, so the suite's cases that send the example failed. The
// suite reads a request example without its readOnly fields, at every depth; every case passes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "./__fixtures__/drafted-subject.js";

const document = openapi(
  {
    "/zqissues/{zqissue}/zqnotify": {
      post: {
        operationId: "NotifyZqIssue",
        parameters: [{ name: "zqissue", in: "path", required: true, schema: { type: "string", maxLength: 30 } }],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: { $ref: "#/components/schemas/ZqNotification" },
              example: { zqsubject: "zq news", zqto: { zqusers: [{ zqaccountId: "zq-5b10", zqactive: false }] } },
            },
          },
        },
        responses: { "204": { description: "sent" } },
      },
    },
  },
  {
    schemas: {
      ZqNotification: {
        type: "object",
        properties: {
          zqsubject: { type: "string", maxLength: 40 },
          zqto: { allOf: [{ $ref: "#/components/schemas/ZqRecipients" }], description: "Who hears of it." },
        },
      },
      ZqRecipients: {
        type: "object",
        properties: { zqusers: { type: "array", items: { $ref: "#/components/schemas/ZqUser" } } },
      },
      ZqUser: {
        type: "object",
        additionalProperties: false,
        properties: {
          zqaccountId: { type: "string", maxLength: 30 },
          zqactive: { type: "boolean", readOnly: true },
          zqavatars: { allOf: [{ $ref: "#/components/schemas/ZqAvatars" }], readOnly: true },
        },
      },
      ZqAvatars: { type: "object", additionalProperties: false, properties: { zq16: { type: "string" } } },
    },
  },
);

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqissues", document, ["NotifyZqIssue"]);
});
afterAll(async () => {
  await on?.close();
});

describe("a request example holding readOnly fields", () => {
  it("is sent without them, and every derived case passes on the mock", async () => {
    expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
  });

  it("holds a field the mock refuses: sent with it, the request is refused", async () => {
    const sent = (body: unknown) =>
      fetch(`${on?.url}/zqissues/zq1/zqnotify`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: "Bearer zq-token-1" },
        body: JSON.stringify(body),
      });
    expect((await sent({ zqto: { zqusers: [{ zqaccountId: "zq-5b10", zqactive: false }] } })).status).toBe(422);
    expect((await sent({ zqto: { zqusers: [{ zqaccountId: "zq-5b10" }] } })).status).toBe(204);
  });
});
