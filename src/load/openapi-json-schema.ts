// OpenAPI 3.0 schemas made JSON Schema for the example checker
// (examples/openapi-examples.ts): `nullable` and boolean exclusive bounds rewritten,
// every schema kept at its place.
import { dereference, type Schema } from "@cfworker/json-schema";

type Node = Record<string, unknown>;

/** A nullable schema that null must also satisfy: where it is, to be wrapped once registered. */
export interface Wrap {
  node: Node;
  /** The object or list holding it (none for an outermost schema). */
  holder?: Node | unknown[];
  key?: string | number;
}

/**
 * OpenAPI 3.0 schema keywords that differ from JSON Schema, rewritten in
 * place (on a copy). Every schema keeps its place, so that each registers
 * under the pointer the document gives it (an example's check finds its
 * schema there): `nullable` adds `"null"` to a `type`, or `{type: "null"}`
 * at the end of an `anyOf`; any other nullable schema (a `oneOf`, an `allOf`,
 * a schema without `type`) is listed in `wraps`, wrapped once registered.
 */
export function toJsonSchema(node: unknown, wraps: Wrap[], holder?: Node | unknown[], key?: string | number): void {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) toJsonSchema(item, wraps, node, i);
    return;
  }
  if (node === null || typeof node !== "object") return;
  const n = node as Node;
  for (const [k, value] of Object.entries(n)) toJsonSchema(value, wraps, n, k);
  toJsonSchemaHere(n, wraps, holder, key);
}

/** toJsonSchema's rewrite of one node, its own keys (the nodes inside it done first). */
function toJsonSchemaHere(n: Node, wraps: Wrap[], holder?: Node | unknown[], key?: string | number): void {
  // A `$ref` with the fields it requires beside it (`{$ref: UserData, required: [em]}`): 3.0 ignores a reference's
  // siblings, but the publisher means them, and 3.1, Prism and the link (withRequiredBeside) read them.
  if (typeof n.$ref === "string" && Array.isArray(n.required) && n.required.length) {
    n.allOf = [{ $ref: n.$ref }, ...(Array.isArray(n.allOf) ? n.allOf : [])];
    delete n.$ref;
  }
  if (n.nullable === true) {
    delete n.nullable;
    if (typeof n.type === "string") n.type = [n.type, "null"];
    // A type beside a union or a reference (`type: object, nullable: true, oneOf: [...]`): the type now takes null,
    // the union's branches still refuse it; the publisher means "null, or the union" as when no type is written.
    if (n.type === undefined || COMPOSED.some((k) => k in n)) {
      // Beside a `$ref` too: 3.0 says a reference's siblings are ignored, but published documents write a nullable
      // reference so, and the mock (prism-schemas.ts) answers null there; both read it as "that schema, or null".
      // A `oneOf` is wrapped, not given a null branch: a branch of its own may admit null already (`oneOf: [{$ref:
      // StateEnum}, {$ref: NullEnum}]`, NullEnum `enum: [null]`), and null then matched two branches of "exactly one".
      const alone = !["$ref", "oneOf", "allOf", "not"].some((k) => k in n);
      const list = alone && Array.isArray(n.anyOf) ? n.anyOf : undefined;
      if (list) list.push({ type: "null" });
      else wraps.push({ node: n, ...(holder ? { holder, key } : {}) });
    }
    if (Array.isArray(n.enum) && !n.enum.includes(null)) n.enum = [...n.enum, null];
  } else if (n.nullable === false) {
    delete n.nullable;
  }
  // Each bound in turn, written out: a list of the pairs made here was arrays for every node of every schema copied
  // (GitHub's whole document: 885 schemas registered, the copy's every node walked).
  exclusiveBound(n, "exclusiveMinimum", "minimum");
  exclusiveBound(n, "exclusiveMaximum", "maximum");
}

/**
 * A 3.1 document's bounds written as 3.0's (`exclusiveMinimum: true, minimum: 0`, which an editor of 3.0 habits keeps):
 * 2020-12 has no boolean bound, the validator compared the value with `true` (1) and refused every number in (0, 1]
 * that add drafted and the suite sent as inside the bound; 3.0's reading is the only one they have.
 */
export function booleanBounds(n: Node): void {
  if (typeof n.exclusiveMinimum === "boolean") exclusiveBound(n, "exclusiveMinimum", "minimum");
  if (typeof n.exclusiveMaximum === "boolean") exclusiveBound(n, "exclusiveMaximum", "maximum");
}

/** A 3.0 boolean exclusive bound as JSON Schema's: `exclusiveMinimum: true, minimum: 3` as `exclusiveMinimum: 3`. */
function exclusiveBound(n: Node, flag: "exclusiveMinimum" | "exclusiveMaximum", bound: "minimum" | "maximum"): void {
  if (n[flag] === true && typeof n[bound] === "number") {
    n[flag] = n[bound];
    delete n[bound];
  } else if (n[flag] === false) {
    delete n[flag];
  }
}

