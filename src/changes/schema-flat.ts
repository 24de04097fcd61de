// A schema as a caller meets it, one level at a time, so that two ways of
// writing the same thing compare equal: `$ref`s followed (into other files
// of a multi-file document too), `allOf` merged, OpenAPI 3.0
// `nullable: true`, 3.1 `type: [x, "null"]` and `oneOf/anyOf [x, {type:
// null}]` folded into one "may be null", `const` read as a one-value enum,
// `oneOf`/`anyOf` alternatives merged property by property, key order
// ignored. What a level holds beyond its own keywords (its properties, items
// and map values) stays as references into the document, flattened when a
// comparison steps into them. A Flattener flattens each schema node of a
// document once (keyed by where it is: a `$ref`'s target, else the object
// itself), so that a comparison meeting the same node at many places, or a
// recursive union at every depth, pays for it once.
import { posix } from "node:path";
import { readPattern } from "../load/load-rewrites.js";
import { LIMITS } from "../model/shape-types.js";

type Json = Record<string, unknown>;

/** A published document: its root file's name and every file it reaches (one for most). */
export interface DocumentSet {
  root: string;
  files: ReadonlyMap<string, unknown>;
}

/** A schema where it was written: the file its relative `$ref`s start from. */
export interface At {
  schema: unknown;
  file: string;
}

export interface Flat {
  /** Types other than null; empty: any. */
  types: Set<string>;
  nullable: boolean;
  /** Values other than null, when it lists them. */
  enum?: unknown[];
  /** An enum beside a free value of the same type (`anyOf [string, enum]`): any value is accepted. */
  openEnum: boolean;
  format?: string;
  description: string;
  default?: unknown;
  deprecated: boolean;
  readOnly: boolean;
  writeOnly: boolean;
  /** Each property's schemas (one per alternative that has it). */
  properties: Map<string, At[]>;
  /** Per property: how many of the object alternatives that have it require it. */
  required: Map<string, number>;
  /** Per property: how many object alternatives have it. */
  having: Map<string, number>;
  /** How many object forms it comes in (alternatives with fields: 1 but for a union of objects). */
  forms: number;
  items: At[];
  /** Map values: schemas, or true for any value. */
  additional: At[] | true | undefined;
  /** LIMITS' keywords, and `uniqueItems: 1` for a list that must hold no two equal items (`false` is no limit). */
  limits: Record<string, number | string>;
  /** Object shapes it may come in, by name or property names (for an alternative added). */
  shapes: string[];
  /** Only text, annotations or nothing: a value of any shape. */
  noSchema: boolean;
  /** The x-extensions a report reads (stability level). */
  extensions: Record<string, unknown>;
  /** A node met again while it is being flattened (a schema that is its own allOf member or alternative). */
  recursive: boolean;
}

const object = (v: unknown): Json => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const SHAPE_KEYS = [
  "type",
  "properties",
  "items",
  "enum",
  "const",
  "allOf",
  "oneOf",
  "anyOf",
  "additionalProperties",
  "$ref",
  "not",
];

/** The value at a JSON pointer (`#/a/b`) of a file, undefined where there is none. */
function pointerAt(doc: unknown, pointer: string): unknown {
  let current = doc;
  for (const raw of pointer.split("/").slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Json)[key];
  }
  return current;
}

/** Where a `$ref` leads: the file and the pointer in it. */
function target(file: string, ref: string): { file: string; pointer: string } {
  const hash = ref.indexOf("#");
  const name = hash < 0 ? ref : ref.slice(0, hash);
  return {
    file: name ? posix.normalize(posix.join(posix.dirname(file), name)) : file,
    pointer: hash < 0 ? "" : ref.slice(hash + 1),
  };
}

/**
 * The schema a reference leads to (following chains), with the reference names met; a chain that loops ends as
 * recursive.
 */
export function deref(docs: DocumentSet, at: At): { node: Json; file: string; recursive: boolean; names: string[] } {
  let node = object(at.schema);
  let file = at.file;
  const seen: string[] = [];
  const names: string[] = [];
  let siblings: Json = {};
  while (typeof node.$ref === "string") {
    const { $ref: ref, ...rest } = node;
    siblings = { ...rest, ...siblings };
    const to = target(file, ref);
    const key = `${to.file}#${to.pointer}`;
    if (seen.includes(key)) return { node: siblings, file, recursive: true, names };
    seen.push(key);
    names.push(to.pointer.split("/").pop() || posix.basename(to.file));
    file = to.file;
    node = object(to.pointer ? pointerAt(docs.files.get(to.file), to.pointer) : docs.files.get(to.file));
  }
  return { node: { ...node, ...siblings }, file, recursive: false, names };
}

