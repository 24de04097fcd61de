// `auth.flows`: the link rules that keep an OAuth 2 flow's secrets where they
// belong, and what the surface records and classifies.
import { describe, expect, it } from "vitest";
import { OAUTH_EDITS, oauthTrackerTools, TOKEN_URL } from "../../../test-support/oauth/oauth-tracker.js";
import { type Edit, wildProblems } from "../../../test-support/link-wild.js";
import { diffSurfaces } from "../../changes/classify.js";
import type { Surface } from "../../model/surface-format.js";
import { emitEntry } from "../../emit/emit.js";
import { linkWild } from "../../../test-support/link-wild.js";
import { authFlowsSurface } from "./auth-flows.js";

const problems = (edits: Edit[]) => wildProblems("tracker", [...OAUTH_EDITS, ...edits]);
const messages = async (edits: Edit[]) =>
  (await problems(edits)).map((p) => p.replace(/^specs\/tracker\/manifest\.yaml:\d+:\d+: /, ""));

describe("OAuth 2 flows (auth.flows)", () => {
  it("travel in every tool, the flows' parameters as credentials (wire auth), not required", async () => {
    const tools = Object.values(await oauthTrackerTools());
    for (const tool of tools) {
      expect(tool.oauth?.flows.map((f) => f.grant)).toEqual(["clientCredentials", "refreshToken", "jwtBearer"]);
      expect(tool.oauth?.tokenHosts).toEqual(["auth.tracker.test"]);
      for (const name of ["token", "tenant", "clientId", "clientSecret", "refreshToken", "username", "privateKey"]) {
        expect(
          tool.params.find((p) => p.name === name),
          `${tool.id} ${name}`,
        ).toMatchObject({ wire: { in: "auth" }, required: false });
      }
    }
  });

  // Found in the public directory (seed 290): a bank's funds check took only the customer's authorization-code token
  // (an alternative scheme), yet carried the company's client-credentials flow: given a client id and secret, its call
  // fetched the company's token and sent it as the customer's.
  it("travel only in tools whose operation accepts the way they obtain a token for, not another scheme's", async () => {
    const tools = await oauthTrackerTools([
      {
        file: "openapi.yaml",
        find: "    bearerAuth: { type: http, scheme: bearer }\n",
        replace: "    bearerAuth: { type: http, scheme: bearer }\n    zqUserAuth: { type: http, scheme: bearer }\n",
      },
      {
        file: "openapi.yaml",
        find: "      operationId: issues/create\n",
        replace: "      operationId: issues/create\n      security: [{ zqUserAuth: [] }]\n",
      },
      {
        find: "  tokenHosts: [auth.tracker.test]\n",
        replace:
          "  tokenHosts: [auth.tracker.test]\n  alternatives:\n    - scheme: zqUserAuth\n      param: zqUserToken\n",
      },
      {
        find: "  tenant:\n",
        replace:
          "  zqUserToken:\n    type: string\n    maxLength: 255\n    secret: true\n" +
          "    description: The user's.\n  tenant:\n",
      },
    ]);
    const create = Object.values(tools).find((t) => t.path.endsWith("/issues") && t.method === "POST");
    expect(create?.auth).toMatchObject({ param: "zqUserToken" });
    expect(create?.oauth).toBeUndefined();
    const list = Object.values(tools).find((t) => t.path.endsWith("/issues") && t.method === "GET");
    expect(list?.auth).toMatchObject({ param: "token" });
    expect(list?.oauth?.flows.map((f) => f.grant)).toEqual(["clientCredentials", "refreshToken", "jwtBearer"]);
  });

  it("are declared once in the package, every tool referring to them by name", async () => {
    const linked = await linkWild("tracker", OAUTH_EDITS);
    if (!("ir" in linked)) throw new Error(linked.problems.join("\n"));
    const { js, dts } = emitEntry(linked.ir, "", "0.1.0");
    expect(js.split(TOKEN_URL).length - 1).toBe(1);
    expect(js.match(/"oauth": trackerOAuth\b/g)?.length).toBe(linked.ir.operations.length);
    expect(dts).toContain('export declare const trackerOAuth: ToolSpec["oauth"];');
  });

  it("fill a token URL's placeholder only from a declared parameter with a pattern, never a secret", async () => {
    const url = (to: string): Edit => ({ find: `tokenUrl: ${TOKEN_URL}`, replace: `tokenUrl: ${to}` });
    expect(await messages([url("https://login.tracker.test/{nobody}/token")])).toContainEqual(
      expect.stringMatching(
        new RegExp(
          String.raw`^auth\.flows\.clientCredentials\.tokenUrl: the token URL's placeholder \{nobody\} must name a ` +
            String.raw`shared parameter \(shared: token, tenant, `,
        ),
      ),
    );
    // (The tenant, no longer in the URL, is then a parameter placed nowhere: reported too.)
    expect(await messages([url("https://login.tracker.test/{clientSecret}/token")])).toContainEqual(
      "auth.flows.clientCredentials.tokenUrl: the token URL's placeholder {clientSecret} " +
        "names a secret parameter: a secret never goes into an address",
    );
    expect(await messages([url("https://login.tracker.test/{username}/token")])).toContainEqual(
      'params.username: parameter "username" fills the token URL\'s placeholder {username}: ' +
        "it must declare a pattern, so that its value cannot change where the token request goes",
    );
  });

  it("fix the token URL's origin: https, a placeholder in the host's first label only, no query", async () => {
    for (const to of [
      "http://login.tracker.test/{tenant}/token",
      "https://login.{tenant}.test/token",
      "https://login.tracker.test/token?x=1",
    ]) {
      const found = await messages([{ find: `tokenUrl: ${TOKEN_URL}`, replace: `tokenUrl: "${to}"` }]);
      expect(found, to).toEqual([
        expect.stringMatching(/^auth\.flows\.clientCredentials\.tokenUrl: must match pattern/),
      ]);
    }
    // A tenant's host (tenant-token-url.ts) only where the API's address template has it: the tracker has none.
    const tenant = "https://{tenant}.tracker.test/token";
    expect(await messages([{ find: `tokenUrl: ${TOKEN_URL}`, replace: `tokenUrl: "${tenant}"` }])).toEqual([
      "auth.flows.clientCredentials.tokenUrl: the token URL's host \"{tenant}.tracker.test\" is a tenant's: it must " +
        "be the host of the API's address template server.url, each placeholder filled by the same parameter " +
        `(server.url's host: none), so that the client secret goes only where the calls go ("${tenant}")`,
    ]);
  });

  it("require secret roles to be secret, no role to be required, and no wire placement", async () => {
    const clientSecret = "  clientSecret:\n    type: string\n    maxLength: 256\n    secret: true\n";
    expect(
      await messages([{ find: clientSecret, replace: "  clientSecret:\n    type: string\n    maxLength: 256\n" }]),
    ).toEqual([
      'params.clientSecret: parameter "clientSecret" holds the flow\'s clientSecret: it must be marked secret: true',
    ]);
    expect(await messages([{ find: clientSecret, replace: `${clientSecret}    required: true\n` }])).toEqual([
      'params.clientSecret.required: parameter "clientSecret" (the flow\'s clientSecret) must be required: ' +
        'false: a call may give the credential "token" instead',
    ]);
    expect(
      await messages([
        {
          find: "  token:\n    type: string\n    maxLength: 255\n",
          replace: "  token:\n    type: string\n    maxLength: 255\n    required: true\n",
        },
      ]),
    ).toEqual([
      'params.token.required: the credential parameter "token" must be required: ' +
        "false when auth.flows are declared (a call may give a flow's parameters instead)",
    ]);
  });

  it(
    "choose an assertion's audience only by hosts a token URL can take, and only through a checked, " +
      "non-secret parameter",
    async () => {
      const audience = (rules: string): Edit => ({
        find: "      privateKey: privateKey\n  tokenHosts",
        replace: `      privateKey: privateKey\n      audience:\n${rules}  tokenHosts`,
      });
      expect(
        await messages([
          audience("        byTokenHost:\n          elsewhere.example.com: https://login.tracker.test\n"),
        ]),
      ).toEqual([
        'auth.flows.jwtBearer.audience.byTokenHost.elsewhere.example.com: "elsewhere.example.com" is a host no ' +
          "token URL of this flow can name: the flow's own (login.tracker.test) " +
          "or one of auth.tokenHosts (auth.tracker.test)",
      ]);
      expect(await messages([audience("        param: clientSecret\n")])).toContainEqual(
        'params.clientSecret: parameter "clientSecret" is the assertion\'s audience, which is no secret: ' +
          "it must not be secret: true",
      );
      expect(await messages([audience("        param: username\n")])).toEqual([
        'params.username: parameter "username" (the assertion\'s audience) must declare a pattern, ' +
          "enum or format, so that a call cannot put any text into the assertion",
      ]);
      expect(
        await messages([
          audience(
            "        default: https://login.tracker.test\n        byTokenHost:\n          auth.tracker.test: " +
              "https://test.tracker.test\n",
          ),
        ]),
      ).toEqual([]);
    },
  );

  it("take a token's address only in place of an address parameter a call may leave out", async () => {
    const field: Edit = {
      find: "  tokenHosts: [auth.tracker.test]\n",
      replace: "  tokenHosts: [auth.tracker.test]\n  tokenAddressField: instance_url\n",
    };
    expect(await messages([field])).toEqual([
      "auth.tokenAddressField: a token's address replaces the one a call gives (server.param): " +
        "this provider has a fixed default address instead",
    ]);
    const site = {
      find: "  token:\n    type: string\n",
      replace:
        "  site:\n    type: string\n    maxLength: 255\n    format: base-url\n    required: " +
        "true\n    description: The site.\n  token:\n    type: string\n",
    };
    const param = { find: "server:\n  default: https://api.tracker.test\n", replace: "server:\n  param: site\n" };
    expect(await messages([field, site, param])).toEqual([
      'params.site.required: the address parameter "site" must be required: ' +
        "false when auth.tokenAddressField is declared (a call through a flow may leave it to the token)",
    ]);
  });

  it("refuse a scheme that sends the credential in the query (a renewed token could not replace it)", async () => {
    const found = await messages([
      {
        file: "openapi.yaml",
        find: "bearerAuth: { type: http, scheme: bearer }",
        replace: "bearerAuth: { type: apiKey, in: query, name: access_token }",
      },
    ]);
    expect(found).toEqual([
      "auth.flows: an OAuth 2 flow's token goes in a header (a bearer token, " +
        'or the header of an apiKey scheme), but security scheme "bearerAuth" sends the credential in the query ' +
        "(access_token)",
    ]);
  });
});

