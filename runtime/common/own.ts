// User-supplied objects (CLI --params, workflow inputs, executeTool params)
// are read and written through these helpers only: a key such as `__proto__`
// stays an ordinary key and can never reach a value through the prototype.

/** The object's own value at `key`; inherited properties do not count. */
export function ownValue(object: object | undefined | null, key: string | number): unknown {
  return object != null && Object.hasOwn(object, key) ? (object as Record<string | number, unknown>)[key] : undefined;
}

/**
 * A record's own entry at `key` (a route's wire for a parameter): none where the record has none, though every object
 * inherits a `constructor` and a `toString`.
 */
export function ownOf<V>(record: Readonly<Record<string, V>> | undefined, key: string): V | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Define `key` as an own data property, whatever the key is (`__proto__` included). */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  // Assigned where that does the same: a key no plain object inherits, new to a plain object. A definition cost
  // 7× more and left an object slower to read and to stringify (generate's surface sets every key through here).
  if (!(key in Object.prototype) && Object.getPrototypeOf(target) === Object.prototype && !Object.hasOwn(target, key))
    target[key] = value;
  else Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * `{ ...base, ...over }` (own enumerable properties, the later winning), made as a spread of `base` alone, then
 * Object.assign of `over`: V8 copied a spread of two objects property by property, about 5 µs for an executor's
 * dozen parts on each call, and Object.assign into an empty object 0.14 µs for eight parts; a spread of one object
 * copies its layout whole (0.06 µs). An own `__proto__` key (JSON.parse makes one) is left to the spread of both,
 * which defines it as a key, where Object.assign would set the prototype.
 */
export function merged<A extends object, B extends object>(base: A, over: B | undefined): A & B {
  return Object.hasOwn(base, "__proto__") || (over && Object.hasOwn(over, "__proto__"))
    ? ({ ...base, ...over } as A & B)
    : (Object.assign({ ...base }, over) as A & B);
}
