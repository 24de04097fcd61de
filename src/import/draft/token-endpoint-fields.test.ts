// A token endpoint's form (RFC 6749 §4: a body with a `grant_type`) carries credentials beyond the names every
// operation's secrets have: a token exchange's (RFC 8693) `subject_token` and `actor_token`, an assertion grant's
// (RFC 7521) `assertion` and `client_assertion`, an authorization code and its PKCE verifier. They were drafted as
// plain inputs, so a user's token could reach a message, a log or a recording, and an agent be asked to fill it. By
// the form's shape they are drafted secret; the token types (URNs) and the audience stay plain, as does a page's token
// (`next_token`, `page_token`, `paginationToken`) anywhere, the form of a token endpoint or not.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { failedCases } from "../__fixtures__/draft-cases.js";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const TOKEN_TYPE = "urn:ietf:params:oauth:token-type:access_token";
const exchange = {
  type: "object",
  required: ["grant_type", "subject_token", "subject_token_type"],
  properties: {
    grant_type: { type: "string", enum: ["urn:ietf:params:oauth:grant-type:token-exchange"] },
    subject_token: { type: "string", maxLength: 4096 },
    subject_token_type: { type: "string", enum: [TOKEN_TYPE, "urn:ietf:params:oauth:token-type:jwt"] },
    actor_token: { type: "string", maxLength: 4096 },
    actor_token_type: { type: "string", enum: [TOKEN_TYPE] },
    requested_token_type: { type: "string", enum: [TOKEN_TYPE] },
    audience: { type: "string", maxLength: 200 },
    next_token: { type: "string", maxLength: 200 },
  },
};
const assertion = {
  type: "object",
  required: ["grant_type"],
  properties: {
    grant_type: { type: "string", default: "authorization_code" },
    code: { type: "string", maxLength: 512 },
    code_verifier: { type: "string", minLength: 43, maxLength: 128 },
    client_assertion: { type: "string", maxLength: 4096 },
    client_assertion_type: { type: "string", maxLength: 200 },
    id_token: { type: "string", maxLength: 4096 },
  },
};
const search = {
  type: "object",
  properties: {
    subject_token: { type: "string", maxLength: 200, description: "The subject's tag." },
    paginationToken: { type: "string", maxLength: 200 },
  },
};
const listed = reply({ type: "object", properties: { id: { type: "string" } } }, { id: "z1" });
const form = (schema: object) => ({
  required: true,
  content: { "application/x-www-form-urlencoded": { schema } },
});
const zqDoc = openapi({
  "/zqoauth/exchange": {
    post: { operationId: "exchangeZqtoken", requestBody: form(exchange), responses: { "200": listed } },
  },
  "/zqoauth/token": {
    post: { operationId: "grantZqtoken", requestBody: form(assertion), responses: { "200": listed } },
  },
  "/zqitems/search": {
    post: {
      operationId: "searchZqitems",
      parameters: [
        { name: "next_token", in: "query", schema: { type: "string" } },
        { name: "page_token", in: "query", schema: { type: "string" } },
        { name: "X-Pagination-Token", in: "header", required: true, schema: { type: "string" } },
      ],
      requestBody: { content: { "application/json": { schema: search } } },
      responses: { "200": listed },
    },
  },
});

describe("a token endpoint's form", () => {
  const d = drafted(zqDoc, ["exchangeZqtoken", "grantZqtoken", "searchZqitems"], "zqtex");
  const ops = d.manifest.operations;
  const exchanged = ops.zqtex_exchange_zqtoken?.params ?? {};
  const granted = ops.zqtex_grant_zqtoken?.params ?? {};

  it("drafts the tokens, assertions and codes it carries secret, set by a person, with a note", async () => {
    const secrets = [
      exchanged.subject_token,
      exchanged.actor_token,
      granted.code,
      granted.code_verifier,
      granted.client_assertion,
      granted.id_token,
    ];
    for (const p of secrets) expect(p).toMatchObject({ secret: true, visibility: "user-only" });
    expect(notesAt(d, "operations.zqtex_exchange_zqtoken.params.subject_token")).toContainEqual(
      expect.stringContaining("a credential of a token endpoint's form (a body with a grant_type"),
    );
    const plain = [
      exchanged.subject_token_type,
      exchanged.actor_token_type,
      exchanged.requested_token_type,
      exchanged.audience,
      exchanged.next_token,
      granted.client_assertion_type,
    ];
    for (const p of plain) expect(p).toBeDefined();
    for (const p of plain) expect(p?.secret).toBeFalsy();
    expect(await linkProblems(d, "zqtex")).toEqual([]);
  });

  it("every derived case passes on the mock and its judge", async () => {
    const { ids, failed } = await failedCases(d, "zqtex");
    expect(ids.length).toBeGreaterThan(3);
    expect(failed).toEqual([]);
  });

  it("leaves a page's token and a form without a grant_type plain", () => {
    const searched = ops.zqtex_search_zqitems?.params ?? {};
    const names = ["next_token", "page_token", "paginationToken", "subject_token"];
    for (const n of names) expect(searched[n], n).toBeDefined();
    for (const n of names) expect(searched[n]?.secret, n).toBeFalsy();
    const header = Object.entries(searched).find(([n]) => /pagination/i.test(n) && n !== "paginationToken");
    expect(header?.[1].secret, header?.[0]).toBeFalsy();
  });
});
