// One synchronous call of seconds to minutes (a whole published document's parse, its link, openapi-typescript's
// transform of it) never lets the event loop turn, so a signal handler waits until it ends: `generate` on a 55 MB
// document stopped 78 s after SIGTERM. During such a stretch the command's own handlers (io.ts) are set aside, so that
// Ctrl-C or SIGTERM has its default effect and ends the process at once, which loses nothing: a generation renames
// nothing into place before its last provider is emitted, and what it staged the next one removes (files.ts).
const SIGNALS = ["SIGINT", "SIGTERM"] as const;

type Signal = (typeof SIGNALS)[number];

export class KillableStretch {
  // Typed as no particular signal's listener: @types/node's own type of them differs between its versions.
  private setAside?: Map<Signal, (() => void)[]>;

  /** Set the process's handlers of Ctrl-C and SIGTERM aside (once: entering again changes nothing). */
  enter(): void {
    if (this.setAside) return;
    this.setAside = new Map(SIGNALS.map((s) => [s, process.listeners(s) as (() => void)[]]));
    for (const s of SIGNALS) process.removeAllListeners(s);
  }

  /** Put the handlers back, in their order; a signal from now on is handled by them again. */
  leave(): void {
    const setAside = this.setAside;
    if (!setAside) return;
    this.setAside = undefined;
    for (const [s, listeners] of setAside) for (const listener of listeners) process.on(s, listener);
  }
}
