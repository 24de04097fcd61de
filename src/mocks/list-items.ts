// A record the stateful mock keeps, as a list answers it (mock-state.ts `listed`): a list may answer a narrower or a
// wider view of the resource than the read the record was drawn from (a summary of it), whose schema the record as
// kept does not fit. The item is made from one of the list's own items (its example, valid against the list's item
// schema: the fields the record does not carry come from it) with the record's id, and each field of the record the
// item stays valid with; an object field the item's schema draws otherwise is shaped so in turn.

type Node = Record<string, unknown>;

/** How deep an object field is shaped to the item's own view of it (a record's nested reference, e.g. its owner). */
const DEPTH = 3;

/**
 * `record` as an item of a list whose items look like `base` (the list's own item, valid there): `fits` says whether an
 * item is valid in the list. Undefined where the record's id cannot be an item's (`idField` of `base` set to it fits no
 * list).
 */
export function shapedItem(record: Node, base: Node, idField: string, fits: (item: Node) => boolean): Node | undefined {
  const whole = { ...base, ...record };
  if (fits(whole)) return whole;
  const start = { ...base, [idField]: record[idField] };
  if (!fits(start)) return undefined;
  return fieldByField(record, start, fits, 0, idField);
}

/** `out` with each field of `record` (but `skip`) kept where `out` stays valid with it, or with it shaped. */
function fieldByField(record: Node, out: Node, fits: (item: Node) => boolean, depth: number, skip?: string): Node {
  let shaped = out;
  for (const [key, value] of Object.entries(record)) {
    if (key === skip || value === undefined) continue;
    const trial = { ...shaped, [key]: value };
    if (fits(trial)) {
      shaped = trial;
      continue;
    }
    // An object the list's view draws otherwise (a reference narrower than the read's): shaped from the list's own.
    const own = shaped[key];
    if (depth + 1 >= DEPTH || !isNode(value) || !isNode(own)) continue;
    const around = shaped;
    shaped = { ...around, [key]: fieldByField(value, own, (v) => fits({ ...around, [key]: v }), depth + 1) };
  }
  return shaped;
}

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
