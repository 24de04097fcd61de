// The rules over groups of parameters (anyOf: one group whole at least;
// atMostOne: one group whole at most), met by an input the contract suite
// makes: a group completed from the parameters' examples, the groups beyond
// the kept one left out, the pinned parameters never touched.

export type Outcome = "ok" | "changed" | "impossible";

export interface GroupInput {
  out: Record<string, unknown>;
  has: (name: string) => boolean;
  isPinned: (name: string) => boolean;
  /** A parameter's example value, if it has one. */
  example: (name: string) => { value: unknown } | undefined;
}

/** Every parameter of `group` given, from its example where missing. */
function complete(group: readonly string[], { out, has, example }: GroupInput): Outcome {
  for (const n of group) {
    if (has(n)) continue;
    const c = example(n);
    if (!c) return "impossible";
    out[n] = c.value;
  }
  return "changed";
}

/** At least one group given whole: the pinned one, else one whose parameters all have a value. */
export function meetAnyOf(groups: readonly (readonly string[])[], input: GroupInput): Outcome {
  if (groups.some((g) => g.every(input.has))) return "ok";
  const group =
    groups.find((g) => g.some(input.isPinned)) ??
    groups.find((g) => g.every((n) => input.has(n) || input.example(n))) ??
    groups[0] ??
    [];
  return complete(group, input);
}

/** At most one group given, whole: the pinned one kept, else the first given; the others' parameters left out. */
export function meetAtMostOne(groups: readonly (readonly string[])[], input: GroupInput): Outcome {
  const touched = groups.filter((g) => g.some(input.has));
  const kept = touched.find((g) => g.some(input.isPinned)) ?? touched[0];
  if (!kept || (touched.length === 1 && kept.every(input.has))) return "ok";
  for (const g of touched) {
    if (g === kept) continue;
    if (g.some(input.isPinned)) return "impossible";
    for (const n of g) delete input.out[n];
  }
  return complete(kept, input);
}
