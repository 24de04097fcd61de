// A value valid against a schema of an OpenAPI document, made with bounded
// work however many unions the schema nests: one branch of each `oneOf` /
// `anyOf` (chosen by a seed, the next one tried when a branch cannot be made
// or the value breaks the union: a `oneOf` value must match exactly one),
// only required properties, the fewest items, and a budget of depth and of
// schemas visited. Nothing is enumerated. Each value is checked against the
// schema by @cfworker/json-schema (the validator generation checks examples
// with), so what it gives is valid, or nothing is given.
//
// The mocks answer with it where Prism's own sampler gave invalid data (a
// union whose first branch also matches another; an open map), and the
// contract suite draws JSON parameters' values with it.
import { dereference, type Schema, validate } from "@cfworker/json-schema";
import { firstMadeString } from "../model/string-values.js";
import { NAME_MAPS, SCHEMA_MAPS } from "../load/load-rewrites.js";
import { discriminatedAsAnyOf, toJsonSchema, usesJsonSchema2020, type Wrap, wrapNullable } from "../load/openapi-json-schema.js";

type Node = Record<string, unknown>;

export interface SampleBounds {
  /** Choice of union branches (the same seed, the same value). Default 0. */
  seed?: number;
  /** Deepest nesting of values. Default 12. */
  maxDepth?: number;
  /** Schemas visited for one value, at most. Default 5000. */
  maxVisits?: number;
  /** Branches of one union tried, at most. Default 6. */
  maxBranches?: number;
  /** The outermost object gets its optional properties too (a value for each field of a request body). */
  everyField?: boolean;
  /** Every object gets its optional text properties too (an error's `message`, which a minimal answer leaves out), and every list one item. */
  textFields?: boolean;
}

const BASE = "https://zq-sample.invalid/document";

/** A sampler of one document: its schemas registered once, each value checked where the document places its schema. */
export class DocumentSampler {
  private readonly lookup: Record<string, Schema | boolean> = {};
  private readonly draft: "4" | "2020-12";

  constructor(private readonly document: Node) {
    const is31 = typeof document.openapi === "string" && usesJsonSchema2020(document.openapi);
    this.draft = is31 ? "2020-12" : "4";
    const copy = withoutExamples(structuredClone(document)) as Node;
    const wraps: Wrap[] = [];
    if (!is31) toJsonSchema(copy, wraps);
    discriminatedAsAnyOf(copy);
    const named = takeNamedIds(copy, "", []);
    dereference(copy as Schema, this.lookup, new URL(BASE));
    for (const [pointer, member] of named) dereference(member as Schema, this.lookup, new URL(BASE), uriPointer(pointer));
    // Parameters are listed in arrays, which the validator does not walk, and a `default` response is skipped:
    // their schemas are registered one by one.
    for (const [pointer, schema] of unwalkedSchemas(copy)) dereference(schema as Schema, this.lookup, new URL(BASE), uriPointer(pointer));
    wrapNullable(wraps, this.lookup);
  }

  /** Whether `value` is valid against the schema at `pointer` (a JSON pointer into the document). */
  valid(value: unknown, pointer: string): boolean {
    try {
      return validate(value, { $ref: `${BASE}#${uriPointer(pointer)}` } as Schema, this.draft, this.lookup, true).valid;
    } catch {
      return false;
    }
  }

  /** A valid value of the schema at `pointer`, or undefined when none was made within the bounds. */
  sample(pointer: string, bounds: SampleBounds = {}): { value: unknown } | undefined {
    const walk = new Walk(this, this.document, bounds);
    try {
      const value = walk.make(resolvePointer(this.document, pointer), pointer, 0, new Set());
      return value !== undefined && this.valid(value, pointer) ? { value } : undefined;
    } catch (e) {
      if (e instanceof OverBudget) return undefined;
      throw e;
    }
  }
}

class OverBudget extends Error {}

class Walk {
  private visits = 0;
  private readonly maxDepth: number;
  private readonly maxVisits: number;
  private readonly maxBranches: number;
  private readonly seed: number;
  private readonly textFields: boolean;
  /** The depth whose objects get their optional properties too (a union branch told from the others by them). */
  private fullDepth: number | undefined;

