// Which credential a call uses, and for an OAuth 2 flow (manifest
// `auth.flows`) how its access token is obtained and renewed. The static
// credential parameter keeps working: given alone, it is sent as it is; given
// with a flow's parameters, it is the flow's first token, renewed on a 401.
// Otherwise the first flow whose parameters are all given obtains the token
// (token-request.ts) through the token cache (token-cache.ts).
import type { Failure } from "../http/errors.js";
import type { FetchLike } from "../http/transport.js";
import type { OAuthFlowSpec, OAuthGrant, ToolCall } from "../spec/tool-types.js";
import { privateKeyProblem, signAssertion } from "./assertion.js";
import { type Renewal, sharedTokenCache, type TokenCache, type TokenSet } from "./token-cache.js";
import { ownValue } from "../common/own.js";
import { matchesHost } from "../http/hosts.js";
import { replyLimit } from "../http/read-body.js";
import { requestToken } from "./token-request.js";
import { tokenUrlOf } from "./token-url.js";
import { flowParams } from "./flow-params.js";
import { authWays, wayParams } from "../http/credentials.js";

/**
 * The tool fields whose effect this module gives (tool-field-readers.ts: each field has a reader;
 * tool-field-readers.test.ts: each reader reads it).
 */
export const TOOL_FIELDS_READ = ["oauth"] as const satisfies readonly (keyof ToolCall)[];

/**
 * What a host's `onTokens` hook receives: each token set a token endpoint issues, to persist (a rotated refresh token
 * included).
 */
export interface IssuedTokens extends TokenSet {
  provider: string;
  grant: OAuthGrant;
}

/** The call options this module reads (ExecuteOptions has them all). */
export interface OAuthOptions {
  tokenUrl?: string;
  /** The base address given at call time: a tenant's flow sends its client credentials only to its own origin. */
  baseUrl?: string;
  allowHosts?: readonly string[];
  tokens?: TokenCache;
  onTokens?: (tokens: IssuedTokens) => void | Promise<void>;
  clock?: () => number;
  fetch?: FetchLike;
  signal?: AbortSignal;
}

/**
 * A call's OAuth 2 flow: its current token, and a renewal after the upstream refused one; a token request gets
 * `timeoutMs` (the call's remaining time), its body included.
 */
export interface OAuthCall {
  grant: OAuthGrant;
  token(timeoutMs: number): Promise<Renewal<Failure>>;
  renew(stale: string, timeoutMs: number): Promise<Renewal<Failure>>;
}

/**
 * The OAuth 2 support (support.ts, exported as `oauthFlows`): a call's credential by a flow, and a token cache for an
 * executor or a client.
 */
export interface OAuthSupport {
  credential(
    tool: ToolCall,
    values: Record<string, unknown>,
    options: OAuthOptions,
    keepSecret: (value: string) => void,
  ): CallCredential;
  tokenCache(): TokenCache;
}

export type CallCredential = { credential: string; oauth?: OAuthCall } | { problem: Omit<Failure, "type"> };

const GRANT_WORDS: Record<OAuthGrant, string> = {
  clientCredentials: "client credentials",
  refreshToken: "refresh token",
  jwtBearer: "JWT bearer",
};
const JWT_BEARER = "urn:ietf:params:oauth:grant-type:jwt-bearer";
/**
 * The lifetime of a token whose answer has no `expires_in` and whose flow declares none (`defaultExpiresIn`): renewed
 * this often at least, not used for ever.
 */
export const DEFAULT_TOKEN_LIFETIME_S = 3600;

export { flowParams, oauthParams } from "./flow-params.js";

/**
 * The first flow whose parameters the call gives all of. Loops, not `find` and `every` with a closure each: every call
 * of a tool with flows asks, most with none of a flow's parameters.
 */
function givenFlow(flows: readonly OAuthFlowSpec[], values: Record<string, unknown>): OAuthFlowSpec | undefined {
  next: for (const flow of flows) {
    for (const p of flowParams(flow)) if (nonEmpty(values[p]) === undefined) continue next;
    return flow;
  }
  return undefined;
}

