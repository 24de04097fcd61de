// How long a test waits for something before it says what never came: a
// hang guard, never a measure of speed. Minutes, so that a test passes on a
// busy machine (`npm run test:busy`: four times as many running processes as
// cores), and below Vitest's own backstop (vitest.config.ts, 300 s), so that
// a hang fails with the name of what it waited for.
export const HANG_GUARD_MS = 240_000;

/** Waits, by polling, until `done` holds; fails naming `what` after HANG_GUARD_MS. */
export async function until(done: () => boolean | Promise<boolean>, what: string, intervalMs = 20): Promise<void> {
  const limit = Date.now() + HANG_GUARD_MS;
  while (!(await done())) {
    if (Date.now() > limit) throw new Error(`never: ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** `promise`, or a failure naming `what` after HANG_GUARD_MS. */
export function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`never: ${what}`)), HANG_GUARD_MS);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}
