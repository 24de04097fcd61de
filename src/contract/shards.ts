// The split of a suite into parts (CI shards with --shard, worker threads with
// --workers) by provider and operation, balanced by case count, so that a
// part starts only the mocks of the providers its cases use.
//
// A provider goes whole to one part unless it holds more than a part's fair
// share (cases / parts, rounded up); such a provider is split by operation.
// The pieces, largest first (ties by name), each go to the part with the
// fewest cases so far (ties: the lowest index). Within a part, cases keep
// the suite's order. The split depends only on the cases, never on timing:
// the same specs give every CI job the same shards.

interface Placed {
  provider: string;
  operation: string;
}

/**
 * `cases` in `total` disjoint parts that together hold every case; a part may be empty when there are fewer pieces than
 * parts.
 */
export function partition<T extends Placed>(cases: readonly T[], total: number): T[][] {
  const share = Math.ceil(cases.length / total);
  const perProvider = new Map<string, number>();
  for (const c of cases) perProvider.set(c.provider, (perProvider.get(c.provider) ?? 0) + 1);
  const pieceOf = (c: Placed) =>
    (perProvider.get(c.provider) ?? 0) > share ? `${c.provider}\u0000${c.operation}` : c.provider;

  const sizes = new Map<string, number>();
  for (const c of cases) sizes.set(pieceOf(c), (sizes.get(pieceOf(c)) ?? 0) + 1);
  const pieces = [...sizes].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
  const load = new Array<number>(total).fill(0);
  const partOf = new Map<string, number>();
  for (const [piece, size] of pieces) {
    const part = load.indexOf(Math.min(...load));
    partOf.set(piece, part);
    load[part] = (load[part] ?? 0) + size;
  }
  const parts: T[][] = Array.from({ length: total }, () => []);
  for (const c of cases) parts[partOf.get(pieceOf(c)) ?? 0]?.push(c);
  return parts;
}

/** Shard `index` of `total` (1-based). */
export function shardOf<T extends Placed>(cases: readonly T[], index: number, total: number): T[] {
  return partition(cases, total)[index - 1] ?? [];
}
