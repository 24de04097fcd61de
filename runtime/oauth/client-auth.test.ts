// How a token request authenticates the client (a flow's `clientAuth`, RFC 6749 §2.3.1): `basic` sends the id and
// the secret in an `Authorization: Basic` header, each form-encoded first, and neither in the form; `body` (the
// default) sends them as form fields. Before, only the form was possible, which a token endpoint that documents
// HTTP Basic (most do) refuses. The secret, as given and as base64, stays out of a refusal's message.
import { afterEach, describe, expect, it } from "vitest";
import {
  issueTokens,
  type OAuthServers,
  type Script,
  startOAuthServers,
} from "../../test-support/runtime/oauth-servers.js";
import { fixtureTools } from "../../test-support/runtime/ir-fixtures.js";
import { executeToolDefinition } from "../execute/execute.js";
import type { ClientAuth, ToolSpec } from "../spec/tool-types.js";
import { TokenCache } from "./token-cache.js";

const tools = fixtureTools("tracker-oauth");
const repo = { owner: "octo", repo: "hello" };
// An id and a secret holding what form encoding changes (`:` would end the id, `+` and a space are told apart).
const ID = "app:1 zq";
const SECRET = "s3cret+/ é&=zq9";
const listOk: Script = () => ({ status: 200, body: [] });
const form = (body: string) => Object.fromEntries(new URLSearchParams(body));

let servers: OAuthServers | undefined;
afterEach(async () => {
  await servers?.close();
  servers = undefined;
});

/** The tracker's list tool, its flows authenticating the client as `clientAuth` says. */
function listWith(clientAuth: ClientAuth | undefined): ToolSpec {
  const list = tools.tracker_list_issues!;
  const flows = list.oauth!.flows.map((f) =>
    f.grant === "jwtBearer" ? f : { ...f, ...(clientAuth ? { clientAuth } : {}) },
  );
  return { ...list, oauth: { ...list.oauth!, flows } };
}

/** A form-encoded value, as RFC 6749 §2.3.1 wants the id and the secret before they are joined. */
const formEncoded = (value: string) => new URLSearchParams({ v: value }).toString().slice(2);
const basicOf = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${formEncoded(id)}:${formEncoded(secret)}`).toString("base64")}`;

describe("a client credentials flow with clientAuth: basic", () => {
  it("sends the form-encoded id and secret as HTTP Basic, and neither in the form", async () => {
    servers = await startOAuthServers(issueTokens(3600), listOk);
    const result = await executeToolDefinition(
      listWith("basic"),
      { ...repo, tenant: "contoso", clientId: ID, clientSecret: SECRET },
      { baseUrl: servers.baseUrl, tokenUrl: `${servers.tokenOrigin}/{tenant}/oauth2/token`, tokens: new TokenCache() },
    );
    expect(result).toMatchObject({ success: true });
    expect(servers.token[0]!.headers.authorization).toBe(basicOf(ID, SECRET));
    // As RFC 6749 §2.3.1 writes it: each form-encoded (a space as +, `:` `+` `/` `&` `=` and é escaped), then joined.
    expect(Buffer.from(servers.token[0]!.headers.authorization!.slice("Basic ".length), "base64").toString()).toBe(
      "app%3A1+zq:s3cret%2B%2F+%C3%A9%26%3Dzq9",
    );
    expect(form(servers.token[0]!.body)).toEqual({
      grant_type: "client_credentials",
      scope: "https://api.tracker.test/.default",
    });
    expect(servers.api.map((r) => r.headers.authorization)).toEqual(["Bearer access-token-1"]);
  });

  it("without clientAuth, or with body: the id and secret in the form, no Authorization", async () => {
    for (const clientAuth of [undefined, "body"] as const) {
      servers = await startOAuthServers(issueTokens(3600), listOk);
      await executeToolDefinition(
        listWith(clientAuth),
        { ...repo, tenant: "contoso", clientId: ID, clientSecret: SECRET },
        {
          baseUrl: servers.baseUrl,
          tokenUrl: `${servers.tokenOrigin}/{tenant}/oauth2/token`,
          tokens: new TokenCache(),
        },
      );
      expect(servers.token[0]!.headers.authorization).toBeUndefined();
      expect(form(servers.token[0]!.body)).toMatchObject({ client_id: ID, client_secret: SECRET });
      await servers.close();
      servers = undefined;
    }
  });

  it("keeps the secret, as given and as the header's base64, out of a refusal that echoes them", async () => {
    const echo: Script = (_n, request) => ({
      status: 400,
      body: { error: "invalid_request", error_description: `bad ${request.headers.authorization} for ${SECRET}` },
    });
    servers = await startOAuthServers(echo, listOk);
    const result = await executeToolDefinition(
      listWith("basic"),
      { ...repo, tenant: "contoso", clientId: ID, clientSecret: SECRET },
      { baseUrl: servers.baseUrl, tokenUrl: `${servers.tokenOrigin}/{tenant}/oauth2/token`, tokens: new TokenCache() },
    );
    expect(result.success).toBe(false);
    const text = JSON.stringify(result);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(basicOf(ID, SECRET).slice("Basic ".length));
  });
});

describe("a refresh token flow with clientAuth: basic", () => {
  it("sends the client as HTTP Basic and the refresh token in the form", async () => {
    servers = await startOAuthServers(issueTokens(3600), listOk);
    const list = listWith("basic");
    const flow = list.oauth!.flows.find((f) => f.grant === "refreshToken");
    expect(flow).toBeDefined();
    await executeToolDefinition(
      { ...list, oauth: { ...list.oauth!, flows: [flow!] } },
      { ...repo, clientId: ID, clientSecret: SECRET, refreshToken: "refresh-token-zq1" },
      { baseUrl: servers.baseUrl, tokenUrl: `${servers.tokenOrigin}/common/oauth2/token`, tokens: new TokenCache() },
    );
    expect(servers.token[0]!.headers.authorization).toBe(basicOf(ID, SECRET));
    expect(form(servers.token[0]!.body)).toEqual({ grant_type: "refresh_token", refresh_token: "refresh-token-zq1" });
  });
});