/** Keywords whose schemas a nullable schema's null must meet as well, which nullable itself does not reach. */
const COMPOSED = ["$ref", "oneOf", "anyOf", "allOf", "not"];

/** Each listed schema, registered where it is, becomes `anyOf: [null, itself]` there and under its pointer. */
export function wrapNullable(wraps: Wrap[], lookup: Record<string, Schema | boolean>): void {
  if (!wraps.length) return;
  const keys = new Map<unknown, string[]>();
  for (const [uri, schema] of Object.entries(lookup)) keys.set(schema, [...(keys.get(schema) ?? []), uri]);
  for (const { node, holder, key } of wraps) {
    const wrapper = { anyOf: [{ type: "null" }, node] };
    if (holder !== undefined && key !== undefined) (holder as Record<string | number, unknown>)[key] = wrapper;
    for (const uri of keys.get(node) ?? []) lookup[uri] = wrapper as Schema;
  }
}

/** Keys whose values are data, not schemas (an example may hold a `oneOf` of its own). */
const DATA_KEYS = new Set(["example", "examples", "default", "enum", "const", "x-examples"]);

/**
 * A `oneOf` with a `discriminator` becomes an `anyOf`, in place (on a copy);
 * returns how many. The discriminator names the branch (its propertyName's
 * value): "exactly one branch matches" is not what such a schema says, and
 * where no branch pins that property (Zenvia's WhatsApp contents: `type` a
 * free string in each of 11 branches, one of which requires nothing else)
 * every value matched two branches, so that the document's own examples and
 * the mock's answers were refused.
 */
export function discriminatedAsAnyOf(root: unknown): number {
  let rewritten = 0;
  eachSchemaNode(root, (node) => {
    if (discriminatedHere(node)) rewritten++;
  });
  return rewritten;
}

/** discriminatedAsAnyOf's rewrite of one node; whether it made one. */
function discriminatedHere(node: Node): boolean {
  const discriminator = node.discriminator as Node | undefined;
  if (
    !Array.isArray(node.oneOf) ||
    typeof discriminator !== "object" ||
    discriminator === null ||
    typeof discriminator.propertyName !== "string"
  )
    return false;
  if (Array.isArray(node.anyOf)) node.allOf = [...(Array.isArray(node.allOf) ? node.allOf : []), { anyOf: node.oneOf }];
  else node.anyOf = node.oneOf;
  Object.defineProperty(node, MOVED_ONE_OF, { value: node.oneOf, enumerable: false });
  delete node.oneOf;
  return true;
}

/** Where a node discriminatedAsAnyOf rewrote keeps the shapes its `oneOf` listed (no key the validator reads). */
export const MOVED_ONE_OF = Symbol("moved oneOf");

/**
 * Each shape of a `oneOf` discriminatedAsAnyOf moved, and the schemas inside it, registered in `lookup` at its
 * document's place (`…/oneOf/<i>…`) too, beside where the validator found it (`…/anyOf/<i>…`): a check of a value
 * against a schema inside a shape (an example of a shape's field) is looked up by the place the document gives it, and
 * found nothing there. `keys`: the registered keys to look among (those a registration added).
 */
export function withMovedShapesAtTheirPlaces(lookup: Record<string, Schema | boolean>, keys: Iterable<string>): void {
  const pending = [...keys];
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    const schema = lookup[key];
    const shapes = typeof schema === "object" ? (schema as { [MOVED_ONE_OF]?: unknown })[MOVED_ONE_OF] : undefined;
    if (!Array.isArray(shapes)) continue;
    const hash = key.indexOf("#");
    const base = new URL(hash < 0 ? key : key.slice(0, hash));
    const at = hash < 0 ? "" : key.slice(hash + 1);
    // Keys added here are looked among too: a shape's own discriminated union, moved inside it.
    const added = new Proxy(lookup, {
      set: (target, name, value) => {
        if (typeof name === "string" && !Object.hasOwn(target, name)) pending.push(name);
        return Reflect.set(target, name, value);
      },
    });
    for (const [i, shape] of shapes.entries()) dereference(shape as Schema, added, base, `${at}/oneOf/${i}`);
  }
}

/**
 * `visit` on every object under `root` but those under data keys (examples, defaults, enums), each once, its children
 * first.
 */
export function eachSchemaNode(root: unknown, visit: (node: Node) => void): void {
  const seen = new Set<object>();
  const walk = (value: unknown): void => {
    if (value === null || typeof value !== "object" || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value)) {
      for (const item of value) walk(item);
      return;
    }
    const node = value as Node;
    for (const [key, child] of Object.entries(node)) if (!DATA_KEYS.has(key)) walk(child);
    visit(node);
  };
  walk(root);
}

/**
 * withImpliedTypes, then toJsonSchema (when `wraps` is given: a 3.0 document; else booleanBounds), then
 * discriminatedAsAnyOf, in place (on a copy), in one walk where the three walked it in turn (each schema registered
 * for a check was walked four times with the validator's own). Each node gets what the three give it, in their
 * order: they read and write a node's own keys, and its type is implied before the walk goes down into it. That holds
 * for a tree; a node or list met twice (a YAML alias) reached by the walks in another order, so a copy that holds one
 * is made again from `original` and walked by the three in turn. Returns the copy so made.
 */
