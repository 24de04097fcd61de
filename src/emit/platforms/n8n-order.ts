// The order n8n's linter wants a node's options in: eslint-plugin-n8n-nodes-base sorts them with
// `a.name.localeCompare(b.name)`, Unicode's collation as ICU gives it. A name of printable ASCII is ordered here by
// that collation's table for those characters (what `localeCompare(…, "en")` gives, which n8n-order.test.ts checks
// against Node's own), so that generate neither loads Intl's collation (about 6 ms of a process's CPU at its first use)
// nor depends on the machine's ICU for such names; any other name still goes to localeCompare.

/** The printable ASCII characters in the collation's order; a letter and its capital are one place. */
const ORDER = " _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$0123456789aAbBcCdDeEfFgGhHiIjJkKlLmMnNoOpPqQrRsStTuUvVwWxXyYzZ";

/** The place of each printable ASCII character in ORDER (its primary weight): a capital shares its letter's. */
const RANK = (() => {
  const rank = new Int16Array(128);
  let place = 0;
  for (const c of ORDER) {
    const code = c.charCodeAt(0);
    rank[code] = code >= 65 && code <= 90 ? place : ++place;
  }
  return rank;
})();

const PRINTABLE = /^[\x20-\x7e]*$/;
const capital = (s: string, i: number) => (s.charCodeAt(i) >= 65 && s.charCodeAt(i) <= 90 ? 1 : 0);

/**
 * -1, 0 or 1 as `a.localeCompare(b, "en")`: by the characters' places, then the first case that differs (lower first).
 */
export function n8nOrder(a: string, b: string): number {
  if (!PRINTABLE.test(a) || !PRINTABLE.test(b)) return Math.sign(a.localeCompare(b, "en"));
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = (RANK[a.charCodeAt(i)] as number) - (RANK[b.charCodeAt(i)] as number);
    if (d) return Math.sign(d);
  }
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  for (let i = 0; i < n; i++) {
    const d = capital(a, i) - capital(b, i);
    if (d) return d;
  }
  return 0;
}
