// User-supplied objects (CLI --params, workflow inputs, executeTool params)
// are read and written through these helpers only: a key such as `__proto__`
// stays an ordinary key and can never reach a value through the prototype.

/** The object's own value at `key`; inherited properties do not count. */
export function ownValue(object: object | undefined | null, key: string | number): unknown {
  return object != null && Object.hasOwn(object, key) ? (object as Record<string | number, unknown>)[key] : undefined;
}

/** Define `key` as an own data property, whatever the key is (`__proto__` included). */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
