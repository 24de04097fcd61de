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
export function startDeadline(
  timeoutMs: number,
  external?: AbortSignal,
  options: { abortable?: boolean } = {},
): Deadline {
  const at = performance.now() + timeoutMs;
  const controller = external || options.abortable ? new AbortController() : undefined;
  // The race under way's reject, and what stops the download under way: each told when the time runs out.
  let lose: ((e: unknown) => void) | undefined;
  let stop: (() => void) | undefined;
  const onAbort = () => {
    (deadline as { cancelled: boolean }).cancelled = true;
    controller?.abort(external?.reason);
    stop?.();
  };
  const deadline: Deadline = {
    timedOut: false,
    // A field the abort listener sets, not a getter: an object literal with a getter made each call about 3 µs slower.
    cancelled: false,
    remainingMs: () => Math.max(0, at - performance.now()),
    stopOnExpiry: (s) => {
      stop = s;
    },
    race: <T>(work: Promise<T>) =>
      new Promise<T>((resolve, reject) => {
        let lost = deadline.timedOut;
        lose = (e) => {
          lost = true;
          reject(e);
        };
        // A reply that comes too late is dropped: nobody waits for it.
        work.then(
          (value) => (lost ? discard(value) : resolve(value)),
          (e) => lost || reject(e),
        );
        if (lost) reject(new DeadlineExpired(timeoutMs));
      }),
    done() {
      lose = stop = undefined;
      clearTimeout(timer);
      external?.removeEventListener("abort", onAbort);
    },
  };
  if (controller) deadline.signal = controller.signal;
  const timer = setTimeout(() => {
    (deadline as { timedOut: boolean }).timedOut = true;
    const error = new DeadlineExpired(timeoutMs);
    controller?.abort(error);
    lose?.(error);
    stop?.();
  }, timeoutMs);
  if (external?.aborted) onAbort();
  else external?.addEventListener("abort", onAbort, { once: true });
  return deadline;
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
