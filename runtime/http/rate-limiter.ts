// The request rate an upstream documents (manifest `rateLimits.requestsPerMinute`),
// kept per provider and credential: an upstream counts a key's requests
// whichever client sends them, so one limiter in a process (RateLimiter.shared,
// on globalThis, so that two copies of the runtime share it too) is used by
// every client, executor, workflow run and one-off call. A sliding minute per
// provider and credential: at most N requests start in any 60 s. Each request
// (a retry, a page) takes the next free turn, first come first served, and
// waits for it; a request whose turn would come after its call's deadline
// takes none and does not wait (the call fails at once, saying when a turn
// would be free). The credential is kept as a salted hash, never as itself.
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

/**
 * The tool fields whose effect this module gives (tool-field-readers.ts: each field has a reader;
 * tool-field-readers.test.ts: each reader reads it).
 */
export const TOOL_FIELDS_READ = ["rateLimits"] as const satisfies readonly (keyof ToolCall)[];

const MINUTE_MS = 60_000;
/** A turn that is now (most are): one answer, not an object a turn. */
const NOW: { readonly waitMs: number } = Object.freeze({ waitMs: 0 });

export interface RateLimiterOptions {
  /** Milliseconds (default Date.now). */
  clock?: () => number;
  /** Wait `ms`; false when `signal` aborts first (default: a timer). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<boolean>;
}

/**
 * What the process's limiter keeps, on globalThis: the turns per provider and credential, and the salt of the
 * credentials' hashes.
 */
interface SharedTurns {
  turns: Map<string, number[]>;
  salt: string;
}

const SHARED = Symbol.for("blockwright.rateLimits");

export class RateLimiter {
  /**
   * Per provider and credential: the start times of its requests in the last minute and of those waiting for their
   * turn, in order.
   */
  private readonly turns: Map<string, number[]>;
  private readonly clock: () => number;
  private readonly sleepFor: (ms: number, signal?: AbortSignal) => Promise<boolean>;
  private static process: RateLimiter | undefined;

  /** A limiter of its own (tests give it a clock and a wait); the one every caller shares is RateLimiter.shared(). */
  constructor(options: RateLimiterOptions = {}, turns = new Map<string, number[]>()) {
    this.clock = options.clock ?? Date.now;
    this.sleepFor = options.sleep ?? realSleep;
    this.turns = turns;
  }

  /**
   * The process's limiter: every client, executor and call that is given no other keeps each provider's rate per
   * credential with it.
   */
  static shared(): RateLimiter {
    const global = globalThis as { [SHARED]?: SharedTurns };
    global[SHARED] ??= { turns: new Map(), salt: randomSalt() };
    RateLimiter.process ??= new RateLimiter({}, global[SHARED].turns);
    return RateLimiter.process;
  }

  /**
   * Take the next turn of `key` at `perMinute` requests a minute: the wait
   * until it (0: now); or, when it would come later than `withinMs` from
   * now (milliseconds, or a deadline's time left), `{ later }`, the wait it
   * would have been, and no turn is taken.
   */
  reserve(
    key: string,
    perMinute: number,
    withinMs: number | Pick<Deadline, "remainingMs">,
  ): { waitMs: number } | { later: number } {
    const now = this.clock();
    let times = this.turns.get(key);
    if (!times) {
      times = [];
      this.turns.set(key, times);
    }
    // The key idle for a minute (every start older, as a key sent from now and then has): this turn is now, in the
    // first start's slot, whatever the rate (no array's front trimmed, then grown again, no answer made).
    const latest = times[times.length - 1];
    if (latest !== undefined && latest <= now - MINUTE_MS && (typeof withinMs !== "number" || withinMs >= 0)) {
      // Its length set only when it is not 1 already (a key called now and then has one start): setting an array's
      // length is a call into the engine's runtime even when it does not change (20 ns a turn, Node 24).
      if (times.length > 1) times.length = 1;
      times[0] = now;
      return NOW;
    }
    // Starts more than a minute ago no longer count.
    // One at a time from the front: V8 trims an array's front in place (a splice made a new array of what it took).
    while ((times[0] ?? now) <= now - MINUTE_MS) times.shift();
    const last = times[times.length - 1] ?? now;
    const freed = times.length >= perMinute ? (times[times.length - perMinute] ?? now) + MINUTE_MS : now;
    const at = Math.max(now, last, freed);
    const waitMs = at - now;
    // A deadline's time left is read only for a turn that waits: a turn now fits any (its clock read 40 ns a turn).
    if (waitMs > (typeof withinMs === "number" ? withinMs : waitMs && withinMs.remainingMs())) return { later: waitMs };
    times.push(at);
    return waitMs ? { waitMs } : NOW;
  }

