// How much of a rule a refusal prints, for every rule's message (a parameter's enum and pattern, a value's inside a
// JSON parameter, a cross-field rule's allowed values): a published document's enum of hundreds of values or pattern
// of hundreds of characters would make each refusal a wall of text. An enum prints its first SHOWN_VALUES values and
// how many more, and the values nearest to a text given; a pattern with words for it (`patternHint`) prints the
// words, one without prints up to SHOWN_PATTERN characters. The whole pattern stays in the refusal's `expected`, for
// programs and models; the whole enum is the tool's (its schema, its types).

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

/**
 * How a refusal says a number's bound. The link keeps an exclusive bound of the document (`exclusiveMinimum: 0`) as
 * the inclusive one next to it, the next double past it (`minimum: 5e-324`): of every number the two say the same,
 * and where the value past the bound is the shorter text (the document's), the refusal says that one, as the
 * document does: "must be greater than 0", rule exclusiveMinimum (so `exclusiveMaximum`, "less than"). A bound that
 * is a plain value of its own stays "at least" / "at most", rule minimum or maximum.
 */
export function boundWords(
  bound: number,
  side: "minimum" | "maximum",
): { rule: "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum"; text: string } {
  const past = nextDouble(bound, side === "maximum");
  if (Number.isFinite(past) && String(past).length < String(bound).length)
    return side === "minimum"
      ? { rule: "exclusiveMinimum", text: `must be greater than ${past}` }
      : { rule: "exclusiveMaximum", text: `must be less than ${past}` };
  return { rule: side, text: `must be at ${side === "minimum" ? "least" : "most"} ${bound}` };
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