  constructor(
    private readonly sampler: DocumentSampler,
    private readonly document: Node,
    bounds: SampleBounds,
  ) {
    this.maxDepth = bounds.maxDepth ?? 12;
    this.maxVisits = bounds.maxVisits ?? 5000;
    this.maxBranches = bounds.maxBranches ?? 6;
    this.seed = bounds.seed ?? 0;
    this.textFields = bounds.textFields === true;
    if (bounds.everyField) this.fullDepth = 0;
  }

  /** A value of `schema` (at `pointer`), undefined when it cannot be made here (too deep, a cycle, an impossible branch). */
  make(schema: unknown, pointer: string, depth: number, trail: Set<string>): unknown {
    if (++this.visits > this.maxVisits) throw new OverBudget();
    if (schema === true || schema === undefined) return "string";
    if (!isNode(schema)) return undefined;
    if (typeof schema.$ref === "string") {
      const ref = schema.$ref;
      if (!ref.startsWith("#") || trail.has(ref)) return undefined;
      return this.make(resolvePointer(this.document, ref.slice(1)), ref.slice(1), depth, new Set([...trail, ref]));
    }
    if ("const" in schema) return schema.const;
    // The document's own example of the schema, where it is valid: an error's list of messages holds one, where the fewest items hold none.
    const example = "example" in schema ? schema.example : Array.isArray(schema.examples) ? schema.examples[0] : undefined;
    if (example !== undefined && example !== null && this.sampler.valid(example, pointer)) return example;
    if (Array.isArray(schema.enum)) return schema.enum.find((v) => v !== null) ?? schema.enum[0];
    const union = Array.isArray(schema.oneOf) ? "oneOf" : Array.isArray(schema.anyOf) ? "anyOf" : undefined;
    if (union) return this.union(schema, union, pointer, depth, trail);
    if (Array.isArray(schema.allOf)) {
      // Objects in parts (a reference's required `type` in one member, its enum in another): one object of all of them.
      const merged = this.mergedObject(schema, pointer, trail);
      if (merged) return this.plain(merged.schema, pointer, depth, merged.trail, merged.pointers);
      const parts = schema.allOf.map((part, i) => this.make(part, `${pointer}/allOf/${i}`, depth, trail));
      if (parts.some((p) => p === undefined)) return undefined;
      const own = this.plain(schema, pointer, depth, trail);
      const objects = [...parts, ...(own === undefined ? [] : [own])];
      if (objects.every(isNode)) return Object.assign({}, ...objects);
      // Scalars in parts (`allOf: [{nullable: true}, {$ref: a pattern}]`): the part's value the whole schema takes, not just the first's.
      return parts.find((part) => this.sampler.valid(part, pointer)) ?? parts[0];
    }
    return this.plain(schema, pointer, depth, trail);
  }

  /** One branch, tried from a seeded start; a value the whole schema (siblings of the union included) accepts. */
  private union(schema: Node, key: "oneOf" | "anyOf", pointer: string, depth: number, trail: Set<string>): unknown {
    const branches = schema[key] as unknown[];
    const start = branches.length ? hash(this.seed, pointer) % branches.length : 0;
    const { [key]: _union, ...siblings } = schema;
    const hasSiblings = Object.keys(siblings).some((k) => SHAPE_KEYS.has(k));
    const base = hasSiblings ? this.plain(siblings, pointer, depth, trail) : undefined;
    for (let i = 0; i < Math.min(branches.length, this.maxBranches); i++) {
      const index = (start + i) % branches.length;
      // The fewest properties first; then, should that value match another branch too, the branch's optional ones.
      for (const full of [false, true]) {
        const outer = this.fullDepth;
        this.fullDepth = full ? depth : outer;
        const branch = this.make(branches[index], `${pointer}/${key}/${index}`, depth, trail);
        this.fullDepth = outer;
        if (branch === undefined) break;
        const value = isNode(base) && isNode(branch) ? { ...base, ...branch } : branch;
        if (this.sampler.valid(value, pointer)) return value;
      }
    }
    return undefined;
  }

