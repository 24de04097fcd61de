// What `generate` and `diff` share as batches over the providers: progress
// on stderr while they link (one line redrawn on a terminal; otherwise a
// line at the start and one every few seconds), and stopping at once on
// Ctrl-C or SIGTERM, between two providers or two files.
import { type CliIo, interruptedStatus, progressOf } from "./io.js";

/** Seconds between two progress lines when stderr is not a terminal. */
const PLAIN_EVERY_MS = 3000;
/** Redraws of the terminal line, at most. */
const LIVE_EVERY_MS = 100;

export interface Batch {
  /** Aborted when the user asks to stop. */
  signal: AbortSignal;
  /** Progress: `done` of `total` providers, `next` being linked now. */
  onProvider(done: number, total: number, next: string): void;
  /**
   * Progress inside one provider whose document is large: the step that begins. A step that is one synchronous call
   * (not `paced`: it never lets a signal handler run) is a killable stretch: Ctrl-C or SIGTERM ends the process at
   * once, until a paced step, the next provider or the batch's end.
   */
  onStep(provider: string, step: string, paced?: boolean): void;
  /** Clears the terminal's progress line. */
  end(): void;
  /** The signal that stopped it, once one did. */
  stoppedBy?: unknown;
}

export function startBatch(io: CliIo, name: string): Batch {
  const controller = new AbortController();
  const started = performance.now();
  let last = -Infinity;
  let drawn = false;
  const progress = progressOf(io);
  const live = progress.isTTY === true;
  const batch: Batch = {
    signal: controller.signal,
    onProvider(done, total, next) {
      io.stretch?.leave();
      const now = performance.now();
      if (live) {
        if (now - last < LIVE_EVERY_MS) return;
        progress.write(`\r\x1b[2K${name}: ${done}/${total} providers, linking ${next}`);
        drawn = true;
      } else if (done === 0) {
        progress.write(`${name}: ${total} provider${total === 1 ? "" : "s"} to link…\n`);
      } else if (now - last >= PLAIN_EVERY_MS) {
        progress.write(`${name}: ${done} of ${total} providers linked (${((now - started) / 1000).toFixed(1)} s)\n`);
      } else return;
      last = now;
    },
    onStep(provider, step, paced) {
      if (paced) io.stretch?.leave();
      else io.stretch?.enter();
      // Each step of a large document takes seconds: told at once, on the terminal's line or as a line of its own.
      if (live) {
        progress.write(`\r\x1b[2K${name}: ${provider}: ${step}…`);
        drawn = true;
      } else progress.write(`${name}: ${provider}: ${step}…\n`);
      last = performance.now();
    },
    end() {
      io.stretch?.leave();
      if (drawn) progress.write("\r\x1b[2K");
      drawn = false;
    },
  };
  void io.interrupted.then((signal) => {
    batch.stoppedBy = signal;
    controller.abort();
  });
  return batch;
}

/**
 * Whether `e` is the batch stopping because the user asked; if so, says
 * what was left as it was. Exit status 130 (Ctrl-C) or 143 (SIGTERM), as for every interrupted command.
 */
export function stoppedByUser(batch: Batch, e: unknown, io: CliIo, name: string, left: string): number | undefined {
  if (!batch.signal.aborted || e !== batch.signal.reason) return undefined;
  batch.end();
  io.stderr.write(`${name}: interrupted: ${left}\n`);
  return interruptedStatus(batch.stoppedBy);
}
