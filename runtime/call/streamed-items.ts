// The items of a stream between the call that reads them and the caller of
// `.items()` that takes them (`streamedItems`): one item waits at most, and the reading waits
// for it to be taken (`put`'s promise), so that a slow caller holds the
// download back rather than the items piling up.

/** A queue of one item at a time from a producer (`put`, `close`) to an async iteration. */
class ItemQueue implements AsyncIterable<unknown> {
  private readonly waiting: { item: unknown; taken: () => void }[] = [];
  private closed = false;
  private wake: (() => void) | undefined;

  /** Resolves once the item is taken. */
  put(item: unknown): Promise<void> {
    return new Promise((taken) => {
      this.waiting.push({ item, taken });
      this.wake?.();
    });
  }

  /** No more items: the iteration ends after those waiting. */
  close(): void {
    this.closed = true;
    this.wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<unknown> {
    for (;;) {
      const next = this.waiting.shift();
      if (next) {
        next.taken();
        yield next.item;
        continue;
      }
      if (this.closed) return;
      await new Promise<void>((wake) => {
        this.wake = wake;
      });
      this.wake = undefined;
    }
  }
}

/**
 * A stream's items as their lines arrive (the client's `.items()` of a tool answering one): `run` reads the
 * stream, handing each item over and waiting until it is taken; leaving early (`maxItems`, a caller's `break`)
 * aborts the reading. Gives the call's result once the stream has ended, nothing when it was left early.
 * Part of the files' support (file-support.ts), so that a package without streams bundles none of it.
 */
export async function* streamedItems<R>(
  run: (onItem: (item: unknown) => Promise<void>, signal: AbortSignal) => Promise<R>,
  given: AbortSignal | undefined,
  maxItems: number | undefined,
): AsyncGenerator<unknown, R | undefined> {
  const queue = new ItemQueue();
  const stop = new AbortController();
  const running = run((item) => queue.put(item), given ? AbortSignal.any([given, stop.signal]) : stop.signal).finally(
    () => queue.close(),
  );
  let taken = 0;
  try {
    if (maxItems !== undefined && maxItems <= 0) return undefined;
    for await (const item of queue) {
      yield item;
      if (maxItems !== undefined && ++taken >= maxItems) return undefined;
    }
    return await running;
  } finally {
    stop.abort();
    await running.catch(() => undefined);
  }
}
