// OAuth 2 flows (manifest `auth.flows`) on loopback servers: a token endpoint
// and an API, two origins. Token requests form-encoded; one token request for
// concurrent calls; renewal before expiry (an injected clock: no waiting);
// one renewal and one retry after a 401, never a loop; invalid_grant as
// REAUTH_REQUIRED; a refresh token kept when the answer has none; secrets in
// no result, and each value only where it belongs.
import { exportPKCS8, exportSPKI, generateKeyPair, importSPKI, jwtVerify } from "jose";
import { afterEach, describe, expect, it } from "vitest";
import {
  issueTokens,
  type OAuthServers,
  type Script,
  startOAuthServers,
} from "../../test-support/runtime/oauth-servers.js";
import { fixtureTools } from "../../test-support/runtime/ir-fixtures.js";
import { createExecutor } from "../execute/executor.js";
import { oauthFlows } from "../call/oauth-support.js";
import { executeToolDefinition } from "../execute/execute.js";
import { fullSupport } from "../execute/full-support.js";
import type { IssuedTokens } from "./flows.js";
import { TokenCache } from "./token-cache.js";

const tools = fixtureTools("tracker-oauth");
const list = tools.tracker_list_issues!;
const create = tools.tracker_create_issue!;
const SECRET = "client-secret-5f1e9a7c";
const REFRESH = "refresh-token-0a9b8c7d";
const repo = { owner: "octo", repo: "hello" };
const clientCredentials = { ...repo, tenant: "contoso", clientId: "app-1", clientSecret: SECRET };
const refreshGrant = { ...repo, clientId: "app-1", clientSecret: SECRET, refreshToken: REFRESH };
const listOk: Script = () => ({ status: 200, body: [] });
const sessionExpired = {
  status: 401,
  body: [{ message: "Session expired or invalid", errorCode: "INVALID_SESSION_ID" }],
};

let servers: OAuthServers | undefined;
afterEach(async () => {
  await servers?.close();
  servers = undefined;
});

async function start(token: Script, api: Script = listOk): Promise<OAuthServers & { tokenUrl: string }> {
  servers = await startOAuthServers(token, api);
  return Object.assign(servers, { tokenUrl: `${servers.tokenOrigin}/{tenant}/oauth2/token` });
}

const form = (body: string) => Object.fromEntries(new URLSearchParams(body));
// The parts of the support the tracker's tools need besides OAuth (a pattern, a body, a POST), as its package would
// pass them.
const { oauth: _oauth, rateLimits: _perExecutor, ...otherParts } = fullSupport;

