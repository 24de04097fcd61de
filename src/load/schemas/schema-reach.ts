// Whether a schema reaches, through the edges a walk follows, one for which a test holds: each schema's answer found
// once, cycles included (Tarjan's strongly connected components: the schemas of a cycle share one answer), so that a
// walk asking it at every schema of a densely linked document with cycles is linear in the document's size.
type Json = Record<string, unknown>;

export interface Reach {
  /** The schemas `schema` leads to (resolved objects; anything else is left out). */
  next(schema: Json): unknown[];
  /** Whether `schema` itself is one sought. */
  here(schema: Json): boolean;
  /** The answers found so far (kept between calls that share the edges and the test). */
  known: Map<object, boolean>;
}

/** Whether `schema`, or a schema it leads to through `reach.next`, is one `reach.here` holds for. */
export function reaches(schema: Json, reach: Reach): boolean {
  const { known } = reach;
  const found = known.get(schema);
  if (found !== undefined) return found;
  const order = new Map<object, number>();
  const low = new Map<object, number>();
  const own = new Map<object, boolean>();
  const stack: Json[] = [];
  const visit = (s: Json): void => {
    const at = order.size;
    order.set(s, at);
    low.set(s, at);
    stack.push(s);
    let any = reach.here(s);
    for (const t of reach.next(s)) {
      if (!isObject(t)) continue;
      if (!known.has(t) && !order.has(t)) visit(t);
      const done = known.get(t);
      // A schema of this cycle (still on the stack) shares its answer, found when the cycle's first schema closes it.
      if (done === undefined) low.set(s, Math.min(low.get(s) as number, low.get(t) as number));
      else any ||= done;
    }
    own.set(s, any);
    if (low.get(s) !== at) return;
    const cycle = stack.splice(stack.lastIndexOf(s));
    const answer = cycle.some((c) => own.get(c));
    for (const c of cycle) known.set(c, answer);
  };
  visit(schema);
  return known.get(schema) as boolean;
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
