// A mock's served copy (mock-document.ts) handed from one thread to another as bytes: a contract run's worker ended
// past a case's limit is started again in a new thread (a new link, so once-per-link.ts keeps nothing for it), and made
// the whole copy again, 5.8–6.5 s of CPU of a whole published API's ~16 s restart. `v8.serialize` keeps the copy's
// sharing (its 137 k objects are reached by 509 k places: 14.5 MB of bytes, read back in 0.06–0.15 s). Keyed by a hash
// of what the copy is made from (the served document's data and the manifest), so that bytes are read only for what
// they were made of; a process told nothing (the CLI's `mock`, a test) makes its copy as before.
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

/** The copy made of `from` by `make`: read back from the bytes handed for the same `from`, else made (and told). */
export function handedCopy<T>(from: unknown, make: () => T): T {
  if (!handed) return make();
  const key = createHash("sha256").update(serialize(from)).digest("hex");
  const bytes = handed.get(key);
  if (bytes) return deserialize(bytes) as T;
  const copy = make();
  madeOne?.(key, serialize(copy));
  return copy;
}