/** The credential of a call whose parameters are valid. */
export function callCredential(
  tool: ToolCall,
  values: Record<string, unknown>,
  options: OAuthOptions,
  keepSecret: (value: string) => void,
): CallCredential {
  const given = nonEmpty(values[tool.auth.param]);
  if (!tool.oauth) return { credential: String(values[tool.auth.param]) };
  if (options.tokenUrl !== undefined && typeof options.tokenUrl !== "string")
    return {
      problem: { param: "tokenUrl", rule: "format", message: "tokenUrl: must be a string (an absolute address)" },
    };
  const flow = givenFlow(tool.oauth.flows, values);
  if (!flow) return given !== undefined ? { credential: given } : { problem: missingCredential(tool, values) };
  const url = tokenUrlOf(tool, flow, values, options.tokenUrl, options.allowHosts, options.baseUrl);
  if ("problem" in url) {
    // Named by the field at fault: `tokenUrl`, `baseUrl`, or a parameter filling a tenant's host.
    const param = /^[^:\s]+/.exec(url.problem)?.[0] ?? "tokenUrl";
    const host = /sends its client credentials|where its calls go|the tenant's origin/.test(url.problem);
    return { problem: { param, rule: host ? "host" : "format", message: url.problem } };
  }

  const cache = options.tokens ?? sharedTokenCache;
  const clock = options.clock ?? Date.now;
  const fetchFn = options.fetch ?? ((r: Request) => fetch(r));
  const audience =
    flow.grant === "jwtBearer" && flow.audience?.param !== undefined ? values[flow.audience.param] : null;
  const key = JSON.stringify([
    tool.provider,
    flow.grant,
    url.url,
    ...flowParams(flow).map((p) => values[p]),
    flow.grant === "refreshToken" && flow.clientSecret ? values[flow.clientSecret] : null,
    audience ?? null,
    // A token is issued for what the fixed fields name (an `audience`): another's is another token.
    flow.tokenFields ?? null,
  ]);
  const obtain =
    (timeoutMs: number) =>
    async (previous: TokenSet | undefined): Promise<Renewal<Failure>> => {
      const grant = await formOf(flow, values, previous, url.url, clock(), keepSecret);
      if ("failure" in grant) return grant;
      // The fixed fields first: the grant's own fields are its, whatever a manifest names (the link refuses them).
      const form = { ...grant, form: { ...flow.tokenFields, ...grant.form } };
      const outcome = await requestToken({
        provider: tool.provider,
        grant: GRANT_WORDS[flow.grant],
        url: url.url,
        form: form.form,
        ...(flow.tokenFormat === "json" ? { json: flow.tokenMediaType ?? "application/json" } : {}),
        ...(form.basic ? { basic: form.basic } : {}),
        fetch: fetchFn,
        // The caller's cancellation only: the call's own time runs out for it alone, not for the other calls that wait
        // for this token.
        signal: options.signal,
        timeoutMs,
        replyBytes: replyLimit(tool),
        now: clock(),
        defaultLifetimeS: flow.defaultExpiresIn ?? DEFAULT_TOKEN_LIFETIME_S,
        ...(tool.oauth?.addressField !== undefined ? { addressField: tool.oauth.addressField } : {}),
        // What a refusal of the assertion's audience names: the audience sent, and the parameter that would change it.
        ...(flow.grant === "jwtBearer"
          ? {
              assertion: {
                audience: audienceOf(flow, url.url, values),
                ...(flow.audience?.param !== undefined ? { param: flow.audience.param } : {}),
              },
            }
          : {}),
      });
      if ("tokens" in outcome && options.onTokens) {
        const merged = {
          ...outcome.tokens,
          ...(outcome.tokens.refreshToken === undefined && previous?.refreshToken
            ? { refreshToken: previous.refreshToken }
            : {}),
        };
        // A host's storage failing must not fail the call that got the token.
        await Promise.resolve()
          .then(() => options.onTokens?.({ provider: tool.provider, grant: flow.grant, ...merged }))
          .catch(() => undefined);
      }
      return outcome;
    };
  return {
    credential: given ?? "",
    oauth: {
      grant: flow.grant,
      token: (timeoutMs) => cache.token(key, clock(), obtain(timeoutMs), given),
      renew: (stale, timeoutMs) => cache.renewAfterRefusal(key, stale, clock(), obtain(timeoutMs)),
    },
  };
}

/**
 * The token request's form for a flow (RFC 6749 §4.4 and §6, RFC 7523 §2.1), and the client's id and secret when they
 * go as HTTP Basic (§2.3.1).
 */
