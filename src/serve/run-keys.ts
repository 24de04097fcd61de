// The idempotency key a durable run's block sends (for the tools that declare
// an idempotency header): derived from the run, its replays and the block, so
// every attempt of one run's block, a resumed one included, sends the same key,
// and an upstream that took the call once takes it once; another run, or
// another block, sends another. A replay (`runs replay`, after the run failed
// or died) is a new intent: its calls send new keys, or an upstream that keeps
// its answer per key (an error included) would answer the replay with the dead
// run's error; the retries within one replay share theirs.
import { createHash } from "node:crypto";

/** `bw-` and 64 hex digits: visible ASCII, as an idempotency header takes. `replays` 0: the keys runs always sent. */
export function runKeyOf(runId: string, blockId: string, replays = 0): string {
  const named = replays === 0 ? `${runId}\u0000${blockId}` : `${runId}\u0000${blockId}\u0000${replays}`;
  return `bw-${createHash("sha256").update(named, "utf8").digest("hex")}`;
}
