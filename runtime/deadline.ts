// One call's deadline and cancellation. An AbortSignal on a Request costs
// undici about 27 µs (five times the Request itself), so a signal is made
// only when the caller gives one to follow (workflows, Ctrl-C): then the
// timeout aborts the request at the network level. Otherwise the timeout
// races the call — the caller gets its answer in time — and a reply that
// arrives after it is dropped.

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
  /** The caller's signal aborted. */
  readonly cancelled: boolean;
  /** Stop the timer and the listening; call once the call is over. */
  done(): void;
}

export function startDeadline(timeoutMs: number, external?: AbortSignal): Deadline {
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const controller = external ? new AbortController() : undefined;
  const onAbort = () => controller?.abort(external?.reason);
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      const error = new DeadlineExpired(timeoutMs);
      controller?.abort(error);
      reject(error);
    }, timeoutMs);
  });
  expired.catch(() => undefined); // observed by race(); no unhandled rejection when nobody waits
  if (external) {
    if (external.aborted) onAbort();
    else external.addEventListener("abort", onAbort, { once: true });
  }
  return {
    ...(controller ? { signal: controller.signal } : {}),
    race: (work) => Promise.race([work, expired]),
    get timedOut() {
      return timedOut;
    },
    get cancelled() {
      return external?.aborted ?? false;
    },
    done() {
      clearTimeout(timer);
      external?.removeEventListener("abort", onAbort);
    },
  };
}
