// What `generate` and `diff` share as batches over the providers: progress
// on stderr while they link (one line redrawn on a terminal; otherwise a
// line at the start and one every few seconds), and stopping at once on
// Ctrl-C or SIGTERM, between two providers or two files.
import type { CliIo } from "./io.js";

/** Seconds between two progress lines when stderr is not a terminal. */
const PLAIN_EVERY_MS = 3000;
/** Redraws of the terminal line, at most. */
const LIVE_EVERY_MS = 100;

export interface Batch {
  /** Aborted when the user asks to stop. */
  signal: AbortSignal;
  /** Progress: `done` of `total` providers, `next` being linked now. */
  onProvider(done: number, total: number, next: string): void;
  /** Progress inside one provider whose document is large: the step that begins. */
  onStep(provider: string, step: string): void;
  /** Clears the terminal's progress line. */
  end(): void;
}

export function startBatch(io: CliIo, name: string): Batch {
  const controller = new AbortController();
  void io.interrupted.then(() => controller.abort());
  const started = performance.now();
  let last = -Infinity;
  let drawn = false;
  const live = io.stderr.isTTY === true;
  return {
    signal: controller.signal,
    onProvider(done, total, next) {
      const now = performance.now();
      if (live) {
        if (now - last < LIVE_EVERY_MS) return;
        io.stderr.write(`\r\x1b[2K${name}: ${done}/${total} providers, linking ${next}`);
        drawn = true;
      } else if (done === 0) {
        io.stderr.write(`${name}: ${total} provider${total === 1 ? "" : "s"} to link…\n`);
      } else if (now - last >= PLAIN_EVERY_MS) {
        io.stderr.write(`${name}: ${done} of ${total} providers linked (${((now - started) / 1000).toFixed(1)} s)\n`);
      } else return;
      last = now;
    },
    onStep(provider, step) {
      // Each step of a large document takes seconds: told at once, on the terminal's line or as a line of its own.
      if (live) {
        io.stderr.write(`\r\x1b[2K${name}: ${provider}: ${step}…`);
        drawn = true;
      } else io.stderr.write(`${name}: ${provider}: ${step}…\n`);
      last = performance.now();
    },
    end() {
      if (drawn) io.stderr.write("\r\x1b[2K");
      drawn = false;
    },
  };
}

/**
 * Whether `e` is the batch stopping because the user asked; if so, says
 * what was left as it was. Exit status 130, as for every interrupted command.
 */
export function stoppedByUser(batch: Batch, e: unknown, io: CliIo, name: string, left: string): number | undefined {
  if (!batch.signal.aborted || e !== batch.signal.reason) return undefined;
  batch.end();
  io.stderr.write(`${name}: interrupted: ${left}\n`);
  return 130;
}
