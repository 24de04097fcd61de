// A schema's numeric bounds as the runtime checks them, inclusive: an exclusive bound (OpenAPI 3.0's
// `exclusiveMaximum: true` beside `maximum`, or 3.1's number) becomes the nearest value past it (the next integer, or
// the next double: `100 + Number.EPSILON` is 100). With both forms, the stricter wins. A top-level parameter's limits
// (param-limits.ts) and a JSON value's nested ones (schema-place.ts) read a schema's bounds by this one rule.
type Schema = Record<string, unknown>;

/** The inclusive lower and upper bounds of `s`, whole numbers where `integer`. */
export function inclusiveBounds(s: Schema, integer: boolean): { minimum?: number; maximum?: number } {
  const past = (bound: number, up: boolean) =>
    integer ? (up ? Math.floor(bound) + 1 : Math.ceil(bound) - 1) : nextDouble(bound, up);
  const lower = [
    typeof s.minimum === "number" ? (s.exclusiveMinimum === true ? past(s.minimum, true) : s.minimum) : undefined,
    typeof s.exclusiveMinimum === "number" ? past(s.exclusiveMinimum, true) : undefined,
  ].filter((x) => x !== undefined);
  const upper = [
    typeof s.maximum === "number" ? (s.exclusiveMaximum === true ? past(s.maximum, false) : s.maximum) : undefined,
    typeof s.exclusiveMaximum === "number" ? past(s.exclusiveMaximum, false) : undefined,
  ].filter((x) => x !== undefined);
  return {
    ...(lower.length ? { minimum: Math.max(...lower) } : {}),
    ...(upper.length ? { maximum: Math.min(...upper) } : {}),
  };
}

/** The double next to `x`, above it or below it. */
function nextDouble(x: number, up: boolean): number {
  if (x === 0) return up ? Number.MIN_VALUE : -Number.MIN_VALUE;
  const bits = new DataView(new ArrayBuffer(8));
  bits.setFloat64(0, x);
  // Doubles of one sign are ordered as their bit patterns: one step of the pattern is one step of the value.
  bits.setBigInt64(0, bits.getBigInt64(0) + (x > 0 === up ? 1n : -1n));
  return bits.getFloat64(0);
}
