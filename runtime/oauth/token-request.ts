// One request to an OAuth 2 token endpoint (RFC 6749 §4.4, §6; RFC 7523 §2.1):
// a POST of an `application/x-www-form-urlencoded` form (JSON, which most
// endpoints refuse, only for one whose document takes no form: the flow's
// `tokenFormat: json`), the client's secret in the form
// (client_secret_post) or in an `Authorization: Basic` header of the
// form-encoded id and secret (client_secret_basic, RFC 6749 §2.3.1), as the
// flow declares; no redirect followed. The answer becomes a TokenSet
// or a structured `auth` error: `invalid_grant` (a refresh token revoked or
// expired, an assertion refused) and `invalid_client` (a wrong or expired
// client secret) mean the user must grant access again: code
// REAUTH_REQUIRED, never retried; but an assertion refused for its audience
// (the description says so) is the flow's configuration at fault, not the
// grant: code ASSERTION_AUDIENCE_REFUSED, naming the audience sent.
//
// Sent as an API request is (transport.ts, read-body.ts, deadline.ts): its
// answer read chunk by chunk within TOKEN_REPLY_BYTES, and the time it is
// given stops the body too — the request aborted and the body's reader
// cancelled, whether the endpoint never answers, answers forever or drips.
// Its failures are redacted with the form's secrets (client secret, refresh
// token, assertion) before any call that waits for them sees them.
import type { RuntimeErrorCode } from "../http/error-codes.js";
import type { Failure } from "../http/errors.js";
import { startDeadline } from "../http/deadline.js";
import { readBody } from "../http/read-body.js";
import { type FetchLike, isRedirect, send } from "../http/transport.js";
import { isSecretLength, redactDeep } from "../common/redact.js";
import { ERROR_TEXT_CHARS, redactThenCut } from "../common/outgoing-text.js";
import type { Renewal, TokenSet } from "./token-cache.js";

/** Token endpoint errors only the user can fix, by granting access again. */
const REAUTH = new Set(["invalid_grant", "invalid_client"]);
/** A refusal's description that names the assertion's audience (`aud`, "audience"). */
const AUDIENCE = /\baud(ience)?\b/i;
/** The most of a token endpoint's answer read: far above any real one (a few kB). */
export const TOKEN_REPLY_BYTES = 1024 * 1024;
/** The form fields that carry a secret. */
const SECRET_FIELDS = ["client_secret", "refresh_token", "assertion"];
/** The longest lifetime taken from `expires_in`: a token is renewed at least this often, whatever the endpoint says. */
export const LONGEST_TOKEN_LIFETIME_S = 24 * 3600;

export interface TokenRequest {
  provider: string;
  /** The grant, as people say it (`client credentials`), for messages. */
  grant: string;
  url: string;
  form: Record<string, string>;
  fetch: FetchLike;
  /** The caller's cancellation (Ctrl-C): aborts the request and stops its body. */
  signal: AbortSignal | undefined;
  /** The time the request has, body included (the calling call's remaining time). */
  timeoutMs: number;
  /** The most of the answer read (at most TOKEN_REPLY_BYTES). */
  replyBytes?: number;
  /** Milliseconds since the epoch, when the request is sent. */
  now: number;
  /**
   * The lifetime, in seconds, of a token whose answer has no `expires_in` (the flow's declared one, or the runtime's
   * default).
   */
  defaultLifetimeS: number;
  /** The answer's field naming the address the token is for (`instance_url`), read into TokenSet.instanceUrl. */
  addressField?: string;
  /** The form's fields as one JSON object of this media type instead (a flow's `tokenFormat: json`). */
  json?: string;
  /** The client's id and secret, sent as HTTP Basic rather than in the form (a flow's `clientAuth: basic`). */
  basic?: { id: string; secret: string };
  /**
   * A JWT bearer grant's assertion: the audience it names (`aud`), and the parameter a call sets it with, if the flow
   * has one.
   */
  assertion?: { audience: string; param?: string };
}

