// The fields a poll trigger's `since` reads (a creation or a modification time), set to the time a record is made or
// changed through the mock (`serve --mock`): a drawn time falls before the day the draws count from, so a record
// created while serve polled was never past its position and never ran. A field that also tells one change from the
// next (the trigger's eventId reads it) is set again at each change; one that does not (a creation time) only when
// the record is made.

type Node = Record<string, unknown>;

/** A field the mock sets to the current time: a JSON pointer's tokens into the record, and whether a change sets it. */
export interface RecordStamp {
  pointer: string[];
  onChange: boolean;
}

/**
 * The record with each stamp's field set to `nowMs` (an ISO 8601 time to the second), where the record stays `valid`
 * with it (a field the schema types otherwise keeps its value).
 */
export function stamped(
  record: Node,
  stamps: readonly RecordStamp[],
  made: boolean,
  valid: (record: Node) => boolean,
  nowMs = Date.now(),
): Node {
  const now = `${new Date(nowMs).toISOString().slice(0, 19)}Z`;
  let out = record;
  for (const stamp of stamps) {
    if (!made && !stamp.onChange) continue;
    const trial = withValueAt(out, stamp.pointer, now);
    if (trial && valid(trial)) out = trial;
  }
  return out;
}

/** A copy of `record` with `value` at `pointer`, where each object on its way is there; else undefined. */
function withValueAt(record: Node, pointer: readonly string[], value: string): Node | undefined {
  const last = pointer.at(-1);
  if (last === undefined) return undefined;
  const copy = structuredClone(record);
  let at: unknown = copy;
  for (const token of pointer.slice(0, -1)) {
    if (!isNode(at) || !isNode(at[token])) return undefined;
    at = at[token];
  }
  if (!isNode(at)) return undefined;
  at[last] = value;
  return copy;
}

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
