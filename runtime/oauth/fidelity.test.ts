// OAuth as providers document it (issue 28, item 3), on the tracker fixture
// given what such a provider declares: the JWT assertion's audience chosen by
// the token URL's host or a parameter (a My Domain-style token host gets the
// login audience, never its own origin); the address a token answer names
// (auth.tokenAddressField) used when the call gives none, and preferred to the
// one given when it differs — a refresh naming another instance sends the call
// there — within the host rules; a token answer without expires_in renewed
// after the flow's documented lifetime, not used for ever.
import { decodeJwt, exportPKCS8, generateKeyPair } from "jose";
import { afterEach, describe, expect, it } from "vitest";
import { server } from "../../test-support/runtime/loopback-server.js";
import { type OAuthServers, startOAuthServers } from "../../test-support/runtime/oauth-servers.js";
import { fixtureTools } from "../../test-support/runtime/ir-fixtures.js";
import { scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "../execute/execute.js";
import { TokenCache } from "./token-cache.js";

const tools = fixtureTools("tracker-oauth-instance");
const list = tools.tracker_list_issues!;
const repo = { owner: "octo", repo: "hello" };
const { privateKey } = await generateKeyPair("RS256", { extractable: true });
const pem = await exportPKCS8(privateKey);
const jwtGrant = { ...repo, clientId: "app-1", username: "ada@example.test", privateKey: pem };
const refreshGrant = {
  ...repo,
  clientId: "app-1",
  clientSecret: "client-secret-5f1e9a7c",
  refreshToken: "refresh-token-0a9b8c7d",
};
const token = (extra: Record<string, unknown> = {}) =>
  new Response(JSON.stringify({ access_token: "access-token-1", token_type: "Bearer", ...extra }), {
    status: 200,
    headers: { "content-type": "application/json" },
  });
const issues = () => new Response("[]", { status: 200, headers: { "content-type": "application/json" } });

/** A fetch playing the token endpoint (any host) and the API; what was asked of each. */
function upstream(answer: (request: Request) => Response = () => token({ instance_url: "https://acme.tracker.test" })) {
  return scriptedFetch((request) => (new URL(request.url).pathname.endsWith("/token") ? answer(request) : issues()));
}

const audienceOf = (body: string) => decodeJwt(new URLSearchParams(body).get("assertion") ?? "").aud;

describe("the JWT bearer assertion's audience", () => {
  for (const [label, tokenUrl, audience] of [
    ["the flow's own token URL: the declared default", undefined, "https://login.tracker.test"],
    [
      "a token URL on an org's own host (*.my.…): the default, not that host's origin",
      "https://acme.my.tracker.test/oauth2/token",
      "https://login.tracker.test",
    ],
    [
      "a sandbox's own host (*.sandbox.my.…): the pattern's audience",
      "https://acme--dev.sandbox.my.tracker.test/oauth2/token",
      "https://test.tracker.test",
    ],
    [
      "the test host, named exactly: its audience",
      "https://test.tracker.test/oauth2/token",
      "https://test.tracker.test",
    ],
  ] as const) {
    it(`is chosen by the token host — ${label}`, async () => {
      const { fetch, seen } = upstream();
      const result = await executeToolDefinition(
        list,
        { ...jwtGrant, site: "https://acme.tracker.test" },
        { fetch, tokens: new TokenCache(), ...(tokenUrl ? { tokenUrl } : {}) },
      );
      expect(result.success).toBe(true);
      expect(audienceOf(seen[0]!.body)).toBe(audience);
    });
  }

  it("is the audience parameter's value when the call gives it", async () => {
    const { fetch, seen } = upstream();
    await executeToolDefinition(
      list,
      { ...jwtGrant, audience: "https://community.tracker.test" },
      { fetch, tokens: new TokenCache(), tokenUrl: "https://test.tracker.test/oauth2/token" },
    );
    expect(audienceOf(seen[0]!.body)).toBe("https://community.tracker.test");
  });

  it("stays the token URL's origin for a flow that declares no audience", async () => {
    const plain = fixtureTools("tracker-oauth").tracker_list_issues!;
    const { fetch, seen } = upstream();
    await executeToolDefinition(plain, jwtGrant, {
      fetch,
      tokens: new TokenCache(),
      tokenUrl: "https://auth.tracker.test/common/oauth2/token",
    });
    expect(audienceOf(seen[0]!.body)).toBe("https://auth.tracker.test");
  });
});

describe("a token endpoint refusing the assertion's audience (issue 54, F1r)", () => {
  const refused =
    (description: string, error = "invalid_grant") =>
    () =>
      new Response(JSON.stringify({ error, error_description: description }), {
        status: 400,
        headers: { "content-type": "application/json" },
      });

  for (const [error, description] of [
    ["invalid_grant", "audience is invalid"],
    ["invalid_client", "The audience claim for client_assertion must be the endpoint invoked for the request."],
    ["invalid_grant", "Invalid JWT: Failed aud check"],
  ] as const) {
    it(`is the flow's configuration at fault, not a grant to give again: ${error}, "${description}"`, async () => {
      const { fetch, seen } = upstream(refused(description, error));
      const result = await executeToolDefinition(
        list,
        { ...jwtGrant, audience: "https://community.tracker.test" },
        { fetch, tokens: new TokenCache(), tokenUrl: "https://test.tracker.test/oauth2/token" },
      );
      expect(seen).toHaveLength(1);
      expect(result).toMatchObject({
        success: false,
        error: {
          type: "auth",
          code: "ASSERTION_AUDIENCE_REFUSED",
          retryable: false,
          details: { audience: "https://community.tracker.test" },
        },
      });
      if (result.success) return;
      expect(result.error.message).toContain('audience "https://community.tracker.test"');
      expect(result.error.message).toContain("parameter audience");
      expect(result.error.message).not.toMatch(/grant access again \(/);
    });
  }

  it(
    "leaves an assertion refused for another reason, and a refresh token refused whatever its words, " +
      "a grant to give again",
    async () => {
      const jwt = upstream(refused("Invalid JWT Signature."));
      const byKey = await executeToolDefinition(list, jwtGrant, { fetch: jwt.fetch, tokens: new TokenCache() });
      expect(byKey).toMatchObject({ success: false, error: { code: "REAUTH_REQUIRED" } });
      const refresh = upstream(refused("token revoked for audience change"));
      const byRefresh = await executeToolDefinition(list, refreshGrant, {
        fetch: refresh.fetch,
        tokens: new TokenCache(),
      });
      expect(byRefresh).toMatchObject({ success: false, error: { code: "REAUTH_REQUIRED" } });
    },
  );
});

describe("the address a token answer names (auth.tokenAddressField)", () => {
  let servers: OAuthServers | undefined;
  let other: Awaited<ReturnType<typeof server>> | undefined;
  afterEach(async () => {
    await servers?.close();
    await other?.close();
    servers = other = undefined;
  });

  it("is where the call goes when the call gives no address", async () => {
    servers = await startOAuthServers(
      () => ({
        status: 200,
        body: { access_token: "access-token-1", token_type: "Bearer", instance_url: servers!.baseUrl },
      }),
      () => ({ status: 200, body: [] }),
    );
    const result = await executeToolDefinition(list, refreshGrant, {
      tokenUrl: `${servers.tokenOrigin}/token`,
      tokens: new TokenCache(),
    });
    expect(result).toEqual({ success: true, output: { data: [] } });
    expect(servers.api.map((r) => r.url)).toEqual(["/repos/octo/hello/issues"]);
  });

  it(
    "sends the call to another instance when a refresh answer names it (after a 401 where the first token was " +
      "not valid)",
    async () => {
      other = await server(() => ({ status: 200, body: "[]" }));
      let n = 0;
      servers = await startOAuthServers(
        // The first token names the instance given; the refresh after the 401 names another.
        () => ({
          status: 200,
          body: {
            access_token: `access-token-${++n}`,
            token_type: "Bearer",
            instance_url: n === 1 ? servers!.baseUrl : other!.url,
          },
        }),
        () => ({ status: 401, body: { message: "Session expired or invalid" } }),
      );
      const result = await executeToolDefinition(
        list,
        { ...refreshGrant, site: servers.baseUrl },
        { tokenUrl: `${servers.tokenOrigin}/token`, tokens: new TokenCache() },
      );
      expect(result.success).toBe(true);
      expect(servers.token).toHaveLength(2);
      expect(servers.api.map((r) => r.headers.authorization)).toEqual(["Bearer access-token-1"]);
      expect(other.received.map((r) => [r.url, r.headers.authorization])).toEqual([
        ["/repos/octo/hello/issues", "Bearer access-token-2"],
      ]);
    },
  );

  it("is preferred to the address given, a token being valid on its own instance only", async () => {
    other = await server(() => ({ status: 200, body: "[]" }));
    servers = await startOAuthServers(() => ({
      status: 200,
      body: { access_token: "access-token-1", token_type: "Bearer", instance_url: other!.url },
    }));
    const result = await executeToolDefinition(
      list,
      { ...refreshGrant, site: servers.baseUrl },
      { tokenUrl: `${servers.tokenOrigin}/token`, tokens: new TokenCache() },
    );
    expect(result.success).toBe(true);
    expect(servers.api).toHaveLength(0);
    expect(other.received).toHaveLength(1);
  });

  it("is refused on a host the host rules do not allow: nothing is sent there", async () => {
    const { fetch, seen } = upstream(() => token({ instance_url: "https://elsewhere.example.com" }));
    const result = await executeToolDefinition(list, refreshGrant, { fetch, tokens: new TokenCache() });
    expect(result).toMatchObject({
      success: false,
      error: { type: "auth", code: "TOKEN_ADDRESS_REFUSED", retryable: false },
    });
    expect(!result.success && result.error.message).toContain("elsewhere.example.com");
    expect(seen.map((r) => new URL(r.url).hostname)).toEqual(["login.tracker.test"]);
    // Allowed by the caller, it is used.
    const allowed = upstream(() => token({ instance_url: "https://elsewhere.example.com" }));
    expect(
      (
        await executeToolDefinition(list, refreshGrant, {
          fetch: allowed.fetch,
          tokens: new TokenCache(),
          allowHosts: ["elsewhere.example.com"],
        })
      ).success,
    ).toBe(true);
    expect(allowed.seen.map((r) => new URL(r.url).hostname)).toEqual(["login.tracker.test", "elsewhere.example.com"]);
  });

  it("gives way to the baseUrl option (mocks, sandboxes)", async () => {
    const { fetch, seen } = upstream();
    await executeToolDefinition(list, refreshGrant, {
      fetch,
      tokens: new TokenCache(),
      baseUrl: "https://sandbox.tracker.test",
    });
    expect(seen.map((r) => new URL(r.url).hostname)).toEqual(["login.tracker.test", "sandbox.tracker.test"]);
  });

  it(
    "is needed when the call gives only an access token: the address parameter is then required, " +
      "before any request",
    async () => {
      const { fetch, seen } = upstream();
      const result = await executeToolDefinition(list, { ...repo, token: "static-token-123" }, { fetch });
      expect(result).toMatchObject({ success: false, error: { type: "validation", param: "site", rule: "required" } });
      expect(seen).toHaveLength(0);
    },
  );

  it("is needed when the token answer names none and the call gave none", async () => {
    const { fetch, seen } = upstream(() => token());
    const result = await executeToolDefinition(list, refreshGrant, { fetch, tokens: new TokenCache() });
    expect(result).toMatchObject({ success: false, error: { type: "validation", param: "site", rule: "required" } });
    expect(seen).toHaveLength(1);
  });
});

describe("a token answer without expires_in", () => {
  it("is renewed after the flow's documented lifetime, not used for ever", async () => {
    const { fetch, seen } = upstream();
    let now = 1_000_000;
    const options = { fetch, tokens: new TokenCache(), clock: () => now };
    await executeToolDefinition(list, refreshGrant, options);
    now += 7_000_000; // under two hours less the renewal margin: still in use
    await executeToolDefinition(list, refreshGrant, options);
    now += 200_000; // past 7200 s less a minute: renewed before the call
    await executeToolDefinition(list, refreshGrant, options);
    expect(seen.filter((r) => r.url.endsWith("/token"))).toHaveLength(2);
  });

  for (const [label, value] of [
    ["a lifetime that is not a number", "soon"],
    ["a negative lifetime", -5],
    ["an endless lifetime", 1e308],
  ] as const) {
    it(`takes ${label} without failing, and renews within a day at the latest`, async () => {
      const { fetch, seen } = upstream(() => token({ expires_in: value, instance_url: "https://acme.tracker.test" }));
      let now = 1_000_000;
      const options = { fetch, tokens: new TokenCache(), clock: () => now };
      expect((await executeToolDefinition(list, refreshGrant, options)).success).toBe(true);
      now += 24 * 3600 * 1000;
      expect((await executeToolDefinition(list, refreshGrant, options)).success).toBe(true);
      expect(seen.filter((r) => r.url.endsWith("/token"))).toHaveLength(2);
    });
  }
});
