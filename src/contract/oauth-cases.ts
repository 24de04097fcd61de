// The auth cases of a tool with OAuth 2 flows (manifest `auth.flows`), per
// flow: the token comes from a token endpoint played in-process (at the
// flow's own token URL, which nothing leaves for), the call goes to the mock.
// A token request (a form, or JSON where the flow says) then the call with the issued token; five
// concurrent calls, one token request; a token renewed before it expires (a
// clock the case moves); a 401 → one renewal, one retry; invalid_grant →
// REAUTH_REQUIRED, nothing retried; a renewal without a refresh token keeps
// the old one; the API never sees a flow's secret, the token endpoint never
// the API's token.
import {
  createExecutor,
  executeToolDefinition,
  fullSupport,
  type ExecuteOptions,
  type FetchLike,
  flowParams,
  itemAt,
  type OAuthFlowSpec,
  TokenCache,
  type ToolResult,
  type ToolSpec,
} from "@blockwright/runtime/internal";
import { check, expectAccepted, fail, onlyTo, same, withAddress } from "./call.js";
import { type Exchange, mockFetch } from "./exchange.js";
import { type CaseContext, type ContractCase, contractCase, type Subject } from "./types.js";
import { placeholderValue, valuesOf } from "./inputs/values.js";

interface TokenRequest {
  contentType: string | null;
  authorization: string | null;
  form: Record<string, string>;
}

/** A token request's fields: a form's, or a JSON object's (`tokenFormat: json`); a value that is no text as JSON. */
function tokenFields(contentType: string | null, body: string): Record<string, string> {
  if (!/[/+]json\s*(;|$)/i.test(contentType ?? "")) return Object.fromEntries(new URLSearchParams(body));
  try {
    const parsed: unknown = JSON.parse(body);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
    );
  } catch {
    return {};
  }
}

type TokenAnswer = { status: number; body: Record<string, unknown> };

const issue = (n: number, extra: Record<string, unknown> = {}): TokenAnswer => ({
  status: 200,
  body: { access_token: `bw-contract-access-token-${n}`, token_type: "Bearer", ...extra },
});

// One RSA key for every JWT bearer case of a run (making one takes a while); jose (46 modules) loaded then, not when
// the cases are derived.
let pem: Promise<string> | undefined;
const privateKeyPem = () =>
  (pem ??= import("jose").then(async ({ exportPKCS8, generateKeyPair }) =>
    exportPKCS8((await generateKeyPair("RS256", { extractable: true })).privateKey),
  ));

/** The auth cases of `tool`'s flows (none without flows). */
export function oauthCases(tool: ToolSpec, subject: Subject): ContractCase[] {
  return (tool.oauth?.flows ?? []).flatMap((flow) => flowCases(tool, subject, flow));
}

function flowCases(tool: ToolSpec, subject: Subject, flow: OAuthFlowSpec): ContractCase[] {
  const name = (what: string) => `${flow.grant}: ${what}`;
  const cases = [
    contractCase(
      tool,
      "auth",
      name(
        `one ${flow.tokenFormat === "json" ? "JSON" : "form-encoded"} token request, then the call with the issued ` +
          "token; each secret only where it belongs",
      ),
      (ctx) => expectTokenRequestThenCall(tool, subject, flow, ctx),
    ),
    contractCase(tool, "auth", name("five concurrent calls, one token request"), async (ctx) => {
      const run = await flowRun(tool, subject, flow, ctx, (n) => issue(n, { expires_in: 3600 }));
      const execute = createExecutor({ [tool.id]: tool }, fullSupport);
      const results = await Promise.all(
        Array.from({ length: 5 }, () => execute(tool.id, run.input as never, run.options)),
      );
      for (const r of results) expectOk(r as ToolResult, run.exchanges);
      same(run.tokens.length, 1, "token requests for five concurrent calls");
    }),
    contractCase(tool, "auth", name("a token that expires is renewed before the next call"), async (ctx) => {
      const run = await flowRun(tool, subject, flow, ctx, (n) => issue(n, { expires_in: 3600 }));
      expectOk(await run.call(), run.exchanges);
      run.advance(3_600_000);
      expectOk(await run.call(), run.exchanges);
      same(run.tokens.length, 2, "token requests once the first token expired");
      check(
        carries(itemAt(run.exchanges, -1), "bw-contract-access-token-2"),
        "the call after expiry did not carry the new token",
      );
    }),
    contractCase(tool, "auth", name("a 401 → one renewal and one retry; a second 401 is the error"), (ctx) =>
      expectOneRenewalPer401(tool, subject, flow, ctx),
    ),
    contractCase(tool, "auth", name("invalid_grant is an auth error REAUTH_REQUIRED, nothing retried"), async (ctx) => {
      const run = await flowRun(tool, subject, flow, ctx, () => ({
        status: 400,
        body: { error: "invalid_grant", error_description: "expired access/refresh token" },
      }));
      const result = await run.call();
      check(
        !result.success &&
          result.error.type === "auth" &&
          result.error.code === "REAUTH_REQUIRED" &&
          result.error.retryable === false,
        `expected an auth error REAUTH_REQUIRED, got ${JSON.stringify(result)}`,
      );
      same([run.tokens.length, run.exchanges.length], [1, 0], "token requests and API requests");
    }),
  ];
  if (flow.grant === "refreshToken") {
    cases.push(
      contractCase(tool, "auth", name("a renewal without a refresh token keeps the one before"), async (ctx) => {
        const run = await flowRun(tool, subject, flow, ctx, (n) =>
          issue(n, { expires_in: 3600, ...(n === 1 ? { refresh_token: "bw-contract-rotated-refresh-1" } : {}) }),
        );
        for (let i = 0; i < 3; i++) {
          expectOk(await run.call(), run.exchanges);
          run.advance(3_600_000);
        }
        same(
          run.tokens.map((t) => t.form.refresh_token),
          [run.input[flow.refreshToken], "bw-contract-rotated-refresh-1", "bw-contract-rotated-refresh-1"],
          "the refresh tokens sent",
        );
      }),
    );
  }
  return cases;
}

