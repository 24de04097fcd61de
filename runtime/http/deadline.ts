// One call's deadline and cancellation. An AbortSignal on a Request costs
// undici about 27 µs (five times the Request itself), so a signal is made
// only when the caller gives one to follow (workflows, Ctrl-C): then the
// timeout aborts the request at the network level. Otherwise the timeout
// races the call — the caller gets its answer in time — and a reply that
// arrives after it is dropped, its body cancelled so that its connection
// closes (`discard`).
//
// Without a signal the body would still download after the deadline (an
// endless one for ever): the body being read is registered with `stopOnExpiry`,
// and cancelled when the time runs out or the caller cancels.
//
// One timer serves every deadline under way (the timer armed for the
// earliest), held open while one is: a timer of each call's own (setTimeout,
// clearTimeout and their closure) was 6 % of a call on Node 24 (books and
// persondata ×0.93 without any, 2026-11-27; performance.md). The timer is
// kept past the last call, unreferenced (it holds no process open), and
// referenced again by the next; a browser's timer has no such hold, nor the
// methods. The deadlines under way are an array each removes itself from by
// swapping the last into its slot: a Set's add and delete (an identity hash for
// each new deadline, a table shrunk at the last delete) were about 60 ns and
// 270 bytes of garbage a call (2026-11-27, twelfth round; performance.md).

export class DeadlineExpired extends Error {
  constructor(timeoutMs: number) {
    super(`no complete answer within ${timeoutMs} ms`);
    this.name = "TimeoutError";
  }
}

export interface Deadline {
  /** Abort signal for the request, when the caller asked for cancellation. */
  signal?: AbortSignal;
  /** `work`, or a DeadlineExpired rejection when time runs out first. */
  race<T>(work: Promise<T>): Promise<T>;
  /** The time ran out (not the caller's cancel). */
  readonly timedOut: boolean;
  /** Milliseconds until the time runs out (0 once it has). */
  remainingMs(): number;
  /** The caller's signal aborted. */
  readonly cancelled: boolean;
  /**
   * What stops the download under way (cancel a body's reader) when the time runs out or the caller cancels; undefined
   * once it is over.
   */
  stopOnExpiry(stop: (() => void) | undefined): void;
  /** Stop the timer and the listening; call once the call is over. */
  done(): void;
}

/**
 * A deadline `timeoutMs` from now that follows the caller's signal, if any.
 * `abortable`: give the request a signal even when the caller gives none, so
 * that the time running out aborts it at the network level (a request that
 * gets no answer at all, which racing alone would leave open).
 */
export function startDeadline(timeoutMs: number, external?: AbortSignal, options?: { abortable?: boolean }): Deadline {
  return new CallDeadline(timeoutMs, external, external || options?.abortable ? new AbortController() : undefined);
}

/**
 * A deadline under way: a class whose methods are shared (an object of closures made five functions a call), its own
 * members private (a bundle shortens their names).
 */
class CallDeadline implements Deadline {
  static #live: CallDeadline[] = [];
  static #timer: ReturnType<typeof setTimeout> | undefined;
  static #timerAt = Infinity;

  signal?: AbortSignal;
  timedOut = false;
  // A field the abort listener sets, not a getter: an object literal with a getter made each call about 3 µs slower.
  cancelled = false;
  #timeoutMs: number;
  #at: number;
  #external: AbortSignal | undefined;
  #controller: AbortController | undefined;
  /** The race under way's reject, and what stops the download under way: each told when the time runs out. */
  #lose: ((e: unknown) => void) | undefined;
  #stop: (() => void) | undefined;
  #onAbort: (() => void) | undefined;
  /** Its index in #live, -1 once it has left. */
  #slot: number;