  /**
   * The members of an `allOf` (its `$ref`s followed, nested ones flattened) merged into one object schema: properties
   * (the one with an enum or const first where several members declare it), required, closed and fewest properties.
   * Undefined when a member is not a plain object schema (a union, a scalar): those are made part by part.
   */
  private mergedObject(schema: Node, pointer: string, trail: Set<string>): { schema: Node; pointers: Map<string, string>; trail: Set<string> } | undefined {
    const definitions = new Map<string, { schema: unknown; pointer: string }[]>();
    const required = new Set<string>();
    const seen = new Set(trail);
    let closed = false;
    let fewest = 0;
    const collect = (node: unknown, at: string, depth: number): boolean => {
      if (depth > 16 || !isNode(node)) return node === true || (isNode(node) && Object.keys(node).length === 0);
      if (typeof node.$ref === "string") {
        const ref = node.$ref;
        if (!ref.startsWith("#") || seen.has(ref)) return false;
        seen.add(ref);
        return collect(resolvePointer(this.document, ref.slice(1)), ref.slice(1), depth + 1);
      }
      if ("const" in node || Array.isArray(node.enum) || node.not !== undefined) return false;
      // A union of required lists only ("name or company"): the first branch's fields are required too; any other union is made part by part.
      for (const key of ["oneOf", "anyOf"] as const) {
        if (node[key] === undefined) continue;
        if (!requiredOnly(node[key])) return false;
        for (const name of (node[key] as { required: unknown[] }[])[0]?.required ?? []) if (typeof name === "string") required.add(name);
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
      for (const name of Array.isArray(node.required) ? node.required : []) if (typeof name === "string") required.add(name);
      if (node.additionalProperties === false) closed = true;
      if (typeof node.minProperties === "number") fewest = Math.max(fewest, node.minProperties);
      return (Array.isArray(node.allOf) ? node.allOf : []).every((member, i) => collect(member, `${at}/allOf/${i}`, depth + 1));
    };
    if (!collect(schema, pointer, 0)) return undefined;
    const properties: Node = {};
    const pointers = new Map<string, string>();
    for (const [name, list] of definitions) {
      const pinned = list.find((d) => isNode(d.schema) && ("const" in d.schema || Array.isArray(d.schema.enum))) ?? list.find((d) => isNode(d.schema) && Object.keys(d.schema).length > 0) ?? list[0];
      if (!pinned) continue;
      properties[name] = pinned.schema;
      pointers.set(name, pinned.pointer);
    }
    return { schema: { type: "object", properties, required: [...required], ...(closed ? { additionalProperties: false } : {}), ...(fewest ? { minProperties: fewest } : {}) }, pointers, trail: seen };
  }

  /** Whether a property's schema (its `$ref` followed once) is plain text: a string, not a union. */
  private isText(property: unknown): boolean {
    const schema = isNode(property) && typeof property.$ref === "string" && property.$ref.startsWith("#") ? resolvePointer(this.document, property.$ref.slice(1)) : property;
    return isNode(schema) && schema.type === "string" && !Array.isArray(schema.oneOf) && !Array.isArray(schema.anyOf);
  }

  private plain(schema: Node, pointer: string, depth: number, trail: Set<string>, propertyPointers?: Map<string, string>): unknown {
    const type = Array.isArray(schema.type) ? (schema.type.find((t) => t !== "null") ?? schema.type[0]) : schema.type;
    if (type === "object" || (type === undefined && (isNode(schema.properties) || schema.additionalProperties !== undefined || Array.isArray(schema.required)))) {
      if (depth >= this.maxDepth) return undefined;
      const out: Node = {};
      const properties = isNode(schema.properties) ? schema.properties : {};
      for (const name of Array.isArray(schema.required) ? schema.required : []) {
        if (typeof name !== "string") continue;
        const value = this.make(
          Object.hasOwn(properties, name) ? properties[name] : isNode(schema.additionalProperties) ? schema.additionalProperties : true,
          Object.hasOwn(properties, name) ? (propertyPointers?.get(name) ?? `${pointer}/properties/${escapeKey(name)}`) : `${pointer}/additionalProperties`,
          depth + 1,
          trail,
        );
        if (value === undefined) return undefined;
        Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
      }
      if (this.fullDepth === depth || this.textFields) {
        for (const [name, property] of Object.entries(properties)) {
          // Optional fields only as many as maxProperties lets in (an error's source: one of parameter, pointer, example).
          if (typeof schema.maxProperties === "number" && Object.keys(out).length >= schema.maxProperties) break;
          if (Object.hasOwn(out, name) || (this.fullDepth !== depth && !this.isText(property))) continue;
          const value = this.make(property, propertyPointers?.get(name) ?? `${pointer}/properties/${escapeKey(name)}`, depth + 1, trail);
          if (value !== undefined) Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
        }
      }
      const fewest = typeof schema.minProperties === "number" ? schema.minProperties : 0;
      for (let i = 0; Object.keys(out).length < fewest && i < fewest + 8; i++) {
        const name = Object.keys(properties).find((p) => !Object.hasOwn(out, p)) ?? `key${i + 1}`;
        const value = this.make(
          Object.hasOwn(properties, name) ? properties[name] : isNode(schema.additionalProperties) ? schema.additionalProperties : true,
          Object.hasOwn(properties, name) ? (propertyPointers?.get(name) ?? `${pointer}/properties/${escapeKey(name)}`) : `${pointer}/additionalProperties`,
          depth + 1,
          trail,
        );
        if (value === undefined) return undefined;
        out[name] = value;
      }
      return out;
    }
    if (type === "array" || (type === undefined && schema.items !== undefined)) {
      // With text fields (an error answer), a list holds one item at least: where its messages are (`errorMessages`, `detail[].msg`).
      const fewest = typeof schema.minItems === "number" ? Math.min(schema.minItems, 100) : 0;
      const count = this.textFields && fewest === 0 && schema.maxItems !== 0 ? 1 : fewest;
      if (count > 0 && depth >= this.maxDepth) return undefined;
      const items: unknown[] = [];
      for (let i = 0; i < count; i++) {
        const item = this.make(Array.isArray(schema.prefixItems) && i < schema.prefixItems.length ? schema.prefixItems[i] : schema.items, `${pointer}/items`, depth + 1, trail);
        if (item === undefined) return undefined;
        items.push(item);
      }
      return items;
    }
    if (type === "integer" || type === "number") return numberOf(schema, type === "integer");
    if (type === "boolean") return true;
    if (type === "null") return null;
    if (type === "string" || type === undefined) {
      if (schema.format === "binary") return "";
      const rules = {
        ...(typeof schema.pattern === "string" ? { pattern: schema.pattern } : {}),
        ...(typeof schema.minLength === "number" ? { minLength: schema.minLength } : {}),
        ...(typeof schema.maxLength === "number" ? { maxLength: schema.maxLength } : {}),
        ...(typeof schema.format === "string" ? { format: schema.format } : {}),
      };
      const fixed = FORMAT_STRINGS[String(schema.format)];
      if (fixed !== undefined) return fixed;
      let pattern: RegExp | undefined;
      try {
        pattern = rules.pattern === undefined ? undefined : new RegExp(rules.pattern, "u");
      } catch {
        return undefined;
      }
      const length = (v: string) => [...v].length;
      return firstMadeString(rules, (v) => (!pattern || pattern.test(v)) && length(v) >= (rules.minLength ?? 0) && length(v) <= (rules.maxLength ?? Infinity));
    }
    return undefined;
  }
}

/** Union branches that each only require fields (`anyOf: [{required: [name]}, {required: [company]}]`), declared beside them. */
function requiredOnly(branches: unknown): boolean {
  return Array.isArray(branches) && branches.length > 0 && branches.every((b) => isNode(b) && Array.isArray(b.required) && Object.keys(b).every((k) => k === "required" || k === "title" || k === "description"));
}

/** Keywords beside a union that shape its values (an object's properties with a oneOf of variants). */
const SHAPE_KEYS = new Set(["type", "properties", "required", "additionalProperties", "items", "minItems", "minProperties"]);

/** Formats madeStrings does not know, as their validators read them. */
const FORMAT_STRINGS: Record<string, string> = { url: "https://example.com/page", hostname: "example.com", ipv4: "192.0.2.1", ipv6: "2001:db8::1", "uri-reference": "https://example.com/page", byte: "", time: "12:00:00Z" };

function numberOf(schema: Node, integer: boolean): number {
  const num = (k: string) => (typeof schema[k] === "number" ? (schema[k] as number) : undefined);
  const exclusiveLow = num("exclusiveMinimum") ?? (schema.exclusiveMinimum === true ? num("minimum") : undefined);
  const exclusiveHigh = num("exclusiveMaximum") ?? (schema.exclusiveMaximum === true ? num("maximum") : undefined);
  let low = exclusiveLow !== undefined ? exclusiveLow + (integer ? 1 : 0.5) : num("minimum");
  const high = exclusiveHigh !== undefined ? exclusiveHigh - (integer ? 1 : 0.5) : num("maximum");
  if (low === undefined) low = high !== undefined ? Math.min(0, high) : 0;
  let value = integer ? Math.ceil(low) : low;
  const step = num("multipleOf");
  if (step) value = Math.ceil(value / step) * step;
  return value;
}

/**
 * The document's copy without example data and extensions, which the
 * validator would walk as schemas (an example's `id` taken for a schema's
 * identifier); a property or schema of that name is kept.
 */
function withoutExamples(node: unknown, names = false): unknown {
  if (Array.isArray(node)) {
    for (const item of node) withoutExamples(item);
  } else if (isNode(node)) {
    for (const key of Object.keys(node)) {
      if (!names && (key === "example" || key === "examples" || key.startsWith("x-"))) delete node[key];
      else withoutExamples(node[key], NAME_MAPS.has(key) && !names);
    }
  }
  return node;
}

/**
 * Members named `id` or `$id` of the document's other maps of names (`components.schemas.id`, a request body
 * named `id`), taken out of the copy with their pointers, children first: walking the document, the validator
 * reads such a member as the map's identifier ("Duplicate schema URI [object Object]", and the mock failed to
 * start). Each is registered at its own pointer instead.
 */
function takeNamedIds(node: unknown, pointer: string, out: [string, unknown][], inSchemaMap = false): [string, unknown][] {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) takeNamedIds(item, `${pointer}/${i}`, out);
  } else if (isNode(node)) {
    for (const key of Object.keys(node)) takeNamedIds(node[key], `${pointer}/${escapeKey(key)}`, out, SCHEMA_MAPS.has(key) && !inSchemaMap);
    for (const key of ["id", "$id"]) {
      if (inSchemaMap || !Object.hasOwn(node, key) || typeof node[key] === "string") continue;
      out.push([`${pointer}/${escapeKey(key)}`, node[key]]);
      delete node[key];
    }
  }
  return out;
}