/**
 * One token request (a form, or JSON where the flow says), then the call with the issued token; each secret only where
 * it belongs.
 */
async function expectTokenRequestThenCall(
  tool: ToolSpec,
  subject: Subject,
  flow: OAuthFlowSpec,
  ctx: CaseContext,
): Promise<void> {
  const run = await flowRun(tool, subject, flow, ctx, (n) => issue(n, { expires_in: 3600 }));
  const result = await run.call();
  expectOk(result, run.exchanges);
  same(run.tokens.length, 1, "token requests");
  const sent = itemAt(run.tokens, 0);
  const format = flow.tokenFormat === "json" ? (flow.tokenMediaType ?? "application/json") : undefined;
  check(
    sent.contentType?.split(";")[0]?.trim() === (format ?? "application/x-www-form-urlencoded"),
    `the token request was sent as ${sent.contentType}, ` +
      `not ${format ? `${format} (tokenFormat: json)` : "form-encoded"}`,
  );
  same(sent.form.grant_type, GRANT_TYPES[flow.grant], "grant_type");
  if (flow.scope) same(sent.form.scope, flow.scope, "scope");
  // The fixed fields the provider documents (an `audience`), each as the manifest gives it.
  for (const [field, value] of Object.entries(flow.tokenFields ?? {})) same(sent.form[field], value, field);
  clientAuthenticated(flow, run.input, sent);
  check(
    run.exchanges.some((ex) => carries(ex, "bw-contract-access-token-1")),
    "no request to the API carried the issued token",
  );
  for (const secret of run.secrets)
    check(!run.exchanges.some((ex) => mentions(ex, secret)), "a flow's secret reached the API");
  check(!JSON.stringify(result).includes("bw-contract-access-token-1"), "the result shows the access token");
}

/** A 401 → one renewal and one retry; a second 401 is the error (no loop). */
async function expectOneRenewalPer401(
  tool: ToolSpec,
  subject: Subject,
  flow: OAuthFlowSpec,
  ctx: CaseContext,
): Promise<void> {
  const once = await flowRun(
    tool,
    subject,
    flow,
    ctx,
    (n) => issue(n),
    (n) => n === 0,
  );
  expectOk(await once.call(), once.exchanges);
  same([once.tokens.length, once.exchanges.length], [2, 2], "token requests and API requests around one 401");
  const always = await flowRun(
    tool,
    subject,
    flow,
    ctx,
    (n) => issue(n),
    () => true,
  );
  const result = await always.call();
  check(!result.success && result.error.status === 401, `expected the 401 as the error, got ${JSON.stringify(result)}`);
  same(
    [always.tokens.length, always.exchanges.length],
    [2, 2],
    "token requests and API requests around two 401s (no loop)",
  );
}

const GRANT_TYPES: Record<OAuthFlowSpec["grant"], string> = {
  clientCredentials: "client_credentials",
  refreshToken: "refresh_token",
  jwtBearer: "urn:ietf:params:oauth:grant-type:jwt-bearer",
};

interface FlowRun {
  input: Record<string, unknown>;
  options: ExecuteOptions;
  tokens: TokenRequest[];
  exchanges: Exchange[];
  secrets: string[];
  call(): Promise<ToolResult>;
  advance(ms: number): void;
}

/**
 * The tool's minimal input with the flow's parameters instead of the access token; a token endpoint answering `answer`;
 * the API answering 401 when `refuse` says.
 */
