// The items of a stream between the call that reads them and the caller of
// `.items()` that takes them: one item waits at most, and the reading waits
// for it to be taken (`put`'s promise), so that a slow caller holds the
// download back rather than the items piling up.

/** A queue of one item at a time from a producer (`put`, `close`) to an async iteration. */
export class ItemQueue implements AsyncIterable<unknown> {
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
