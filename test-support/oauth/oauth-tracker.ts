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
    find: "  token:\n    type: string\n    maxLength: 255\n    required: true\n    secret: true\n    description: Access token, sent as a bearer token.\n",
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

/** The tracker's tools with the flows, by id. */
export async function oauthTrackerTools(edits: Edit[] = []): Promise<Record<string, ToolSpec>> {
  const linked = await linkWild("tracker", [...OAUTH_EDITS, ...edits]);
  if (!("ir" in linked)) throw new Error(linked.problems.join("\n"));
  return Object.fromEntries(linked.ir.operations.map((o) => [o.tool.id, o.tool]));
}
