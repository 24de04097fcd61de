/**
 * Wait `ms` by the clock; resolves false when the signal ends the wait first. A timer counts from the event loop's
 * cached time and may fire a little before the clock reaches the end (a 429's wait until its reset time retried 1 ms
 * inside the window on a loaded machine): it is armed again for what is left.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  const end = Date.now() + ms;
  return new Promise((resolve) => {
    const wake = () => {
      if (Date.now() < end) timer = setTimeout(wake, end - Date.now());
      else {
        signal?.removeEventListener("abort", onAbort);
        resolve(true);
      }
    };
    let timer = setTimeout(wake, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
