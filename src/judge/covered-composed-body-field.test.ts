// A JSON body that requires the credential as a field of its own (`token`, drafted covered: auth.covers) where the
// requirement is written in a named schema (`$ref`) or in a member of an `allOf` beside one (an authorization
// server's API, newvendors66: `allOf: [$ref: client_registration_request, {required: [clientId, token]}]`). The
// mock's Prism asked the field of a `$ref`'d schema, and the request judge of an `allOf` member, though the
// credential meets it: every case of such an operation failed. Both now hold the field met, wherever it is required.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "../contract/__fixtures__/drafted-subject.js";

const answer = reply({ type: "object", properties: { ok: { type: "boolean" } } }, { ok: true });
const jsonBody = (schema: unknown) => ({ required: true, content: { "application/json": { schema } } });
const document = openapi(
  {
    "/zqshelf/introspect": {
      post: {
        operationId: "zqIntrospect",
        requestBody: jsonBody({ $ref: "#/components/schemas/ZqIntrospect" }),
        responses: { "200": answer },
      },
    },
    "/zqshelf/register": {
      post: {
        operationId: "zqRegister",
        requestBody: jsonBody({
          allOf: [{ $ref: "#/components/schemas/ZqRegister" }, { type: "object", required: ["zqclient", "token"] }],
        }),
        responses: { "200": answer },
      },
    },
  },
  {
    securitySchemes: { zqbearer: { type: "http", scheme: "bearer" } },
    schemas: {
      ZqIntrospect: {
        type: "object",
        required: ["token", "zqscope"],
        properties: { token: { type: "string" }, zqscope: { type: "string", maxLength: 20 } },
      },
      ZqRegister: {
        type: "object",
        properties: { token: { type: "string" }, zqclient: { type: "string", maxLength: 20 } },
      },
    },
  },
  { security: [{ zqbearer: [] }] },
);

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqcomposed", document, ["zqIntrospect", "zqRegister"]);
});
afterAll(async () => {
  await on?.close();
});

describe("a covered body field required by a named schema or an allOf member", () => {
  it("is drafted covered, and every derived case passes on the mock, the judge on", async () => {
    const subject = on as DraftedOnMock;
    const manifest = subject.subject.manifest?.data as { auth?: { covers?: string[] } } | undefined;
    expect(manifest?.auth?.covers).toEqual(["token"]);
    expect(await casesNotPassed(subject)).toEqual([]);
  });

  it("leaves the other required fields asked: a body without one is refused", async () => {
    for (const [path, missing] of [
      ["/zqshelf/introspect", "zqscope"],
      ["/zqshelf/register", "zqclient"],
    ]) {
      const sent = await fetch(`${on?.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: "Bearer zq-token-1" },
        body: "{}",
      });
      expect(sent.status).toBe(422);
      expect(await sent.text()).toContain(missing);
    }
  });
});
