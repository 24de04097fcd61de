// The request rate an upstream documents (manifest `rateLimits.requestsPerMinute`),
// kept by every call that shares a limiter: createExecutor makes one per
// executor, a workflow run one per run. A sliding minute per provider: at
// most N requests start in any 60 s. Each request (a retry, a page) takes
// the next free turn, first come first served, and waits for it; a request
// whose turn would come after its call's deadline takes none and does not
// wait (the call fails at once, saying when a turn would be free).
//
// Requests to a loopback host (a mock, a test server) are not the upstream's
// and are not counted (single-call.ts decides). The clock and the wait can
// be given (tests run minutes of turns without waiting them).
import type { RuntimeErrorCode } from "./error-codes.js";
import { sleep as realSleep } from "../common/sleep.js";
import type { ToolCall } from "../spec/tool-types.js";
import type { Deadline } from "./deadline.js";
import type { Failure } from "./errors.js";
import { isLoopback } from "./hosts.js";

/** The tool fields whose effect this module gives (tool-field-readers.ts: each field has a reader; tool-field-readers.test.ts: each reader reads it). */
export const TOOL_FIELDS_READ = ["rateLimits"] as const satisfies readonly (keyof ToolCall)[];

const MINUTE_MS = 60_000;

export interface RateLimiterOptions {
  /** Milliseconds (default Date.now). */
  clock?: () => number;
  /** Wait `ms`; false when `signal` aborts first (default: a timer). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<boolean>;
}

export class RateLimiter {
  /** Per provider: the start times of its requests in the last minute and of those waiting for their turn, in order. */
  private readonly turns = new Map<string, number[]>();
  private readonly clock: () => number;
  private readonly sleepFor: (ms: number, signal?: AbortSignal) => Promise<boolean>;

  constructor(options: RateLimiterOptions = {}) {
    this.clock = options.clock ?? Date.now;
    this.sleepFor = options.sleep ?? realSleep;
  }

  /**
   * Take the next turn of `key` at `perMinute` requests a minute: the wait
   * until it (0: now); or, when it would come later than `withinMs` from
   * now, `{ later }`, the wait it would have been, and no turn is taken.
   */
  reserve(key: string, perMinute: number, withinMs: number): { waitMs: number } | { later: number } {
    const now = this.clock();
    let times = this.turns.get(key);
    if (!times) {
      times = [];
      this.turns.set(key, times);
    }
    // Starts more than a minute ago no longer count.
    let old = 0;
    while (old < times.length && (times[old] ?? 0) <= now - MINUTE_MS) old++;
    if (old) times.splice(0, old);
    const last = times[times.length - 1] ?? now;
    const freed = times.length >= perMinute ? (times[times.length - perMinute] ?? now) + MINUTE_MS : now;
    const at = Math.max(now, last, freed);
    const waitMs = at - now;
    if (waitMs > withinMs) return { later: waitMs };
    times.push(at);
    return { waitMs };
  }

  /** Wait for the turn of a request to `url` by `tool` (awaitTurn): undefined to send, or the failure. */
  turn(tool: Pick<ToolCall, "provider" | "rateLimits">, url: string, deadline: Deadline): Promise<Failure | undefined> {
    return awaitTurn(this, tool, url, deadline);
  }

  /** Wait for a reserved turn; false when the signal aborts first. */
  wait(ms: number, signal?: AbortSignal): Promise<boolean> {
    return ms <= 0 ? Promise.resolve(true) : this.sleepFor(ms, signal);
  }
}

/**
 * Wait for the turn of a request to `url` by `tool` (nothing to wait for
 * without a limiter, a declared rate, or on loopback); undefined to send, or
 * the failure — the turn would come after the deadline, or the caller
 * cancelled while it waited — and nothing was sent.
 */
export async function awaitTurn(limiter: RateLimiter | undefined, tool: Pick<ToolCall, "provider" | "rateLimits">, url: string, deadline: Deadline): Promise<Failure | undefined> {
  const perMinute = tool.rateLimits?.requestsPerMinute;
  if (!limiter || !perMinute || isLoopback(new URL(url).hostname)) return undefined;
  const turn = limiter.reserve(tool.provider, perMinute, deadline.remainingMs());
  if ("later" in turn) {
    return {
      type: "timeout",
      code: "RATE_LIMITED" satisfies RuntimeErrorCode,
      message: `${tool.provider} documents ${perMinute} requests a minute (rateLimits.requestsPerMinute) and as many have been sent or are waiting: this request's turn would come in ${Math.ceil(turn.later / 1000)} s, after the call's deadline; nothing was sent`,
      retryable: true,
      retryAfterMs: turn.later,
    };
  }
  let waited = true;
  try {
    if (turn.waitMs > 0) waited = await deadline.race(limiter.wait(turn.waitMs, deadline.signal));
  } catch {
    waited = false;
  }
  if (waited && !deadline.timedOut && !deadline.cancelled) return undefined;
  if (deadline.cancelled) return { type: "network", code: "ABORTED" satisfies RuntimeErrorCode, message: "the call was cancelled", retryable: false };
  return { type: "timeout", code: "RATE_LIMITED" satisfies RuntimeErrorCode, message: `the call's deadline came while this request waited for its turn (${tool.provider}: ${perMinute} requests a minute); nothing was sent`, retryable: true };
}
