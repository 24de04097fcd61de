// Copies of JSON values (tool definitions hold only JSON). structuredClone
// serialises and costs tens of microseconds a call; this walks the value.

export function cloneJson<T>(value: T): T {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(cloneJson) as T;
  const out: Record<string, unknown> = {};
  // Each own key stored plainly, in the same order (a descriptor each was a call into V8's runtime for every key of
  // a whole published API's limits: performance.md, the forty-fourth round). An own `__proto__` (JSON.parse makes
  // one) would set the prototype if stored: structuredClone defines it, as rare as it is slow. `for…in` reads V8's
  // cached keys where Object.keys made a list each object.
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (key === "__proto__") return structuredClone(value);
    out[key] = cloneJson(value[key]);
  }
  return out as T;
}
