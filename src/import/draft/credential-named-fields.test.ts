// A body field named as a credential's parameter but its own value: a sign-in's `username` and `password` (the
// account's, in a token request's JSON body) beside HTTP basic's client id and secret (a published catalogue API's
// token endpoint), drafted `username2` and `password2`, whose errors ("password2: is required") said nothing of which
// is which. Named by their place now, `bodyUsername` and `bodyPassword`, as a body field sharing a declared
// parameter's name is, each sent where it goes.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { json, type SeenRequest, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import {
  draftWorkFolder,
  drafted,
  jsonBody,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = { type: "string", maxLength: 200 };
const doc = openapi(
  {
    "/zqoauth/token": {
      post: {
        operationId: "postZqtoken",
        requestBody: jsonBody({
          type: "object",
          required: ["username", "password", "grant_type"],
          properties: { username: text, password: text, grant_type: { type: "string", enum: ["password"] } },
        }),
        responses: { "200": reply({ type: "object", properties: { access_token: { type: "string" } } }) },
      },
    },
  },
  { securitySchemes: { zqClient: { type: "http", scheme: "basic" } } },
  { security: [{ zqClient: [] }] },
);
const at = "operations.acme_post_zqtoken.params";

describe("body fields sharing the names of HTTP basic's parameters", () => {
  it("are named by their place, never numbered, with a note; it links", async () => {
    const d = drafted(doc, ["postZqtoken"]);
    expect(d.manifest.auth).toMatchObject({ param: "password", user: "username" });
    const params = d.manifest.operations.acme_post_zqtoken!.params ?? {};
    expect(Object.keys(params).sort()).toEqual(["bodyPassword", "bodyUsername"]);
    expect(params.bodyPassword).toMatchObject({ secret: true, wire: { in: "body", pointer: "/password" } });
    expect(params.bodyUsername).toMatchObject({ wire: { in: "body", pointer: "/username" } });
    expect(notesAt(d, `${at}.bodyPassword`)).toContainEqual(
      "the credential's parameter password and this body field share a name: this one is named by its place " +
        "(bodyPassword), sent in the body; the credential goes where its scheme puts it",
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("sends the account's fields in the body and the client's pair in the Authorization header", async () => {
    const [tool] = await linkedTools(drafted(doc, ["postZqtoken"]));
    const { fetch, seen } = scriptedFetch(json(200, { access_token: "zq-issued-0001" }));
    const input = {
      username: "zq-client-id",
      password: "zq-client-secret-0001",
      bodyUsername: "zq-person",
      bodyPassword: "zq-person-pass-0001",
    };
    const done = await executeToolDefinition(tool!, input, { baseUrl: "http://127.0.0.1:9", fetch });
    expect(done.success).toBe(true);
    const request = seen[0] as SeenRequest;
    const basic = Buffer.from("zq-client-id:zq-client-secret-0001").toString("base64");
    expect(Object.fromEntries(request.headers).authorization).toBe(`Basic ${basic}`);
    expect(JSON.parse(String(request.body))).toEqual({
      username: "zq-person",
      password: "zq-person-pass-0001",
      grant_type: "password",
    });
  });
});