describe("client credentials", () => {
  it("sends one form-encoded token request, then the call with the issued bearer token", async () => {
    const s = await start(issueTokens(3600));
    const result = await executeToolDefinition(list, clientCredentials, {
      baseUrl: s.baseUrl,
      tokenUrl: s.tokenUrl,
      tokens: new TokenCache(),
    });
    expect(result).toEqual({ success: true, output: { data: [] } });
    expect(s.token).toHaveLength(1);
    expect(s.token[0]!.method).toBe("POST");
    expect(s.token[0]!.url).toBe("/contoso/oauth2/token");
    expect(s.token[0]!.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(form(s.token[0]!.body)).toEqual({
      grant_type: "client_credentials",
      client_id: "app-1",
      client_secret: SECRET,
      scope: "https://api.tracker.test/.default",
    });
    expect(s.api.map((r) => r.headers.authorization)).toEqual(["Bearer access-token-1"]);
    // Each value only where it belongs: the secret never at the API, the token never at the token endpoint.
    expect(JSON.stringify(s.api)).not.toContain(SECRET);
    expect(s.token[0]!.headers.authorization).toBeUndefined();
  });

  it(
    "with an OAuth support that cannot send with the token (made without call/token-send.ts), " +
      "fails before any request, naming oauthFlows",
    async () => {
      const s = await start(issueTokens(3600));
      const { send: _send, ...withoutSending } = oauthFlows;
      const result = await createExecutor(tools, { ...otherParts, oauth: withoutSending })(
        "tracker_list_issues",
        clientCredentials,
        { baseUrl: s.baseUrl, tokenUrl: s.tokenUrl },
      );
      expect(result).toMatchObject({ success: false, error: { type: "validation", rule: "support" } });
      expect(!result.success && result.error.message).toContain("needs the runtime's oauthFlows");
      expect(s.token.length + s.api.length).toBe(0);
    },
  );

  it("sends five concurrent calls of one executor with one token request", async () => {
    const s = await start(issueTokens(3600));
    const execute = createExecutor(tools, { ...otherParts, oauth: oauthFlows });
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        execute("tracker_list_issues", clientCredentials, { baseUrl: s.baseUrl, tokenUrl: s.tokenUrl }),
      ),
    );
    expect(results.every((r) => r.success)).toBe(true);
    expect(s.token).toHaveLength(1);
    expect(s.api.map((r) => r.headers.authorization)).toEqual(Array(5).fill("Bearer access-token-1"));
  });

  it("renews a token before it expires (an injected clock), and not before", async () => {
    const s = await start(issueTokens(3600));
    let now = 1_000_000;
    const options = { baseUrl: s.baseUrl, tokenUrl: s.tokenUrl, tokens: new TokenCache(), clock: () => now };
    await executeToolDefinition(list, clientCredentials, options);
    now += 3_000_000; // 50 minutes: still fresh
    await executeToolDefinition(list, clientCredentials, options);
    expect(s.token).toHaveLength(1);
    now += 570_000; // 59.5 minutes: within the last minute, renewed before the call
    await executeToolDefinition(list, clientCredentials, options);
    expect(s.token).toHaveLength(2);
    expect(s.api.map((r) => r.headers.authorization)).toEqual([
      "Bearer access-token-1",
      "Bearer access-token-1",
      "Bearer access-token-2",
    ]);
  });

  for (const error of ["invalid_grant", "invalid_client"]) {
    it(`reports ${error} as an auth error REAUTH_REQUIRED, retried never`, async () => {
      const s = await start(() => ({
        status: 400,
        body: { error, error_description: `AADSTS7000215: Invalid client secret provided: ${SECRET}` },
      }));
      const result = await executeToolDefinition(list, clientCredentials, {
        baseUrl: s.baseUrl,
        tokenUrl: s.tokenUrl,
        tokens: new TokenCache(),
      });
      expect(result).toMatchObject({
        success: false,
        error: { type: "auth", code: "REAUTH_REQUIRED", status: 400, retryable: false },
      });
      expect(s.token).toHaveLength(1);
      expect(s.api).toHaveLength(0);
      expect(JSON.stringify(result)).not.toContain(SECRET);
    });
  }

  it("names what a flow still needs when its parameters are given in part, before any request", async () => {
    const s = await start(issueTokens(3600));
    const result = await executeToolDefinition(
      list,
      { ...repo, clientId: "app-1", clientSecret: SECRET },
      { baseUrl: s.baseUrl, tokenUrl: s.tokenUrl },
    );
    expect(result).toMatchObject({ success: false, error: { type: "validation", param: "tenant", rule: "required" } });
    expect(!result.success && result.error.message).toBe(
      "tenant: required for the OAuth 2 client credentials flow (clientId, clientSecret given); " +
        "or pass token, an access token",
    );
    const none = await executeToolDefinition(list, repo, { baseUrl: s.baseUrl });
    expect(!none.success && none.error).toMatchObject({ param: "token", rule: "required" });
    expect(s.token.length + s.api.length).toBe(0);
  });

  it("keeps the static token working alone", async () => {
    const s = await start(issueTokens(3600));
    const result = await executeToolDefinition(list, { ...repo, token: "static-token-123" }, { baseUrl: s.baseUrl });
    expect(result.success).toBe(true);
    expect(s.token).toHaveLength(0);
    expect(s.api[0]!.headers.authorization).toBe("Bearer static-token-123");
  });
});

