// An `allOf` of object schemas made one object (sample-walk.ts makes its value): its members' properties, required,
// closing and fewest properties, a field several members define otherwise held to each definition.
import { escapeKey, isNode, requiredOnly, resolvePointer } from "./sample-lookup.js";

type Node = Record<string, unknown>;

/**
 * The members of an `allOf` (its `$ref`s followed, nested ones flattened) merged into one object schema: properties
 * (the one with an enum or const first where several members declare it), required, closed and fewest properties.
 * Undefined when a member is not a plain object schema (a union, a scalar): those are made part by part.
 */
export function mergedAllOf(
  document: Node,
  schema: Node,
  pointer: string,
  trail: Set<string>,
): { schema: Node; pointers: Map<string, string>; trail: Set<string> } | undefined {
  const definitions = new Map<string, { schema: unknown; pointer: string }[]>();
  const required = new Set<string>();
  const seen = new Set(trail);
  let closed = false;
  let fewest = 0;
  let values: string | undefined; // a member's additionalProperties schema: a map's values (DynamoDB's RequestItems)
  const collect = (node: unknown, at: string, depth: number): boolean => {
    if (depth > 16 || !isNode(node)) return node === true || (isNode(node) && Object.keys(node).length === 0);
    if (typeof node.$ref === "string") {
      const ref = node.$ref;
      if (!ref.startsWith("#") || trail.has(ref)) return false;
      // A member another reaches too (`orderLinks: allOf [headerLinks, …]`) is collected once: its fields are in.
      if (seen.has(ref)) return true;
      seen.add(ref);
      return collect(resolvePointer(document, ref.slice(1)), ref.slice(1), depth + 1);
    }
    if ("const" in node || Array.isArray(node.enum) || node.not !== undefined) return false;
    // A union of required lists only ("name or company"): its first branch's required too; others part by part.
    for (const key of ["oneOf", "anyOf"] as const) {
      if (node[key] === undefined) continue;
      if (!requiredOnly(node[key])) return false;
      for (const name of (node[key] as { required: unknown[] }[])[0]?.required ?? [])
        if (typeof name === "string") required.add(name);
    }
    const type = Array.isArray(node.type) ? node.type.filter((t) => t !== "null") : [node.type];
    if (!type.every((t) => t === undefined || t === "object")) return false;
    if (isNode(node.properties)) {
      for (const [name, property] of Object.entries(node.properties)) {
        const list = definitions.get(name) ?? [];
        list.push({ schema: property, pointer: `${at}/properties/${escapeKey(name)}` });
        definitions.set(name, list);
      }
    }
    for (const name of Array.isArray(node.required) ? node.required : [])
      if (typeof name === "string") required.add(name);
    if (node.additionalProperties === false) closed = true;
    if (isNode(node.additionalProperties)) values ??= `${at}/additionalProperties`;
    if (typeof node.minProperties === "number") fewest = Math.max(fewest, node.minProperties);
    return (Array.isArray(node.allOf) ? node.allOf : []).every((member, i) =>
      collect(member, `${at}/allOf/${i}`, depth + 1),
    );
  };
  if (!collect(schema, pointer, 0)) return undefined;
  const properties: Node = {};
  const pointers = new Map<string, string>();
  for (const [name, list] of definitions) {
    const pinned =
      list.find((d) => isNode(d.schema) && ("const" in d.schema || Array.isArray(d.schema.enum))) ??
      list.find((d) => isNode(d.schema) && Object.keys(d.schema).length > 0) ??
      list[0];
    if (!pinned) continue;
    // A field several members define otherwise (`links`: a header's links in one, the detail's more in another)
    // meets each definition: all of them, each referred to where it is (an example is held to its own place).
    const shaped = list.filter((d) => isNode(d.schema) && Object.keys(d.schema).length > 0);
    const distinct = new Set(shaped.map((d) => JSON.stringify(d.schema))).size > 1;
    properties[name] =
      !distinct || (isNode(pinned.schema) && ("const" in pinned.schema || Array.isArray(pinned.schema.enum)))
        ? pinned.schema
        : { allOf: shaped.map((d) => ({ $ref: `#${d.pointer}` })) };
    pointers.set(name, pinned.pointer);
  }
  return {
    schema: {
      type: "object",
      properties,
      required: [...required],
      ...(closed ? { additionalProperties: false } : values ? { additionalProperties: { $ref: `#${values}` } } : {}),
      ...(fewest ? { minProperties: fewest } : {}),
    },
    pointers,
    trail: seen,
  };
}
