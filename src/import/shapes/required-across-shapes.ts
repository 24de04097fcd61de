// An object that is one of several shapes (`oneOf`) and requires, beside the
// union, fields that only different shapes list (`required: [shipment_id,
// shipment]`, one shape listing each): a value holding both is of no one shape
// (or, shapes left open, of every one), so no value meets the schema, and a
// mock refuses every request. The publisher means each field required by its
// own shape: add writes that in the cut (each such field required in the one
// shape listing it, the union's own `required` without it), and says so.

import { isJson, resolved, rewriteEachObject } from "./cut-walk.js";

type Json = Record<string, unknown>;

/** The fields a shape lists: its properties, its `allOf` members' too. */
function listedFields(cut: Json, shape: unknown, depth = 0): Set<string> {
  const node = resolved(cut, shape);
  const out = new Set<string>();
  if (!isJson(node) || depth > 8) return out;
  if (isJson(node.properties)) for (const name of Object.keys(node.properties)) out.add(name);
  if (Array.isArray(node.allOf))
    for (const member of node.allOf) for (const name of listedFields(cut, member, depth + 1)) out.add(name);
  return out;
}

/**
 * The cut with each union's required fields that only some of its shapes list required by those shapes instead
 * (changed in place); each place changed, as `components.schemas.Rates (shipment_id, shipment)`.
 */
export function withRequiredInShapes(cut: Json): string[] {
  return rewriteEachObject(cut, (node) => {
    const moved = requiredIntoShapes(cut, node);
    return moved.length ? moved.join(", ") : undefined;
  });
}

/**
 * The cut with each union's required fields that no shape nor the union itself lists, and each closed object's it does
 * not list, left out of its `required` (changed in place); each place changed, as `components.schemas.Upload (Name,
 * Content64Encoded)`.
 */
export function withoutRequiredNoShapeLists(cut: Json): string[] {
  return rewriteEachObject(cut, (node) => {
    const dropped = unlistedRequired(cut, node);
    return dropped.length ? dropped.join(", ") : undefined;
  });
}

/** Keys under which a shape may take fields it does not list by name: then what it lists is not all it takes. */
const OPEN_ENDED = ["oneOf", "anyOf", "not", "if", "patternProperties", "dependentSchemas", "unevaluatedProperties"];

/** Whether what a shape lists is all it names: its fields (and its `allOf` members') are plain properties. */
function fieldsKnown(cut: Json, shape: unknown, depth = 0): boolean {
  const node = resolved(cut, shape);
  if (!isJson(node) || depth > 8) return false;
  if (node.type !== undefined && node.type !== "object") return false;
  if (OPEN_ENDED.some((key) => Object.hasOwn(node, key))) return false;
  if (isJson(node.additionalProperties)) return false;
  return !Array.isArray(node.allOf) || node.allOf.every((member) => fieldsKnown(cut, member, depth + 1));
}

/** The fields left out of a union's `required`: no shape lists them, nor the union itself; or a closed object's. */
function unlistedRequired(cut: Json, schema: Json): string[] {
  const key = Array.isArray(schema.oneOf) ? "oneOf" : Array.isArray(schema.anyOf) ? "anyOf" : undefined;
  if (!key) return closedUnlisted(cut, schema);
  if (!Array.isArray(schema.required) || isJson(schema.additionalProperties)) return [];
  const branches = schema[key] as unknown[];
  if (!branches.length || !branches.every((shape) => fieldsKnown(cut, shape))) return [];
  const { oneOf: _one, anyOf: _any, ...beside } = schema;
  if (!fieldsKnown(cut, beside)) return [];
  const listed = new Set([...listedFields(cut, beside), ...branches.flatMap((shape) => [...listedFields(cut, shape)])]);
  return withoutRequired(schema, listed);
}

/**
 * The fields a closed object (`additionalProperties: false`, no union beside) requires and neither it nor its `allOf`
 * members list, left out of its `required`: its closing refuses them (read over its members' fields, as the request
 * judge and the mocks read it: src/judge/open-all-of-lookup.ts), so no value met it (an answer requiring
 * `validationStatus` beside `pinValid`: a field renamed in one place; `notes` beside a member's `pickup_notes`).
 */
function closedUnlisted(cut: Json, schema: Json): string[] {
  if (schema.additionalProperties !== false || !Array.isArray(schema.required)) return [];
  if (OPEN_ENDED.some((key) => Object.hasOwn(schema, key))) return [];
  if (Array.isArray(schema.allOf) && !schema.allOf.every((member) => fieldsKnown(cut, member))) return [];
  return withoutRequired(schema, listedFields(cut, schema));
}

/** The schema's required fields `listed` does not hold, left out of its `required` (changed in place). */
function withoutRequired(schema: Json, listed: ReadonlySet<string>): string[] {
  const required = schema.required as unknown[];
  const unlisted = required.filter((field): field is string => typeof field === "string" && !listed.has(field));
  if (!unlisted.length) return [];
  const rest = required.filter((field) => !unlisted.includes(field as string));
  if (rest.length) schema.required = rest;
  else delete schema.required;
  return unlisted;
}

/** The fields moved from a union's `required` into its shapes', when two of them belong to different shapes. */
function requiredIntoShapes(cut: Json, schema: Json): string[] {
  if (!Array.isArray(schema.oneOf) || !Array.isArray(schema.required) || schema.oneOf.length < 2) return [];
  const shapes = schema.oneOf.map((shape) => listedFields(cut, shape));
  // A required field some shapes list and others do not: the shapes listing it.
  const own = new Map<string, number[]>();
  for (const field of schema.required) {
    if (typeof field !== "string") continue;
    const listing = shapes.flatMap((fields, i) => (fields.has(field) ? [i] : []));
    if (listing.length && listing.length < shapes.length) own.set(field, listing);
  }
  // Contradictory only when no one shape lists them all.
  if (own.size < 2 || shapes.some((_, i) => [...own.values()].every((listing) => listing.includes(i)))) return [];
  const branches = schema.oneOf as unknown[];
  schema.oneOf = branches.map((shape, i) => {
    const mine = [...own].filter(([, listing]) => listing.includes(i)).map(([field]) => field);
    return mine.length ? { allOf: [shape, { required: mine }] } : shape;
  });
  const rest = schema.required.filter((field) => !own.has(field as string));
  if (rest.length) schema.required = rest;
  else delete schema.required;
  return [...own.keys()];
}
