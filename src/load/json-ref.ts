// Where a `$ref` points inside its file, shared by the OpenAPI reader, the
// example validator, the upstream diff and the manifest schema's messages.
import { ownValue, parsePointer } from "@blockwright/runtime/internal/generate";

/**
 * The path a `$ref` names inside its file: its fragment (after `#`; none is
 * the whole file) URI-decoded, then read as a JSON pointer (RFC 6901 §6).
 * `#/paths/~1pets/get` → paths, /pets, get. Throws on a fragment that is
 * not a pointer (a named anchor) or not valid percent-encoding.
 */
export function refPath(ref: string): readonly string[] {
  let path = REF_PATHS.get(ref);
  if (path !== undefined) return path;
  const hash = ref.indexOf("#");
  path = hash < 0 ? [] : parsePointer(decodeURIComponent(ref.slice(hash + 1)));
  if (REF_PATHS.size >= 4096) REF_PATHS.clear();
  REF_PATHS.set(ref, path);
  return path;
}

/**
 * Each `$ref`'s path, read once: the load's walks, the link and the examples' check follow the same references again
 * and again (GitHub's whole document: 25,192 reads of 897 references in a generate; performance.md, wholegh2). A path
 * is shared, as parsePointer's are: callers copy one before changing it.
 */
const REF_PATHS = new Map<string, readonly string[]>();

/** How a step is read: an object's own value at a key (a view of data about to change may read another). */
export type ReadKey = (node: object, key: string | number) => unknown;

/**
 * The value at `path` inside parsed data (`undefined` when there is none).
 * Own keys only: `#/constructor` or `#/components/schemas/toString` names
 * nothing in a document, not a property every object inherits.
 */
export function valueAt(data: unknown, path: readonly (string | number)[], read: ReadKey = ownValue): unknown {
  let node = data;
  for (let i = 0; i < path.length; i++) {
    if (node === null || typeof node !== "object") return undefined;
    node = read(node, path[i] as string | number);
  }
  return node;
}

/** What a `$ref` names inside `document`; undefined when nothing, or when the reference is no pointer (`#/%zz`). */
export function refTarget(document: unknown, ref: string): unknown {
  try {
    return valueAt(document, refPath(ref));
  } catch {
    return undefined;
  }
}

/**
 * A node of a document with its local `$ref`s followed (`#/…`, up to 10 hops); undefined when one names nothing or is
 * no pointer.
 */
export function followLocalRefs(
  document: unknown,
  node: unknown,
  read: ReadKey = ownValue,
): Record<string, unknown> | undefined {
  let at = node as Record<string, unknown> | undefined;
  try {
    for (let hops = 0; at && typeof at.$ref === "string" && at.$ref.startsWith("#/") && hops < 10; hops++)
      at = valueAt(document, refPath(at.$ref), read) as Record<string, unknown> | undefined;
  } catch {
    return undefined;
  }
  return at;
}