  /**
   * Wait for the turn of a request to `url` by `call` (counted against its credential: rateCredential): undefined to
   * send, or the failure; a promise of either only when there is a wait (see awaitTurn).
   */
  turn(call: RatedCall, url: string, deadline: Deadline): Turn {
    // No closure for the credential: it is worked out only past the checks, as awaitTurn's is.
    const perMinute = call.tool.rateLimits?.requestsPerMinute;
    if (!perMinute || loopbackAddress(url)) return undefined;
    return takeTurn(this, call.tool, perMinute, rateCredential(call), deadline);
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
export function awaitTurn(
  limiter: RateLimiter | undefined,
  tool: Pick<ToolCall, "provider" | "rateLimits">,
  url: string,
  deadline: Deadline,
  credential: () => string = () => "",
): Turn {
  const perMinute = tool.rateLimits?.requestsPerMinute;
  if (!limiter || !perMinute || loopbackAddress(url)) return undefined;
  return takeTurn(limiter, tool, perMinute, credential(), deadline);
}

/** Take the next turn of `credential` at `perMinute` (awaitTurn). */
function takeTurn(
  limiter: RateLimiter,
  tool: Pick<ToolCall, "provider">,
  perMinute: number,
  credential: string,
  deadline: Deadline,
): Turn {
  const turn = limiter.reserve(turnKey(tool.provider, credential), perMinute, deadline);
  if ("later" in turn) {
    return {
      type: "timeout",
      code: "RATE_LIMITED" satisfies RuntimeErrorCode,
      message:
        `${tool.provider} documents ${perMinute} requests a minute (rateLimits.requestsPerMinute) ` +
        `and as many have been sent or are waiting: this request's turn would come in ` +
        `${Math.ceil(turn.later / 1000)} s, after the call's deadline; nothing was sent`,
      retryable: true,
      retryAfterMs: turn.later,
    };
  }
  // A turn that is now, as most are: nothing to await (an await of a settled promise is a microtask more a call).
  return turn.waitMs > 0 || deadline.timedOut || deadline.cancelled
    ? waitTurn(limiter, tool, perMinute, turn.waitMs, deadline)
    : undefined;
}

/** A request's turn: undefined to send now, the failure, or a wait that brings one of the two. */
export type Turn = Failure | undefined | Promise<Failure | undefined>;

/** Wait `waitMs` for a reserved turn (see awaitTurn). */
async function waitTurn(
  limiter: RateLimiter,
  tool: Pick<ToolCall, "provider">,
  perMinute: number,
  waitMs: number,
  deadline: Deadline,
): Promise<Failure | undefined> {
  let waited = true;
  try {
    if (waitMs > 0) waited = await deadline.race(limiter.wait(waitMs, deadline.signal));
  } catch {
    waited = false;
  }
  if (waited && !deadline.timedOut && !deadline.cancelled) return undefined;
  if (deadline.cancelled)
    return {
      type: "network",
      code: "ABORTED" satisfies RuntimeErrorCode,
      message: "the call was cancelled",
      retryable: false,
    };
  return {
    type: "timeout",
    code: "RATE_LIMITED" satisfies RuntimeErrorCode,
    message:
      `the call's deadline came while this request waited for its turn (${tool.provider}: ${perMinute} ` +
      `requests a minute); nothing was sent`,
    retryable: true,
  };
}

// An address's scheme and host as written, when nothing but a path, a query or a fragment follows (no user info).
const ORIGIN_TEXT = /^[a-z][a-z\d+.-]*:\/\/[^/?#@\\]*(?=[/?#]|$)/i;
let lastOrigin: { text: string; loopback: boolean } | undefined;

/**
 * Whether an address's host is loopback: parsed once for the last origin asked (a URL parsed on every request cost a
 * rated call 0.3 µs).
 */
function loopbackAddress(url: string): boolean {
  // The last origin's address again (the expression's match would be that origin): no expression run.
  const last = lastOrigin;
  if (last && url.startsWith(last.text) && originEnds(url, last.text.length)) return last.loopback;
  const text = ORIGIN_TEXT.exec(url)?.[0];
  if (text === undefined) return isLoopback(new URL(url).hostname);
  if (lastOrigin?.text !== text) lastOrigin = { text, loopback: isLoopback(new URL(text).hostname) };
  return lastOrigin.loopback;
}

/** Whether an origin's text ends at `at` of `url`: a path, a query, a fragment or nothing follows (ORIGIN_TEXT). */
function originEnds(url: string, at: number): boolean {
  // Nothing past the end; else `/`, `?` or `#`, by its code: no string of the character looked for in a list.
  if (at >= url.length) return true;
  const c = url.charCodeAt(at);
  return c === 47 || c === 63 || c === 35;
}

/** A call as the limiter counts it: its tool, its values, and whom it is counted against once known. */
export interface RatedCall {
  tool: Pick<ToolCall, "provider" | "rateLimits" | "params">;
  values: Record<string, unknown>;
  rateCredential?: string;
}

/**
 * Whom the upstream counts a call's requests against: the values of its credential parameters (its auth's and its
 * flows', the wire `auth`), as given, worked out once per call; the limiter keeps only their hash (credentialHash).
 */
function rateCredential(call: RatedCall): string {
  if (call.rateCredential === undefined) {
    let text: string | undefined;
    for (const p of call.tool.params) {
      const v = p.wire.in === "auth" ? call.values[p.name] : undefined;
      if (typeof v === "string" && v !== "") text = text === undefined ? v : `${text}\u0000${v}`;
    }
    call.rateCredential = text ?? "";
  }
  return call.rateCredential;
}

/**
 * A credential's key in the limiter: a salted 64-bit hash (two 32-bit lanes), never the credential, so that the
 * limiter's keys, which live as long as the process, hold no secret. Not for security against a guess: only so that
 * the text is not kept. Synchronous (WebCrypto's digest is not, and is absent outside secure contexts).
 */
export function credentialHash(credential: string): string {
  hashLanes(credential);
  return hashText(lane1, lane2);
}

/** Two numbers and a separator between them: no padding needed to keep two hashes apart. */
const hashText = (h1: number, h2: number) => `${(h2 >>> 0).toString(36)}.${(h1 >>> 0).toString(36)}`;

/**
 * The limiter's key of a provider and credential (`provider`, a NUL, credentialHash), made once per credential: its
 * two numbers in base 36 and the join cost every turn about 200 ns. Kept by the hash's lanes, never by the credential.
 */
function turnKey(provider: string, credential: string): string {
  hashLanes(credential);
  const h1 = lane1;
  const h2 = lane2;
  // The last turn's key again (a process that calls one provider with one credential): no look in the two maps.
  if (lastH1 === h1 && lastH2 === h2 && lastProvider === provider) return lastKey;
  let byHash = turnKeys.get(provider);
  if (!byHash) turnKeys.set(provider, (byHash = new Map()));
  let known = byHash.get(h1);
  if (known?.h2 !== h2) {
    if (byHash.size >= 1024) byHash.clear();
    known = { h2, key: `${provider}\u0000${hashText(h1, h2)}` };
    byHash.set(h1, known);
  }
  lastProvider = provider;
  lastH1 = h1;
  lastH2 = h2;
  lastKey = known.key;
  return lastKey;
}

/** turnKey's last: its provider, its hash's lanes and its key (numbers and texts, no object made on each change). */
let lastProvider = "";
let lastH1 = 0;
let lastH2 = 0;
let lastKey = "";

const turnKeys = new Map<string, Map<number, { h2: number; key: string }>>();

let saltLanes: { salt: string | undefined; lanes: [number, number] } = { salt: undefined, lanes: [0, 0] };
/** hashLanes's result: two numbers, not an array made on every turn. */
let lane1 = 0;
let lane2 = 0;

/** The two finished lanes of credentialHash of `credential`, into lane1 and lane2. */
function hashLanes(credential: string): void {
  const salt = (globalThis as { [SHARED]?: SharedTurns })[SHARED]?.salt ?? "";
  // The lanes after the salt, worked out once per salt: the salt is twice as long as a key, and the same on every call.
  if (saltLanes.salt !== salt) saltLanes = { salt, lanes: mixed(0xdeadbeef, 0x41c6ce57, salt) };
  // The credential's mixing in place: no array of the two made on every turn.
  let h1 = saltLanes.lanes[0];
  let h2 = saltLanes.lanes[1];
  for (let i = 0; i < credential.length; i++) {
    const c = credential.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  lane1 = h1;
  lane2 = h2;
}

/** The two lanes after `text`, from `h1` and `h2`. */
function mixed(h1: number, h2: number, text: string): [number, number] {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  return [h1, h2];
}

function randomSalt(): string {
  const random = globalThis.crypto?.getRandomValues?.bind(globalThis.crypto);
  if (!random) return String(Math.random());
  return Array.from(random(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}
