// A schema's numeric bounds as the IR keeps them. A number's exclusive bound (OpenAPI 3.0's `exclusiveMaximum: true`
// beside `maximum`, or 3.1's number) stays exclusive, as JSON Schema 2020-12 writes it (`exclusiveMaximum: 100`): the
// runtime refuses 100 and says "must be less than 100", rule exclusiveMaximum. An integer's becomes the whole number
// past it, inclusive (`exclusiveMaximum: 100` is `maximum: 99`: "at most 99"). Of the bounds of one side the stricter
// wins (of two alike, the exclusive one), and one side keeps one of its two forms; an integer's inclusive bound
// stays as the document writes it. A top-level parameter's limits (param-limits.ts) and a JSON value's nested ones
// (schema-place.ts) read a schema's bounds by this one rule.
import type { NumberBounds } from "@blockwright/runtime/internal";

type Schema = Record<string, unknown>;

/** A number's bounds: each side inclusive (`minimum`) or exclusive (`exclusiveMinimum`), never both. */
type Bounds = NumberBounds;

/** The bounds of `s`; where `integer`, inclusive whole numbers only. */
export function specBounds(s: Schema, integer: boolean): Bounds {
  const lower = side(s.minimum, s.exclusiveMinimum, true, integer);
  const upper = side(s.maximum, s.exclusiveMaximum, false, integer);
  return {
    ...(lower && (lower.exclusive ? { exclusiveMinimum: lower.bound } : { minimum: lower.bound })),
    ...(upper && (upper.exclusive ? { exclusiveMaximum: upper.bound } : { maximum: upper.bound })),
  };
}

/** One side's stricter bound (`up`: the lower one, which is stricter the higher it is). */
function side(
  plain: unknown,
  exclusive: unknown,
  up: boolean,
  integer: boolean,
): { bound: number; exclusive: boolean } | undefined {
  const found: { bound: number; exclusive: boolean }[] = [];
  if (typeof plain === "number") found.push({ bound: plain, exclusive: exclusive === true });
  if (typeof exclusive === "number") found.push({ bound: exclusive, exclusive: true });
  // An integer's exclusive bound, the whole number past it; an inclusive one as it is.
  const whole = (b: { bound: number; exclusive: boolean }) =>
    !b.exclusive ? b.bound : up ? Math.floor(b.bound) + 1 : Math.ceil(b.bound) - 1;
  if (integer) {
    const bounds = found.map(whole);
    return bounds.length ? { bound: up ? Math.max(...bounds) : Math.min(...bounds), exclusive: false } : undefined;
  }
  const stricter = (a: { bound: number; exclusive: boolean }, b: { bound: number; exclusive: boolean }) =>
    a.bound === b.bound ? (a.exclusive ? a : b) : (up ? a.bound > b.bound : a.bound < b.bound) ? a : b;
  return found.reduce<{ bound: number; exclusive: boolean } | undefined>((a, b) => (a ? stricter(a, b) : b), undefined);
}

/**
 * The sides where `mine` (a manifest's bounds) admits a value the spec's schema `s` refuses: an exclusive bound of mine
 * is as strict as one of the spec's at or past it, an inclusive one past it (or at it, the spec's inclusive). Each the
 * key mine states (`minimum` where it states neither), its value and the spec's bound.
 */
export function looserBounds(mine: Bounds, s: Schema): { key: keyof Bounds; mine?: number; theirs: number }[] {
  const spec = specBounds(s, false);
  const out: { key: keyof Bounds; mine?: number; theirs: number }[] = [];
  for (const [plain, exclusive, up] of [
    ["minimum", "exclusiveMinimum", true],
    ["maximum", "exclusiveMaximum", false],
  ] as const) {
    const theirs = spec[exclusive] ?? spec[plain];
    if (theirs === undefined) continue;
    const [inclusive, excl] = [mine[plain], mine[exclusive]];
    const within =
      (excl !== undefined && (up ? excl >= theirs : excl <= theirs)) ||
      (inclusive !== undefined && (up ? inclusive > theirs : inclusive < theirs)) ||
      (inclusive === theirs && spec[exclusive] === undefined);
    if (within) continue;
    const key = inclusive === undefined && excl !== undefined ? exclusive : plain;
    out.push({ key, mine: mine[key], theirs });
  }
  return out;
}
