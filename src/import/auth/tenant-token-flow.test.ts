// A client credentials flow whose token URL is relative to an address template on a tenant's host
// (`https://{zqTenant}.zqvendor.example`, token at `/auth/v1/token`), as identity-governance, ticketing and CRM APIs
// serve theirs: drafted as auth.flows on the tenant's host (before: not drafted, "a placeholder"), linked only when the
// host is the API's own and its parameter admits one DNS label; run end to end against a
// loopback token server and API; and each attempt to move the client secret elsewhere refused before any request.
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { oauthCases } from "../../contract/oauth-cases.js";
import { loadProvider } from "../../emit/link-provider.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { loadYamlSource } from "../../load/yaml-source.js";
import { startMocks } from "../../mocks/mocks.js";
import { issueTokens, type OAuthServers, startOAuthServers } from "../../../test-support/runtime/oauth-servers.js";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const SECRET = "zq-client-secret-7b31c2";
const doc = (tokenUrl = "/auth/v1/token", server = "https://{zqTenant}.zqvendor.example") =>
  openapi(
    {
      "/api/v1/zq-apps": {
        get: {
          operationId: "listApps",
          security: [{ zqOauth: [] }],
          responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
        },
      },
    },
    {
      securitySchemes: { zqOauth: { type: "oauth2", flows: { clientCredentials: { tokenUrl, scopes: {} } } } },
    },
    {
      servers: [{ url: server, variables: { zqTenant: { default: "zq-demo", description: "The tenant." } } }],
      security: [{ zqOauth: [] }],
    },
  );

let servers: OAuthServers | undefined;
afterEach(async () => {
  await servers?.close();
  servers = undefined;
});

