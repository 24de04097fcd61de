// A flow's `tokenFormat: json`: a token endpoint whose document takes a JSON object, no form, refuses the form RFC 6749
// says; the request goes as one JSON object of the same fields (under the document's own JSON type where the link found
// one), the client's secret in it or as HTTP Basic as the flow says, and withheld from a refusal that repeats it.
import { describe, expect, it } from "vitest";
import { issueTokens, oauthServersPerTest, type Script } from "../../test-support/runtime/oauth-servers.js";
import { fixtureTools } from "../../test-support/runtime/ir-fixtures.js";
import { executeToolDefinition } from "../execute/execute.js";
import type { OAuthFlowSpec, ToolSpec } from "../spec/tool-types.js";
import { TokenCache } from "./token-cache.js";

const tools = fixtureTools("tracker-oauth");
const listOk: Script = () => ({ status: 200, body: [] });
const SECRET = "s3cret-zq-json-77";
const start = oauthServersPerTest();

/** The tracker's list tool with only its `grant` flow, its token request JSON (`extra` beside). */
function listAsJson(grant: OAuthFlowSpec["grant"], extra: Partial<OAuthFlowSpec> = {}): ToolSpec {
  const list = tools.tracker_list_issues!;
  const flows = list
    .oauth!.flows.filter((f) => f.grant === grant)
    .map((f) => ({ ...f, tokenFormat: "json", ...extra }) as OAuthFlowSpec);
  expect(flows).toHaveLength(1);
  return { ...list, oauth: { ...list.oauth!, flows } };
}

const values = { owner: "octo", repo: "hello", tenant: "contoso", clientId: "app-zq", clientSecret: SECRET };

describe("a flow's tokenFormat json", () => {
  it("sends the client credentials request as one JSON object of the grant's fields", async () => {
    const servers = await start(issueTokens(3600), listOk);
    const tokenUrl = `${servers.tokenOrigin}/{tenant}/oauth2/token`;
    const result = await executeToolDefinition(
      listAsJson("clientCredentials", { clientAuth: "body", tokenFields: { audience: "zq-api" } }),
      values,
      { baseUrl: servers.baseUrl, tokenUrl, tokens: new TokenCache() },
    );
    expect(result).toMatchObject({ success: true });
    const sent = servers.token[0]!;
    expect(sent.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(sent.body)).toMatchObject({
      grant_type: "client_credentials",
      client_id: "app-zq",
      client_secret: SECRET,
      audience: "zq-api",
    });
    expect(servers.api.map((r) => r.headers.authorization)).toEqual(["Bearer access-token-1"]);
  });

  it("goes as the document's own JSON type, the client as HTTP Basic where the flow says", async () => {
    const servers = await start(issueTokens(3600), listOk);
    await executeToolDefinition(
      listAsJson("clientCredentials", { clientAuth: "basic", tokenMediaType: "application/vnd.zq.auth+json" }),
      values,
      { baseUrl: servers.baseUrl, tokenUrl: `${servers.tokenOrigin}/{tenant}/oauth2/token`, tokens: new TokenCache() },
    );
    const sent = servers.token[0]!;
    expect(sent.headers["content-type"]).toBe("application/vnd.zq.auth+json");
    const fields = JSON.parse(sent.body);
    expect(fields).toMatchObject({ grant_type: "client_credentials" });
    expect(Object.keys(fields)).not.toContain("client_secret");
    expect(sent.headers.authorization).toBe(`Basic ${btoa(`app-zq:${SECRET}`)}`);
  });

  it("sends a refresh token request as JSON too, its secrets withheld from a refusal that repeats them", async () => {
    const servers = await start(
      () => ({ status: 400, body: { error: "invalid_request", error_description: `bad body ${SECRET}` } }),
      listOk,
    );
    const result = await executeToolDefinition(
      listAsJson("refreshToken"),
      { ...values, refreshToken: "refresh-token-zq-json-1" },
      { baseUrl: servers.baseUrl, tokenUrl: `${servers.tokenOrigin}/common/oauth2/token`, tokens: new TokenCache() },
    );
    expect(JSON.parse(servers.token[0]!.body)).toMatchObject({
      grant_type: "refresh_token",
      refresh_token: "refresh-token-zq-json-1",
    });
    expect(result).toMatchObject({ success: false, error: { type: "auth" } });
    expect(JSON.stringify(result)).not.toContain(SECRET);
  });
});
