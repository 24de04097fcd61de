// Upstream failures, whatever the provider's error body looks like, become one
// structured error: status, the upstream's code and message, request id and
// whether a retry could help; the fields the manifest names under
// `errors.details` (a parameter at fault, a decline code, a list of field
// errors) come along as they are, within bounds: an upstream's text is not
// trusted to be of a reasonable size (a message may be megabytes long). Each
// text is redacted before it is cut (outgoing-text.ts), so that no secret the
// upstream echoed straddles the cut.
import { evaluate, evaluateAll, type ExpressionContext } from "./expressions.js";
import { ERROR_TEXT_CHARS, redactThenCut } from "../common/outgoing-text.js";
import { quotaDetails } from "./quota-details.js";
import type { ErrorSpec, RateLimitSpec, ToolCall } from "../spec/tool-types.js";
import type { Failure } from "./errors.js";
import type { rateLimitWait } from "./rate-waits.js";

/**
 * The tool fields whose effect this module gives (tool-field-readers.ts: each field has a reader;
 * tool-field-readers.test.ts: each reader reads it).
 */
export const TOOL_FIELDS_READ = ["rateLimits", "errors"] as const satisfies readonly (keyof ToolCall)[];

export { ERROR_TEXT_CHARS };
/** Longest raw (not JSON) error body quoted as the message. */
const RAW_BODY_CHARS = 500;
/** Most items of a list, or keys of an object, kept in details; and how deep. */
const DETAIL_ITEMS = 100;
export const DETAIL_DEPTH = 8;

/** The parts of the runtime's support an upstream error may be read with (call/support.ts). */
export interface ErrorParts {
  /** The wait a 429 without Retry-After asks for, when the tool declares one (rate-waits.ts): `waits`. */
  waits?: typeof rateLimitWait | undefined;
  /** The message of an RFC 9457 problem the manifest's expressions found none in (problem-details.ts): `problems`. */
  problems?: ((response: Response, body: unknown) => string | undefined) | undefined;
}

/**
 * `attempt`: how many 429s came before this reply in the call (a provider's pause doubles with each);
 * `secrets`: the values the error must not show, redacted from each text before it is cut.
 */
export function upstreamError(
  tool: ToolCall,
  response: Response,
  body: unknown,
  attempt = 0,
  parts: ErrorParts = {},
  secrets: readonly string[] = [],
): Failure {
  // Each text redacted, then cut: a secret straddling the cut would show in part.
  const cut = (text: string, max = ERROR_TEXT_CHARS) => redactThenCut(text, secrets, max);
  const ctx: ExpressionContext = { status: response.status, body, headers: response.headers, params: {} };
  // The first expression that finds a value wins: not null, not empty text, nor `about:blank`, the RFC 9457 problem
  // type that says nothing beyond the status (a problem's code then its title, the next place drafted).
  const found = (refs: ErrorSpec["code"]): unknown => {
    for (const ref of refs) {
      const v = evaluate(ref, ctx);
      if (v !== undefined && v !== null && v !== "" && v !== "about:blank") return v;
    }
    return undefined;
  };
  const text = (v: unknown): string | undefined => (v === undefined || typeof v === "string" ? v : JSON.stringify(v));
  const code = text(found(tool.errors.code));
  const fullMessage = found(tool.errors.message);
  // The manifest's message, else an RFC 9457 problem's, else a body that is only text.
  const said = text(fullMessage) ?? parts.problems?.(response, body);
  const upstreamMessage =
    said !== undefined
      ? cut(said)
      : typeof body === "string" && body.trim()
        ? cut(body.trim(), RAW_BODY_CHARS)
        : undefined;
  // The manifest's expressions, else a request id header the answer has (whatever its status: a 404's too).
  const requestId = text(found(tool.errors.requestId)) ?? answerRequestId(tool, response.headers);
  // Typed details (quota-details.ts): a quota of a long window broken, and how long to wait, said whatever the manifest
  // declares.
  const typed = quotaDetails(body);
  const retryAfterMs =
    parseRetryAfter(response.headers.get("retry-after")) ??
    typed.retryDelayMs ??
    (response.status === 429 ? parts.waits?.(tool.rateLimits, response.headers, attempt) : undefined);
  // A quota used up (a daily one, an org's API limit) comes back later, not after a retry.
  const quota = tool.rateLimits?.quota;
  const usedUp =
    typed.longQuota !== undefined ||
    (quota !== undefined && quotaUsedUp(quota, ctx, typeof fullMessage === "string" ? fullMessage : upstreamMessage));
  const message = upstreamMessage ?? `HTTP ${statusLine(response)} with no error message`;
  const details: Record<string, unknown> = {};
  for (const [name, refs] of Object.entries(tool.errors.details ?? {})) {
    const value = found(refs);
    if (value !== undefined) details[name] = boundedCopy(value, DETAIL_DEPTH, cut);
  }
  // A quota used up says when it resets, when the answer tells how long to wait (a wait of nothing, Retry-After: 0,
  // tells no reset).
  const resetsAt = usedUp && retryAfterMs ? new Date(Date.now() + retryAfterMs).toISOString() : undefined;
  return {
    type: "upstream",
    status: response.status,
    message,
    ...(code !== undefined ? { code: cut(code) } : {}),
    ...(requestId !== undefined ? { requestId: cut(requestId) } : {}),
    retryable: tool.errors.retryableStatuses.includes(response.status) && !usedUp,
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    ...(resetsAt !== undefined ? { resetsAt } : {}),
    ...(usedUp ? { quotaExceeded: true as const } : {}),
    ...(Object.keys(details).length ? { details } : {}),
  };
}

