// One request to an OAuth 2 token endpoint (RFC 6749 §4.4, §6; RFC 7523 §2.1):
// a POST of an `application/x-www-form-urlencoded` form (never JSON, which
// most endpoints refuse), the client's secret in the form
// (client_secret_post), no redirect followed. The answer becomes a TokenSet
// or a structured `auth` error: `invalid_grant` (a refresh token revoked or
// expired, an assertion refused) and `invalid_client` (a wrong or expired
// client secret) mean the user must grant access again: code
// REAUTH_REQUIRED, never retried.
import type { Failure } from "../http/errors.js";
import type { RuntimeErrorCode } from "../http/error-codes.js";
import type { FetchLike } from "../http/transport.js";
import type { Renewal, TokenSet } from "./token-cache.js";

/** Token endpoint errors only the user can fix, by granting access again. */
const REAUTH = new Set(["invalid_grant", "invalid_client"]);
/** The most of a token endpoint's answer read: far above any real one. */
const MAX_ANSWER_CHARS = 256 * 1024;

export interface TokenRequest {
  provider: string;
  /** The grant, as people say it (`client credentials`), for messages. */
  grant: string;
  url: string;
  form: Record<string, string>;
  fetch: FetchLike;
  signal: AbortSignal | undefined;
  /** Milliseconds since the epoch, when the request is sent. */
  now: number;
}

export async function requestToken(r: TokenRequest): Promise<Renewal<Failure>> {
  const host = new URL(r.url).host;
  const init: RequestInit = {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body: new URLSearchParams(r.form).toString(),
    redirect: "manual",
  };
  if (r.signal) init.signal = r.signal;
  const response = await r.fetch(new Request(r.url, init));
  if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400)) {
    void response.body?.cancel().catch(() => undefined);
    return failure({
      type: "auth",
      status: response.status,
      code: "TOKEN_REDIRECT" satisfies RuntimeErrorCode,
      message: `${r.provider}: the token endpoint (${host}) answered ${response.status || "a redirect"}; redirects are not followed, so that the client credentials never go to another address`,
      retryable: false,
    });
  }
  const text = (await response.text()).slice(0, MAX_ANSWER_CHARS);
  let body: Record<string, unknown> | undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
  } catch {
    // not JSON: reported below
  }
  if (!response.ok) return failure(refusal(r, host, response.status, body));
  const accessToken = body?.access_token;
  if (typeof accessToken !== "string" || accessToken === "") {
    return failure({
      type: "auth",
      status: response.status,
      code: "INVALID_TOKEN_RESPONSE" satisfies RuntimeErrorCode,
      message: `${r.provider}: the token endpoint (${host}) answered ${response.status} without an access_token`,
      retryable: false,
    });
  }
  const tokenType = body?.token_type;
  if (tokenType !== undefined && (typeof tokenType !== "string" || tokenType.toLowerCase() !== "bearer")) {
    return failure({
      type: "auth",
      status: response.status,
      code: "INVALID_TOKEN_RESPONSE" satisfies RuntimeErrorCode,
      message: `${r.provider}: the token endpoint (${host}) issued a token of type ${JSON.stringify(tokenType)}; only bearer tokens are supported`,
      retryable: false,
    });
  }
  const tokens: TokenSet = { accessToken };
  const lifetime = seconds(body?.expires_in);
  if (lifetime !== undefined) tokens.expiresAt = r.now + lifetime * 1000;
  for (const [field, key] of [
    ["refresh_token", "refreshToken"],
    ["instance_url", "instanceUrl"],
    ["scope", "scope"],
  ] as const) {
    const value = body?.[field];
    if (typeof value === "string" && value !== "") tokens[key] = value;
  }
  return { tokens };
}

/** A token endpoint's error answer (RFC 6749 §5.2: `{error, error_description}`) as a structured error. */
function refusal(r: TokenRequest, host: string, status: number, body: Record<string, unknown> | undefined): Failure {
  const error = typeof body?.error === "string" ? body.error : undefined;
  const description = typeof body?.error_description === "string" ? body.error_description : undefined;
  const said = `${error ?? `HTTP ${status}`}${description ? ` (${description})` : ""}`;
  if (error && REAUTH.has(error)) {
    return {
      type: "auth",
      status,
      code: "REAUTH_REQUIRED" satisfies RuntimeErrorCode,
      message: `${r.provider}: the token endpoint (${host}) refused the ${r.grant} grant: ${said}; the credentials are no longer valid: grant access again (a new refresh token, client secret or key)`,
      retryable: false,
      details: { error, ...(description ? { description } : {}) },
    };
  }
  const retryable = status === 429 || status >= 500;
  return {
    type: "auth",
    status,
    code: error ?? ("TOKEN_REQUEST_FAILED" satisfies RuntimeErrorCode),
    message: `${r.provider}: the token endpoint (${host}) refused the ${r.grant} grant: ${said}`,
    retryable,
    ...(error ? { details: { error, ...(description ? { description } : {}) } } : {}),
  };
}

/** `expires_in`: a positive number of seconds (some endpoints send it as a string). */
function seconds(value: unknown): number | undefined {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) && n > 0 ? n : undefined;
}

function failure(f: Failure): Renewal<Failure> {
  return { failure: f };
}
