// Sending a call whose credential an OAuth 2 flow obtains: the flow's token
// is put on the request first (and the address a token answer names, when
// the provider's tokens name one: manifest `auth.tokenAddressField`); a 401
// renews it once (single-flight) and the request is sent once more, never
// again. Part of the OAuth support (call/oauth-support.ts `oauthFlows`), so
// that a package whose provider declares no flows bundles none of it.
import type { RuntimeErrorCode } from "../http/error-codes.js";
import type { Failure } from "../http/errors.js";
import type { Deadline } from "../http/deadline.js";
import { hostRefusal } from "../http/hosts.js";
import { applyFirstCredential, type HttpRequest } from "../http/transport.js";
import type { Renewal } from "../oauth/token-cache.js";
import type { ToolCall } from "../spec/tool-types.js";
import { checkAddress } from "../validate/validate-params.js";
import { instanceAddresses } from "./instance-address.js";
import { networkError } from "./reply-failures.js";
import { keepSecret, type PreparedCall, type SentCall } from "./single-call.js";

/**
 * Send `request` of `call` (which has `oauth`) by `send` (the attempts of
 * single-call.ts) with the flow's token; `sizeProblem` checks the request's
 * size once the token's address is known. The call's deadline ends with it.
 */
export async function sendWithToken(
  call: PreparedCall,
  request: HttpRequest,
  deadline: Deadline,
  timeoutMs: number,
  sizeProblem: (() => SentCall | undefined) | undefined,
  send: () => Promise<SentCall>,
): Promise<SentCall> {
  try {
    const oauth = call.oauth;
    if (!oauth) return await send();
    const refused =
      (await authorize(call, request, oauth.token(deadline.remainingMs()), deadline, timeoutMs)) ?? sizeProblem?.();
    if (refused) return refused;
    const sent = await send();
    if (sent.result.success || sent.result.error.status !== 401) return sent;
    const stillRefused = await authorize(
      call,
      request,
      oauth.renew(call.credential, deadline.remainingMs()),
      deadline,
      timeoutMs,
    );
    return stillRefused ?? (await send());
  } finally {
    deadline.done();
  }
}

/** Put the flow's token on the call and its request; the failure when none could be had. */
async function authorize(
  call: PreparedCall,
  request: HttpRequest,
  pending: Promise<Renewal<Failure>>,
  deadline: Deadline,
  timeoutMs: number,
): Promise<SentCall | undefined> {
  let outcome: Renewal<Failure>;
  try {
    outcome = await deadline.race(pending);
  } catch (e) {
    if (deadline.cancelled)
      return {
        result: call.fail({
          type: "network",
          message: "the call was cancelled",
          code: "ABORTED" satisfies RuntimeErrorCode,
          retryable: false,
        }),
      };
    if (deadline.timedOut)
      return {
        result: call.fail({
          type: "timeout",
          code: "TOKEN_TIMEOUT" satisfies RuntimeErrorCode,
          message: `no access token within ${timeoutMs} ms`,
          retryable: true,
        }),
      };
    const error = networkError(e);
    return { result: call.fail({ ...error, message: `token ${error.message}` }) };
  }
  if ("failure" in outcome) return { result: call.fail(outcome.failure) };
  const { accessToken, refreshToken, instanceUrl } = outcome.tokens;
  keepSecret(call.secrets, accessToken);
  if (refreshToken) keepSecret(call.secrets, refreshToken);
  if (call.addressFromToken) {
    const moved = tokenAddress(call.tool, call.baseUrl, instanceUrl, call.addressFromToken);
    if ("failure" in moved) return { result: call.fail(moved.failure) };
    // Where the token is valid: the same path and query on the token's address.
    if (moved.base !== call.baseUrl) request.url = moved.base + request.url.slice(call.baseUrl.length);
    call.baseUrl = moved.base;
  }
  call.credential = accessToken;
  applyFirstCredential(request, call.way, accessToken, call.values);
  return undefined;
}

/**
 * The base address a token answer's `address` sends the call to: its origin
 * (and the document's base path) when the host rules allow it, `current`
 * when the answer names none, or the failure: a malformed or refused address,
 * or none at all.
 */
export function tokenAddress(
  tool: ToolCall,
  current: string,
  address: string | undefined,
  allowHosts: readonly string[],
): { base: string } | { failure: Failure } {
  if (address === undefined)
    return current === ""
      ? { failure: { type: "validation", ...instanceAddresses.missing(tool, tool.server.param ?? "baseUrl") } }
      : { base: current };
  const field = tool.oauth?.addressField ?? "address";
  const checked = checkAddress(address);
  if ("problem" in checked) {
    return {
      failure: {
        type: "auth",
        code: "TOKEN_ADDRESS_REFUSED" satisfies RuntimeErrorCode,
        message:
          `${tool.provider}: the token answer's ${field} ${checked.problem}` +
          `${checked.withhold ? "" : `, got ${JSON.stringify(address)}`}; no request was sent there`,
        retryable: false,
      },
    };
  }
  const refused = hostRefusal(tool, checked.origin, allowHosts);
  if (refused)
    return {
      failure: {
        type: "auth",
        code: "TOKEN_ADDRESS_REFUSED" satisfies RuntimeErrorCode,
        message: `${tool.provider}: the token answer's ${field} names ${new URL(checked.origin).hostname}: ${refused}`,
        retryable: false,
      },
    };
  return { base: checked.origin + (tool.server.basePath ?? "") };
}
