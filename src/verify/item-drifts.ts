// A live list answers many items of one shape, and a difference of that shape
// (a required field none of them has, a type each breaks) is found at every
// item: 30 items, 30 lines saying one thing. The differences that are the same
// but for the list indexes in their pointers (and the spec's place and patch
// they contradict) are told once, at the first item, with how many more items
// have it and where the first few are.
import { formatPosition } from "../load/yaml-source.js";
import type { Drift } from "./drift.js";

/** Pointers named after the first, in a folded difference's words. */
const NAMED = 3;

/** `drifts` with those that differ only in their list indexes folded into the first of them. */
export function foldItemDrifts(drifts: Drift[]): Drift[] {
  const groups = new Map<string, Drift[]>();
  const order: Drift[][] = [];
  for (const drift of drifts) {
    const key = sameButIndexes(drift);
    const group = key === undefined ? undefined : groups.get(key);
    if (group) group.push(drift);
    else {
      const fresh = [drift];
      if (key !== undefined) groups.set(key, fresh);
      order.push(fresh);
    }
  }
  return order.map((group) => (group.length === 1 ? (group[0] as Drift) : folded(group)));
}

/** What a difference is, its list indexes left out; undefined for one at no index (nothing to fold it with). */
function sameButIndexes(d: Drift): string | undefined {
  const pattern = d.pointer.replace(/\/\d+(?=\/|$)/g, "/*");
  if (pattern === d.pointer) return undefined;
  const patch = d.overlay ? JSON.stringify([d.overlay.target, d.overlay.update, d.overlay.remove]) : "";
  return JSON.stringify([d.operation, d.kind, pattern, d.at ? formatPosition(d.at) : "", patch, d.informational]);
}

function folded(group: Drift[]): Drift {
  const [first, ...more] = group as [Drift, ...Drift[]];
  const named = more.slice(0, NAMED).map((d) => d.pointer);
  const rest = more.length > NAMED ? ", …" : "";
  const items = more.length === 1 ? "item" : "items";
  return {
    ...first,
    message: `${first.message}; the same at ${more.length} more ${items} (${named.join(", ")}${rest})`,
  };
}
