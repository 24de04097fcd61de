// How a review note names what it is about when that is many operations (a requirement shared by 397 of them): the
// count and the first few, never all of them on one line of add's output. One rule for every note of add's that lists
// operations, so that a note reads the same whatever it is about.

/** How many a note names before it gives the count of the rest. */
export const NAMED_FEW = 5;

/**
 * The items a note is about, as it names them: each when there are at most NAMED_FEW (`a, b, c`), else their count and
 * the first few (`397 operations (a, b, c, d, e and 392 more)`). `noun` is what each is, in the plural.
 */
export function namedFew(items: readonly string[], noun = "operations"): string {
  if (items.length <= NAMED_FEW) return items.join(", ");
  return `${items.length} ${noun} (${items.slice(0, NAMED_FEW).join(", ")} and ${items.length - NAMED_FEW} more)`;
}
