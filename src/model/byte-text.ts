// A spec pattern that says only "any text of a length" (`^.{1,2097152}`): a format stated as a pattern (a byte field's
// base64, format-aliases.ts) takes its place, as validators and mocks check the format and such a pattern adds nothing
// the format does not (its length bounds are checked as maxLength and minLength).

/** Whether a pattern admits any text of its length (`^.{1,2097152}`, `.*`, `^.+$`), so says nothing but its length. */
export function anyText(pattern: string): boolean {
  return anyTextLengths(pattern) !== undefined;
}

/**
 * The lengths a pattern of any text admits (`^.{1,100}$`: 1 to 100; unanchored at either end, no most), undefined for
 * any other pattern.
 */
export function anyTextLengths(pattern: string): { min: number; max: number } | undefined {
  const m = /^(\^?)\.(\*|\+|\{(\d*)(,(\d*))?\})(\$?)$/.exec(pattern);
  if (!m) return undefined;
  const [, start, count = "", least, comma, most, end] = m;
  const min = count === "+" ? 1 : count === "*" || !least ? 0 : Number(least);
  const bounded = start === "^" && end === "$" && count.startsWith("{") && (comma === undefined || most !== "");
  return { min, max: bounded ? (comma === undefined ? min : Number(most)) : Infinity };
}
