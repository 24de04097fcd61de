// Whole numbers beyond ±(2^53−1) inside a value: a JavaScript number holds them rounded, JSON in
// JavaScript cannot carry them exactly, and the mocks' validators refuse them (an int64's range
// there). `add` drafts no example holding one, and the contract suite sends none.

/** Where in `value` (a JSON pointer, "" for the value itself) a whole number beyond the safe integers is, if one is. */
export function unsafeIntegerAt(value: unknown, depth = 0): string | undefined {
  if (typeof value === "number") return Number.isInteger(value) && !Number.isSafeInteger(value) ? "" : undefined;
  if (value === null || typeof value !== "object" || depth > 32) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const inner = unsafeIntegerAt(item, depth + 1);
    if (inner !== undefined) return `/${key.replaceAll("~", "~0").replaceAll("/", "~1")}${inner}`;
  }
  return undefined;
}
