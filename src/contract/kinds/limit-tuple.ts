// A 3.1 tuple's refused cases for the limit kind (kinds/limit.ts), a module of its own: limit.ts is at its line bound.
import type { NestedLimits, ParamSpec } from "@blockwright/runtime/internal";

/** A refused case as limit.ts reads it (its Boundary, without its accepted value). */
type Refused = { name: string; param: ParamSpec; bad: unknown; rule: string };

/** A value of another kind than each JSON type's, for a tuple's first position. */
const OTHER_KIND: Record<string, unknown> = {
  string: 1,
  number: "zq",
  integer: "zq",
  boolean: "zq",
  object: "zq",
  array: "zq",
};

/**
 * A 3.1 tuple's refusals (issue 59: a wrong pair went to the service): a first item of another kind than its
 * position's, in a list of a count the tuple takes, and a list of one item more than its maxItems.
 */
export function tupleBoundaries(p: ParamSpec, t: NestedLimits): Refused[] {
  const out: Refused[] = [];
  const count = Math.min(Math.max(1, t.minItems ?? 1, p.minItems ?? 1), t.maxItems ?? Infinity, p.maxItems ?? Infinity);
  const first = t.prefix?.[0]?.type;
  if (first && !t.prefix?.[0]?.nullable)
    out.push({
      name: `${p.name} tuple [0] of another kind than ${first}`,
      param: p,
      bad: [OTHER_KIND[first], ...Array.from({ length: count - 1 }, () => null)],
      rule: "type",
    });
  if (t.maxItems !== undefined)
    out.push({
      name: `${p.name} tuple maxItems ${t.maxItems}`,
      param: p,
      bad: Array.from({ length: t.maxItems + 1 }, () => null),
      rule: "maxItems",
    });
  return out;
}
