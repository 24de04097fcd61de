// Running one tool: validate, build the request, send it under the transport
// policy (transport.ts), then map the reply to outputs or to the structured
// error. Retries only idempotent requests, honouring Retry-After; a request
// that changes state and may have reached the upstream is never called
// retryable.
import { buildRequest, chooseRoute } from "./build-request.js";
import type { ToolError, ToolResult } from "./errors.js";
import { mapOutputs } from "./map-outputs.js";
import { redactDeep, repliesMention } from "./redact.js";
import { requestSizeIssue } from "./request-size.js";
import { sleep } from "./sleep.js";
import type { ToolSpec } from "./tool-types.js";
import { startDeadline, type Deadline } from "./deadline.js";
import { applyCredential, isRedirect, redirectOrigin, requestUrl, send, type FetchLike, type HttpRequest } from "./transport.js";
import { upstreamError } from "./upstream-error.js";
import { checkAddress, SECRET_MIN_LENGTH, validateParams } from "./validate-params.js";

export interface ExecuteOptions {
  /** Scheme and host to send the request to, instead of the provider's own (mocks, sandboxes); https, or http on loopback. */
  baseUrl?: string;
  /** The fetch to use (tests inject one; defaults to the global fetch). It must honour `request.redirect`. */
  fetch?: FetchLike;
  signal?: AbortSignal;
  /** Deadline for the whole call, retries included. Default 30 s. */
  timeoutMs?: number;
  /** Retries of idempotent requests after a retryable failure. Default 2. */
  retries?: number;
  /** Longest wait honoured before a retry; a longer Retry-After ends the call. Default 30 s. */
  maxRetryDelayMs?: number;
  /** More values to keep out of every error and output (e.g. all secrets of a workflow). */
  secrets?: readonly string[];
}

const IDEMPOTENT = new Set(["GET", "HEAD", "PUT", "DELETE", "OPTIONS"]);
// Network failures that happen before a request leaves: nothing can have been applied.
const NOT_SENT = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ENETUNREACH", "EHOSTUNREACH", "UND_ERR_CONNECT_TIMEOUT"]);

type Failure = Omit<ToolError, "provider" | "operation">;

export async function executeToolDefinition(tool: ToolSpec, params: Record<string, unknown> | undefined, options: ExecuteOptions = {}): Promise<ToolResult> {
  const input = params ?? {};
  // A secret shorter than any credential is refused before a request, and never shown: redacting it
  // would only garble the error (a one-letter "secret" is in every word).
  const secrets: string[] = options.secrets ? [...options.secrets] : [];
  for (const p of tool.params) {
    if (!p.secret) continue;
    const value = ownString(input, p.name);
    if (value !== undefined && value.length >= SECRET_MIN_LENGTH) secrets.push(value);
  }
  const fail = (error: Failure): ToolResult => ({
    success: false,
    error: redactDeep({ provider: tool.provider, operation: tool.id, ...error } as ToolError, secrets),
  });

  const validated = validateParams(tool, input);
  if (!validated.ok) {
    const [first, ...rest] = validated.issues;
    return fail({
      type: "validation",
      message: rest.length ? `${first.message} (and ${rest.length} more problem${rest.length > 1 ? "s" : ""})` : first.message,
      ...(first.param ? { param: first.param } : {}),
      rule: first.rule,
      ...(rest.length ? { issues: validated.issues } : {}),
    });
  }
  const values = validated.values;
  const baseUrl = resolveBaseUrl(tool, values, options.baseUrl);
  if ("error" in baseUrl) return fail({ type: "validation", message: baseUrl.error, rule: "baseUrl" });

  const route = chooseRoute(tool, values);
  const target = route ?? tool;
  const wire = buildRequest(tool, values, validated.unsent, route);
  const headers: Record<string, string> = wire.body !== undefined ? { "Content-Type": "application/json", ...wire.header } : { ...wire.header };
  const request: HttpRequest = {
    method: target.method,
    url: requestUrl(baseUrl.url, target.path, wire.path, wire.query),
    headers,
    ...(wire.body !== undefined ? { body: JSON.stringify(wire.body) } : {}),
  };
  applyCredential(request, tool.auth, String(values[tool.auth.param]));
  const tooBig = requestSizeIssue(tool, request, values, validated.unsent, route);
  if (tooBig) return fail({ type: "validation", message: tooBig.message, ...(tooBig.param ? { param: tooBig.param } : {}), rule: "requestSize" });

  const timeoutMs = options.timeoutMs ?? 30_000;
  const deadline = startDeadline(timeoutMs, options.signal);
  try {
    return await attempt(tool, request, values, secrets, fail, deadline, timeoutMs, options);
  } finally {
    deadline.done();
  }
}

