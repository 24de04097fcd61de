// The wait a 429 without Retry-After asks for, when the manifest says how the
// upstream tells it (`rateLimits.resetHeader`: the time its window resets;
// `rateLimits.pauseMs`: a pause, doubling with each further 429), as a part
// of the runtime's support (call/support.ts `waits`, exported as
// `rateLimitWaits`): a provider that declares neither bundles none of it, and
// its 429s wait for Retry-After or the runtime's backoff (upstream-error.ts).
import type { RateLimitSpec } from "../spec/tool-types.js";

/** The wait a 429 without Retry-After asks for: until the manifest's reset header's time, else its pause (doubling). */
export function rateLimitWait(
  limits: RateLimitSpec | undefined,
  headers: Headers,
  attempt: number,
  now = Date.now(),
): number | undefined {
  if (!limits) return undefined;
  const reset = limits.resetHeader ? parseResetTime(headers.get(limits.resetHeader), now) : undefined;
  if (reset !== undefined) return reset;
  return limits.pauseMs !== undefined ? limits.pauseMs * 2 ** attempt : undefined;
}

/**
 * A rate-limit window's reset → milliseconds from now: a Unix time in
 * milliseconds or seconds (a number past 2001 in either), seconds from now
 * (a smaller number), or a date. A time already past is 0.
 */
export function parseResetTime(header: string | null, now = Date.now()): number | undefined {
  const text = header?.trim();
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) {
    const n = Number(text);
    if (n >= 1e12) return Math.max(0, Math.round(n - now));
    if (n >= 1e9) return Math.max(0, Math.round(n * 1000 - now));
    return Math.round(n * 1000);
  }
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Whether a tool's 429s need the part: its manifest names a reset header or a pause. */
export function waitsNeeded(tool: { rateLimits?: RateLimitSpec | undefined }): boolean {
  return tool.rateLimits?.resetHeader !== undefined || tool.rateLimits?.pauseMs !== undefined;
}
