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
// Each deadline has a timer of its own, cleared when its call is over, so it
// holds the process open only while the call is under way. One timer shared
// by every deadline measured no faster per call (`npm run bench -- call`:
// executeTool 1.19–1.22× openapi-fetch with either) and cost every package's
// bundle 160 bytes gzip.

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
  /** What stops the download under way (cancel a body's reader) when the time runs out or the caller cancels; undefined once it is over. */
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
export function startDeadline(timeoutMs: number, external?: AbortSignal, options: { abortable?: boolean } = {}): Deadline {
  return new CallDeadline(timeoutMs, external, options.abortable === true);
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

// A class rather than closures: a call allocates one small object for its deadline.
// Fields declared, not defined: each is set in the constructor or later (a defined field costs a package's bundle its declaration).
class CallDeadline implements Deadline {
  declare readonly at: number;
  declare readonly signal?: AbortSignal;
  timedOut = false;
  declare private rejectRace: ((e: unknown) => void) | undefined;
  declare private stop: (() => void) | undefined;
  declare private readonly controller: AbortController | undefined;
  declare private readonly onAbort: (() => void) | undefined;
  declare private readonly timeoutMs: number;
  declare private readonly external: AbortSignal | undefined;
  declare private readonly timer: ReturnType<typeof setTimeout>;

  constructor(timeoutMs: number, external: AbortSignal | undefined, abortable: boolean) {
    this.timeoutMs = timeoutMs;
    this.external = external;
    this.at = performance.now() + timeoutMs;
    this.timer = setTimeout(() => this.expire(), timeoutMs);
    if (external || abortable) {
      const controller = (this.controller = new AbortController());
      this.signal = controller.signal;
    }
    if (external && this.controller) {
      const controller = this.controller;
      this.onAbort = () => {
        controller.abort(external.reason);
        this.stop?.();
      };
      if (external.aborted) this.onAbort();
      else external.addEventListener("abort", this.onAbort, { once: true });
    }
  }

  remainingMs(): number {
    return Math.max(0, this.at - performance.now());
  }

  get cancelled(): boolean {
    return this.external?.aborted ?? false;
  }

  expire(): void {
    this.timedOut = true;
    const error = new DeadlineExpired(this.timeoutMs);
    this.controller?.abort(error);
    this.rejectRace?.(error);
    this.stop?.();
  }

  stopOnExpiry(stop: (() => void) | undefined): void {
    this.stop = stop;
  }

  race<T>(work: Promise<T>): Promise<T> {
    if (this.timedOut) {
      work.then(discard, () => undefined); // dropped: nobody waits for it
      return Promise.reject(new DeadlineExpired(this.timeoutMs));
    }
    return new Promise<T>((resolve, reject) => {
      let lost = false;
      this.rejectRace = (e) => {
        lost = true;
        reject(e);
      };
      work.then((value) => (lost ? discard(value) : resolve(value)), reject);
    });
  }

  done(): void {
    this.rejectRace = undefined;
    this.stop = undefined;
    clearTimeout(this.timer);
    if (this.onAbort) this.external?.removeEventListener("abort", this.onAbort);
  }
}