describe("a token without a lifetime, renewed after a 401", () => {
  it("renews once after a 401, sends the request once more, and succeeds", async () => {
    const s = await start(issueTokens(), (n) => (n === 1 ? sessionExpired : { status: 201, body: { number: 7 } }));
    const result = await executeToolDefinition(
      create,
      { ...refreshGrant, token: "old-session-token", title: "Bug" },
      { baseUrl: s.baseUrl, tokenUrl: s.tokenOrigin + "/common/oauth2/token", tokens: new TokenCache() },
    );
    expect(result).toMatchObject({ success: true, output: { metadata: { number: 7 } } });
    expect(s.token.map((r) => form(r.body))).toEqual([
      { grant_type: "refresh_token", refresh_token: REFRESH, client_id: "app-1", client_secret: SECRET },
    ]);
    expect(s.api.map((r) => r.headers.authorization)).toEqual(["Bearer old-session-token", "Bearer access-token-1"]);
  });

  it("reports a second 401 as the error: one renewal, no loop", async () => {
    const s = await start(issueTokens(), () => sessionExpired);
    const result = await executeToolDefinition(list, refreshGrant, {
      baseUrl: s.baseUrl,
      tokenUrl: s.tokenOrigin + "/common/oauth2/token",
      tokens: new TokenCache(),
    });
    expect(result).toMatchObject({ success: false, error: { type: "upstream", status: 401 } });
    expect(s.token).toHaveLength(2); // the first token, then one renewal
    expect(s.api).toHaveLength(2);
  });

  it("keeps the refresh token when a renewal's answer has none, and hands rotated ones to onTokens", async () => {
    const replies = [{ refresh_token: "rotated-refresh-1" }, {}, {}];
    const s = await start(
      (n) => ({
        status: 200,
        body: {
          access_token: `access-token-${n}`,
          token_type: "Bearer",
          instance_url: "https://acme.example.test",
          ...replies[n - 1],
        },
      }),
      (n) => (n % 2 === 1 ? sessionExpired : { status: 200, body: [] }),
    );
    const issued: IssuedTokens[] = [];
    const options = {
      baseUrl: s.baseUrl,
      tokenUrl: s.tokenOrigin + "/common/oauth2/token",
      tokens: new TokenCache(),
      onTokens: (t: IssuedTokens) => void issued.push(t),
    };
    for (let i = 0; i < 2; i++) await executeToolDefinition(list, refreshGrant, options);
    // First call: a token (rotating the refresh token), a 401, a renewal with the rotated one; second call: a 401, a
    // renewal, still with it.
    expect(s.token.map((r) => form(r.body).refresh_token)).toEqual([REFRESH, "rotated-refresh-1", "rotated-refresh-1"]);
    expect(issued.map((t) => [t.grant, t.accessToken, t.refreshToken, t.instanceUrl])).toEqual([
      ["refreshToken", "access-token-1", "rotated-refresh-1", "https://acme.example.test"],
      ["refreshToken", "access-token-2", "rotated-refresh-1", "https://acme.example.test"],
      ["refreshToken", "access-token-3", "rotated-refresh-1", "https://acme.example.test"],
    ]);
  });

  it("keeps issued tokens, refresh tokens and secrets out of outputs and errors", async () => {
    const s = await start(issueTokens(3600, { refresh_token: "rotated-refresh-xyz" }), (_n, r) => ({
      status: 400,
      body: { message: `bad: ${r.headers.authorization}`, errors: [REFRESH, "rotated-refresh-xyz", SECRET] },
    }));
    const result = await executeToolDefinition(list, refreshGrant, {
      baseUrl: s.baseUrl,
      tokenUrl: s.tokenOrigin + "/common/oauth2/token",
      tokens: new TokenCache(),
    });
    const text = JSON.stringify(result);
    expect(result.success).toBe(false);
    for (const secret of ["access-token-1", "rotated-refresh-xyz", REFRESH, SECRET]) expect(text).not.toContain(secret);
    const echoed = await start(issueTokens(3600), (_n, r) => ({
      status: 200,
      body: [{ seen: r.headers.authorization }],
    }));
    const output = await executeToolDefinition(list, clientCredentials, {
      baseUrl: echoed.baseUrl,
      tokenUrl: echoed.tokenUrl,
      tokens: new TokenCache(),
    });
    expect(output).toEqual({ success: true, output: { data: [{ seen: "Bearer [redacted]" }] } });
  });
});

