// A schema Prism checks that holds the same subschema written out again and
// again, compiled by Ajv once per place: the mock's copy of an answer read as
// its publisher means it (src/mocks/open-all-of.ts) writes each schema it
// rewrites in place of every `$ref` that reached it, down to its depth, so a
// densely linked answer is a tree (333 KB of JSON for 60 schemas of 405
// characters), and its compile and first check were 1.3 s of a mock's first
// answer. Here each subschema written more than once is a schema of its own,
// registered under an id (prism-shared-bundle.cjs holds it beside the bundle's
// schemas) and referred to by a `$ref` wherever it was written, so that Ajv
// compiles it once for every schema that holds it.
//
// What a check accepts and says is unchanged: two subschemas are one only
// where they are alike in every keyword and value, in the same order (their
// JSON, with the subschemas in them compared the same way), and the errors
// Ajv reports through a `$ref` name the same instance paths, keywords and
// parameters, which are all Prism's words read. Left written out: a leaf
// (no subschema of its own: Ajv writes one in place of its `$ref` anyway), a
// subschema with `$schema` (a root of its own reads it), one whose values
// JSON does not tell apart (a number JSON cannot write, a value it drops), and
// every subschema of a schema with `unevaluatedProperties` or
// `unevaluatedItems` (which read what the subschemas beside them evaluated).
"use strict";

/** Keywords whose values are maps of schemas. */
const SCHEMA_MAPS = new Set([
  "properties",
  "patternProperties",
  "definitions",
  "$defs",
  "dependentSchemas",
  "dependencies",
]);
/** Keywords whose values are a schema or a list of them. */
const SCHEMA_VALUES = new Set([
  "items",
  "additionalItems",
  "additionalProperties",
  "not",
  "if",
  "then",
  "else",
  "contains",
  "propertyNames",
  "unevaluatedProperties",
  "unevaluatedItems",
  "contentSchema",
  "allOf",
  "anyOf",
  "oneOf",
  "prefixItems",
]);
/** Keywords that read what other subschemas evaluated (see above). */
const EVALUATED = ["unevaluatedProperties", "unevaluatedItems"];

/** Thrown by the walk where a schema is left as it is. */
const LEFT = Symbol("left");
/** Thrown by the JSON of a value JSON does not write as it is. */
const UNWRITABLE = Symbol("unwritable");

/** @param {unknown} value @returns {value is Record<string, unknown>} */
function isNode(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The JSON of a value, or UNWRITABLE thrown where two values JSON writes alike could differ: a number it cannot write
 * (Infinity, NaN, -0), a value it leaves out or calls (undefined, a function, a symbol, a bigint), an object of a class.
 * @param {unknown} value
 */
function exactJson(value) {
  return JSON.stringify(value, function check(key) {
    /** @type {unknown} */
    const raw = /** @type {Record<string, unknown>} */ (this)[key];
    if (typeof raw === "number" && (!Number.isFinite(raw) || Object.is(raw, -0))) throw UNWRITABLE;
    if (raw === undefined || ["function", "symbol", "bigint"].includes(typeof raw)) throw UNWRITABLE;
    if (typeof raw === "object" && raw !== null && !Array.isArray(raw)) {
      const proto = Object.getPrototypeOf(raw);
      if (proto !== Object.prototype && proto !== null) throw UNWRITABLE;
    }
    return raw;
  });
}

/**
 * The keywords and values of `node`, each subschema as the number `at` gives it (a value kept as data otherwise);
 * throws LEFT where a keyword reads what other subschemas evaluated.
 * @param {Record<string, unknown>} node @param {(value: unknown) => unknown} at
 */
function contentOf(node, at) {
  /** @type {unknown[]} */
  const entries = [];
  for (const [key, value] of Object.entries(node)) {
    if (EVALUATED.includes(key)) throw LEFT;
    if (SCHEMA_MAPS.has(key) && isNode(value))
      entries.push([key, { m: Object.entries(value).map(([name, child]) => [name, at(child)]) }]);
    else if (SCHEMA_VALUES.has(key) && Array.isArray(value)) entries.push([key, { a: value.map(at) }]);
    else if (SCHEMA_VALUES.has(key)) entries.push([key, at(value)]);
    else entries.push([key, ["d", value]]);
  }
  return entries;
}

/**
 * The text a subschema is told apart by, or undefined for one left written out (see above).
 * @param {Record<string, unknown>} node @param {unknown[]} entries
 */
function textOf(node, entries) {
  if ("$schema" in node) return undefined;
  try {
    return exactJson(entries);
  } catch (e) {
    if (e !== UNWRITABLE) throw e;
    return undefined;
  }
}

/**
 * A copy of `node`, each of its subschemas given by `place`.
 * @param {Record<string, unknown>} node @param {(value: Record<string, unknown>) => unknown} place
 */
function withSubschemas(node, place) {
  /** @param {unknown} value */
  const each = (value) => (isNode(value) ? place(value) : value);
  /** @type {Record<string, unknown>} */
  const copy = {};
  for (const [key, value] of Object.entries(node)) {
    if (SCHEMA_MAPS.has(key) && isNode(value))
      copy[key] = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, each(child)]));
    else if (SCHEMA_VALUES.has(key) && Array.isArray(value)) copy[key] = value.map(each);
    else if (SCHEMA_VALUES.has(key)) copy[key] = each(value);
    else copy[key] = value;
  }
  return copy;
}

