// A form body that requires the credential as a field of its own (Slack's Web API: `token`, which a bearer header may
// carry instead) beside a security scheme: `add` drafts it covered by the credential (auth.covers), the mock's Prism
// no longer asks it, but the request judge, before Prism, refused every request without it ("lacks required field
// token"): 90 of slack.com's 3,049 cases. The judge holds such a field met by the credential.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "../contract/__fixtures__/drafted-subject.js";

const document = openapi(
  {
    "/zqchannels.archive": {
      post: {
        operationId: "zqchannels_archive",
        security: [{ zqbearer: [] }],
        requestBody: {
          required: true,
          content: {
            "application/x-www-form-urlencoded": {
              schema: {
                type: "object",
                required: ["token", "zqchannel"],
                properties: {
                  token: { type: "string", description: "Authentication token." },
                  zqchannel: { type: "string", maxLength: 20 },
                },
              },
            },
          },
        },
        responses: { "200": reply({ type: "object", properties: { ok: { type: "boolean" } } }, { ok: true }) },
      },
    },
  },
  { securitySchemes: { zqbearer: { type: "http", scheme: "bearer" } } },
);

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqchat", document, ["zqchannels_archive"]);
});
afterAll(async () => {
  await on?.close();
});

describe("a form body's field the credential covers", () => {
  it("is drafted covered, and every derived case passes on the mock, the judge on", async () => {
    const subject = on as DraftedOnMock;
    const manifest = subject.subject.manifest?.data as { auth?: { covers?: string[] } } | undefined;
    expect(manifest?.auth?.covers).toEqual(["token"]);
    expect(await casesNotPassed(subject)).toEqual([]);
  });

  it("is still refused by the judge when another required field is left out", async () => {
    const sent = await fetch(`${on?.url}/zqchannels.archive`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: "Bearer zq-token-1" },
      body: "zqnote=zq",
    });
    expect(sent.status).toBe(422);
    expect(await sent.text()).toContain("zqchannel");
  });
});
