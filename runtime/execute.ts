// Running one tool: validate, build the request, send it through the
// provider's openapi-fetch client, then map the reply to outputs or to the
// structured error. Retries only idempotent requests, honouring Retry-After.
import { createProviderClient, type FetchLike } from "./client.js";
import { buildRequest, chooseRoute } from "./build-request.js";
import type { ToolError, ToolResult } from "./errors.js";
import { mapOutputs } from "./map-outputs.js";
import { redactDeep } from "./redact.js";
import { sleep } from "./sleep.js";
import type { ToolSpec } from "./tool-types.js";
import { upstreamError } from "./upstream-error.js";
import { validateParams } from "./validate-params.js";

export interface ExecuteOptions {
  /** Scheme and host to send the request to, instead of the provider's own (mocks, sandboxes). */
  baseUrl?: string;
  /** The fetch to use (tests inject one; defaults to the global fetch). */
  fetch?: FetchLike;
  signal?: AbortSignal;
  /** Deadline for the whole call, retries included. Default 30 s. */
  timeoutMs?: number;
  /** Retries of idempotent requests after a retryable failure. Default 2. */
  retries?: number;
  /** Longest wait honoured before a retry; a longer Retry-After ends the call. Default 30 s. */
  maxRetryDelayMs?: number;
}

const IDEMPOTENT = new Set(["GET", "HEAD", "PUT", "DELETE", "OPTIONS"]);

export async function executeToolDefinition(tool: ToolSpec, params: Record<string, unknown> | undefined, options: ExecuteOptions = {}): Promise<ToolResult> {
  const input = params ?? {};
  const secrets = tool.params.filter((p) => p.secret && typeof input[p.name] === "string").map((p) => input[p.name] as string);
  const fail = (error: Omit<ToolError, "provider" | "operation">): ToolResult => ({
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
  const request = buildRequest(tool, values, validated.unsent, route);
  const client = createProviderClient<Record<string, never>>(tool.auth, {
    baseUrl: baseUrl.url,
    credential: String(values[tool.auth.param]),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 30_000);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const retries = IDEMPOTENT.has(target.method) ? (options.retries ?? 2) : 0;
  const maxDelay = options.maxRetryDelayMs ?? 30_000;

  for (let attempt = 0; ; attempt++) {
    let response: Response;
    let text: string | undefined;
    try {
      const reply = await (client.request as unknown as SendFn)(target.method.toLowerCase(), target.path, {
        params: { path: request.path, query: request.query, header: request.header },
        ...(request.body !== undefined ? { body: request.body } : {}),
        parseAs: "text",
        signal,
      });
      response = reply.response;
      text = typeof reply.data === "string" ? reply.data : reply.error === undefined ? undefined : typeof reply.error === "string" ? reply.error : JSON.stringify(reply.error);
    } catch (e) {
      if (timeout.aborted) return fail({ type: "timeout", message: `no complete answer within ${options.timeoutMs ?? 30_000} ms`, retryable: true });
      if (options.signal?.aborted) return fail({ type: "network", message: "the call was cancelled", code: "ABORTED", retryable: false });
      const error = networkError(e);
      if (attempt < retries && (await sleep(backoff(attempt), signal))) continue;
      return fail(error);
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
      return { success: true, output: mapOutputs(outputs, ctx) };
    }

    let body: unknown = text;
    try {
      body = parseBody(text);
    } catch {
      // keep the text: the error message is then the raw body
    }
    const error = upstreamError(tool, response, body);
    const wait = error.retryAfterMs ?? backoff(attempt);
    if (error.retryable && attempt < retries && wait <= maxDelay && (await sleep(wait, signal))) continue;
    return fail(error);
  }
}

type SendFn = (
  method: string,
  path: string,
  init: Record<string, unknown>,
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

function parseBody(text: string | undefined): unknown {
  if (text === undefined || text.trim() === "") return undefined;
  return JSON.parse(text);
}

function resolveBaseUrl(tool: ToolSpec, values: Record<string, unknown>, override: string | undefined): { url: string } | { error: string } {
  const candidate = override ?? (tool.server.param ? (values[tool.server.param] as string | undefined) : tool.server.default);
  if (!candidate) return { error: `no base address for ${tool.provider}: pass the baseUrl option` };
  try {
    const url = new URL(candidate);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("scheme");
  } catch {
    return { error: `baseUrl: must be an http(s) address, got ${JSON.stringify(candidate)}` };
  }
  return { url: candidate.replace(/\/+$/, "") };
}

function networkError(e: unknown): Omit<ToolError, "provider" | "operation"> {
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