describe("a client credentials flow on a tenant's host", () => {
  it("is drafted with its token URL on the address template's host, a review note, and links", async () => {
    const d = drafted(doc(), ["listApps"]);
    const param = d.manifest.server.variables?.zqTenant;
    expect(param).toBeDefined();
    expect(d.manifest.auth.flows?.clientCredentials?.tokenUrl).toBe(
      `https://{${param}}.zqvendor.example/auth/v1/token`,
    );
    expect(notesAt(d, "auth.flows.clientCredentials").join("\n")).toContain(
      "the token URL is on the tenant's host, the API's address template's",
    );
    expect(await linkProblems(d)).toEqual([]);
    // The document's absolute token URL on the same host is drafted the same way.
    const absolute = drafted(doc("https://{zqTenant}.zqvendor.example/auth/v1/token"), ["listApps"]);
    expect(absolute.manifest.auth.flows?.clientCredentials?.tokenUrl).toBe(
      `https://{${param}}.zqvendor.example/auth/v1/token`,
    );
  });

  it("is not drafted on a tenant's host that is not the API's: a note says why", () => {
    const d = drafted(doc("https://{zqTenant}.zqother.example/auth/v1/token"), ["listApps"]);
    expect(d.manifest.auth.flows).toBeUndefined();
    expect(notesAt(d, "auth").join("\n")).toContain("in its host that is not the API's address template's");
  });

  it("is linked only on the API's host, filled by a parameter admitting one DNS label", async () => {
    const d = drafted(doc(), ["listApps"]);
    const param = d.manifest.server.variables?.zqTenant ?? "";
    const url = `tokenUrl: https://{${param}}.zqvendor.example/auth/v1/token`;
    const edited = async (from: string, to: string) => {
      expect(d.manifestText).toContain(from);
      return (await linkProblems({ ...d, manifestText: d.manifestText.replace(from, to) })).join("\n");
    };
    const at = "auth.flows.clientCredentials.tokenUrl";
    expect(await edited(url, `tokenUrl: https://{${param}}.zqother.example/auth/v1/token`)).toContain(
      `${at}: the token URL's host "{${param}}.zqother.example" is a tenant's: it must be the host of ` +
        "the API's address template server.url",
    );
    expect(await edited(url, `tokenUrl: https://login.{${param}}.zqvendor.example/auth/v1/token`)).toContain(
      `${at}: must match pattern`,
    );
    // The host filled by another parameter than the address template's variable: not where the calls go.
    expect(await edited(url, "tokenUrl: https://{clientId}.zqvendor.example/auth/v1/token")).toContain(
      `${at}: the token URL's host "{clientId}.zqvendor.example" is a tenant's: it must be the host of the API's ` +
        `address template server.url, each placeholder filled by the same parameter (server.url's host: ` +
        `"{${param}}.zqvendor.example")`,
    );
    const pattern = d.manifest.params?.[param]?.pattern ?? "";
    expect(pattern).not.toBe("");
    expect(await edited(`pattern: ${pattern}`, "pattern: ^[a-z0-9.-]+$")).toContain(
      `params.${param}.pattern: parameter "${param}" fills the token URL's host: its pattern must admit one DNS ` +
        'label only (letters, digits and "-"), but admits "a.b"',
    );
    expect(await edited(`pattern: ${pattern}`, 'enum: ["acme", "zq.evil"]')).toContain(
      `params.${param}.enum: parameter "${param}" fills the token URL's host: its enum must admit one DNS label ` +
        'only (letters, digits and "-"), but admits "zq.evil"',
    );
  });

  it("chooses a JWT assertion's audience by the tenant's host pattern, no other host", async () => {
    const d = drafted(doc(), ["listApps"]);
    const param = d.manifest.server.variables?.zqTenant ?? "";
    const withJwt = (host: string) => ({
      ...d,
      manifestText: d.manifestText.replace(
        "      clientAuth: basic\n",
        "      clientAuth: basic\n    jwtBearer:\n" +
          `      tokenUrl: https://{${param}}.zqvendor.example/auth/v1/token\n` +
          "      clientId: clientId\n      subject: clientId\n      privateKey: clientSecret\n" +
          `      audience:\n        byTokenHost:\n          "${host}": https://zqvendor.example/zq-aud\n`,
      ),
    });
    expect(await linkProblems(withJwt("*.zqvendor.example"))).toEqual([]);
    expect(await linkProblems(withJwt("acme.zqvendor.example"))).toEqual([]);
    expect((await linkProblems(withJwt("zqvendor.example"))).join("\n")).toContain(
      '"zqvendor.example" is a host no token URL of this flow can name: the flow\'s own (*.zqvendor.example)',
    );
  });

  it("runs end to end: one token request with the client secret, then the call with the issued token", async () => {
    const [tool] = await linkedTools(drafted(doc(), ["listApps"]));
    const param = tool!.server.variables?.zqTenant ?? "";
    servers = await startOAuthServers(issueTokens(3600), () => ({ status: 200, body: { id: "app-1" } }));
    const result = await executeToolDefinition(
      tool!,
      { [param]: "acme", clientId: "zq-app", clientSecret: SECRET },
      { baseUrl: servers.baseUrl, tokenUrl: `${servers.tokenOrigin}/auth/v1/token`, retries: 0 },
    );
    expect(result).toMatchObject({ success: true, output: { data: { id: "app-1" } } });
    expect(servers.token.map((r) => r.url)).toEqual(["/auth/v1/token"]);
    expect(servers.token[0]!.headers.authorization).toBe(`Basic ${Buffer.from(`zq-app:${SECRET}`).toString("base64")}`);
    expect(servers.api[0]!.headers.authorization).toBe("Bearer access-token-1");
    expect(JSON.stringify(result)).not.toContain(SECRET);
  });

  it("refuses before any request each attempt to send the client secret to another origin", async () => {
    const [tool] = await linkedTools(drafted(doc(), ["listApps"]));
    const param = tool!.server.variables?.zqTenant ?? "";
    servers = await startOAuthServers(issueTokens(3600));
    const token = `${servers.tokenOrigin}/auth/v1/token`;
    const call = (tenant: string, options: Record<string, unknown>) =>
      executeToolDefinition(
        tool!,
        { [param]: tenant, clientId: "zq-app", clientSecret: SECRET },
        {
          retries: 0,
          ...options,
        },
      );
    const refusals: [string, Record<string, unknown>, RegExp][] = [
      // Values that would move the host: the parameter's pattern refuses them first.
      ...["evil.com#", "a.b", "x@y", "%2e", "127.0.0.1", "a:1"].map(
        (tenant): [string, Record<string, unknown>, RegExp] => [
          tenant,
          { baseUrl: servers!.baseUrl },
          /must be a value matching/,
        ],
      ),
      // Another suffix through the base address, even one the caller allows: not where the tenant's token goes.
      ["acme", { baseUrl: "https://acme.zqother.example", allowHosts: ["acme.zqother.example"] }, /tenant's origin/],
      // Another tenant's host as the token URL.
      ["acme", { baseUrl: servers.baseUrl, tokenUrl: "https://zz.zqvendor.example/auth/v1/token" }, /not to zz\./],
    ];
    for (const [tenant, options, said] of refusals) {
      const result = await call(tenant, options);
      expect(result, `${tenant} ${JSON.stringify(options)}`).toMatchObject({
        success: false,
        error: { type: "validation" },
      });
      expect((result as { error: { message: string } }).error.message).toMatch(said);
      expect(JSON.stringify(result)).not.toContain(SECRET);
    }
    // Nothing was sent; a mock's base address with a loopback token URL still runs.
    expect(servers.token).toHaveLength(0);
    expect(servers.api).toHaveLength(0);
    expect(await call("acme", { baseUrl: servers.baseUrl, tokenUrl: token })).toMatchObject({ success: true });
  });

  it("passes its contract auth cases: the token played at the tenant's origin, the calls on the mock", async () => {
    const d = drafted(doc(), ["listApps"]);
    const dir = join(draftWorkFolder, "zq-tenant-contract", "specs", d.manifest.provider);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "openapi.yaml"), d.openapiText);
    writeFileSync(join(dir, "manifest.yaml"), d.manifestText);
    const root = join(dir, "..", "..");
    const tools = (await loadProvider(root, dir)).operations.map((o) => o.tool);
    const document = new OpenApiDocument(loadYamlSource(join(dir, "openapi.yaml")));
    const mocks = await startMocks([tools[0]!.provider], { specsDir: join(root, "specs"), root });
    try {
      const cases = oauthCases(tools[0]!, { provider: tools[0]!.provider, tools, document });
      expect(cases.length).toBeGreaterThan(0);
      for (const c of cases) await c.run({ mockUrl: () => mocks.urls[tools[0]!.provider]!, seed: 1, runs: 1 });
    } finally {
      await mocks.close();
    }
  });
});
