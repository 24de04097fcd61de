// A number's least and greatest admitted values: each side's inclusive bound, or the double just past its exclusive
// one (the IR keeps a number's exclusive bound as it is: link/param-limits/spec-bounds.ts). Where a value at a bound
// is needed: the contract's values at a bound and its draws, an emitted form's default.

import type { NumberBounds } from "@blockwright/runtime/internal";

export type { NumberBounds };

/** The double next to `x`, above it or below it: the first value past an exclusive bound. */
export function nextDouble(x: number, up: boolean): number {
  if (x === 0) return up ? Number.MIN_VALUE : -Number.MIN_VALUE;
  const bits = new DataView(new ArrayBuffer(8));
  bits.setFloat64(0, x);
  // Doubles of one sign are ordered as their bit patterns: one step of the pattern is one step of the value.
  bits.setBigInt64(0, bits.getBigInt64(0) + (x > 0 === up ? 1n : -1n));
  return bits.getFloat64(0);
}

/**
 * The least and the greatest value the bounds admit, each side's inclusive bound or the double just past its exclusive
 * one (of both, the stricter): where values are drawn or a value at a bound is needed.
 */
export function admitted(b: NumberBounds): { least?: number; greatest?: number } {
  const low = [b.minimum, b.exclusiveMinimum === undefined ? undefined : nextDouble(b.exclusiveMinimum, true)];
  const high = [b.maximum, b.exclusiveMaximum === undefined ? undefined : nextDouble(b.exclusiveMaximum, false)];
  const lows = low.filter((x) => x !== undefined);
  const highs = high.filter((x) => x !== undefined);
  return {
    ...(lows.length ? { least: Math.max(...lows) } : {}),
    ...(highs.length ? { greatest: Math.min(...highs) } : {}),
  };
}

/**
 * A plain value of the bounds, for a form's default or an example: the minimum; past an exclusive lower bound the
 * whole number after it where admitted (`0` exclusive: 1), else the double just past it; else `fallback`, or below an
 * exclusive upper bound it does not keep below, the whole number before it.
 */
export function plainValue(b: NumberBounds, fallback: number): number {
  if (b.minimum !== undefined) return b.minimum;
  const { least, greatest } = admitted(b);
  const within = (n: number) => (least === undefined || n >= least) && (greatest === undefined || n <= greatest);
  if (b.exclusiveMinimum !== undefined) {
    const whole = Math.floor(b.exclusiveMinimum) + 1;
    return within(whole) ? whole : (least as number);
  }
  if (b.exclusiveMaximum !== undefined && !within(fallback)) {
    const whole = Math.ceil(b.exclusiveMaximum) - 1;
    return within(whole) ? whole : (greatest as number);
  }
  return fallback;
}