/** The schemas the validator does not register by walking the document: those of parameters (listed by path items and operations) and of `default` responses, with their pointers. */
function unwalkedSchemas(document: Node): [string, unknown][] {
  const out: [string, unknown][] = [];
  const list = (parameters: unknown, at: string) => {
    if (!Array.isArray(parameters)) return;
    parameters.forEach((p, i) => {
      if (isNode(p) && isNode(p.schema)) out.push([`${at}/parameters/${i}/schema`, p.schema]);
      // A parameter described by `content` (a JSON-encoded value): its media type's schema.
      if (isNode(p) && isNode(p.content)) for (const [type, media] of Object.entries(p.content)) if (isNode(media) && isNode(media.schema)) out.push([`${at}/parameters/${i}/content/${escapeKey(type)}/schema`, media.schema]);
    });
  };
  for (const [path, item] of Object.entries(isNode(document.paths) ? document.paths : {})) {
    if (!isNode(item)) continue;
    const at = `/paths/${escapeKey(path)}`;
    list(item.parameters, at);
    for (const [method, op] of Object.entries(item)) {
      if (!isNode(op)) continue;
      list(op.parameters, `${at}/${escapeKey(method)}`);
      // The validator skips a `default` key (JSON Schema's default value), so a `default` response's schemas too.
      const fallback = isNode(op.responses) ? op.responses.default : undefined;
      if (!isNode(fallback) || !isNode(fallback.content)) continue;
      for (const [type, media] of Object.entries(fallback.content)) if (isNode(media) && isNode(media.schema)) out.push([`${at}/${escapeKey(method)}/responses/default/content/${escapeKey(type)}/schema`, media.schema]);
    }
  }
  return out;
}

/** A JSON pointer as the validator registers it: each segment URI-encoded. */
function uriPointer(pointer: string): string {
  return pointer
    .split("/")
    .map((segment) => encodeURI(safeDecode(segment)).replace(/#/g, "%23"))
    .join("/");
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function resolvePointer(document: unknown, pointer: string): unknown {
  let node = document;
  for (const raw of pointer.split("/").slice(1)) {
    const key = safeDecode(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    node = Array.isArray(node) ? node[Number(key)] : isNode(node) ? node[key] : undefined;
  }
  return node;
}

function escapeKey(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

function hash(seed: number, text: string): number {
  let h = (seed | 0) ^ 0x9e3779b9;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
