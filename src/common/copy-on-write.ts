// Parsed data changed in a few places without copying the rest: a whole
// published document is megabytes, and a structured clone of it (to change
// two answers, or none) cost upstream half a second of CPU and its garbage.
// Not immer's produce: its drafts are reached by path and assume a tree, where parsed YAML is a graph (an alias is
// one object at several places, changed and shared at each; a cycle is possible), and the changes here are found
// by object, not by path.
import { setOwn } from "@blockwright/runtime/internal";

/** New values for some keys of an object, by the object they belong to. */
export type KeyChanges = ReadonlyMap<object, Readonly<Record<string, unknown>>>;

/**
 * What setting `changes` on a structured clone of `root` gives, as new data that shares every object the changes do
 * not reach: each changed object, and each object above one, is a shallow copy; all else is `root`'s own (`root`
 * itself when nothing changes). An object found at several places (a YAML alias) is changed, and shared, at each,
 * as in the clone; a new value is read the same way, so a change inside it is made too.
 */
export function withKeyChanges(root: unknown, changes: KeyChanges): unknown {
  if (changes.size === 0) return root;
  const done = new Map<object, unknown>();
  const rebuilt = (node: unknown): unknown => {
    if (node === null || typeof node !== "object") return node;
    const known = done.get(node);
    if (known !== undefined) return known;
    // Marked before its children are read: a cycle (YAML can make one) ends here, the node kept.
    done.set(node, node);
    const own = changes.get(node);
    const keys = own ? [...new Set([...Object.keys(node), ...Object.keys(own)])] : Object.keys(node);
    let copy: Record<string, unknown> | undefined;
    for (const key of keys) {
      const was = (node as Record<string, unknown>)[key];
      const after = rebuilt(own && Object.hasOwn(own, key) ? own[key] : was);
      if (after === was && Object.hasOwn(node, key)) continue;
      copy ??= (Array.isArray(node) ? [...node] : { ...node }) as Record<string, unknown>;
      setOwn(copy, key, after);
    }
    if (copy === undefined) return node;
    done.set(node, copy);
    return copy;
  };
  return rebuilt(root);
}
