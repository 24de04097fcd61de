// A value of one list shape of a `oneOf` of lists ("add" items or "remove" items) that another list shape takes too:
// the empty list meets every list shape, and an item of one list's items may meet the other's items as well. A list of
// one item of each of its items' shapes in turn, the first the union takes: what tells lists apart is their items.
import { resolvePointer } from "./sample-lookup.js";

type Node = Record<string, unknown>;

/** What the walk lends: its bound on branches, an item made from a union's branch `first` on, the union's check. */
export interface ListShapesWalk {
  maxBranches: number;
  item(items: Node, key: "oneOf" | "anyOf", at: string, trail: Set<string>, first: number): unknown;
  meets(value: unknown): boolean;
}

/** The list (of the list branch `branch`, at `at`) the union takes, or undefined when no item shape makes one. */
export function listOfItemShapes(
  document: Node,
  branch: unknown,
  at: string,
  trail: Set<string>,
  walk: ListShapesWalk,
): unknown[] | undefined {
  const list = followed(document, branch, at, trail);
  if (!list || list.node.items === undefined) return undefined;
  const items = followed(document, list.node.items, `${list.at}/items`, list.trail);
  const key = !items
    ? undefined
    : Array.isArray(items.node.oneOf)
      ? "oneOf"
      : Array.isArray(items.node.anyOf)
        ? "anyOf"
        : undefined;
  if (!items || !key) return undefined;
  const count = Math.max(1, typeof list.node.minItems === "number" ? Math.min(list.node.minItems, 100) : 0);
  // Copies of one item make the fewest items: a list of distinct items, or of fewer, refuses them.
  if (count > 1 && list.node.uniqueItems === true) return undefined;
  if (typeof list.node.maxItems === "number" && list.node.maxItems < count) return undefined;
  const shapes = (items.node[key] as unknown[]).length;
  for (let first = 0; first < Math.min(shapes, walk.maxBranches); first++) {
    const item = walk.item(items.node, key, items.at, items.trail, first);
    if (item === undefined) continue;
    const value = Array.from({ length: count }, () => item);
    if (walk.meets(value)) return value;
  }
  return undefined;
}

/** The schema `schema` (at `at`) with its `$ref`s followed: the node, where it is, and the refs followed. */
function followed(
  document: Node,
  schema: unknown,
  at: string,
  trail: Set<string>,
): { node: Node; at: string; trail: Set<string> } | undefined {
  let [node, where, seen] = [schema, at, trail];
  for (let hops = 0; hops < 16 && isNode(node) && typeof node.$ref === "string"; hops++) {
    const ref = node.$ref;
    if (!ref.startsWith("#") || seen.has(ref)) return undefined;
    [node, where, seen] = [resolvePointer(document, ref.slice(1)), ref.slice(1), new Set([...seen, ref])];
  }
  return isNode(node) && typeof node.$ref !== "string" ? { node, at: where, trail: seen } : undefined;
}

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * The schema of a list's item at `index`: 3.1's tuple (`prefixItems`, then `items`), or draft-07's as the mock's copy
 * writes it for Prism (`items` a list, then `additionalItems`: prism-schemas.ts `tuplesAsListedItems`).
 */
export function itemSchema(schema: Node, index: number): unknown {
  const first = Array.isArray(schema.prefixItems) ? schema.prefixItems : undefined;
  if (first && index < first.length) return first[index];
  if (!Array.isArray(schema.items)) return schema.items;
  return index < schema.items.length ? schema.items[index] : schema.additionalItems;
}
