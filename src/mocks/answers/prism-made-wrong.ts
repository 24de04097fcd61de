// Where Prism's own sampler would make an answer its own check refuses (mock-answers.ts then serves a made one): a
// schema reaching a union, an open map, a pattern, an allOf, a format it does not make, a required field it does not
// define, an untyped schema with another type's keyword, a mistyped default, more properties than allowed, or a
// `$ref` inside itself.
import { defaultFits } from "../mistyped-default.js";
import { followRef, isNode, type Node } from "./local-refs.js";

/** Schemas looked at to tell whether a schema reaches a union or an open map. */
const REACH_BUDGET = 5000;

/**
 * Formats Prism's sampler makes a valid value of (not `byte`: its value failed Prism's own check of the format, in
 * Pinecone's error details).
 */
const PRISM_FORMATS = new Set([
  "date-time",
  "date",
  "email",
  "uri",
  "uuid",
  "hostname",
  "ipv4",
  "ipv6",
  "password",
  "binary",
  "int32",
  "int64",
  "float",
  "double",
]);

/**
 * Whether the schema, its `$ref`s followed, holds a union, an open map, a pattern, an allOf, a format Prism does not
 * make (or one bounded in length) or a required field it does not define (within REACH_BUDGET schemas).
 */
export function reachesWhatPrismMakesWrong(document: Node, schema: unknown): boolean {
  const seen = new Set<unknown>();
  const stack = [schema];
  while (stack.length && seen.size < REACH_BUDGET) {
    let node = stack.pop();
    if (Array.isArray(node)) {
      stack.push(...node);
      continue;
    }
    if (!isNode(node) || seen.has(node)) continue;
    seen.add(node);
    if (typeof node.$ref === "string") {
      node = followRef(document, node, "").node;
      if (isNode(node) && !seen.has(node)) stack.push(node);
      continue;
    }
    if (
      Array.isArray(node.oneOf) ||
      Array.isArray(node.anyOf) ||
      Array.isArray(node.allOf) ||
      isNode(node.additionalProperties)
    )
      return true;
    if (typeof node.pattern === "string" || (typeof node.format === "string" && !PRISM_FORMATS.has(node.format)))
      return true;
    // A whole-number format on a number (`type: number, format: int32`): Prism's sampler makes a fraction, which its
    // format check refuses.
    if ((node.format === "int32" || node.format === "int64") && node.type !== "integer") return true;
    // Prism's value of a format has one length (a date-time's 20 characters): a format bounded in length may not take
    // it (Unicourt's 25).
    if (typeof node.format === "string" && (node.minLength !== undefined || node.maxLength !== undefined)) return true;
    // A text that must be empty (`maxLength: 0`): Prism's sampler bounds a text's length only by a maximum above 0, and
    // wrote "string", which its own check then refused.
    if (node.maxLength === 0) return true;
    // A field required but not defined (ExaVault's users require `homeResource`, which sits in their relationships):
    // Prism leaves it out.
    if (
      Array.isArray(node.required) &&
      node.required.some(
        (name) => typeof name === "string" && !(isNode(node.properties) && Object.hasOwn(node.properties, name)),
      )
    )
      return true;
    if (node.type === undefined && readsAsOtherType(node)) return true;
    // Fewer properties allowed than listed (an error's source: one of parameter, pointer, example): Prism's sampler
    // fills them all.
    if (
      typeof node.maxProperties === "number" &&
      isNode(node.properties) &&
      Object.keys(node.properties).length > node.maxProperties
    )
      return true;
    // A default of another type than its schema's (`type: boolean, default: 'false'`), or a list default whose items
    // are not of the items' type (a list of lists defaulting to a list of texts): Prism answers with it, then refuses
    // it.
    if (node.default !== undefined && !defaultFits(node.default, node, (v) => followRef(document, v, "").node))
      return true;
    for (const [key, value] of Object.entries(node))
      if (key !== "example" && key !== "examples" && key !== "enum" && key !== "const" && key !== "default")
        stack.push(value);
  }
  return false;
}

/**
 * Whether an untyped object or list schema holds a keyword of another type that Prism's sampler reads first, so
 * makes that type: its order is number, string, array, object (an object's no-op `uniqueItems: false` made `[]`).
 */
function readsAsOtherType(node: Node): boolean {
  const own =
    isNode(node.properties) || node.additionalProperties !== undefined || Array.isArray(node.required)
      ? "object"
      : node.items !== undefined
        ? "array"
        : undefined;
  const prism = PRISM_TYPE_KEYWORDS.find(([key]) => node[key] !== undefined)?.[1];
  return own !== undefined && prism !== undefined && prism !== own;
}

/** Keywords by which Prism's sampler (json-schema-sampler's inferType) reads an untyped schema's type, in its order. */
const PRISM_TYPE_KEYWORDS = Object.entries({
  multipleOf: "number",
  maximum: "number",
  exclusiveMaximum: "number",
  minimum: "number",
  exclusiveMinimum: "number",
  maxLength: "string",
  minLength: "string",
  pattern: "string",
  items: "array",
  maxItems: "array",
  minItems: "array",
  uniqueItems: "array",
  additionalItems: "array",
  required: "object",
  additionalProperties: "object",
  properties: "object",
});

/**
 * Whether the schema reaches a `$ref` from inside that same reference (an
 * error holding the object it failed on, which holds its last error): Prism's
 * sampler stops somewhere down such a cycle and leaves required fields out.
 * Within REACH_BUDGET schemas; beyond it, no.
 */
export function reachesItself(document: Node, schema: unknown): boolean {
  const inside = new Set<string>();
  const cleared = new Set<string>();
  let visits = 0;
  const walk = (node: unknown): boolean => {
    if (++visits > REACH_BUDGET) return false;
    if (Array.isArray(node)) return node.some(walk);
    if (!isNode(node)) return false;
    if (typeof node.$ref === "string") {
      const ref = node.$ref;
      if (inside.has(ref)) return true;
      if (cleared.has(ref)) return false;
      inside.add(ref);
      const found = walk(followRef(document, node, "").node);
      inside.delete(ref);
      cleared.add(ref);
      return found;
    }
    return Object.entries(node).some(([key, value]) => !DATA_KEYS.has(key) && walk(value));
  };
  return walk(schema);
}

/** Keys whose values are data, not schemas. */
const DATA_KEYS = new Set(["example", "examples", "enum", "const", "default"]);