describe("the surface of auth.flows", () => {
  const surface = (oauth?: Surface["oauth"]) =>
    ({
      provider: "acme",
      concepts: ["auth.flows"],
      auth: { placement: "bearer", param: "token" },
      tools: {},
      ...(oauth ? { oauth } : {}),
    }) as unknown as Surface;
  const cc = { tokenUrl: "https://login.acme.test/{tenant}/token", clientId: "clientId", clientSecret: "clientSecret" };
  const summary = (a: Surface, b: Surface) => diffSurfaces(a, b).map((c) => `${c.level} ${c.subject}: ${c.rule}`);

  it("records each flow and classifies every change of one as breaking for callers", async () => {
    const tools = await oauthTrackerTools();
    const recorded = authFlowsSurface.record({ operations: Object.values(tools).map((tool) => ({ tool })) } as never);
    expect(recorded.oauth?.flows.clientCredentials).toEqual({
      tokenUrl: TOKEN_URL,
      scope: "https://api.tracker.test/.default",
      clientId: "clientId",
      clientSecret: "clientSecret",
    });
    expect(summary(surface(), surface({ flows: { clientCredentials: cc } }))).toEqual([
      "breaking auth.flows.clientCredentials: OAuth 2 flow added (the credential's parameters change)",
    ]);
    expect(
      summary(
        surface({ flows: { clientCredentials: cc } }),
        surface({ flows: { clientCredentials: { ...cc, scope: "x" } } }),
      ),
    ).toEqual(["breaking auth.flows.clientCredentials: OAuth 2 flow changed"]);
    expect(summary(surface({ flows: { clientCredentials: cc } }), surface())).toEqual([
      "breaking auth.flows.clientCredentials: OAuth 2 flow removed",
    ]);
    expect(
      summary(surface({ flows: {}, tokenHosts: ["a.acme.test"] }), surface({ flows: {}, tokenHosts: ["b.acme.test"] })),
    ).toEqual([
      "breaking auth.flows: token host no longer allowed (token URLs there are refused)",
      "minor auth.flows: token host allowed",
    ]);
    expect(summary(surface({ flows: {} }), surface({ flows: {}, addressField: "instance_url" }))).toEqual([
      "minor auth.flows: calls go to the address the token names (an address parameter may be left out)",
    ]);
    expect(summary(surface({ flows: {}, addressField: "instance_url" }), surface({ flows: {} }))).toEqual([
      "breaking auth.flows: calls no longer go to the address the token names (the address must be given)",
    ]);
  });
});
