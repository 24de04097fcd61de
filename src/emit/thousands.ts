// A whole number as the README writes it, its thousands separated by commas as en-US writes them (16,384).

let numberFormat: Intl.NumberFormat | undefined;

/**
 * `n` as `new Intl.NumberFormat("en-US").format(n)` writes it. By hand for a safe integer (every length and byte count
 * a README states): Intl's formatter loads its locale data when first made, 7–18 ms of a process's CPU, which
 * generate paid at the README emitter's load whether or not any README wrote a number (performance.md, the
 * fifty-first round). Any other number goes to that formatter, made then.
 */
export function thousands(n: number): string {
  if (!Number.isSafeInteger(n)) return (numberFormat ??= new Intl.NumberFormat("en-US")).format(n);
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ",");
  // Intl writes -0 with its sign.
  return n < 0 || Object.is(n, -0) ? `-${digits}` : digits;
}
