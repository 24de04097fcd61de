// The example of a request body of several shapes (`oneOf`/`anyOf`) drafted as one parameter: the contract suite's
// minimal input sends it, so it must be a body the document accepts, and of a `oneOf` a body that meets exactly one
// shape. The required fields of the first shape alone may meet several (`{}` of two modes that require nothing and are
// told apart by an optional `mode: {enum: [...]}`; `{query}` of two query languages that both require `query`): each
// shape is tried in turn, with its required fields, then with one optional field more (a field of one value first, a
// tag), then with all of them, and the first body the request judge's reading of the schema takes is the example (the
// document's own request examples, `example` or named under the media type, first: a patterned field has no made
// value, and a body of such fields was drafted with none though the document gave some). When
// none is taken (shapes that overlap so that every body of one meets another), the draft says so and gives no example.
// A shape that is a list (`oneOf` of an "add" list and a "delete" list, each of its own item shapes) is tried as a
// list of one item of each of its item shapes: the empty list, or the first item shape's, may meet every list shape.
// A shape that is a union itself (a channel of several message kinds) is tried as each of its own shapes.
import { readDelimitedPatterns } from "../../load/load-rewrites.js";
import { OpenApiDocument, type OpenApiOperation, type Schema } from "../../load/openapi-document.js";
import { valueAt } from "../../load/json-ref.js";
import { followRefs } from "../../load/source-place.js";
import { oneValue } from "../../model/one-value.js";
import { schemaChecker, type SchemaChecker } from "../../judge/schema-check.js";
import { exampleOfFirstShape, exampleValue } from "./example.js";

/** Bounds on the bodies tried: shapes, and optional fields tried one at a time in each. */
const MAX_SHAPES = 16;
const MAX_OPTIONAL = 24;
/** Lists inside lists tried, at most. */
const MAX_LIST_NESTING = 4;

const checkers = new WeakMap<OpenApiDocument, SchemaChecker>();

/** The example, with a note when it is not the first shape's required fields; or why there is none. */
export type UnionExample = { value: unknown; note?: string } | { refused: string };

/**
 * A body meeting the union as the request judge reads it (exactly one shape of a `oneOf`), starting from `given` (the
 * document's own example, when it has one) and the first shape's example; or why none was found.
 */
export function unionBodyExample(doc: OpenApiDocument, op: OpenApiOperation, given: unknown): UnionExample | undefined {
  const body = op.requestBody;
  if (!body) return undefined;
  let flat: Schema;
  try {
    flat = doc.flatten(body.schema);
  } catch {
    return undefined;
  }
  const key = Array.isArray(flat.oneOf) ? "oneOf" : Array.isArray(flat.anyOf) ? "anyOf" : undefined;
  if (!key) return undefined;
  const at = followRefs(doc.source.data, [...op.location, "requestBody", "content", body.mediaType, "schema", ""]);
  let checker = checkers.get(doc);
  if (!checker) checkers.set(doc, (checker = checkerAsGenerateReads(doc)));
  const judge = checker;
  const unionAt = at.slice(0, -1);
  // A merge patch's body is held to its patch view (load/schemas/merge-patch.ts), as the judge holds it at its place.
  const patch = body.mergePatch === true;
  const meets = (value: unknown) => value !== undefined && judge.check(value, unionAt, patch) === undefined;
  if (meets(given)) return { value: given };
  // The document's own request examples (its media type's `example`, each named one's value), the first it takes.
  const own = documentExamples(doc, op, body.mediaType).find(meets);
  if (own !== undefined) return { value: own };
  const first = exampleOfFirstShape(doc, body.schema);
  if (meets(first)) return { value: first };
  const members = flat[key] as Schema[];
  const { [key]: _union, example: _example, examples: _examples, ...rest } = flat;
  const shapes = `${members.length} shapes (${key})`;
  const bodies = members.slice(0, MAX_SHAPES).map((member) => shapeBodies(doc, rest, member));
  for (const [i, member] of members.slice(0, MAX_SHAPES).entries()) {
    const found = bodies[i]?.find(meets);
    if (found === undefined) continue;
    return {
      value: found,
      note:
        `${firstTried(first)} meets ${key === "oneOf" ? "not exactly one" : "none"} of the request body's ${shapes}: ` +
        `the example is ${Array.isArray(found) ? listOf(found) : "a body"} of shape ${i + 1}${titleOf(doc, member)}` +
        `${key === "oneOf" ? ", which no other shape takes" : ""}; check that the upstream takes it too`,
    };
  }
  const branchAt = (i: number) => followRefs(doc.source.data, [...unionAt, key, i, ""]).slice(0, -1);
  const why = members.slice(0, 3).map((member, i) => {
    const made = bodies[i]?.[0];
    const shape = `shape ${i + 1}${titleOf(doc, member)}`;
    if (made === undefined) return `${shape}: no value of a field it requires can be made`;
    const own = judge.check(made, branchAt(i), patch);
    if (own) return `${shape}: ${own.message}`;
    const also = members.flatMap((_, j) =>
      j !== i && !judge.check(made, branchAt(j), patch) ? [`shape ${j + 1}`] : [],
    );
    return also.length ? `a body of ${shape} meets ${also.join(", ")} too` : `${shape}: the union refuses its body`;
  });
  return {
    refused:
      `no body made from the request body's ${shapes} (each one's required fields, with or without its other ` +
      `fields) meets ${key === "oneOf" ? "exactly one of them" : "any of them"}, as the document states them ` +
      `(${why.join("; ")}): drafted without an example; check the document's shapes, and write one`,
  };
}

