// Which credential a call sends, without the OAuth 2 code: the static
// credential parameter as given. A tool that declares flows obtains its token
// through the OAuth support (oauth/flows.ts `callCredential`) only when the
// caller passes it as `oauth` — executeToolDefinition always does, an
// executor or a client when its package declares flows — so that a package
// without flows bundles none of it (token requests, JWT signing).
import type { CallCredential, OAuthOptions } from "../oauth/flows.js";
import type { ToolSpec } from "../spec/tool-types.js";

export type { CallCredential, IssuedTokens, OAuthCall } from "../oauth/flows.js";

/** The OAuth 2 support: oauth/flows.ts `callCredential`, exported as `oauthFlows`. */
export type OAuthSupport = (tool: ToolSpec, values: Record<string, unknown>, options: OAuthOptions, keepSecret: (value: string) => void) => CallCredential;

/** Call options that may carry the OAuth 2 support (ExecuteOptions plus `oauth`). */
export interface WithOAuth {
  /** Obtain and renew tokens for tools that declare OAuth 2 flows: pass `oauthFlows` from @blockwright/runtime. */
  oauth?: OAuthSupport;
}

/** The credential of a call whose parameters are valid. */
export function callCredential(tool: ToolSpec, values: Record<string, unknown>, options: OAuthOptions & WithOAuth, keepSecret: (value: string) => void): CallCredential {
  if (tool.oauth && options.oauth) return options.oauth(tool, values, options, keepSecret);
  const given = values[tool.auth.param];
  if (!tool.oauth || (typeof given === "string" && given.trim() !== "")) return { credential: String(given) };
  return {
    problem: {
      param: tool.auth.param,
      rule: "required",
      message: `${tool.auth.param}: is required (an access token); obtaining one by an OAuth 2 flow needs the OAuth support, which this caller was made without (pass oauth: oauthFlows from @blockwright/runtime)`,
    },
  };
}
