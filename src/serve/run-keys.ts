// The idempotency key a durable run's block sends (for the tools that declare
// an idempotency header): derived from the run and the block, so every attempt
// of one run's block, a resumed one included, sends the same key, and an
// upstream that took the call once takes it once; another run, or another
// block, sends another.
import { createHash } from "node:crypto";

/** `bw-` and 64 hex digits: visible ASCII, as an idempotency header takes. */
export function runKeyOf(runId: string, blockId: string): string {
  return `bw-${createHash("sha256").update(`${runId}\u0000${blockId}`, "utf8").digest("hex")}`;
}
