// For tests: the tracker fixture with OAuth 2 flows declared (manifest
// `auth.flows`): client credentials on a tenant's token URL, a refresh token,
// and a JWT bearer assertion; the static token still accepted.
import type { ToolSpec } from "@blockwright/runtime/internal";
import { type Edit, linkWild } from "../link-wild.js";

export const TOKEN_URL = "https://login.tracker.test/{tenant}/oauth2/token";
export const COMMON_TOKEN_URL = "https://login.tracker.test/common/oauth2/token";

export const OAUTH_EDITS: Edit[] = [
  {
    find: "  scheme: bearerAuth\n  param: token\n",
    replace: `  scheme: bearerAuth
  param: token
  flows:
    clientCredentials:
      tokenUrl: ${TOKEN_URL}
      scope: https://api.tracker.test/.default
      clientId: clientId
      clientSecret: clientSecret
    refreshToken:
      tokenUrl: ${COMMON_TOKEN_URL}
      clientId: clientId
      clientSecret: clientSecret
      refreshToken: refreshToken
    jwtBearer:
      tokenUrl: ${COMMON_TOKEN_URL}
      clientId: clientId
      subject: username
      privateKey: privateKey
  tokenHosts: [auth.tracker.test]
`,
  },
  {
    find:
      "  token:\n    type: string\n    maxLength: 255\n    required: true\n    secret: true\n    description: " +
      "Access token, sent as a bearer token.\n",
    replace: `  token:
    type: string
    maxLength: 255
    secret: true
    description: Access token, sent as a bearer token.
  tenant:
    type: string
    maxLength: 64
    pattern: "^[a-z0-9-]+$"
    description: The tenant.
  clientId:
    type: string
    maxLength: 64
    description: The client id.
  clientSecret:
    type: string
    maxLength: 256
    secret: true
    description: The client secret.
  refreshToken:
    type: string
    maxLength: 1024
    secret: true
    description: A refresh token.
  username:
    type: string
    maxLength: 80
    description: The user the assertion is for.
  privateKey:
    type: string
    maxLength: 8192
    secret: true
    description: The PEM private key signing the assertion.
`,
  },
];

/**
 * What a provider whose tokens name their instance declares: an address parameter, the token's address field, audience
 * rules, a documented lifetime.
 */
export const OAUTH_INSTANCE_EDITS: Edit[] = [
  // A limit on the request's head too: checked once the token has named the address.
  {
    find: "server:\n  default: https://api.tracker.test\n",
    replace: 'server:\n  param: site\n  hosts: ["*.tracker.test"]\nlimits:\n  requestHeadBytes: 8192\n',
  },
  {
    find: "      privateKey: privateKey\n  tokenHosts: [auth.tracker.test]\n",
    replace: `      privateKey: privateKey
      audience:
        default: https://login.tracker.test
        byTokenHost:
          test.tracker.test: https://test.tracker.test
          "*.sandbox.my.tracker.test": https://test.tracker.test
        param: audience
  tokenHosts: [auth.tracker.test, test.tracker.test, "*.my.tracker.test", "*.sandbox.my.tracker.test"]
  tokenAddressField: instance_url
`,
  },
  {
    find: "      refreshToken: refreshToken\n",
    replace: "      refreshToken: refreshToken\n      defaultExpiresIn: 7200\n",
  },
  {
    find: "    description: The PEM private key signing the assertion.\n",
    replace: `    description: The PEM private key signing the assertion.
  site:
    type: string
    maxLength: 255
    format: base-url
    description: The site's address.
  audience:
    type: string
    maxLength: 255
    pattern: "^https://[a-z0-9.-]+$"
    description: The assertion's audience, for a site of one's own.
`,
  },
];

/**
 * The edits behind the IR fixtures made from an edited provider (test-support/runtime/ir-fixtures.ts names
 * them), so that runtime tests read the tracker with flows as committed JSON (npx tsx scripts/build/ir-fixtures.ts).
 */
export const FIXTURE_EDITS: Record<string, Edit[]> = {
  oauth: OAUTH_EDITS,
  "oauth-instance": [...OAUTH_EDITS, ...OAUTH_INSTANCE_EDITS],
};

/** The tracker's tools with the flows, by id. */
export async function oauthTrackerTools(edits: Edit[] = []): Promise<Record<string, ToolSpec>> {
  const linked = await linkWild("tracker", [...OAUTH_EDITS, ...edits]);
  if (!("ir" in linked)) throw new Error(linked.problems.join("\n"));
  return Object.fromEntries(linked.ir.operations.map((o) => [o.tool.id, o.tool]));
}
