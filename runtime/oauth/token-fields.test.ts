// A flow's fixed token request fields (`tokenFields`): an authorization server serving several APIs (Auth0) issues a
// token for the `audience` a request names and refuses one without it, so every call failed while the suite was
// green. Each token request of the flow carries them, form-encoded, beside the grant's own fields, which stay the
// grant's whatever a spec names.
import { afterEach, describe, expect, it } from "vitest";
import {
  issueTokens,
  type OAuthServers,
  type Script,
  startOAuthServers,
} from "../../test-support/runtime/oauth-servers.js";
import { fixtureTools } from "../../test-support/runtime/ir-fixtures.js";
import { executeToolDefinition } from "../execute/execute.js";
import type { OAuthFlowSpec, ToolSpec } from "../spec/tool-types.js";
import { TokenCache } from "./token-cache.js";

const tools = fixtureTools("tracker-oauth");
const repo = { owner: "octo", repo: "hello" };
const listOk: Script = () => ({ status: 200, body: [] });
const form = (body: string) => Object.fromEntries(new URLSearchParams(body));
const FIELDS = { audience: "https://api.zq-tracker.test/v1 a&b=c", zq_resource: "zq:ledger" };

let servers: OAuthServers | undefined;
afterEach(async () => {
  await servers?.close();
  servers = undefined;
});

/** The tracker's list tool with only its `grant` flow, carrying `tokenFields`. */
function listWith(grant: OAuthFlowSpec["grant"], tokenFields: Record<string, string>): ToolSpec {
  const list = tools.tracker_list_issues!;
  const flows = list.oauth!.flows.filter((f) => f.grant === grant).map((f) => ({ ...f, tokenFields }));
  expect(flows).toHaveLength(1);
  return { ...list, oauth: { ...list.oauth!, flows } };
}

describe("a flow's tokenFields", () => {
  it("go in the client credentials token request, escaped, beside the grant's own fields", async () => {
    servers = await startOAuthServers(issueTokens(3600), listOk);
    const result = await executeToolDefinition(
      listWith("clientCredentials", FIELDS),
      { ...repo, tenant: "contoso", clientId: "app-zq", clientSecret: "s3cret-zq" },
      { baseUrl: servers.baseUrl, tokenUrl: `${servers.tokenOrigin}/{tenant}/oauth2/token`, tokens: new TokenCache() },
    );
    expect(result).toMatchObject({ success: true });
    expect(servers.token[0]!.body).toContain("audience=https%3A%2F%2Fapi.zq-tracker.test%2Fv1+a%26b%3Dc");
    expect(form(servers.token[0]!.body)).toMatchObject({
      ...FIELDS,
      grant_type: "client_credentials",
      client_id: "app-zq",
      client_secret: "s3cret-zq",
    });
    expect(servers.api.map((r) => r.headers.authorization)).toEqual(["Bearer access-token-1"]);
  });

  it("go in a refresh token request too", async () => {
    servers = await startOAuthServers(issueTokens(3600), listOk);
    await executeToolDefinition(
      listWith("refreshToken", FIELDS),
      { ...repo, clientId: "app-zq", clientSecret: "s3cret-zq", refreshToken: "refresh-token-zq1" },
      { baseUrl: servers.baseUrl, tokenUrl: `${servers.tokenOrigin}/common/oauth2/token`, tokens: new TokenCache() },
    );
    expect(form(servers.token[0]!.body)).toMatchObject({
      ...FIELDS,
      grant_type: "refresh_token",
      refresh_token: "refresh-token-zq1",
    });
  });

  it("never replace a grant's own field, and name another token than the same flow without them", async () => {
    servers = await startOAuthServers(issueTokens(3600), listOk);
    const tokens = new TokenCache();
    const values = { ...repo, tenant: "contoso", clientId: "app-zq", clientSecret: "s3cret-zq" };
    const options = { baseUrl: servers.baseUrl, tokenUrl: `${servers.tokenOrigin}/{tenant}/oauth2/token`, tokens };
    await executeToolDefinition(listWith("clientCredentials", { grant_type: "password" }), values, options);
    expect(form(servers.token[0]!.body).grant_type).toBe("client_credentials");
    await executeToolDefinition(listWith("clientCredentials", FIELDS), values, options);
    expect(servers.token).toHaveLength(2);
  });
});