/** A number per schema object, for keys (objects of every document alike: each lives in one file). */
const ids = new WeakMap<object, number>();
let nextId = 0;
function idOf(o: object): number {
  let id = ids.get(o);
  if (id === undefined) ids.set(o, (id = nextId++));
  return id;
}

const isRefOnly = (v: unknown): v is { $ref: string } =>
  v !== null && typeof v === "object" && typeof (v as Json).$ref === "string" && Object.keys(v as Json).length === 1;

/**
 * One document's schema nodes, each flattened once. A node is keyed by where
 * it is: a bare `$ref` by the target of its chain (every place naming a
 * component is one node), anything else by the object itself and its file.
 */
export class Flattener {
  private readonly flats = new Map<string, Flat | undefined>();
  private readonly joins = new Map<string, At>();
  /** Nodes flattened: tests check it grows with the document, not with the paths through it. */
  flattened = 0;

  constructor(readonly docs: DocumentSet) {}

  key(at: At): string {
    let node = at.schema;
    let file = at.file;
    let last = "";
    for (let hops = 0; isRefOnly(node) && hops < 64; hops++) {
      const to = target(file, node.$ref);
      last = `${to.file}#${to.pointer}`;
      file = to.file;
      node = to.pointer ? pointerAt(this.docs.files.get(to.file), to.pointer) : this.docs.files.get(to.file);
    }
    if (last) return `@${last}`;
    return node !== null && typeof node === "object"
      ? `${file}\u0000${idOf(node)}`
      : `${file}\u0000=${JSON.stringify(node)}`;
  }

  /**
   * One level of the node at `at`, flattened (see the top of this file); a node met again inside itself is recursive.
   */
  flat(at: At): Flat {
    const key = this.key(at);
    if (this.flats.has(key)) {
      const known = this.flats.get(key);
      if (known) return known;
      const out = empty();
      out.recursive = true;
      out.noSchema = false;
      return out;
    }
    this.flats.set(key, undefined);
    this.flattened++;
    const out = flatten(this, at);
    this.flats.set(key, out);
    return out;
  }

  /**
   * The schema of a property, items or map values that several alternatives give: one, or their anyOf (one object per
   * set of nodes).
   */
  joined(at: readonly At[]): At | undefined {
    if (at.length <= 1) return at[0];
    // The same node given by several alternatives (each node type's `children`) is one.
    const keys = new Map<string, At>();
    for (const a of at) if (!keys.has(this.key(a))) keys.set(this.key(a), a);
    const distinct = [...keys.values()];
    const first = distinct[0] as At;
    if (distinct.length === 1) return first;
    // Alternatives from one file compare as an anyOf of them; from several, the first file's own stand for all.
    if (!distinct.every((a) => a.file === first.file)) return first;
    const key = [...keys.keys()].join("\u0001");
    let joined = this.joins.get(key);
    if (!joined)
      this.joins.set(
        key,
        (joined = { schema: { anyOf: distinct.map((a) => a.schema), "x-blockwright-joined": true }, file: first.file }),
      );
    return joined;
  }
}

const isNullOnly = (s: Json): boolean =>
  s.type === "null" ||
  (Array.isArray(s.type) && s.type.length === 1 && s.type[0] === "null") ||
  (Array.isArray(s.enum) && s.enum.length === 1 && s.enum[0] === null) ||
  ("const" in s && s.const === null);

function empty(): Flat {
  return {
    types: new Set(),
    nullable: false,
    openEnum: false,
    description: "",
    deprecated: false,
    readOnly: false,
    writeOnly: false,
    properties: new Map(),
    required: new Map(),
    having: new Map(),
    forms: 1,
    items: [],
    additional: undefined,
    limits: {},
    shapes: [],
    noSchema: true,
    extensions: {},
    recursive: false,
  };
}

