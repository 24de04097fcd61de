// Appending a list to another one item at a time: `target.push(...items)` passes every item as an argument, which
// V8 refuses past about a hundred thousand (RangeError: Maximum call stack size exceeded) — the cases of a whole
// API's suite (22,361 operations) are several hundred thousand.

/** Appends `items` to `target` (any length), and returns `target`. */
export function appendEach<T>(target: T[], items: readonly T[]): T[] {
  for (const item of items) target.push(item);
  return target;
}
