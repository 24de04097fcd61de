// OpenAPI's `format: byte` (base64 text) as a pattern: `add` drafts it for a byte field, and link takes it in place
// of a spec pattern that says only "any text of a length" (`^.{1,2097152}`): validators and mocks check the format, so
// a value must be base64, and the spec's pattern adds nothing the format does not (its length bounds are checked as
// maxLength and minLength). The pattern itself is load/examples/format-texts.ts's, which the example check reads too.
import { BASE64_PATTERN } from "../load/examples/format-texts.js";

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

/** Whether a manifest's pattern states a byte field's format where the spec's own pattern says only any text. */
export function statesByteFormat(pattern: string, spec: { format?: unknown; pattern?: unknown }): boolean {
  return (
    pattern === BASE64_PATTERN && spec.format === "byte" && typeof spec.pattern === "string" && anyText(spec.pattern)
  );
}