/** One level of a schema, flattened (see the top of this file); the nodes it is made of through `nodes`. */
function flatten(nodes: Flattener, at: At): Flat {
  const { node, file, recursive, names } = deref(nodes.docs, at);
  const out = empty();
  if (recursive) {
    out.recursive = true;
    out.noSchema = false;
    return out;
  }
  own(node, file, out);
  // allOf: every member holds; the node's own keywords win over a member's annotations.
  const members = list(node.allOf).map((member) => nodes.flat({ schema: member, file }));
  for (const m of members) merge(out, m);
  // Null passes an allOf when every member that says anything of its type allows it (3.0 writes nullable beside the
  // allOf).
  const typed = members.filter((m) => !m.noSchema);
  if (typed.length && typed.every((m) => m.nullable)) out.nullable = true;
  // An allOf is one shape (its first member's name), unless a member is itself a choice of shapes.
  const choice = members.find((m) => m.shapes.length > 1);
  if (!out.shapes.length && choice) out.shapes.push(...choice.shapes);
  else if (!out.shapes.length && !names.length && members[0]?.shapes[0]) out.shapes.push(members[0].shapes[0]);
  const alternatives = [...list(node.oneOf), ...list(node.anyOf)];
  if (alternatives.length) alternativesInto(nodes, alternatives, file, out, node["x-blockwright-joined"] === true);
  if (!out.shapes.length && (out.properties.size || out.types.has("object")))
    out.shapes.push(names[names.length - 1] ?? shapeName(out));
  // A boolean listing both its values lists nothing.
  if (
    out.enum &&
    out.types.size === 1 &&
    out.types.has("boolean") &&
    out.enum.includes(true) &&
    out.enum.includes(false)
  )
    delete out.enum;
  if (out.types.size === 0 && out.properties.size) out.types.add("object");
  return out;
}

function shapeName(f: Flat): string {
  return [...f.properties.keys()].sort().join(",");
}

/** The node's own keywords. */
function own(node: Json, file: string, out: Flat): void {
  const types = Array.isArray(node.type) ? node.type : typeof node.type === "string" ? [node.type] : [];
  for (const t of types)
    if (t === "null") out.nullable = true;
    else if (typeof t === "string") out.types.add(t);
  if (types.length === 1 && types[0] === "null") out.types.add("null");
  if (node.nullable === true) out.nullable = true;
  const values = "const" in node ? [node.const] : Array.isArray(node.enum) ? node.enum : undefined;
  if (values) {
    if (values.includes(null)) out.nullable = true;
    const rest = values.filter((v) => v !== null);
    if (rest.length) out.enum = rest;
  }
  if (typeof node.format === "string") out.format = node.format;
  if (typeof node.description === "string") out.description = node.description.trim();
  if ("default" in node) out.default = node.default;
  if (node.deprecated === true) out.deprecated = true;
  if (node.readOnly === true) out.readOnly = true;
  if (node.writeOnly === true) out.writeOnly = true;
  for (const key of LIMITS) {
    const limit = node[key];
    // A pattern as the load reads it: written between slashes (`/^x$/`) in one version and bare in the next is one.
    if (typeof limit === "string") out.limits[key] = key === "pattern" ? (readPattern(limit) ?? limit) : limit;
    else if (typeof limit === "number") out.limits[key] = limit;
  }
  if (node.uniqueItems === true) out.limits.uniqueItems = 1;
  for (const [name, s] of Object.entries(object(node.properties))) {
    out.properties.set(name, [{ schema: s, file }]);
    out.having.set(name, 1);
  }
  for (const name of list(node.required)) if (typeof name === "string") out.required.set(name, 1);
  if (node.items !== undefined) out.items = [{ schema: node.items, file }];
  if (
    node.additionalProperties === true ||
    (node.additionalProperties !== undefined &&
      node.additionalProperties !== false &&
      Object.keys(object(node.additionalProperties)).length === 0)
  )
    out.additional = true;
  else if (node.additionalProperties && typeof node.additionalProperties === "object")
    out.additional = [{ schema: node.additionalProperties, file }];
  for (const [key, value] of Object.entries(node)) if (key.startsWith("x-stability")) out.extensions[key] = value;
  out.noSchema = !SHAPE_KEYS.some((key) => key in node);
}