async function formOf(
  flow: OAuthFlowSpec,
  values: Record<string, unknown>,
  previous: TokenSet | undefined,
  url: string,
  now: number,
  keepSecret: (value: string) => void,
): Promise<{ form: Record<string, string>; basic?: { id: string; secret: string } } | { failure: Failure }> {
  const value = (name: string) => String(values[name]);
  const scope: Record<string, string> = flow.scope ? { scope: flow.scope } : {};
  switch (flow.grant) {
    case "clientCredentials":
      if (flow.clientAuth === "basic")
        return {
          form: { grant_type: "client_credentials", ...scope },
          basic: { id: value(flow.clientId), secret: value(flow.clientSecret) },
        };
      return {
        form: {
          grant_type: "client_credentials",
          client_id: value(flow.clientId),
          client_secret: value(flow.clientSecret),
          ...scope,
        },
      };
    case "refreshToken": {
      const secret = flow.clientSecret !== undefined ? nonEmpty(values[flow.clientSecret]) : undefined;
      // A rotated refresh token replaces the one passed in.
      const refreshToken = previous?.refreshToken ?? value(flow.refreshToken);
      // A client without a secret (a public one) names itself in the form, whatever the flow says (§2.3.1 is for
      // clients with a password).
      if (flow.clientAuth === "basic" && secret !== undefined)
        return {
          form: { grant_type: "refresh_token", refresh_token: refreshToken, ...scope },
          basic: { id: value(flow.clientId), secret },
        };
      return {
        form: {
          grant_type: "refresh_token",
          refresh_token: refreshToken,
          client_id: value(flow.clientId),
          ...(secret !== undefined ? { client_secret: secret } : {}),
          ...scope,
        },
      };
    }
    case "jwtBearer": {
      const pem = value(flow.privateKey);
      const problem = await privateKeyProblem(pem);
      if (problem)
        return {
          failure: {
            type: "validation",
            param: flow.privateKey,
            rule: "format",
            message: `${flow.privateKey}: ${problem}`,
          },
        };
      const assertion = await signAssertion(pem, {
        issuer: value(flow.clientId),
        subject: value(flow.subject),
        audience: audienceOf(flow, url, values),
        now,
      });
      keepSecret(assertion);
      return { form: { grant_type: JWT_BEARER, assertion, ...scope } };
    }
  }
}

/**
 * The assertion's `aud` (JwtAudienceSpec): the audience parameter's value when
 * given; else the one declared for the token URL's host, an exact host before
 * a `*.` pattern; else the declared default; else the token URL's origin.
 */
export function audienceOf(
  flow: Extract<OAuthFlowSpec, { grant: "jwtBearer" }>,
  url: string,
  values: Record<string, unknown>,
): string {
  const spec = flow.audience;
  const given = spec?.param !== undefined ? nonEmpty(values[spec.param]) : undefined;
  if (given !== undefined) return given;
  const { hostname, origin } = new URL(url);
  const rules = spec?.byTokenHost ?? {};
  const exact = ownValue(rules, hostname);
  if (typeof exact === "string") return exact;
  for (const [pattern, audience] of Object.entries(rules))
    if (pattern.startsWith("*.") && matchesHost(pattern, hostname)) return audience;
  return spec?.default ?? origin;
}

/**
 * No credential: the static one, or what the most nearly given flow still needs; and the tool's other ways
 * (`auth.alternatives`: a pair of API keys beside the flow), which would do as well.
 */
function missingCredential(tool: ToolCall, values: Record<string, unknown>): Omit<Failure, "type"> {
  const others = authWays(tool.auth)
    .slice(1)
    .map((way) => wayParams(way).join(" and "));
  const orOthers = others.length ? `; or instead give ${others.join("; or ")}` : "";
  const flows = tool.oauth?.flows ?? [];
  const ways = flows.map((f) => `${flowParams(f).join(", ")} (OAuth 2 ${GRANT_WORDS[f.grant]})`);
  const nearest = flows
    .map((f) => ({ f, have: flowParams(f).filter((p) => nonEmpty(values[p]) !== undefined) }))
    .filter((x) => x.have.length)
    .sort((a, b) => b.have.length - a.have.length)[0];
  if (nearest) {
    const missing = flowParams(nearest.f).filter((p) => !nearest.have.includes(p));
    return {
      param: missing[0] ?? tool.auth.param,
      rule: "required",
      message:
        `${missing.join(", ")}: required for the OAuth 2 ${GRANT_WORDS[nearest.f.grant]} ` +
        `flow (${nearest.have.join(", ")} given); or pass ${tool.auth.param}, an access token${orOthers}`,
    };
  }
  return {
    param: tool.auth.param,
    rule: "required",
    message:
      `${tool.auth.param}: is required (an access token), or instead the parameters of an OAuth 2 ` +
      `flow: ${ways.join("; or ")}${orOthers}`,
  };
}

/** A string given (validation leaves blank text to count as not given: never sent as a credential). */
function nonEmpty(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}
