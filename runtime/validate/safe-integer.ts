// The integers a call can send exactly: a JavaScript number holds an integer beyond ±(2^53−1) rounded.
/**
 * Why an integer beyond ±(2^53−1) is refused: a JavaScript number holds it rounded (…601 is …600), so the call would
 * send another integer than the caller meant (another resource's id), and JSON validators refuse it (int64's range in
 * JavaScript). Allowed where the parameter's own bounds leave no safe integer.
 */
export const UNSAFE_INTEGER =
  "must be a whole number within ±9007199254740991 (2^53−1): a JavaScript number holds a larger one rounded, so " +
  "another integer would be sent";

/** Whether an integer is beyond the safe range where the bounds `minimum`..`maximum` allow a safe one. */
export function beyondSafe(n: number, minimum: number | undefined, maximum: number | undefined): boolean {
  if (Number.isSafeInteger(n)) return false;
  return !(
    (minimum !== undefined && minimum > Number.MAX_SAFE_INTEGER) ||
    (maximum !== undefined && maximum < Number.MIN_SAFE_INTEGER)
  );
}