/**
 * Whether the error says a quota is used up: any value any `from` expression
 * finds (every item of a list under a `*`: the reason of each error, the
 * ErrorInfo wherever it is in `details`) is one of `codes`, or the message
 * holds one of `messages` (letter case aside).
 */
function quotaUsedUp(
  quota: NonNullable<RateLimitSpec["quota"]>,
  ctx: ExpressionContext,
  message: string | undefined,
): boolean {
  const text = message?.toLowerCase();
  return (
    quota.from.some((ref) => evaluateAll(ref, ctx).some((value) => quota.codes.includes(value as string))) ||
    (quota.messages ?? []).some((m) => text?.includes(m.toLowerCase()))
  );
}

/** The request id headers of the common names, looked for when the manifest names none the answer has. */
const REQUEST_ID_HEADERS = ["x-request-id", "request-id"];

/**
 * The request id of an answer's headers: the header the manifest names for it (errors.requestId), else one of the
 * common names.
 */
export function answerRequestId(tool: Pick<ToolCall, "errors">, headers: Headers): string | undefined {
  for (const name of [
    ...tool.errors.requestId.flatMap((ref) => (ref.kind === "header" ? [ref.name] : [])),
    ...REQUEST_ID_HEADERS,
  ]) {
    const value = headers.get(name);
    if (value) return value;
  }
  return undefined;
}

/** The status and its text, as the reply gave them (`503 Service Unavailable`). */
export function statusLine(response: Response): string {
  return response.statusText ? `${response.status} ${response.statusText}` : String(response.status);
}

/**
 * A copy of a JSON value of the error body, its texts (each through `bounded`: redacted, then cut), lists, objects and
 * depth bounded.
 */
export function boundedCopy(value: unknown, depth: number, bounded: (text: string) => string): unknown {
  if (typeof value === "string") return bounded(value);
  if (value === null || typeof value !== "object") return value;
  if (depth === 0) return Array.isArray(value) ? [] : {};
  if (Array.isArray(value)) return value.slice(0, DETAIL_ITEMS).map((v) => boundedCopy(v, depth - 1, bounded));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).slice(0, DETAIL_ITEMS)) {
    Object.defineProperty(out, key, {
      value: boundedCopy((value as Record<string, unknown>)[key], depth - 1, bounded),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** `Retry-After` as seconds or an HTTP date → milliseconds from now. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
