// The integers a call can send exactly: a JavaScript number holds an integer beyond ±(2^53−1) rounded (…601 is …600),
// so a call would send another integer than the caller meant (another resource's id), and JSON validators refuse it
// (int64's range in JavaScript). Refused wherever it stands: no bound a document states makes such a number exact.

/** "must be an integer", and why a whole number past the safe ones is none the call can send. */
export function integerRule(n: number): string {
  return `must be an integer${Number.isInteger(n) ? " within ±(2^53-1): a larger one is sent rounded" : ""}`;
}
