// Reading and writing JSON values by pointer segments (`["items", "0", "id"]`)
// or dotted output paths (`metadata.id`), own properties only.
import { itemAt } from "@blockwright/runtime/internal";

/** The value at `pointer`, or undefined when any step is missing. */
export function at(value: unknown, pointer: readonly string[]): unknown {
  let node = value;
  for (const key of pointer) {
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Set the value at `pointer` (at least one segment), creating objects on the way. */
export function setAt(target: Record<string, unknown>, pointer: readonly string[], value: unknown): void {
  let node = target;
  for (const key of pointer.slice(0, -1)) {
    if (!node[key] || typeof node[key] !== "object") node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[itemAt(pointer, -1)] = value;
}

/** The value at a dotted output path. */
export function readPath(value: unknown, dotted: string): unknown {
  return at(value, dotted.split("."));
}

/** Set a dotted output path. */
export function setPath(target: Record<string, unknown>, dotted: string, value: unknown): void {
  setAt(target, dotted.split("."), value);
}

/** A response body as JSON, the raw text when it is not JSON, undefined when empty. */
export function parseBody(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
