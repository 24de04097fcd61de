// Stable JSON: the one way the project compares and prints plain data
// regardless of key order (surface changes, upstream facts and their diffs).

/**
 * JSON with every object's keys sorted, so the same value reads the same
 * whether it was read from a file or built in memory. `undefined` (which
 * JSON cannot write) reads `undefined`, so it never equals `null`.
 */
export function canonical(value: unknown): string {
  return (
    JSON.stringify(value, (_key, v: unknown) =>
      v && typeof v === "object" && !Array.isArray(v)
        ? Object.fromEntries(Object.entries(v as object).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : v,
    ) ?? "undefined"
  );
}