export async function requestToken(r: TokenRequest): Promise<Renewal<Failure>> {
  const basic = r.basic ? basicCredentials(r.basic) : undefined;
  // The secret as given, and as the header carries it (base64): neither appears in a failure.
  const secrets = [...SECRET_FIELDS.map((f) => r.form[f]), r.basic?.secret, basic].filter(
    (v): v is string => typeof v === "string" && isSecretLength(v),
  );
  const outcome = await exchange(r, secrets, basic);
  return "failure" in outcome ? { failure: redactDeep(outcome.failure, secrets) } : outcome;
}

/**
 * RFC 6749 §2.3.1: the id and the secret each form-encoded (application/x-www-form-urlencoded), joined by a colon, in
 * base64.
 */
function basicCredentials({ id, secret }: { id: string; secret: string }): string {
  const encoded = (text: string) => new URLSearchParams({ v: text }).toString().slice(2);
  return btoa(`${encoded(id)}:${encoded(secret)}`);
}

async function exchange(
  r: TokenRequest,
  secrets: readonly string[],
  basic: string | undefined,
): Promise<Renewal<Failure>> {
  const host = new URL(r.url).host;
  const limit = Math.min(r.replyBytes ?? TOKEN_REPLY_BYTES, TOKEN_REPLY_BYTES);
  const deadline = startDeadline(r.timeoutMs, r.signal, { abortable: true });
  let status: number;
  let text: string;
  try {
    const request = {
      method: "POST",
      url: r.url,
      headers: {
        "Content-Type": r.json ?? "application/x-www-form-urlencoded",
        Accept: "application/json",
        ...(basic !== undefined ? { Authorization: `Basic ${basic}` } : {}),
      },
      body: r.json !== undefined ? JSON.stringify(r.form) : new URLSearchParams(r.form).toString(),
    };
    const response = await deadline.race(send(r.fetch, request, deadline.signal));
    status = response.status;
    if (isRedirect(response)) {
      void response.body?.cancel().catch(() => undefined);
      return failure({
        type: "auth",
        status,
        code: "TOKEN_REDIRECT" satisfies RuntimeErrorCode,
        message:
          `${r.provider}: the token endpoint (${host}) answered ${status || "a redirect"}; ` +
          `redirects are not followed, so that the client credentials never go to another address`,
        retryable: false,
      });
    }
    const body = await deadline.race(readBody(response, limit, deadline));
    if ("tooLarge" in body) {
      return failure({
        type: "auth",
        status,
        code: "REPLY_TOO_LARGE" satisfies RuntimeErrorCode,
        message:
          `${r.provider}: the token endpoint (${host}) answered ${status} with more than ${limit} bytes; ` +
          `the rest was not read`,
        retryable: false,
      });
    }
    text = body.text;
  } catch (e) {
    return failure(unanswered(r, host, deadline, e));
  } finally {
    deadline.done();
  }
  let body: Record<string, unknown> | undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
  } catch {
    // not JSON: reported below
  }
  if (status < 200 || status > 299) return failure(refusal(r, host, status, body, secrets));
  const accessToken = body?.access_token;
  if (typeof accessToken !== "string" || accessToken === "") {
    return failure({
      type: "auth",
      status,
      code: "INVALID_TOKEN_RESPONSE" satisfies RuntimeErrorCode,
      message: `${r.provider}: the token endpoint (${host}) answered ${status} without an access_token`,
      retryable: false,
    });
  }
  const tokenType = body?.token_type;
  if (tokenType !== undefined && (typeof tokenType !== "string" || tokenType.toLowerCase() !== "bearer")) {
    return failure({
      type: "auth",
      status,
      code: "INVALID_TOKEN_RESPONSE" satisfies RuntimeErrorCode,
      message:
        `${r.provider}: the token endpoint (${host}) issued a token of type ${JSON.stringify(tokenType)}; ` +
        `only bearer tokens are supported`,
      retryable: false,
    });
  }
  const tokens: TokenSet = { accessToken, expiresAt: r.now + lifetimeS(body?.expires_in, r.defaultLifetimeS) * 1000 };
  const refreshToken = body?.refresh_token;
  if (typeof refreshToken === "string" && refreshToken !== "") tokens.refreshToken = refreshToken;
  const scope = body?.scope;
  if (typeof scope === "string" && scope !== "") tokens.scope = scope;
  const address = body?.[r.addressField ?? "instance_url"];
  if (typeof address === "string" && address !== "") tokens.instanceUrl = address;
  return { tokens };
}

