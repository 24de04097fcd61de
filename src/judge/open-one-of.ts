// A `oneOf` one of whose branches is open to any object (`{type: object,
// title: unlimited, properties: {}}`): by JSON Schema's letter every value
// that meets another branch meets that one too, so only a value meeting no
// other branch is valid, and a body with the fields of one shape (a clock, or
// days per move) is refused. Publishers mean "one of the shapes, or none of
// them": the open branch is read as "none of the fields the other branches
// require", so a value meeting two shapes, or holding part of one, is still
// refused.
//
// Likewise a `oneOf` of object shapes that nothing tells apart: each lists its
// fields, none requires any, none closes, so every object meets every shape
// and by the letter no body is valid (a matrix of from/to points, or of one
// list of points). Publishers mean "the fields of one shape": each shape is
// read as closed over its own fields, and the union as `anyOf` (a body of the
// fields they share is of either), so a body mixing two shapes' own fields is
// still refused. The fields declared beside the union (its own `properties`,
// and where it is a member of an `allOf`, the other members' and the
// parent's) are the object's whatever its shape: each shape takes them too (an
// item's fields beside "its place, or its place's id, or its address": closed
// over their own, every shape refused every item).
import type { Schema } from "@cfworker/json-schema";
import { indistinctShapes } from "../model/indistinct-shapes.js";

type Registered = Record<string, unknown> & { __absolute_ref__?: string };

/** Keys an open branch may carry: it names a shape, and constrains nothing. */
const WORDS = new Set(["type", "title", "description", "properties", "$comment", "examples", "additionalProperties"]);

/** Whether a schema accepts every object (its words aside): no required field, no closing, no property of its own. */
export function acceptsAnyObject(node: Record<string, unknown>): boolean {
  if (Object.keys(node).some((k) => !WORDS.has(k))) return false;
  if (node.type !== undefined && node.type !== "object") return false;
  if (node.additionalProperties !== undefined && node.additionalProperties !== true) return false;
  const properties = node.properties;
  return (
    properties === undefined ||
    (typeof properties === "object" && properties !== null && !Object.keys(properties).length)
  );
}

/**
 * Each indistinct shape of a union closed over its own fields and those declared `beside` the union, as `anyOf`
 * branches (see above).
 */
export function closedShapes(
  branches: readonly (Record<string, unknown> | undefined)[],
  beside: Iterable<string> = [],
): Record<string, unknown>[] {
  const others = Object.fromEntries([...beside].map((name) => [name, {}]));
  return branches.map((b) =>
    Object.keys(others).length
      ? { ...b, properties: { ...others, ...(b?.properties as object) }, additionalProperties: false }
      : { ...b, additionalProperties: false },
  );
}

/**
 * The fields declared beside each registered schema that is a member of an `allOf`: the other members' (through their
 * own `allOf`), the parent's own `properties`, and those beside the parent, by the member (followed from its `$ref`).
 */
function fieldsBesideMembers(
  lookup: Record<string, Schema | boolean>,
  deref: (node: unknown) => Registered | undefined,
): (node: Registered) => Set<string> {
  const parents = new Map<Registered, Registered[]>();
  const seen = new Set<unknown>();
  for (const schema of Object.values(lookup)) {
    if (!schema || typeof schema !== "object" || seen.has(schema)) continue;
    seen.add(schema);
    const node = schema as Registered;
    if (!Array.isArray(node.allOf)) continue;
    for (const member of node.allOf) {
      const target = deref(member);
      if (target) parents.set(target, [...(parents.get(target) ?? []), node]);
    }
  }
  const fields = (members: readonly unknown[], depth: number): string[] =>
    depth > 8
      ? []
      : members.flatMap((m) => {
          const node = deref(m);
          if (!node) return [];
          return [
            ...Object.keys((node.properties ?? {}) as object),
            ...(Array.isArray(node.allOf) ? fields(node.allOf, depth + 1) : []),
          ];
        });
  const beside = (node: Registered, trail: ReadonlySet<Registered>): Set<string> => {
    const names = new Set<string>();
    for (const parent of parents.get(node) ?? []) {
      if (trail.has(parent)) continue;
      const others = (parent.allOf as unknown[]).filter((m) => deref(m) !== node);
      for (const name of [
        ...Object.keys((parent.properties ?? {}) as object),
        ...fields(others, 0),
        ...beside(parent, new Set([...trail, parent])),
      ])
        names.add(name);
    }
    return names;
  };
  return (node) => beside(node, new Set([node]));
}

/**
 * Each registered `oneOf` with an open branch beside others that require fields: that branch becomes "none of those
 * fields".
 */
export function withOpenBranchesAsNoneOfTheOthers(lookup: Record<string, Schema | boolean>): void {
  const deref = (node: unknown): Registered | undefined => {
    let current = node as Registered | undefined;
    for (let hops = 0; hops < 16 && current && typeof current.__absolute_ref__ === "string"; hops++)
      current = lookup[current.__absolute_ref__] as Registered | undefined;
    return current && typeof current === "object" ? current : undefined;
  };
  const besideMember = fieldsBesideMembers(lookup, deref);
  const seen = new Set<unknown>();
  for (const schema of Object.values(lookup)) {
    if (!schema || typeof schema !== "object" || seen.has(schema)) continue;
    seen.add(schema);
    const node = schema as Registered;
    if (!Array.isArray(node.oneOf)) continue;
    const branches = node.oneOf.map(deref);
    if (indistinctShapes(branches)) {
      node.anyOf = closedShapes(branches, [...Object.keys((node.properties ?? {}) as object), ...besideMember(node)]);
      delete node.oneOf;
      continue;
    }
    const open = branches.map((branch) => branch !== undefined && acceptsAnyObject(branch));
    const required = [
      ...new Set(branches.flatMap((b, i) => (!open[i] && Array.isArray(b?.required) ? b.required.map(String) : []))),
    ];
    if (!open.includes(true) || !required.length) continue;
    const none = { not: { anyOf: required.map((field) => ({ required: [field] })) } };
    node.oneOf = node.oneOf.map((b, i) =>
      open[i] ? { ...(branches[i]?.type === "object" ? { type: "object" } : {}), ...none } : b,
    );
  }
}
