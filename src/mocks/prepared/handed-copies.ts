// A mock's served copy (mock-document.ts) handed from one thread to another as bytes: a contract run's worker ended
// past a case's limit is started again in a new thread (a new link, so once-per-link.ts keeps nothing for it), and made
// the whole copy again, 5.8–6.5 s of CPU of a whole published API's ~16 s restart. `v8.serialize` keeps the copy's
// sharing (its 137 k objects are reached by 509 k places: 14.5 MB of bytes, read back in 0.06–0.15 s), but neither a
// symbol's property nor a prototype: the marks a copy holds under the symbols named (the kinds of a discriminated
// union, load/schemas/kinds-read.ts `KINDS`) are written beside it and put back, and a copy holding anything else the
// bytes lose (another symbol, a hidden key, a class's object) is not handed. Keyed by a hash of what the copy is made
// from (the served document's data and the manifest); a process told nothing (the CLI's `mock`, a test) makes its copy.
import { createHash } from "node:crypto";
import { deserialize, serialize } from "node:v8";

/** Copies by the hash of what each was made from, as `v8.serialize` wrote them. */
export type HandedCopies = Map<string, Uint8Array>;

let handed: HandedCopies | undefined;
let madeOne: ((key: string, bytes: Uint8Array) => void) | undefined;

/**
 * This thread reads a copy it needs from `copies` where one of the same inputs is there, and gives `made` each copy it
 * makes (the bytes are the receiver's: it may transfer them).
 */
export function shareCopies(copies: HandedCopies, made: (key: string, bytes: Uint8Array) => void): void {
  handed = copies;
  madeOne = made;
}

/** A mark: the object, the index of its symbol among those named, its value. */
type Mark = [object, number, unknown];

/**
 * The copy made of `from` by `make`: read back from the bytes handed for the same `from`, its marks under `symbols` put
 * back; else made (and told, where the bytes hold all of it).
 */
export function handedCopy<T>(from: unknown, make: () => T, symbols: readonly symbol[] = []): T {
  if (!handed) return make();
  const key = createHash("sha256").update(serialize(from)).digest("hex");
  const bytes = handed.get(key);
  if (bytes) {
    const [copy, marks] = deserialize(bytes) as [T, Mark[]];
    for (const [node, i, value] of marks) Object.defineProperty(node, symbols[i] as symbol, { value });
    return copy;
  }
  const copy = make();
  const marks = marksOf(copy, symbols);
  if (marks) madeOne?.(key, serialize([copy, marks]));
  return copy;
}

/** The marks under `symbols` in `value`'s objects; undefined where it holds what the bytes would lose. */
function marksOf(value: unknown, symbols: readonly symbol[]): Mark[] | undefined {
  const marks: Mark[] = [];
  const seen = new Set<object>();
  const stack: unknown[] = [value];
  while (stack.length) {
    const node = stack.pop();
    if (node === null || typeof node !== "object" || seen.has(node)) continue;
    seen.add(node);
    const array = Array.isArray(node);
    if (Object.getPrototypeOf(node) !== (array ? Array.prototype : Object.prototype)) return undefined;
    for (const symbol of Object.getOwnPropertySymbols(node)) {
      const i = symbols.indexOf(symbol);
      const d = Object.getOwnPropertyDescriptor(node, symbol);
      if (i < 0 || !d || !("value" in d) || d.enumerable || d.writable || d.configurable) return undefined;
      marks.push([node, i, d.value]);
      stack.push(d.value);
    }
    const names = Object.getOwnPropertyNames(node);
    if (names.length !== Object.keys(node).length + (array ? 1 : 0)) return undefined;
    for (const name of names) {
      const d = Object.getOwnPropertyDescriptor(node, name);
      if (d && !("value" in d)) return undefined;
      stack.push(d?.value);
    }
  }
  return marks;
}