/**
 * What a schema holds: each subschema's number (by object: a copy shared in memory is walked once), and what each
 * number holds (a subschema of it, its subschemas' numbers in order, whether it may be shared). `numbers`: the
 * bundle's, by text; `fresh()`: a number no other subschema has.
 * @typedef {{ node: Record<string, unknown>, children: number[], shareable: boolean }} Held
 * @param {Record<string, unknown>} root @param {Map<string, number>} numbers @param {() => number} fresh
 */
function heldBy(root, numbers, fresh) {
  /** @type {Map<object, number>} */
  const numberOf = new Map();
  /** @type {Map<number, Held>} */
  const held = new Map();
  /** @type {Set<object>} */
  const open = new Set();
  /** @param {Record<string, unknown>} node @returns {number} */
  const walk = (node) => {
    const known = numberOf.get(node);
    if (known !== undefined) return known;
    // A schema inside itself in memory: prism-shared-bundle.cjs leaves such a one to Prism before it gets here.
    if (open.has(node)) throw LEFT;
    open.add(node);
    /** @type {number[]} */
    const children = [];
    const text = textOf(
      node,
      contentOf(node, (value) => {
        if (!isNode(value)) return ["d", value];
        const n = walk(value);
        children.push(n);
        return n;
      }),
    );
    let n = text === undefined ? undefined : numbers.get(text);
    if (n === undefined) {
      n = fresh();
      if (text !== undefined) numbers.set(text, n);
    }
    open.delete(node);
    numberOf.set(node, n);
    if (!held.has(n)) held.set(n, { node, children, shareable: text !== undefined });
    return n;
  };
  return { root: walk(root), numberOf, held };
}

/**
 * The sharing of one bundle's checked schemas: `share(root)` is the root with each subschema it writes more than once
 * a `$ref` to the id `register` was given it with. The subschemas' numbers are the bundle's (the same content, the
 * same id, in every root), so that a subschema one answer holds and another too is compiled once.
 * @param {(id: string, schema: Record<string, unknown>) => void} register
 */
function subschemaSharing(register) {
  /** @type {Map<string, number>} */
  const numbers = new Map();
  /** The id each shared subschema was registered under. @type {Map<number, string>} */
  const ids = new Map();
  let count = 0;
  const fresh = () => count++;

  /** @param {Record<string, unknown>} root */
  return function share(root) {
    /** @type {ReturnType<typeof heldBy>} */
    let walked;
    try {
      walked = heldBy(root, numbers, fresh);
    } catch (e) {
      if (e === LEFT) return root;
      throw e;
    }
    const { numberOf, held } = walked;
    // How often each is written: once in each content that holds it (each content is written once, where it is
    // referred to or where it is held alone).
    /** @type {Map<number, number>} */
    const uses = new Map();
    for (const { children } of held.values()) for (const n of children) uses.set(n, (uses.get(n) ?? 0) + 1);
    /** @param {number} n */
    const referred = (n) => {
      const it = held.get(n);
      if (n === walked.root || !it?.shareable || !it.children.length) return false;
      return ids.has(n) || (uses.get(n) ?? 0) > 1;
    };
    if (![...held.keys()].some(referred)) return root;
    /** @param {Record<string, unknown>} node @returns {unknown} */
    const place = (node) => {
      const n = /** @type {number} */ (numberOf.get(node));
      if (!referred(n)) return withSubschemas(node, place);
      let id = ids.get(n);
      if (id === undefined) {
        ids.set(n, (id = `bundle:repeated-${n}`));
        register(id, withSubschemas(node, place));
      }
      return { $ref: id };
    };
    return withSubschemas(root, place);
  };
}

module.exports = { SCHEMA_MAPS, SCHEMA_VALUES, subschemaSharing };
