// How much of a rule a refusal prints, for every rule's message (a parameter's enum and pattern, a value's inside a
// JSON parameter, a cross-field rule's allowed values): a published document's enum of hundreds of values or pattern
// of hundreds of characters would make each refusal a wall of text. An enum prints its first SHOWN_VALUES values and
// how many more, and the values nearest to a text given; a pattern with words for it (`patternHint`) prints the
// words, one without prints up to SHOWN_PATTERN characters. The whole pattern stays in the refusal's `expected`, for
// programs and models; the whole enum is the tool's (its schema, its types). A number's bound is said as the IR keeps
// it: "at least 1", or an exclusive one's "greater than 0" (rule exclusiveMinimum).
import type { ParamSpec } from "../spec/param-types.js";

/** The values of an enum a refusal lists before "and N more". */
export const SHOWN_VALUES = 12;
/** The characters of a pattern a refusal prints before `…`. */
export const SHOWN_PATTERN = 80;

/** A value as a list of values shows it: a text as itself, any other as JSON. */
const shown = (v: unknown): string => (typeof v === "string" ? v : JSON.stringify(v));

/**
 * An enum's values as a refusal lists them (`a, b, c`): past SHOWN_VALUES, the first of them, how many more, and the
 * values nearest to a text given (`a, b, … and 288 more (nearest: abc)`); the given text is not repeated (the
 * refusal shows it, redacted).
 */
export function listedValues(values: readonly unknown[], given?: unknown): string {
  if (values.length <= SHOWN_VALUES) return values.map(shown).join(", ");
  const near = typeof given === "string" ? nearest(values, given) : [];
  return (
    `${values.slice(0, SHOWN_VALUES).map(shown).join(", ")} and ${values.length - SHOWN_VALUES} more` +
    (near.length ? ` (nearest: ${near.join(", ")})` : "")
  );
}

/** A pattern a value must match, in words: its hint, or the pattern itself up to SHOWN_PATTERN characters. */
export function patternWords(pattern: string, hint?: string): string {
  return hint ?? `a value matching ${boundedPattern(pattern)}`;
}

/** A pattern up to SHOWN_PATTERN characters, then `…`. */
export function boundedPattern(pattern: string): string {
  return pattern.length > SHOWN_PATTERN ? `${pattern.slice(0, SHOWN_PATTERN)}…` : pattern;
}

/**
 * The text values within a third of the given text's length in edits (case aside), closest first, at most three: a
 * few lines of Levenshtein distance rather than a dependency in every package's runtime. A given text of over 64
 * characters is no misspelt value: none.
 */
function nearest(values: readonly unknown[], given: string): string[] {
  if (given.length > 64) return [];
  const bound = Math.max(1, Math.floor(given.length / 3));
  const found: [number, string][] = [];
  for (const v of values) {
    if (typeof v !== "string" || Math.abs(v.length - given.length) > bound) continue;
    const d = distance(v.toLowerCase(), given.toLowerCase());
    if (d <= bound) found.push([d, v]);
  }
  return found
    .sort((a, b) => a[0] - b[0])
    .slice(0, 3)
    .map(([, v]) => v);
}

/** The edits (insert, delete, replace a character) that make one text the other. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(
        (row[j] as number) + 1,
        (next[j - 1] as number) + 1,
        (row[j - 1] as number) + +(a[i - 1] !== b[j - 1]),
      );
    row = next;
  }
  return row[b.length] as number;
}

/** A number's bounds, each side inclusive (`minimum`) or exclusive (`exclusiveMinimum`, JSON Schema 2020-12's). */
export type NumberBounds = Pick<ParamSpec, "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum">;

/** A bound broken: its rule and words. */
export type BrokenBound = {
  rule: "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum";
  text: string;
};

/**
 * The bound `n` breaks, in the words of its kind: "must be at least 1" (rule minimum), "must be greater than 0" (rule
 * exclusiveMinimum, the document's exclusive bound as it writes it), "at most", "less than"; undefined when it keeps
 * them all.
 */
export function brokenBound(bounds: NumberBounds, n: number): BrokenBound | undefined {
  if (bounds.minimum !== undefined && n < bounds.minimum)
    return { rule: "minimum", text: `must be at least ${bounds.minimum}` };
  if (bounds.exclusiveMinimum !== undefined && n <= bounds.exclusiveMinimum)
    return { rule: "exclusiveMinimum", text: `must be greater than ${bounds.exclusiveMinimum}` };
  if (bounds.maximum !== undefined && n > bounds.maximum)
    return { rule: "maximum", text: `must be at most ${bounds.maximum}` };
  if (bounds.exclusiveMaximum !== undefined && n >= bounds.exclusiveMaximum)
    return { rule: "exclusiveMaximum", text: `must be less than ${bounds.exclusiveMaximum}` };
  return undefined;
}

/**
 * The values a number's bounds allow, when it has both a lower and an upper one, for a refusal's end: ` (allowed:
 * 1–100)`, or with an exclusive bound in its words, ` (allowed: greater than 0, at most 100)`; else nothing.
 */
export function allowedRange(b: NumberBounds): string {
  const low = b.exclusiveMinimum !== undefined ? `greater than ${b.exclusiveMinimum}` : b.minimum;
  const high = b.exclusiveMaximum !== undefined ? `less than ${b.exclusiveMaximum}` : b.maximum;
  if (low === undefined || high === undefined) return "";
  if (typeof low === "number" && typeof high === "number") return ` (allowed: ${low}–${high})`;
  const word = (side: string | number, inclusive: string) => (typeof side === "number" ? `${inclusive} ${side}` : side);
  return ` (allowed: ${word(low, "at least")}, ${word(high, "at most")})`;
}
