/**
 * The longest text a derived case makes to probe a length bound (2^24 characters, 16 MiB: documents' real bounds, a
 * path segment's 2 MiB or a field's 10 MiB, are probed). A bound past it is not: 2,147,483,647 (Java's largest int,
 * which some documents give a text they leave unbounded: AWS's `NextToken`) is past what a JavaScript string holds
 * (V8: about 2^29 characters, "Invalid string length"), and a request carrying even a tenth of it would test the
 * machine, not the bound. The runtime still checks such a bound as it checks any.
 */
export const PROBED_LENGTH_MAX = 2 ** 24;

/** Whether a case can make a text one past this maxLength. */
export function probesMaxLength(maxLength: number | undefined): maxLength is number {
  return maxLength !== undefined && maxLength < PROBED_LENGTH_MAX;
}
