// Two versions of a value's shape compared at every place a reader or a
// caller meets them. Shapes come linked (model/shape.ts linkedShapes): a
// named shape is one object wherever it is used, and may hold itself. Each
// pair of shapes is compared once and its changes kept, relative to it;
// every place that uses the pair gets them under its own path, so a field
// added to a user object is reported under `assignee`, `closed_by` and
// `milestone.creator` alike, as a workflow reads it there. A pair met again
// inside itself (a cycle) adds nothing, and places deeper than MAX_NAMES
// field names are not listed (the walk stays bounded on densely linked
// documents).
import type { Shape } from "../model/surface-format.js";

export interface PairDetail {
  what?: string;
  from?: unknown;
  to?: unknown;
}

/**
 * One change, `at` relative to the pair compared (`.field`, `[]` for items, `.*` for a map's values; "" for the value
 * itself).
 */
export interface PlacedChange<K extends string> {
  kind: K;
  at: string;
  detail: PairDetail;
}

/**
 * Compares one pair: `emit` a change of the pair itself (or, with `at`, of a field it names), `descend` into a pair of
 * children at `step`.
 */
export type ComparePair<K extends string> = (
  a: Shape,
  b: Shape,
  emit: (kind: K, detail?: PairDetail, at?: string) => void,
  descend: (x: Shape, y: Shape, step: string) => void,
) => void;

/** How many field names deep a change is listed below the value compared (`[]` and `.*` do not count). */
export const MAX_NAMES = 6;

const namesIn = (at: string) => (at.match(/\.(?!\*(?:$|[.[]))[^.[\]]+/g) ?? []).length;

/**
 * The changes between two shapes at every place, by `compare`; results are kept per pair of shape objects for as long
 * as the shapes live.
 */
export function pairChanges<K extends string>(compare: ComparePair<K>): (a: Shape, b: Shape) => PlacedChange<K>[] {
  // undefined: the pair is being compared (met again inside itself).
  const memo = new WeakMap<Shape, Map<Shape, PlacedChange<K>[] | undefined>>();
  const changes = (a: Shape, b: Shape): PlacedChange<K>[] => {
    let row = memo.get(a);
    if (!row) memo.set(a, (row = new Map()));
    if (row.has(b)) return row.get(b) ?? [];
    row.set(b, undefined);
    const out: PlacedChange<K>[] = [];
    compare(
      a,
      b,
      (kind, detail = {}, at = "") => out.push({ kind, at, detail }),
      (x, y, step) => {
        for (const c of changes(x, y)) {
          const at = `${step}${c.at}`;
          if (namesIn(at) <= MAX_NAMES) out.push({ ...c, at });
        }
      },
    );
    row.set(b, out);
    return out;
  };
  return changes;
}
