// Filters that always end, for the random inputs (random-inputs.ts, invalid-inputs.ts): fast-check's own draws again
// until a value passes, for ever where nothing drawn can.
import fc from "fast-check";
import { ContractFailure } from "../types.js";

// ---- filters that always end ---------------------------------------------------
// fast-check's `filter` draws again until a value passes: on a rule nothing
// drawn can meet (a pattern such as `.+` that every string matches, asked for
// a string that breaks it) it spun forever, synchronously, holding its worker
// and the suite with it. Here the values that pass are looked for up front,
// in a bounded number of draws with a fixed seed; a draw that fails the
// predicate is replaced by one of them, so each draw costs one of its source.

/** Draws looked at, at most, to find values that pass. */
export const FILTER_DRAWS = 200;
/** Values that pass kept to stand in for a draw that does not. */
const KEPT = 20;

/**
 * Up to KEPT values of `arb` that pass `pred`, found in at most FILTER_DRAWS draws (seeded: the same every time). The
 * first KEPT draws first, the rest only when too few of them pass: fast-check's sample draws all it is asked for at
 * once, and a seed's draws are the same however many are asked (the first n of n + m), so the values are those of
 * one sample of `draws`, without drawing 200 inputs where the first 20 pass (each valid property's start).
 */
export function passingDraws<T>(arb: fc.Arbitrary<T>, pred: (value: T) => boolean, draws = FILTER_DRAWS): T[] {
  const found: T[] = [];
  let seen = 0;
  for (const numRuns of [Math.min(KEPT, draws), draws]) {
    for (const value of fc.sample(arb, { numRuns, seed: 0x2d9 }).slice(seen)) {
      if (pred(value)) found.push(value);
      if (found.length >= KEPT) return found;
    }
    seen = numRuns;
  }
  return found;
}

/**
 * `arb` filtered by `pred`, bounded: undefined when no value of FILTER_DRAWS
 * draws passes (the caller leaves the arbitrary out, or says why no input
 * can be drawn); otherwise draws that fail become one of the values that passed.
 */
export function boundedFilter<T>(arb: fc.Arbitrary<T>, pred: (value: T) => boolean): fc.Arbitrary<T> | undefined {
  const passing = passingDraws(arb, pred);
  if (!passing.length) return undefined;
  return fc
    .tuple(arb, fc.nat({ max: passing.length - 1 }))
    .map(([value, i]) => (pred(value) ? value : (passing[i] as T)));
}

/** As boundedFilter, but no passing value is a failure of the case, saying `what` could not be drawn. */
export function filterOrFail<T>(arb: fc.Arbitrary<T>, pred: (value: T) => boolean, what: string): fc.Arbitrary<T> {
  const filtered = boundedFilter(arb, pred);
  if (filtered) return filtered;
  throw new ContractFailure(`no ${what} could be drawn: none of ${FILTER_DRAWS} random draws passed its rules`);
}