describe("the token URL", () => {
  const fetchNothing = () => Promise.reject(new Error("no request may be sent"));
  const refusal = async (tokenUrl: string, allowHosts?: string[]) => {
    const result = await executeToolDefinition(list, clientCredentials, {
      baseUrl: "http://127.0.0.1:9",
      tokenUrl,
      fetch: fetchNothing,
      ...(allowHosts ? { allowHosts } : {}),
    });
    return result.success ? undefined : result.error;
  };

  it("given at call time follows the rules of baseUrl, before any request", async () => {
    expect(await refusal("http://login.elsewhere.test/token")).toMatchObject({
      type: "validation",
      param: "tokenUrl",
      rule: "format",
      message:
        'tokenUrl: must use https (http is allowed only for loopback hosts), got "http://login.elsewhere.test/token"',
    });
    expect(await refusal("https://login.elsewhere.test/token")).toMatchObject({
      param: "tokenUrl",
      rule: "host",
      message: expect.stringContaining(
        "only to login.tracker.test, auth.tracker.test or a loopback host, not to login.elsewhere.test",
      ),
    });
    expect(await refusal("https://user:pw@auth.tracker.test/token")).toMatchObject({
      param: "tokenUrl",
      message: "tokenUrl: must not contain credentials, got (address with credentials withheld)",
    });
    expect(await refusal("https://auth.tracker.test/token?x=1")).toMatchObject({ param: "tokenUrl", rule: "format" });
    expect(await refusal("https://auth.tracker.test/{clientSecret}/token")).toMatchObject({
      param: "tokenUrl",
      message: "tokenUrl: the placeholder {clientSecret} is not one of the token URL's own ({tenant})",
    });
  });

  it("may name the flow's host, a token host, or one the caller allows", async () => {
    const sent: string[] = [];
    const fetch = async (r: Request) => {
      sent.push(r.url);
      return new Response(
        r.url.includes("127.0.0.1") ? "[]" : JSON.stringify({ access_token: "access-token-x", token_type: "bearer" }),
        { status: 200, headers: { "content-type": "application/json" } },
      );
    };
    for (const [tokenUrl, allowHosts] of [
      ["https://auth.tracker.test/{tenant}/token", []],
      ["https://login.elsewhere.test/t", ["login.elsewhere.test"]],
      [undefined, []],
    ] as const) {
      const result = await executeToolDefinition(list, clientCredentials, {
        baseUrl: "http://127.0.0.1:9",
        ...(tokenUrl ? { tokenUrl } : {}),
        allowHosts,
        fetch,
        tokens: new TokenCache(),
      });
      expect(result.success).toBe(true);
    }
    expect(sent.filter((u) => !u.includes("127.0.0.1"))).toEqual([
      "https://auth.tracker.test/contoso/token",
      "https://login.elsewhere.test/t",
      "https://login.tracker.test/contoso/oauth2/token",
    ]);
  });

  it("fills a placeholder with the value URL-encoded: it cannot leave the path", async () => {
    const sent: string[] = [];
    const fetch = async (r: Request) => {
      sent.push(r.url);
      return new Response(r.url.includes("127.0.0.1") ? "[]" : JSON.stringify({ access_token: "access-token-x" }), {
        status: 200,
      });
    };
    const tool = { ...list, params: list.params.map((p) => (p.name === "tenant" ? { ...p, pattern: "^.*$" } : p)) };
    await executeToolDefinition(
      tool,
      { ...clientCredentials, tenant: "a/../b@evil.test#" },
      { baseUrl: "http://127.0.0.1:9", fetch, tokens: new TokenCache() },
    );
    expect(sent[0]).toBe("https://login.tracker.test/a%2F..%2Fb%40evil.test%23/oauth2/token");
  });
});

describe("JWT bearer", () => {
  it(
    "presents an RS256 assertion signed with the private " + "key: issuer, subject, audience the token URL's origin",
    async () => {
      const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
      const pem = await exportPKCS8(privateKey);
      const s = await start(issueTokens());
      const now = Date.UTC(2026, 0, 1);
      const result = await executeToolDefinition(
        list,
        { ...repo, clientId: "app-1", username: "ada@example.test", privateKey: pem },
        {
          baseUrl: s.baseUrl,
          tokenUrl: `${s.tokenOrigin}/common/oauth2/token`,
          tokens: new TokenCache(),
          clock: () => now,
        },
      );
      expect(result.success).toBe(true);
      const sent = form(s.token[0]!.body);
      expect(sent.grant_type).toBe("urn:ietf:params:oauth:grant-type:jwt-bearer");
      const verified = await jwtVerify(sent.assertion!, await importSPKI(await exportSPKI(publicKey), "RS256"), {
        currentDate: new Date(now),
      });
      expect(verified.protectedHeader.alg).toBe("RS256");
      expect(verified.payload).toMatchObject({
        iss: "app-1",
        sub: "ada@example.test",
        aud: s.tokenOrigin,
        iat: now / 1000,
        exp: now / 1000 + 180,
      });
      expect(JSON.stringify(result)).not.toContain(sent.assertion!);
    },
  );

  it("takes a key written on one line with \\n escapes (an environment variable)", async () => {
    const { privateKey } = await generateKeyPair("RS256", { extractable: true });
    const s = await start(issueTokens());
    const oneLine = (await exportPKCS8(privateKey)).replace(/\n/g, "\\n");
    const result = await executeToolDefinition(
      list,
      { ...repo, clientId: "app-1", username: "ada@example.test", privateKey: oneLine },
      { baseUrl: s.baseUrl, tokenUrl: `${s.tokenOrigin}/common/oauth2/token`, tokens: new TokenCache() },
    );
    expect(result.success).toBe(true);
    expect(s.token).toHaveLength(1);
  });

  it("refuses a key that is not PKCS #8 PEM before any request, the key withheld", async () => {
    const s = await start(issueTokens());
    const key = "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\n-----END RSA PRIVATE KEY-----";
    const result = await executeToolDefinition(
      list,
      { ...repo, clientId: "app-1", username: "ada@example.test", privateKey: key },
      { baseUrl: s.baseUrl, tokenUrl: `${s.tokenOrigin}/common/oauth2/token`, tokens: new TokenCache() },
    );
    expect(result).toMatchObject({
      success: false,
      error: { type: "validation", param: "privateKey", rule: "format" },
    });
    expect(JSON.stringify(result)).not.toContain("MIIEowIBAAKCAQEA");
    expect(s.token.length + s.api.length).toBe(0);
  });
});