/**
 * A token endpoint's error answer (RFC 6749 §5.2: `{error, error_description}`) as a structured error; its texts
 * redacted, then cut.
 */
function refusal(
  r: TokenRequest,
  host: string,
  status: number,
  body: Record<string, unknown> | undefined,
  secrets: readonly string[],
): Failure {
  const text = (v: unknown) => (typeof v === "string" ? redactThenCut(v, secrets, ERROR_TEXT_CHARS) : undefined);
  const error = text(body?.error);
  const description = text(body?.error_description);
  const said = `${error ?? `HTTP ${status}`}${description ? ` (${description})` : ""}`;
  // An assertion refused for its audience: the endpoint says so of the `aud` claim, whatever its error code.
  if (r.assertion && error && description !== undefined && AUDIENCE.test(description)) {
    const { audience, param } = r.assertion;
    return {
      type: "auth",
      status,
      code: "ASSERTION_AUDIENCE_REFUSED" satisfies RuntimeErrorCode,
      message:
        `${r.provider}: the token endpoint (${host}) refused the JWT bearer assertion's ` +
        `audience ${JSON.stringify(audience)}: ${said}; the flow's configuration is wrong, ` +
        `not the grant (granting access again does not help): give the audience this endpoint ` +
        `expects${param !== undefined ? ` (parameter ${param})` : ""}, or the token URL (tokenUrl) ` +
        `that goes with this audience, as a sandbox's login and production's differ`,
      retryable: false,
      details: { error, description, audience },
    };
  }
  if (error && REAUTH.has(error)) {
    return {
      type: "auth",
      status,
      code: "REAUTH_REQUIRED" satisfies RuntimeErrorCode,
      message:
        `${r.provider}: the token endpoint (${host}) refused the ${r.grant} grant: ${said}; ` +
        `the credentials are no longer valid: grant access again (a new refresh token, client secret or key)`,
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

/**
 * The token's lifetime in seconds: `expires_in` (a number, or a string of
 * one, as some endpoints send it), at most LONGEST_TOKEN_LIFETIME_S; 0 or
 * less means already expired (used for this call, renewed before the next);
 * absent or not a number, the flow's default.
 */
function lifetimeS(value: unknown, fallback: number): number {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof n !== "number" || Number.isNaN(n)) return fallback;
  return Math.min(Math.max(n, 0), LONGEST_TOKEN_LIFETIME_S);
}

/** A token request that got no whole answer: cancelled, out of time, or a network failure. */
function unanswered(r: TokenRequest, host: string, deadline: ReturnType<typeof startDeadline>, e: unknown): Failure {
  if (deadline.cancelled)
    return {
      type: "network",
      code: "ABORTED" satisfies RuntimeErrorCode,
      message: "the call was cancelled",
      retryable: false,
    };
  if (deadline.timedOut) {
    return {
      type: "timeout",
      code: "TOKEN_TIMEOUT" satisfies RuntimeErrorCode,
      message:
        `${r.provider}: the token endpoint (${host}) gave no complete answer ` +
        `within ${Math.round(r.timeoutMs)} ms; the request was stopped`,
      retryable: true,
    };
  }
  const cause = (e as { cause?: { code?: string; message?: string } })?.cause;
  const code = cause?.code ?? (e as { code?: string })?.code;
  return {
    type: "network",
    message: `token request failed: ${cause?.message ?? (e as Error)?.message ?? String(e)}`,
    ...(code ? { code } : {}),
    retryable: true,
  };
}

function failure(f: Failure): Renewal<Failure> {
  return { failure: f };
}