export function asValidatorReads<T>(copy: T, original: () => T, wraps?: Wrap[]): T {
  const met = new Set<object>();
  const marked = wraps?.length ?? 0;
  // `implied`: what withImpliedTypes makes of the value (a schema, a list or map of schemas, or nothing);
  // `schemaKey`: no data key (DATA_KEYS) on the way, as discriminatedAsAnyOf walks.
  const walk = (
    value: unknown,
    implied: Implied,
    schemaKey: boolean,
    holder?: Node | unknown[],
    key?: string | number,
  ) => {
    if (value === null || typeof value !== "object") return true;
    if (met.has(value)) return false;
    met.add(value);
    if (Array.isArray(value)) {
      const items = implied === Implied.Holder ? Implied.Schema : Implied.None;
      // Indexed and `for…in` loops: `entries()` made an iterator and a pair for each item and key of each copy walked.
      for (let i = 0; i < value.length; i++) if (!walk(value[i], items, schemaKey, value, i)) return false;
      return true;
    }
    const node = value as Node;
    if (implied === Implied.Schema) impliedTypeHere(node);
    // The walk changes only the node it is at (its own keys), never one whose keys are being read.
    for (const k in node) {
      if (!Object.hasOwn(node, k)) continue;
      const child = node[k];
      const there =
        implied === Implied.Holder
          ? Implied.Schema
          : implied === Implied.None
            ? Implied.None
            : ONE_SCHEMA_KEYS.has(k)
              ? Implied.Schema
              : MANY_SCHEMA_KEYS.has(k)
                ? Implied.Holder
                : Implied.None;
      if (!walk(child, there, schemaKey && !DATA_KEYS.has(k), node, k)) return false;
    }
    if (wraps) toJsonSchemaHere(node, wraps, holder, key);
    else if (schemaKey) booleanBounds(node);
    if (schemaKey) discriminatedHere(node);
    return true;
  };
  if (walk(copy, Implied.Schema, true)) return copy;
  wraps?.splice(marked);
  const again = original();
  withImpliedTypes(again);
  if (wraps) toJsonSchema(again, wraps);
  else eachSchemaNode(again, booleanBounds);
  discriminatedAsAnyOf(again);
  return again;
}

/** What withImpliedTypes makes of a value: nothing, a schema, or a list or map whose items are schemas. */
const Implied = { None: 0, Schema: 1, Holder: 2 } as const;
type Implied = (typeof Implied)[keyof typeof Implied];

/**
 * Whether a document of this OpenAPI version writes its schemas in JSON Schema 2020-12: 3.1, and 3.2, which keeps 3.1's
 * dialect.
 */
export function usesJsonSchema2020(version: string): boolean {
  return /^3\.[12]\b/.test(version);
}

/** Keywords whose value is one schema, and those whose value holds schemas (a list, or a map by name). */
const ONE_SCHEMA = [
  "additionalProperties",
  "items",
  "not",
  "if",
  "then",
  "else",
  "contains",
  "unevaluatedProperties",
  "unevaluatedItems",
  "propertyNames",
];
const MANY_SCHEMAS = [
  "properties",
  "patternProperties",
  "allOf",
  "anyOf",
  "oneOf",
  "prefixItems",
  "$defs",
  "definitions",
  "dependentSchemas",
];

/**
 * A schema without `type` that lists properties is held to be an object, in
 * place (on a copy), as the rest of generation reads it (openapi-document.ts
 * typeOf). JSON Schema lets any other value through (a reply published as
 * its JSON text in a string), which the mocks then served and no output of
 * the tool could hold. `items` alone says less: published documents give it
 * to objects too (a schema of Slack's), so it implies nothing here.
 */
export function withImpliedTypes(schema: unknown): void {
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) return;
  const node = schema as Node;
  impliedTypeHere(node);
  for (const key of ONE_SCHEMA) withImpliedTypes(node[key]);
  for (const key of MANY_SCHEMAS) {
    const held = node[key];
    if (Array.isArray(held)) for (const item of held) withImpliedTypes(item);
    else if (isObject(held)) for (const item of Object.values(held)) withImpliedTypes(item);
  }
}

/** withImpliedTypes's reading of one schema. */
function impliedTypeHere(node: Node): void {
  if (node.type === undefined && !("$ref" in node) && (node.properties || node.additionalProperties))
    node.type = "object";
}

export const ONE_SCHEMA_KEYS: ReadonlySet<string> = new Set(ONE_SCHEMA);
export const MANY_SCHEMA_KEYS: ReadonlySet<string> = new Set(MANY_SCHEMAS);

const isObject = (value: unknown): value is Node =>
  value !== null && typeof value === "object" && !Array.isArray(value);