/** Send `request`, retrying what may be retried, and map the answer. */
async function attempt(
  tool: ToolSpec,
  request: HttpRequest,
  values: Record<string, unknown>,
  secrets: string[],
  fail: (error: Failure) => ToolResult,
  deadline: Deadline,
  timeoutMs: number,
  options: ExecuteOptions,
): Promise<ToolResult> {
  const signal = deadline.signal;
  const idempotent = IDEMPOTENT.has(request.method);
  const retries = idempotent ? (options.retries ?? 2) : 0;
  const maxDelay = options.maxRetryDelayMs ?? 30_000;
  const fetchFn = options.fetch ?? ((r: Request) => fetch(r));
  // A state-changing request that may have reached the upstream must not be repeated blindly.
  const mayHaveApplied = (error: Failure): Failure => (idempotent ? error : { ...error, retryable: false, mayHaveBeenApplied: true });

  for (let attempt = 0; ; attempt++) {
    let response: Response;
    let text: string;
    try {
      [response, text] = await deadline.race(receive(fetchFn, request, signal));
    } catch (e) {
      if (deadline.cancelled) return fail({ type: "network", message: "the call was cancelled", code: "ABORTED", retryable: false });
      if (deadline.timedOut) return fail(mayHaveApplied({ type: "timeout", message: `no complete answer within ${timeoutMs} ms`, retryable: true }));
      const error = networkError(e);
      if (!idempotent && !NOT_SENT.has(error.code ?? "")) return fail(mayHaveApplied(error));
      if (attempt < retries && (await pause(backoff(attempt), deadline))) continue;
      return fail(error);
    }

    if (isRedirect(response)) {
      const origin = redirectOrigin(response, request.url);
      return fail({
        type: "upstream",
        status: response.status,
        code: "REDIRECT",
        message: `${tool.provider} answered ${response.status || "a redirect"} pointing to ${origin}; redirects are not followed, so that the credential and the request never go to another address (check the address the request went to)`,
        retryable: false,
      });
    }

    const outcome = tool.outcomes.find((o) => o.status === response.status);
    if (response.ok || outcome) {
      let body: unknown;
      try {
        body = parseBody(text);
      } catch {
        return fail({ type: "upstream", status: response.status, message: `${tool.provider} answered ${response.status} with a body that is not valid JSON`, code: "INVALID_JSON", retryable: false });
      }
      const ctx = { status: response.status, body, headers: response.headers, params: values };
      const outputs = outcome
        ? outcome.outputs.map((o) => ({ ...o, optional: tool.outputs.find((main) => main.path === o.path)?.optional }))
        : tool.outputs;
      const mapped = mapOutputs(outputs, ctx);
      if (mapped.missing.length) {
        return fail({
          type: "upstream",
          status: response.status,
          code: "MISSING_OUTPUT",
          message: `${tool.provider} answered ${response.status} without ${mapped.missing.map((m) => `${m.expression} (output ${m.path})`).join(", ")}${body === undefined ? ": the body was empty" : ""}`,
          retryable: false,
        });
      }
      // Outputs come from the reply: redact only when it carries a secret (walking every output costs a tenth of a call).
      const readsHeaders = outputs.some((o) => "ref" in o.source && o.source.ref.kind === "header");
      return { success: true, output: repliesMention(text, readsHeaders ? response.headers : undefined, secrets) ? redactDeep(mapped.output, secrets) : mapped.output };
    }

    let body: unknown = text;
    try {
      body = parseBody(text);
    } catch {
      // keep the text: the error message is then the raw body
    }
    const error = upstreamError(tool, response, body);
    const wait = error.retryAfterMs ?? backoff(attempt);
    if (error.retryable && attempt < retries && wait <= maxDelay && (await pause(wait, deadline))) continue;
    const { provider: _p, operation: _o, ...rest } = error;
    return fail(response.status >= 500 ? mayHaveApplied(rest) : rest);
  }
}

/** The reply and its text (a body that fails to arrive is a network error like any other). */
async function receive(fetchFn: FetchLike, request: HttpRequest, signal: AbortSignal | undefined): Promise<[Response, string]> {
  const response = await send(fetchFn, request, signal);
  return [response, await response.text()];
}

/** Wait before a retry; false when the deadline or the caller's cancel comes first. */
async function pause(ms: number, deadline: Deadline): Promise<boolean> {
  try {
    return await deadline.race(sleep(ms, deadline.signal));
  } catch {
    return false;
  }
}

function ownString(input: Record<string, unknown>, name: string): string | undefined {
  const value = Object.prototype.hasOwnProperty.call(input, name) ? input[name] : undefined;
  return typeof value === "string" && value !== "" ? value : undefined;
}

function parseBody(text: string | undefined): unknown {
  if (text === undefined || text.trim() === "") return undefined;
  return JSON.parse(text);
}

function resolveBaseUrl(tool: ToolSpec, values: Record<string, unknown>, override: string | undefined): { url: string } | { error: string } {
  if (override !== undefined) {
    const checked = checkAddress(override);
    if ("problem" in checked) return { error: `baseUrl: ${checked.problem}, got ${checked.withhold ? "(address with credentials withheld)" : JSON.stringify(override)}` };
    return { url: checked.origin };
  }
  const candidate = tool.server.param ? (values[tool.server.param] as string | undefined) : tool.server.default;
  if (!candidate) return { error: `no base address for ${tool.provider}: pass the baseUrl option` };
  return { url: candidate.replace(/\/+$/, "") };
}

function networkError(e: unknown): Failure & { code?: string } {
  const cause = (e as { cause?: { code?: string; message?: string } })?.cause;
  const code = cause?.code ?? (e as { code?: string })?.code;
  const detail = cause?.message ?? (e as Error)?.message ?? String(e);
  return { type: "network", message: `request failed: ${detail}`, ...(code ? { code } : {}), retryable: true };
}

/** Capped, jittered exponential backoff: ~0.5 s, 1 s, 2 s … up to 8 s. */
function backoff(attempt: number): number {
  const base = Math.min(8_000, 500 * 2 ** attempt);
  return Math.round(base * (0.75 + Math.random() * 0.5));
}
