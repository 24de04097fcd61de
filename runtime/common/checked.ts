// Reading what an earlier step guarantees is there: an item of a list, an
// entry of a map, a field of a record. Under noUncheckedIndexedAccess each
// such read is `T | undefined`; these say "it is there" once, and if a bug
// ever proves them wrong they throw an error naming what was missing rather
// than let an `undefined` travel on (as a `!` would).

/** `list[index]` (a negative index counts from the end, as with `Array.prototype.at`), which must exist. */
export function itemAt<T>(list: readonly T[], index: number): T {
  const i = index < 0 ? list.length + index : index;
  if (!Number.isInteger(i) || i < 0 || i >= list.length)
    throw new RangeError(`no item ${index} in a list of ${list.length}`);
  return list[i] as T;
}

/** The value `map` holds for `key`, which must be set. */
export function entryOf<K, V>(map: ReadonlyMap<K, V>, key: K): V {
  if (!map.has(key))
    throw new RangeError(`no entry for ${typeof key === "string" ? JSON.stringify(key) : String(key)}`);
  return map.get(key) as V;
}

/** The own field `key` of `record`, which must be set. */
export function fieldOf<V>(record: Readonly<Record<string, V>>, key: string): V {
  if (!Object.hasOwn(record, key)) throw new RangeError(`no field ${JSON.stringify(key)}`);
  return record[key] as V;
}

/** `value`, which must be defined; `what` names it in the error. */
export function defined<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new RangeError(`${what} is missing`);
  return value;
}