  constructor(timeoutMs: number, external: AbortSignal | undefined, controller: AbortController | undefined) {
    this.#timeoutMs = timeoutMs;
    this.#at = performance.now() + timeoutMs;
    this.#external = external;
    this.#controller = controller;
    if (controller) this.signal = controller.signal;
    // Held open again while a deadline is under way.
    if (!CallDeadline.#live.length) (CallDeadline.#timer as { ref?: () => void } | undefined)?.ref?.();
    this.#slot = CallDeadline.#live.push(this) - 1;
    if (this.#at < CallDeadline.#timerAt) CallDeadline.#arm(this.#at);
    if (!external) return;
    this.#onAbort = () => {
      this.cancelled = true;
      controller?.abort(external.reason);
      this.#stop?.();
    };
    if (external.aborted) this.#onAbort();
    else external.addEventListener("abort", this.#onAbort, { once: true });
  }

  remainingMs(): number {
    return Math.max(0, this.#at - performance.now());
  }

  stopOnExpiry(stop: (() => void) | undefined): void {
    this.#stop = stop;
  }

  race<T>(work: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      // Told when the time runs out (after timedOut is set): no closure of its own.
      this.#lose = reject;
      // A reply that comes too late is dropped: nobody waits for it. A failure is the race's as it is (no closure of
      // its own): once the time has run out, the race is lost and a rejection does nothing.
      work.then((value) => (this.timedOut ? discard(value) : resolve(value)), reject);
      if (this.timedOut) reject(new DeadlineExpired(this.#timeoutMs));
    });
  }

  done(): void {
    this.#lose = this.#stop = undefined;
    this.#leave();
    if (this.#onAbort) this.#external?.removeEventListener("abort", this.#onAbort);
  }

  /** Out of the deadlines under way (once: one that expired left them then); the timer holds no process open then. */
  #leave(): void {
    const live = CallDeadline.#live;
    const slot = this.#slot;
    if (slot < 0) return;
    this.#slot = -1;
    const last = live.pop() as CallDeadline;
    if (last !== this) live[(last.#slot = slot)] = last;
    if (!live.length) (CallDeadline.#timer as { unref?: () => void } | undefined)?.unref?.();
  }

  static #arm(at: number): void {
    clearTimeout(CallDeadline.#timer);
    CallDeadline.#timerAt = at;
    // A delay past a timer's range (2³¹ − 1 ms, about 25 days) would fire at once, again and again: the timer fires at
    // its end and is armed anew. One already past needs no floor: a timer takes a negative delay as none (HTML's
    // timers) or as 1 ms (Node's), as it takes 0.
    CallDeadline.#timer = setTimeout(CallDeadline.#expireDue, Math.min(2 ** 31 - 1, at - performance.now()));
  }

  /** End every deadline due (a timer may fire up to a millisecond before the clock says), and arm for the next. */
  static #expireDue(): void {
    CallDeadline.#timerAt = Infinity;
    const now = performance.now() + 1;
    // In the order they are due, not of #live (a call that left moved the last into its place): on a busy machine a
    // timer fires late, and several are due at once. A copy: an expired one leaves #live.
    for (const d of CallDeadline.#live.slice().sort((a, b) => a.#at - b.#at)) {
      // The first not due is the next: armed for, unless one started while these expired (an abort's listener) has
      // armed the timer for itself, earlier.
      if (d.#at > now) return void (d.#at < CallDeadline.#timerAt && CallDeadline.#arm(d.#at));
      // Not one done meanwhile (an abort's listener may end a call).
      if (d.#slot >= 0) {
        d.#leave();
        d.timedOut = true;
        const error = new DeadlineExpired(d.#timeoutMs);
        d.#controller?.abort(error);
        d.#lose?.(error);
        d.#stop?.();
      }
    }
  }
}

/**
 * What a lost race's work brings once the caller has its time-out: a reply
 * that came too late has its body cancelled, so that its connection closes at
 * once — left unread, it would stay open (an endless one downloading) until
 * the garbage collector found the Response.
 */
function discard(value: unknown): void {
  const body = (value as { body?: unknown } | null | undefined)?.body;
  if (body instanceof ReadableStream && !body.locked) body.cancel().catch(() => undefined);
}
