// Which credential a call sends, without the OAuth 2 code: the static
// credential parameter as given. A tool that declares flows obtains its token
// through the OAuth support (oauth/flows.ts `callCredential`) only when the
// caller passes it as `oauth` — executeToolDefinition always does, an
// executor or a client when its package declares flows — so that a package
// without flows bundles none of it (token requests, JWT signing).
import type { CallCredential, OAuthOptions, OAuthSupport } from "../oauth/flows.js";
import type { AuthWay, ToolCall } from "../spec/tool-types.js";
import { authParams, basicTexts, basicUserProblem, chooseWay, given, wayProblem } from "../http/credentials.js";
import { lacks } from "../common/unsupported.js";
import { applyCredential } from "../http/transport.js";

/**
 * The tool fields whose effect this module gives (tool-field-readers.ts: each field has a reader;
 * tool-field-readers.test.ts: each reader reads it).
 */
export const TOOL_FIELDS_READ = [
  "auth",
  "oauth",
  "anonymous",
  "authOptional",
] as const satisfies readonly (keyof ToolCall)[];

export type { CallCredential, IssuedTokens, OAuthCall } from "../oauth/flows.js";

export type { OAuthSupport };

/** Call options that may carry the OAuth 2 support (ExecuteOptions plus `oauth`). */
export interface WithOAuth {
  /** Obtain and renew tokens for tools that declare OAuth 2 flows: pass `oauthFlows` from @blockwright/runtime. */
  oauth?: OAuthSupport;
}

/**
 * The way of the tool's auth a call uses (http/credentials.ts), its first credential's value, and the flow that obtains
 * it, if one does.
 */
export type WayCredential =
  | (Extract<CallCredential, { credential: string }> & { way: AuthWay; addressFromToken?: readonly string[] })
  | Extract<CallCredential, { problem: unknown }>;

/** How a part (the credential kinds, the OAuth support) chooses a call's credential: `chooseCredential`. */
export type CredentialChoice = typeof chooseCredential;

/**
 * Whether a call sends no credential: its operation takes none (`anonymous`), or may be called without one
 * (`authOptional`) and the call gives none (no parameter of any way, nor an OAuth flow's client id).
 */
export function sendsNoCredential(tool: ToolCall, values: Record<string, unknown>): boolean {
  if (tool.anonymous) return true;
  if (!tool.authOptional) return false;
  for (const name of authParams(tool.auth)) if (given(values[name])) return false;
  return !tool.oauth?.flows.some((flow) => given(values[flow.clientId]));
}

/**
 * The credential of a call whose parameters are valid: one sent as it is
 * (the credential parameter as given), or, for a tool that declares more, as
 * the part that gives it chooses (`chooseCredential`, passed by the credential
 * kinds support and the OAuth support), so that a package without either
 * bundles none of the choosing.
 */
export function callCredential(
  tool: ToolCall,
  values: Record<string, unknown>,
  options: OAuthOptions & { credentials?: { choose: CredentialChoice }; oauth?: { choose?: CredentialChoice } },
  keepSecret: (value: string) => void,
): WayCredential {
  const choose = options.credentials?.choose ?? (tool.oauth ? options.oauth?.choose : undefined);
  if (choose) return choose(tool, values, options as Parameters<CredentialChoice>[2], keepSecret);
  const param = tool.auth.param;
  const value = values[param];
  if (given(value)) return { way: tool.auth, credential: value };
  // Not given: a token the flows could obtain needs the OAuth support; a credential without flows is required (the one
  // place that says so).
  return {
    problem: tool.oauth ? lacks("oauth", param) : { param, rule: "required", message: `${param}: is required` },
  };
}

/**
 * The credentials of a call whose parameters are valid: the way it gives
 * (an alternative's are sent as given; the first way's first credential may
 * come from a flow), every parameter that way needs, and the base64 text of
 * a basic credential kept secret.
 */
export function chooseCredential(
  tool: ToolCall,
  values: Record<string, unknown>,
  options: OAuthOptions & WithOAuth & { credentials?: CredentialKinds; baseUrl?: string },
  keepSecret: (value: string) => void,
): WayCredential {
  // Without the credential kinds support, the auth is one way of one credential sent as it is (call/support.ts).
  const kinds = options.credentials;
  const way = kinds ? kinds.chooseWay(tool.auth, values) : tool.auth;
  const chosen = tool.auth.alternatives?.includes(way)
    ? { credential: String(values[way.param]) }
    : firstCredential(tool, values, options, keepSecret);
  if ("problem" in chosen) return chosen;
  // Without the kinds, the call came with a flow (callCredential gives a credential sent as it is itself): the token,
  // given or obtained, meets the way.
  const unmet = kinds?.wayProblem(tool, way, values);
  if (unmet) return { problem: unmet };
  // Without the kinds (a flow's call), no list is made to loop over.
  if (kinds) for (const text of kinds.basicTexts(way, chosen.credential, values)) keepSecret(text);
  // The address a token answer names is where the calls go (auth.tokenAddressField), unless the caller chose one for
  // every call (mocks, sandboxes). Built field by field, not spread: a spread of `chosen` (two shapes: with a flow and
  // without) took 1.1 µs a call, the fields 0.1 µs (`npm run bench -- call`, a GET whose tool declares flows).
  const result: WayCredential = { credential: chosen.credential, way };
  if (chosen.oauth) result.oauth = chosen.oauth;
  if (tool.oauth?.addressField !== undefined && options.baseUrl === undefined)
    result.addressFromToken = options.allowHosts ?? NO_HOSTS;
  return result;
}

/** No host allowed beyond the provider's: one list for every call (tokenAddress only reads it). */
const NO_HOSTS: readonly string[] = [];

/** The first way's first credential: the parameter as given, or an OAuth 2 flow's token. */
function firstCredential(
  tool: ToolCall,
  values: Record<string, unknown>,
  options: OAuthOptions & WithOAuth,
  keepSecret: (value: string) => void,
): CallCredential {
  if (tool.oauth && options.oauth) return options.oauth.credential(tool, values, options, keepSecret);
  const given = values[tool.auth.param];
  if (!tool.oauth || (typeof given === "string" && given.trim() !== "")) return { credential: String(given) };
  // The token is not given, and the flows that could obtain one need the OAuth support.
  return { problem: lacks("oauth", tool.auth.param) };
}

/**
 * Credentials beyond one sent as it is, as a part of the runtime's support
 * (call/support.ts `credentials`, exported as `credentialKinds`): alternative
 * ways (the first whose parameters a call gives), several credentials sent
 * together, HTTP basic (its base64 text kept secret whole, its user id
 * without a ":", checked with the parameters) and cookies. A
 * bearer token, a header or a query key alone needs none of it
 * (single-call.ts places it with applySimple).
 */
export const credentialKinds = {
  chooseWay,
  wayProblem,
  basicTexts,
  apply: applyCredential,
  userProblem: basicUserProblem,
  choose: chooseCredential,
};

type CredentialKinds = Omit<typeof credentialKinds, "choose">;
