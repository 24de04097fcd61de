// A wait is kept to the clock: a timer that fires before the clock reaches the end (Node's count from the event
// loop's cached time, on a loaded machine) is armed again for what is left, so a 429's retry never goes out before
// the reset time its reply named.
import { afterEach, describe, expect, it, vi } from "vitest";
import { sleep } from "./sleep.js";

const realSetTimeout = globalThis.setTimeout;

afterEach(() => vi.restoreAllMocks());

describe("sleep", () => {
  it("ends no earlier than its time by the clock when a timer fires early", async () => {
    // Every timer fires 8 ms before its time, as a stale loop time makes it.
    vi.spyOn(globalThis, "setTimeout").mockImplementation(((fn: () => void, ms?: number) =>
      realSetTimeout(fn, Math.max(0, (ms ?? 0) - 8))) as typeof setTimeout);
    const start = Date.now();
    expect(await sleep(30)).toBe(true);
    expect(Date.now() - start).toBeGreaterThanOrEqual(30);
  });

  it("ends at once, false, when its signal aborts", async () => {
    const controller = new AbortController();
    const waiting = sleep(60_000, controller.signal);
    controller.abort();
    expect(await waiting).toBe(false);
  });
});
