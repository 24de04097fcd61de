// A document's tree with some of its objects changed, copied only on the way to what changes: the types' copies
// (hoisted-refs.ts, declared-mappings.ts, null-type-unions.ts, emit-types.ts withoutObjectEnums) share the rest with
// the generator's own document.

type Node = Record<string, unknown>;

/**
 * `root` with `change` applied to each object below it (given the object with its own children already changed, and
 * returning it as it is or a new object); a subtree shared in `root` (a YAML alias) is changed once and stays shared.
 * `root` itself when nothing changes.
 */
export function rewrittenTree(root: unknown, change: (record: Node) => Node): unknown {
  const copies = new Map<object, unknown>();
  const visit = (node: unknown): unknown => {
    if (node === null || typeof node !== "object") return node;
    const done = copies.get(node);
    if (done !== undefined) return done;
    let out: unknown;
    if (Array.isArray(node)) {
      let list: unknown[] | undefined;
      for (let i = 0; i < node.length; i++) {
        const item = visit(node[i]);
        if (item !== node[i]) (list ??= [...node])[i] = item;
      }
      out = list ?? node;
    } else {
      const record = node as Node;
      let copy: Node | undefined;
      // `for…in` with hasOwn: Object.keys made an array at each of the document's nodes.
      for (const key in record) {
        if (!Object.hasOwn(record, key)) continue;
        const item = visit(record[key]);
        if (item !== record[key]) (copy ??= { ...record })[key] = item;
      }
      out = change(copy ?? record);
    }
    copies.set(node, out);
    return out;
  };
  return visit(root);
}
