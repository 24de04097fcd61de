// A reply header that hands out a secret (a sign-in's session token): add drafted it as a plain output, which `call`,
// recordings, reports and a model's tool result showed as it was. It is drafted `secret` now, by the rules that say a
// reply field is a secret, with a note; a request id beside it stays plain.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, notesAt, openapi, reply } from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const doc = openapi({
  "/zqsessions": {
    post: {
      operationId: "zqSignIn",
      responses: {
        "200": reply(
          { type: "object", properties: { zqUser: { type: "string" } } },
          { zqUser: "zq-u1" },
          {
            "X-Zq-Session-Token": { description: "The session token for later calls.", schema: { type: "string" } },
            "X-Zq-Request-Id": { description: "The request's id.", schema: { type: "string" } },
          },
        ),
      },
    },
  },
});

describe("a reply header that hands out a secret", () => {
  const d = drafted(doc, ["zqSignIn"]);
  const outputs = d.manifest.operations.acme_zq_sign_in?.outputs ?? {};

  it("is drafted as a secret output with a note; the request id is not", () => {
    expect(outputs["metadata.zqSessionToken"]).toMatchObject({
      from: "$response.header.X-Zq-Session-Token",
      secret: true,
    });
    expect(outputs["metadata.zqRequestId"]).toBeDefined();
    expect(outputs["metadata.zqRequestId"]?.secret).toBeUndefined();
    expect(notesAt(d, "operations.acme_zq_sign_in.outputs.metadata.zqSessionToken")).toEqual([
      expect.stringContaining("named or described as a secret: drafted secret"),
    ]);
  });
});

// A secret field inside an object the reply hands out whole (a `json` output): marking the object would withhold all
// of it, so it stays plain with a note saying how to withhold the field.
const nested = openapi({
  "/zqapps": {
    post: {
      operationId: "zqCreateApp",
      responses: {
        "201": reply({
          type: "object",
          properties: {
            id: { type: "string" },
            zqCredentials: {
              type: "object",
              properties: { zqClientId: { type: "string" }, client_secret: { type: "string" } },
            },
          },
        }),
      },
    },
  },
});

describe("a secret field inside an object output", () => {
  const d = drafted(nested, ["zqCreateApp"]);

  it("leaves the object plain, with a note naming the field", () => {
    const outputs = d.manifest.operations.acme_zq_create_app?.outputs ?? {};
    expect(outputs.data).toMatchObject({ type: "json", from: "$response.body" });
    expect(outputs.data?.secret).toBeUndefined();
    expect(notesAt(d, "operations.acme_zq_create_app.outputs.data")).toEqual([
      expect.stringContaining("holds zqCredentials.client_secret, named or described as a secret"),
    ]);
  });
});

// A record in an envelope whose secret field has an output of its own, drafted secret: the record's `json` output
// said "holds zqToken …: add an output reading it with secret: true", though the draft had just added one (the note
// was decided before the later output was marked).
const enveloped = openapi({
  "/zqtokens": {
    post: {
      operationId: "zqIssueToken",
      responses: {
        "200": reply({
          type: "object",
          properties: {
            zqGrant: {
              type: "object",
              description: "The grant.",
              properties: {
                zqToken: { type: "string", description: "The access token for later calls." },
                zqExpiresAt: { type: "string" },
              },
            },
          },
        }),
      },
    },
  },
});

describe("a secret field of an enveloped record with an output of its own", () => {
  const d = drafted(enveloped, ["zqIssueToken"]);

  it("marks that output secret and says nothing of it at the record's output", () => {
    const outputs = d.manifest.operations.acme_zq_issue_token?.outputs ?? {};
    expect(
      Object.values(outputs)
        .filter((o) => o.secret)
        .map((o) => o.from),
    ).toEqual(["$response.body#/zqGrant/zqToken"]);
    expect(notesAt(d, "operations.acme_zq_issue_token.outputs.data").join("\n")).not.toMatch(/holds /);
  });
});
