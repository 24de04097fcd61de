// Stopping a batch (linking, emitting, writing, comparing) between its
// steps. Its steps are synchronous, and a signal handler (Ctrl-C, SIGTERM)
// runs only when the event loop turns: each checkpoint lets it turn, then
// stops the batch if the signal was given.
import { setImmediate as turn } from "node:timers/promises";

export async function checkpoint(signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return;
  await turn();
  signal.throwIfAborted();
}

/** How long a loop computes between two turns of the event loop: a signal is handled well within a second. */
const SLICE_MS = 50;

/**
 * A checkpoint for a loop of many small steps: it lets the event loop turn
 * (and stops if the signal was given) once SLICE_MS have passed since the
 * last turn, so that a loop of thousands of steps pays for a few turns.
 */
export function pacer(signal: AbortSignal | undefined): () => Promise<void> {
  let last = performance.now();
  return async () => {
    if (!signal || performance.now() - last < SLICE_MS) return;
    await checkpoint(signal);
    last = performance.now();
  };
}
