// The example check's second shortcut (example-walker.ts), beside plain-verdict.ts's: an example that is an object or
// a list, against a draft 7 schema of the keywords most of a published document's schemas hold (types, properties,
// required fields, lists, lengths, patterns, bounds, formats, `allOf` and `$ref`). GitHub's whole document: 1,270 of
// its 2,992 checks went to the validator (@cfworker/json-schema's `validate`), about 0.1 ms each; 1,142 of them meet
// their schema by these keywords alone. The answer here is only "surely meets": a value that fails, or a schema with
// any other keyword where the value reaches, goes to the validator as before, which words the error. So that nothing
// else changes, this reads what the validator reads, in its order (the walker's lookup registers a schema when a
// `$ref` first names it), and says "surely" only where the validator reads nothing more: it reads every keyword (a
// `$ref` that does not resolve throws there, BW1205), so a shortcut that stopped early (`anyOf` at its first match)
// would miss that. structured-verdict.test.ts holds the answers and the reads to the validator's.
import { format as knownFormats, type Schema, ucs2length } from "@cfworker/json-schema";
import { patternTest } from "@blockwright/runtime/internal/generate";

type Node = Record<string, unknown>;
type Lookup = Record<string, Schema | boolean>;

/** The keywords read here, as the validator reads them in draft 7; and annotations it does not read. */
const READ_KEYWORDS: ReadonlySet<string> = new Set([
  "type",
  "enum",
  "allOf",
  "required",
  "properties",
  "additionalProperties",
  "items",
  "minItems",
  "maxItems",
  "minLength",
  "maxLength",
  "pattern",
  "format",
  "minimum",
  "maximum",
  "title",
  "description",
  "default",
  "readOnly",
  "writeOnly",
  "deprecated",
  "examples",
]);

/** Nesting past this leaves the value to the validator (a schema that names itself, a deep value). */
const MAX_DEPTH = 64;

/**
 * Whether `value` surely meets `schema` (a registered JSON Schema copy, read as draft 7 against `lookup`) as the
 * validator reads it: false means "ask the validator", not "it fails".
 */
export function surelyMeets(value: unknown, schema: Schema | boolean, lookup: Lookup): boolean {
  try {
    return meets(value, schema, lookup, 0);
  } catch {
    // A pattern that does not compile: the validator's to report.
    return false;
  }
}

function meets(value: unknown, schema: unknown, lookup: Lookup, depth: number): boolean {
  if (schema === true) return kindOf(value) !== undefined;
  if (schema === null || typeof schema !== "object" || Array.isArray(schema) || depth > MAX_DEPTH) return false;
  const node = schema as Node;
  const kind = kindOf(value);
  if (kind === undefined) return false;
  // Draft 7: a `$ref` stands for its schema, its siblings unread.
  if (node.$ref !== undefined) {
    if (node.$recursiveRef !== undefined || typeof node.$ref !== "string") return false;
    const absolute = node.__absolute_ref__;
    const target = lookup[typeof absolute === "string" && absolute ? absolute : node.$ref];
    return target !== undefined && meets(value, target, lookup, depth + 1);
  }
  for (const key in node) if (!READ_KEYWORDS.has(key)) return false;
  if (node.type !== undefined && !typeMeets(node.type, kind, value)) return false;
  // By `===`, as the validator compares a value that is no object or list (one that is, deeply: left to it).
  if (node.enum !== undefined) {
    if (kind === "object" || kind === "array" || !isList(node.enum) || !node.enum.some((v) => v === value))
      return false;
  }
  if (node.allOf !== undefined) {
    if (!isList(node.allOf)) return false;
    for (const member of node.allOf) if (!meets(value, member, lookup, depth + 1)) return false;
  }
  if (kind === "object") return objectMeets(value as Node, node, lookup, depth);
  if (kind === "array") return listMeets(value as unknown[], node, lookup, depth);
  if (kind === "number") return numberMeets(value as number, node);
  if (kind === "string") return textMeets(value as string, node);
  return true;
}

/** The validator's name for a value's type; undefined for one it refuses (it throws). */
function kindOf(value: unknown): string | undefined {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  const kind = typeof value;
  return kind === "boolean" || kind === "number" || kind === "string" || kind === "object" ? kind : undefined;
}

/** The validator's `type` rule: `integer` is a number without a fraction (NaN has none: `NaN % 1` is NaN). */
function typeMeets(type: unknown, kind: string, value: unknown): boolean {
  const one = (t: unknown) => t === kind || (t === "integer" && kind === "number" && (value as number) % 1 === 0);
  if (Array.isArray(type)) return type.some(one);
  return typeof type === "string" && one(type);
}

const isList = (value: unknown): value is unknown[] => Array.isArray(value);

function objectMeets(value: Node, node: Node, lookup: Lookup, depth: number): boolean {
  if (node.required !== undefined) {
    if (!isList(node.required)) return false;
    for (const key of node.required) if (typeof key !== "string" || !Object.hasOwn(value, key)) return false;
  }
  const properties = node.properties;
  if (properties !== undefined && (properties === null || typeof properties !== "object" || isList(properties)))
    return false;
  const declared = (properties ?? {}) as Node;
  // In the validator's order: the declared properties the value has, then the others against additionalProperties.
  for (const key of Object.keys(declared))
    if (Object.hasOwn(value, key) && !meets(value[key], declared[key], lookup, depth + 1)) return false;
  const additional = node.additionalProperties;
  if (additional === undefined) return true;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) return false;
    if (Object.hasOwn(declared, key)) continue;
    if (!meets(value[key], additional, lookup, depth + 1)) return false;
  }
  return true;
}

function listMeets(value: unknown[], node: Node, lookup: Lookup, depth: number): boolean {
  if (node.maxItems !== undefined && !(value.length <= (node.maxItems as number))) return false;
  if (node.minItems !== undefined && !(value.length >= (node.minItems as number))) return false;
  const items = node.items;
  if (items === undefined) return true;
  // A tuple (a list of schemas) and its additionalItems: left to the validator.
  if (isList(items)) return false;
  for (const item of value) if (!meets(item, items, lookup, depth + 1)) return false;
  return true;
}

function numberMeets(value: number, node: Node): boolean {
  if (node.minimum !== undefined && !(typeof node.minimum === "number" && value >= node.minimum)) return false;
  if (node.maximum !== undefined && !(typeof node.maximum === "number" && value <= node.maximum)) return false;
  return true;
}

/** Compiled patterns, by their text: the validator compiles one at each value it checks. */
const patterns = new Map<string, { test(text: string): boolean }>();

function textMeets(value: string, node: Node): boolean {
  if (node.minLength !== undefined || node.maxLength !== undefined) {
    const length = ucs2length(value);
    if (node.minLength !== undefined && !(typeof node.minLength === "number" && length >= node.minLength)) return false;
    if (node.maxLength !== undefined && !(typeof node.maxLength === "number" && length <= node.maxLength)) return false;
  }
  if (node.pattern !== undefined) {
    if (typeof node.pattern !== "string") return false;
    let pattern = patterns.get(node.pattern);
    if (!pattern) {
      if (patterns.size >= 1024) patterns.clear();
      patterns.set(node.pattern, (pattern = patternTest(node.pattern)));
    }
    if (!pattern.test(value)) return false;
  }
  const format = node.format;
  if (format !== undefined) {
    // As the validator reads it: a format it does not know is no rule.
    const check = (knownFormats as Record<string, unknown>)[format as string];
    if (check && !(typeof check === "function" && check(value))) return false;
  }
  return true;
}
