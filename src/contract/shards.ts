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
//
// A run's sample of a large suite: at most n cases of each operation, so that
// a run's time grows with the operations, not with the cases each derives (a
// whole published API of 845 operations derives 20,774). Every operation
// keeps cases; they are drawn kind by kind, in an order the seed shuffles, so
// one run covers as many kinds of each operation as its budget allows and the
// next seed covers others. The same seed draws the same sample: workers and
// CI shards, which split the sample by operation, agree on it.
import { hash, mulberry32 } from "../mocks/realistic-values.js";

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

/** A suite of more cases than this is sampled unless told otherwise (--cases-per-operation all). */
export const SAMPLE_ABOVE = 5000;
/** The cases of an operation a sampled run takes by default. */
export const DEFAULT_CASES_PER_OPERATION = 4;

interface Sampled {
  id: string;
  provider: string;
  operation: string;
  kind: string;
}

/**
 * At most `perOperation` of each operation's cases (a provider's own cases, its triggers', count as one
 * operation's), drawn by `seed`: one of each kind in turn, the kinds in a shuffled order, until the budget is spent.
 * The suite's order is kept.
 */
export function sampleCases<T extends Sampled>(cases: readonly T[], perOperation: number, seed: number): T[] {
  const byOperation = new Map<string, T[]>();
  for (const c of cases) {
    const key = `${c.provider}\u0000${c.operation}`;
    const list = byOperation.get(key);
    if (list) list.push(c);
    else byOperation.set(key, [c]);
  }
  const kept = new Set<string>();
  for (const [key, list] of byOperation) {
    if (list.length <= perOperation) {
      for (const c of list) kept.add(c.id);
      continue;
    }
    const draw = mulberry32(hash(seed, key));
    const byKind = new Map<string, T[]>();
    for (const c of list) byKind.set(c.kind, [...(byKind.get(c.kind) ?? []), c]);
    const kinds = shuffled([...byKind.values()], draw);
    for (let taken = 0; taken < perOperation; ) {
      for (const pool of kinds) {
        if (taken === perOperation || !pool.length) continue;
        const [chosen] = pool.splice(Math.floor(draw() * pool.length), 1);
        if (chosen) kept.add(chosen.id);
        taken++;
      }
    }
  }
  return cases.filter((c) => kept.has(c.id));
}

/** `items` in an order drawn by `draw` (Fisher–Yates). */
function shuffled<T>(items: T[], draw: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(draw() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/**
 * How many of each operation's cases a run takes: `option` (a number, or "all"), else every case of a suite of at most
 * SAMPLE_ABOVE cases and DEFAULT_CASES_PER_OPERATION of a larger one. Undefined: every case.
 */
export function casesPerOperation(option: number | "all" | undefined, suiteCases: number): number | undefined {
  if (option === "all") return undefined;
  if (option !== undefined) return option;
  return suiteCases > SAMPLE_ABOVE ? DEFAULT_CASES_PER_OPERATION : undefined;
}
