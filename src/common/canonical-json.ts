// Stable JSON: the one way the project compares and prints plain data
// regardless of key order (surface changes, upstream facts and their diffs).

/**
 * JSON with every object's keys sorted, so the same value reads the same
 * whether it was read from a file or built in memory. `undefined` (which
 * JSON cannot write) reads `undefined`, so it never equals `null`.
 */
export function canonical(value: unknown): string {
  // Parsed data (plain objects, lists, texts, numbers…) written directly; anything else as JSON.stringify writes it.
  const out: string[] = [];
  if (value !== undefined && writePlain(value, out, 0)) return out.join("");
  return JSON.stringify(value, sortedObject) ?? "undefined";
}

/**
 * The replacer: each object a copy with its keys sorted (JSON.stringify then writes its array-index keys first, in
 * their order, as an object lists them).
 */
function sortedObject(_key: string, v: unknown): unknown {
  return v && typeof v === "object" && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v as object).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    : v;
}

/** Deeper than this, the replacer's way (which tells a cycle) writes the value. */
const PLAIN_DEPTH = 200;

/**
 * `value` written into `out` as canonical's replacer writes it, when it is plain data: texts, finite or not numbers,
 * booleans, null, and lists and objects of Object's (or no) prototype whose own values are those or undefined. False
 * (with `out` partly written) for anything else: a Date, a class's object, a `toJSON` function, a function, a
 * bigint, a depth past PLAIN_DEPTH. It makes no sorted copy of each object, the replacer's cost on large values (the
 * upstream's examples, a surface's parts).
 */
function writePlain(value: unknown, out: string[], depth: number): boolean {
  switch (typeof value) {
    case "string":
    case "number":
    case "boolean":
      out.push(JSON.stringify(value));
      return true;
    case "object":
      break;
    default:
      return false;
  }
  if (value === null) {
    out.push("null");
    return true;
  }
  if (depth > PLAIN_DEPTH) return false;
  if (Array.isArray(value)) return Object.getPrototypeOf(value) === Array.prototype && writeList(value, out, depth);
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  return writeObject(value as Record<string, unknown>, out, depth);
}

function writeList(list: unknown[], out: string[], depth: number): boolean {
  out.push("[");
  for (let i = 0; i < list.length; i++) {
    if (i > 0) out.push(",");
    const item = list[i];
    // A hole or undefined is written null, as JSON.stringify writes it in a list.
    if (item === undefined) out.push("null");
    else if (!writePlain(item, out, depth + 1)) return false;
  }
  out.push("]");
  return true;
}

function writeObject(object: Record<string, unknown>, out: string[], depth: number): boolean {
  if (typeof object.toJSON === "function") return false;
  out.push("{");
  let first = true;
  for (const key of canonicalKeys(object)) {
    const v = object[key];
    if (v === undefined) continue;
    out.push(first ? "" : ",", JSON.stringify(key), ":");
    first = false;
    if (!writePlain(v, out, depth + 1)) return false;
  }
  out.push("}");
  return true;
}

/**
 * An object's own keys in the order the replacer's sorted copy lists them: array indexes first by their number, then
 * the others by `<` (the default sort's order of texts).
 */
function canonicalKeys(object: object): string[] {
  const keys = Object.keys(object).sort();
  let indexes = 0;
  for (const key of keys) if (isArrayIndex(key)) indexes++;
  if (indexes === 0) return keys;
  const numbered = keys.filter(isArrayIndex).sort((a, b) => Number(a) - Number(b));
  return [...numbered, ...keys.filter((k) => !isArrayIndex(k))];
}

/** A key an object lists before the others, in its numeric order: an array index (0 to 2^32 − 2, no leading zero). */
function isArrayIndex(key: string): boolean {
  const c = key.charCodeAt(0);
  if (c < 48 || c > 57) return false;
  return /^(?:0|[1-9]\d*)$/.test(key) && Number(key) < 4294967295;
}
