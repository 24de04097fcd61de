// A stateful mock's record after the fields an update sent (mock-state.ts `merged`): each field is taken where the
// record stays valid with it. One field at a time, a field may be refused only because another sent beside it is not in
// the record yet: a union's property naming the kind (`type: "person"`) beside the kind's own fields (`identity`),
// the record still of the old kind, so that a PUT changing a record's kind kept the old one while taking the new kind's
// fields. The fields left are tried again once others are taken, then all at once, and where the record's kind changes
// so, without those of its fields the update did not send that the new kind cannot hold.

type Node = Record<string, unknown>;

/**
 * `record` with each of `keys` set to the first of its `candidates` (undefined: the field removed) that leaves it
 * `valid`, in passes until no more is taken; the fields left then, together, each its first candidate, where that is
 * valid, less the record's optional fields not sent that it is not valid with.
 */
export function fieldsTaken(
  record: Node,
  keys: readonly string[],
  candidates: (out: Node, key: string) => unknown[],
  valid: (trial: Node) => boolean,
): Node {
  let out = record;
  let pending = [...keys];
  while (pending.length) {
    const left: string[] = [];
    for (const key of pending) {
      const trial = candidates(out, key)
        .map((value) => withField(out, key, value))
        .find(valid);
      if (trial) out = trial;
      else left.push(key);
    }
    if (left.length === pending.length) break;
    pending = left;
  }
  if (!pending.length) return out;
  let together = out;
  for (const key of pending) {
    const values = candidates(together, key);
    if (values.length) together = withField(together, key, values[0]);
  }
  if (valid(together)) return together;
  // A kind changed: the record's fields the update did not send that the record may go without (the old kind's, made by
  // the mock) are left out, then each put back where the record stays valid with it.
  const optional = Object.keys(out).filter((key) => !keys.includes(key) && valid(withField(out, key, undefined)));
  let bare = together;
  for (const key of optional) bare = withField(bare, key, undefined);
  if (!valid(bare)) return out;
  for (const key of optional) {
    const trial = withField(bare, key, out[key]);
    if (valid(trial)) bare = trial;
  }
  return bare;
}

function withField(record: Node, key: string, value: unknown): Node {
  if (value !== undefined) return { ...record, [key]: value };
  const { [key]: _gone, ...rest } = record;
  return rest;
}