/** The request body's examples under its media type, as the document writes them: `example`, then each named one. */
function documentExamples(doc: OpenApiDocument, op: OpenApiOperation, mediaType: string): unknown[] {
  const where = followRefs(doc.source.data, [...op.location, "requestBody", "content", mediaType, ""]).slice(0, -1);
  const media = valueAt(doc.source.data, where) as Schema | undefined;
  if (!media || typeof media !== "object") return [];
  const named = Object.values((media.examples ?? {}) as Record<string, Schema>).map((raw) => doc.resolve(raw).value);
  return [...(media.example === undefined ? [] : [media.example]), ...named];
}

/**
 * What was tried first, as the note names it: a list shape has no required fields, its example is a list (the empty
 * one, which every list shape takes, unless the shape asks for items).
 */
function firstTried(first: unknown): string {
  if (!Array.isArray(first)) return "a body of the first shape's required fields";
  return first.length ? "a list of the first shape's fewest items" : "the empty list (the first shape's fewest items)";
}

/** A list example as the note names it: one item, or several alike (a shape's minItems). */
function listOf(found: unknown[]): string {
  return found.length === 1 ? "a list of one item" : `a list of ${found.length} items`;
}

/** A shape's title, in parentheses, when it has one. */
function titleOf(doc: OpenApiDocument, member: Schema): string {
  try {
    const title = doc.flatten(member).title;
    return typeof title === "string" ? ` (${title})` : "";
  } catch {
    return "";
  }
}

/**
 * The request judge's check over the document as generate reads it, as the mocks' judge holds requests to it (a pattern
 * between slashes read without them: load-rewrites.ts).
 */
function checkerAsGenerateReads(doc: OpenApiDocument): SchemaChecker {
  const data = structuredClone(doc.source.data);
  readDelimitedPatterns(data);
  return schemaChecker(new OpenApiDocument({ ...doc.source, data }));
}

/** Bodies of one shape (beside the union's own fields): its required fields, one optional field more, all of them. */
function shapeBodies(doc: OpenApiDocument, rest: Schema, member: Schema, depth = 0): unknown[] {
  let shape: Schema;
  try {
    shape = doc.flatten({ allOf: [rest, member] });
  } catch {
    return [];
  }
  // A shape that is a union itself (a channel of several message kinds): the bodies of each of its own shapes.
  const inner = Array.isArray(shape.oneOf) ? "oneOf" : Array.isArray(shape.anyOf) ? "anyOf" : undefined;
  if (inner && depth < MAX_LIST_NESTING) {
    const { [inner]: members, example: _example, examples: _examples, ...innerRest } = shape;
    return (members as Schema[]).slice(0, MAX_SHAPES).flatMap((m) => shapeBodies(doc, innerRest, m, depth + 1));
  }
  const base = exampleValue(doc, shape);
  if (Array.isArray(base) || shape.type === "array") return listBodies(doc, shape, base, depth);
  if (base === undefined || base === null || typeof base !== "object") return [];
  const properties = (shape.properties ?? {}) as Record<string, Schema>;
  const optional = Object.keys(properties).filter((f) => !Object.hasOwn(base, f));
  const fieldValue = (field: string) => {
    try {
      const flatField = doc.flatten(properties[field] as Schema);
      return flatField.readOnly === true ? undefined : exampleValue(doc, flatField);
    } catch {
      return undefined;
    }
  };
  // A field of one value (a tag naming the shape) first.
  const tagged = (field: string) => {
    try {
      return oneValue(doc.flatten(properties[field] as Schema)) !== undefined;
    } catch {
      return false;
    }
  };
  const ordered = [...optional.filter(tagged), ...optional.filter((f) => !tagged(f))].slice(0, MAX_OPTIONAL);
  const values = new Map(ordered.map((f) => [f, fieldValue(f)] as const).filter(([, v]) => v !== undefined));
  const bodies: unknown[] = [base];
  for (const [field, value] of values) bodies.push({ ...base, [field]: value });
  if (values.size > 1) bodies.push({ ...base, ...Object.fromEntries(values) });
  return bodies;
}

/**
 * Bodies of a list shape: the list made from its first item shape (when it holds items), then lists of one item of
 * each item shape (of a union of items: each one's bodies, as above), so that one item can tell the list shapes apart.
 */
function listBodies(doc: OpenApiDocument, shape: Schema, base: unknown, depth: number): unknown[] {
  // Lists of lists, each a list of one: a few levels (a schema whose items are itself has no end).
  if (depth >= MAX_LIST_NESTING) return Array.isArray(base) && base.length ? [base] : [];
  const fewest = typeof shape.minItems === "number" ? shape.minItems : 0;
  // Copies of one item make the fewest items, which a list of distinct items refuses.
  if (fewest > 1 && shape.uniqueItems === true) return Array.isArray(base) && base.length ? [base] : [];
  let items: Schema;
  try {
    items = doc.flatten((shape.items ?? {}) as Schema);
  } catch {
    return [];
  }
  const key = Array.isArray(items.oneOf) ? "oneOf" : Array.isArray(items.anyOf) ? "anyOf" : undefined;
  const { oneOf: _one, anyOf: _any, example: _example, examples: _examples, ...itemRest } = items;
  const itemBodies = key
    ? (items[key] as Schema[]).slice(0, MAX_SHAPES).flatMap((member) => shapeBodies(doc, itemRest, member, depth + 1))
    : shapeBodies(doc, {}, items, depth + 1);
  const single = exampleValue(doc, items);
  const made = itemBodies.length || single === undefined ? itemBodies : [single];
  const lists = made.map((item) => Array.from({ length: Math.max(1, fewest) }, () => item));
  return Array.isArray(base) && base.length ? [base, ...lists] : lists;
}