/** Another schema that holds too (an allOf member), into `out`. */
function merge(out: Flat, m: Flat): void {
  if (m.recursive) out.recursive = true;
  out.forms = Math.max(out.forms, m.forms);
  if (!out.types.size) for (const t of m.types) out.types.add(t);
  else if (m.types.size)
    for (const t of [...out.types])
      if (!m.types.has(t) && !(t === "integer" && m.types.has("number"))) out.types.delete(t);
  if (m.enum && !out.enum) out.enum = m.enum;
  if (m.format !== undefined && out.format === undefined) out.format = m.format;
  if (m.description) out.description = out.description ? `${out.description}\n${m.description}` : m.description;
  if (m.default !== undefined && out.default === undefined) out.default = m.default;
  out.deprecated ||= m.deprecated;
  out.readOnly ||= m.readOnly;
  out.writeOnly ||= m.writeOnly;
  // A property several members declare is read as any of their declarations (a request schema making a read-only field
  // writable).
  for (const [name, at] of m.properties) {
    out.properties.set(name, [...(out.properties.get(name) ?? []), ...at]);
    out.having.set(name, 1);
  }
  for (const [name] of m.required) out.required.set(name, 1);
  if (m.items.length) out.items = [...out.items, ...m.items];
  if (m.additional !== undefined && out.additional === undefined) out.additional = m.additional;
  out.limits = { ...m.limits, ...out.limits };
  out.extensions = { ...m.extensions, ...out.extensions };
  out.noSchema &&= m.noSchema;
  // A member that may be null does not make the whole null: every member must allow it (3.0 writes nullable beside the
  // allOf).
}

/** oneOf / anyOf: null alternatives are "may be null"; the rest merged, property by property. */
function alternativesInto(
  nodes: Flattener,
  alternatives: unknown[],
  file: string,
  out: Flat,
  joinedHere: boolean,
): void {
  // Alternatives beside the object's own properties refine it: it comes in its own shape.
  const ownShape = out.properties.size > 0;
  const flats: Flat[] = [];
  const names: string[] = [];
  for (const alt of alternatives) {
    const d = deref(nodes.docs, { schema: alt, file });
    if (isNullOnly(d.node)) {
      out.nullable = true;
      continue;
    }
    flats.push(nodes.flat({ schema: alt, file }));
    names.push(d.names[d.names.length - 1] ?? "");
  }
  out.noSchema = out.noSchema && flats.every((f) => f.noSchema);
  if (flats.length === 1) {
    const only = flats[0] as Flat;
    merge(out, only);
    if (only.nullable) out.nullable = true;
    out.shapes.push(...only.shapes);
    return;
  }
  // One property declared by several members: read-only when any declaration says so.
  if (joinedHere) {
    out.readOnly ||= flats.some((f) => f.readOnly);
    out.writeOnly ||= flats.some((f) => f.writeOnly);
    if (!out.description) out.description = flats.find((f) => f.description)?.description ?? "";
  }
  const objectForms = flats.filter((f) => f.properties.size).length;
  if (!ownShape && objectForms > 1) out.forms = objectForms;
  for (const [i, f] of flats.entries()) {
    if (f.nullable) out.nullable = true;
    for (const t of f.types) out.types.add(t);
    if (!ownShape && (f.properties.size || f.types.has("object"))) out.shapes.push(names[i] || shapeName(f));
    for (const [name, at] of f.properties) {
      out.properties.set(name, [...(out.properties.get(name) ?? []), ...at]);
      out.having.set(name, (out.having.get(name) ?? 0) + 1);
    }
    for (const [name] of f.required)
      if (f.properties.has(name)) out.required.set(name, (out.required.get(name) ?? 0) + 1);
    if (f.items.length) out.items = [...out.items, ...f.items];
    if (f.additional !== undefined)
      out.additional =
        f.additional === true || out.additional === true ? true : [...(out.additional ?? []), ...f.additional];
    if (f.deprecated && !out.deprecated) out.deprecated = flats.every((g) => g.deprecated);
    if (f.format !== undefined && out.format === undefined) out.format = f.format;
  }
  const enums = flats.filter((f) => f.enum);
  if (enums.length) {
    const free = flats.some((f) => !f.enum && [...f.types].some((t) => enums.some((e) => e.types.has(t))));
    out.enum = [...new Set(enums.flatMap((f) => f.enum ?? []))];
    // Properties of several alternatives joined: the values of each shape, not a free value beside an enum.
    out.openEnum = !joinedHere && (free || enums.some((f) => f.openEnum));
  }
}

/** Whether a property counts as required: required in every alternative that has it. */
export function isRequired(f: Flat, name: string): boolean {
  const r = f.required.get(name) ?? 0;
  return r > 0 && r >= (f.having.get(name) ?? 1);
}

/**
 * Whether every call must send a property: required in every form of the value (a union's one form may require a field
 * another does not have).
 */
export function requiredOfEveryCall(f: Flat, name: string): boolean {
  return isRequired(f, name) && (f.having.get(name) ?? 1) >= f.forms;
}
