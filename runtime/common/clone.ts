// Copies of JSON values (tool definitions hold only JSON). structuredClone
// serialises and costs tens of microseconds a call; this walks the value.

export function cloneJson<T>(value: T): T {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(cloneJson) as T;
  const from = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  // Each key stored as a fresh object's property, in the same order: only `__proto__` assigns otherwise than it
  // defines (it would set the prototype). Defined with a descriptor each (the same object made), every key of every
  // copy was a call into V8's runtime: the link's copies of a whole published API's parameters' nested limits
  // (docs/contributing/performance.md, the forty-fourth round). `for…in` reads V8's cached
  // keys where Object.keys made a list each object; the own keys only, as Object.keys.
  for (const key in from) {
    if (!Object.hasOwn(from, key)) continue;
    if (key === "__proto__")
      Object.defineProperty(out, key, {
        value: cloneJson(from[key]),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else out[key] = cloneJson(from[key]);
  }
  return out as T;
}
