// Stopping a batch (linking, emitting, writing) between its steps. Its
// steps are synchronous, and a signal handler (Ctrl-C, SIGTERM) runs only
// when the event loop turns: each checkpoint lets it turn, then stops the
// batch if the signal was given.
import { setImmediate as turn } from "node:timers/promises";

export async function checkpoint(signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return;
  await turn();
  signal.throwIfAborted();
}