async function flowRun(
  tool: ToolSpec,
  subject: Subject,
  flow: OAuthFlowSpec,
  ctx: CaseContext,
  answer: (n: number) => TokenAnswer,
  refuse: (n: number) => boolean = () => false,
): Promise<FlowRun> {
  const address = ctx.mockUrl(tool.provider);
  const base = valuesOf(tool, subject.document).minimal();
  delete base[tool.auth.param];
  const secrets: string[] = [];
  for (const name of [
    ...flowParams(flow),
    ...(flow.grant === "refreshToken" && flow.clientSecret ? [flow.clientSecret] : []),
  ]) {
    const spec = tool.params.find((p) => p.name === name);
    if (!spec) fail(`the flow's parameter ${name} is not a parameter of ${tool.id}`);
    const value =
      flow.grant === "jwtBearer" && name === flow.privateKey
        ? await privateKeyPem()
        : spec.secret
          ? `bw-contract-${name}-secret-0001`
          : (placeholderValue(spec) ?? `bw-contract-${name}`);
    if (spec.secret) secrets.push(value as string);
    base[name] = value;
  }
  const input = withAddress(tool, base, address);
  const link = mockFetch((n) => (refuse(n) ? { answer: { status: 401, body: {} } } : {}));
  const tokens: TokenRequest[] = [];
  // A tenant's token URL (its host a parameter's: link/auth-flows/tenant-token-url.ts) is where this input's values
  // put it, given as the call's token URL: the runtime sends no client secret to a base address (the mock's) that is
  // not the tenant's origin without one.
  const tenant = /^https:\/\/[^/]*\{/.test(flow.tokenUrl);
  const tokenUrl = flow.tokenUrl.replace(/\{([^{}]*)\}/g, (_, name: string) =>
    tenant ? encodeURIComponent(String(input[name] ?? "x")) : "x",
  );
  const tokenOrigin = new URL(tokenUrl).origin;
  const toMock = onlyTo(address, link.fetch);
  // The flow's token URL is answered here: nothing goes to the network.
  const fetchFn: FetchLike = async (request) => {
    if (new URL(request.url).origin !== tokenOrigin) return toMock(request);
    tokens.push({
      contentType: request.headers.get("content-type"),
      authorization: request.headers.get("authorization"),
      form: tokenFields(request.headers.get("content-type"), await request.text()),
    });
    const { status, body } = answer(tokens.length);
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  };
  let now = Date.UTC(2026, 0, 1);
  const options: ExecuteOptions = {
    ...(tool.server.param ? {} : { baseUrl: address }),
    ...(tenant ? { tokenUrl } : {}),
    fetch: fetchFn,
    tokens: new TokenCache(),
    clock: () => now,
    retries: 0,
  };
  return {
    input,
    options,
    tokens,
    exchanges: link.exchanges,
    secrets,
    call: () => executeToolDefinition(tool, input, options),
    advance: (ms) => {
      now += ms;
    },
  };
}

/**
 * The client authenticated as the flow says: with HTTP Basic (`clientAuth: basic`, a client with a secret), the
 * form-encoded id and secret in `Authorization: Basic` (RFC 6749 §2.3.1) and neither in the form; otherwise no
 * Authorization header, the client id (and any secret) in the form.
 */
function clientAuthenticated(flow: OAuthFlowSpec, input: Record<string, unknown>, sent: TokenRequest): void {
  // A JWT bearer grant names its client inside the assertion, not as a client of §2.3.
  if (flow.grant === "jwtBearer")
    return check(sent.authorization === null, "the token request carried an Authorization header");
  const id = String(input[flow.clientId]);
  const secret = flow.clientSecret !== undefined ? input[flow.clientSecret] : undefined;
  if (flow.clientAuth === "basic" && typeof secret === "string" && secret !== "") {
    const [scheme, encoded = ""] = (sent.authorization ?? "").split(" ");
    check(
      scheme?.toLowerCase() === "basic",
      `the token request carried ` +
        `${sent.authorization === null ? "no Authorization header" : `Authorization ${scheme}`}, not the ` +
        `client's HTTP Basic credentials (clientAuth: basic)`,
    );
    const pair = Buffer.from(encoded, "base64").toString("utf8");
    const colon = pair.indexOf(":");
    const formDecoded = (text: string) => decodeURIComponent(text.replace(/\+/g, " "));
    same(
      [formDecoded(pair.slice(0, colon)), formDecoded(pair.slice(colon + 1))],
      [id, secret],
      "the client id and secret of the Basic credentials",
    );
    check(
      sent.form.client_secret === undefined,
      "the token request sent the client secret in its form beside HTTP Basic",
    );
    return;
  }
  check(sent.authorization === null, "the token request carried an Authorization header");
  same(sent.form.client_id, id, "client_id");
}

function expectOk(result: ToolResult, exchanges: Exchange[]): void {
  expectAccepted(exchanges);
  if (!result.success)
    fail(`expected success, got ${result.error.type} ${result.error.code ?? ""}: ${result.error.message}`);
}

/** Whether a request to the API carried `token` as its credential. */
function carries(ex: Exchange, token: string): boolean {
  return [...ex.headers.values()].some((v) => v === token || v === `Bearer ${token}`);
}

function mentions(ex: Exchange, secret: string): boolean {
  return (
    ex.rawBody.includes(secret) ||
    ex.url.href.includes(encodeURIComponent(secret)) ||
    [...ex.headers.values()].some((v) => v.includes(secret))
  );
}
