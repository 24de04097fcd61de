// Shapes: the structure a JSON Schema describes, as the surface records an
// output's value (surface-format.ts Shape) — merging `allOf`, agreeing
// `oneOf` variants, and naming what a `$ref` points to.
//
// A `$ref`ed schema's shape is built once and recorded once, in the
// surface's `shapes` by name (a component's name), and the places using it
// hold `{ ref: name }`. Expanding references in place, as surfaces did
// first, costs time and room exponential in the document's density: every
// path through a densely linked document (a customer's invoices' customer's
// …) is a copy, hours for a published one. Built once per name, a surface
// grows with the schemas its outputs reach, cycles included.
import { fieldOf, ownValue, setOwn } from "@blockwright/runtime/internal/generate";
import type { Schema } from "../load/openapi-document.js";
import type { Shape, Surface } from "./surface-format.js";
import { limitsOf } from "./shape-types.js";

export { paramShape, shapeOfValue, shapeTypes, typesWithin } from "./shape-types.js";

const COMPONENT_SCHEMA = "#/components/schemas/";

/** The name a `$ref`ed schema's shape is recorded under: a component's own name, any other reference as written. */
export function shapeName(ref: string): string {
  if (!ref.startsWith(COMPONENT_SCHEMA)) return ref;
  const name = ref.slice(COMPONENT_SCHEMA.length);
  // A JSON pointer segment (`~1` is `/`, `~0` is `~`): a name with a slash stays the reference it is.
  return name.includes("/") ? ref : name.replaceAll("~1", "/").replaceAll("~0", "~");
}

/**
 * The shapes of one document's schemas: each `$ref`ed schema's built once
 * (a reference met while its own shape is being built — a cycle — is just
 * its name), so that building is linear in the schemas reached.
 */
export class ShapeBuilder {
  /** Named shapes built (or being built: `undefined`), by name. */
  private readonly named = new Map<string, Shape | undefined>();
  /** The reference each name was met as, to build its shape when asked. */
  private readonly refs = new Map<string, string>();
  /** Where each shape a named shape's build made sits in it (claim). */
  private readonly homes = new WeakMap<Shape, string>();
  /**
   * Objects that take their own fields only (`additionalProperties: false` beside fields), as the runtime closes a
   * union's shape: a union's forms among them are recorded closed.
   */
  private readonly closed = new WeakSet<Shape>();
  /** Schemas walked, counted: tests check it grows with the document, not with the paths through it. */
  visits = 0;

  constructor(private readonly resolveRef: (ref: string) => Schema | undefined) {}

  /**
   * The structure `schema` describes; a `$ref` is `{ ref: name }`, its shape built when first asked for (resolved,
   * table).
   */
  of(schema: Schema): Shape {
    this.visits++;
    // A boolean schema (JSON Schema's `true`, anything; `false`, nothing: a property named `additionalProperties`
    // whose schema is `false`, the keyword written one level too deep) describes no structure.
    if (schema === null || typeof schema !== "object") return {};
    if (typeof schema.$ref === "string") {
      const name = shapeName(schema.$ref);
      if (!this.refs.has(name)) this.refs.set(name, schema.$ref);
      // 3.0's `{ $ref, nullable: true }` (a sibling its spec ignores, but documents write it meaning "or null"):
      // the named shape that may be null, as 3.1's `anyOf [$ref, {type: null}]` reads (union below).
      if (schema.nullable === true) return { ...this.resolved({ ref: name }), nullable: true };
      return { ref: name };
    }
    if (Array.isArray(schema.allOf)) {
      const { allOf, ...own } = schema;
      return mergeShapes(
        [this.of(own), ...(allOf as Schema[]).map((s) => this.resolved(this.of(s)))],
        this.either(false),
      );
    }
    const alternatives = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
    if (Array.isArray(alternatives)) return this.union(schema, alternatives);
    const shape: Shape = {};
    const listed = Array.isArray(schema.type) ? (schema.type as string[]).filter((t) => t !== "null") : undefined;
    const rawType = listed ? listed[0] : (schema.type as string | undefined);
    const type = rawType ?? (schema.properties ? "object" : schema.items ? "array" : undefined);
    // A type array of several (3.1 `type: [string, integer]`) is a union of types; `[x, "null"]` is x that may be null.
    if (listed && listed.length > 1 && new Set(listed).size > 1)
      shape.types = [...new Set(listed)].sort() as Shape["types"];
    if (type && !shape.types) shape.type = type as Shape["type"];
    if (schema.nullable === true || (Array.isArray(schema.type) && (schema.type as string[]).includes("null")))
      shape.nullable = true;
    // `const` is a one-value enum; null among the values is "may be null"; a boolean listing both its values lists
    // none.
    const values =
      "const" in schema ? [schema.const] : Array.isArray(schema.enum) ? (schema.enum as unknown[]) : undefined;
    if (values?.includes(null)) shape.nullable = true;
    const kept = values?.filter((v) => v !== null);
    if (kept?.length && !(type === "boolean" && kept.includes(true) && kept.includes(false))) shape.enum = [...kept];
    if (typeof schema.format === "string") shape.format = schema.format;
    if (schema.readOnly === true) shape.readOnly = true;
    if (schema.deprecated === true) shape.deprecated = true;
    const limits = limitsOf(schema);
    if (limits) shape.limits = limits;
    if (schema.properties) {
      const properties: Record<string, Shape> = {};
      for (const k of Object.keys(schema.properties as object).sort())
        setOwn(properties, k, this.of(fieldOf(schema.properties as Record<string, Schema>, k)));
      shape.properties = properties;
    }
    if (Array.isArray(schema.required) && schema.required.length)
      shape.required = [...(schema.required as string[])].sort();
    if (schema.additionalProperties && typeof schema.additionalProperties === "object")
      shape.additionalProperties = this.of(schema.additionalProperties as Schema);
    if (schema.items) shape.items = this.of(schema.items as Schema);
    if (schema.additionalProperties === false && shape.properties && Object.keys(shape.properties).length)
      this.closed.add(shape);
    return shape;
  }

  /**
   * `oneOf`/`anyOf`: null alternatives are "may be null" (3.1's way of writing 3.0's `nullable`); one other
   * alternative is that one; several of one type are merged; several types are a union of them (`types`), with
   * the fields of its object forms and the items of its list forms. Two or more object forms are named
   * (`variants`), so that a form added is seen.
   */
  private union(schema: Schema, alternatives: Schema[]): Shape {
    const { oneOf: _o, anyOf: _a, ...own } = schema;
    // Null alone: `type: null`, `type: [null]`, `const: null`, `enum: [null]`.
    const nullOnly = (s: Shape) => s.type === "null" || (s.nullable === true && Object.keys(s).length === 1);
    const shapes: Shape[] = [];
    // The name of each form that is a named schema (undefined for one written inline).
    const names: (string | undefined)[] = [];
    let nullable = own.nullable === true;
    for (const alternative of alternatives) {
      const shape = this.resolved(this.of(alternative));
      if (nullOnly(shape)) nullable = true;
      else {
        shapes.push(shape);
        names.push(typeof alternative.$ref === "string" ? shapeName(alternative.$ref) : undefined);
      }
    }
    // Alternatives beside the object's own fields refine it: it comes in its own shape, their fields added to its own.
    if (own.properties && typeof own.properties === "object" && Object.keys(own.properties).length) {
      const base = this.of(own);
      const refined = mergeShapes([base, ...shapes], this.either(true));
      if (base.required) refined.required = base.required;
      else delete refined.required;
      if (nullable) refined.nullable = true;
      return refined;
    }
    const typesOf = (s: Shape) => s.types ?? (s.type ? [s.type] : s.properties ? ["object" as const] : []);
    const types = [...new Set(shapes.flatMap(typesOf))].sort();
    const objects = shapes.filter((s) => typesOf(s).includes("object") && s.properties);
    const merged =
      shapes.length === 1
        ? { ...(shapes[0] as Shape) }
        : mergeShapes(
            types.length <= 1 ? shapes : shapes.map(({ type: _t, types: _ts, enum: _e, ...rest }) => rest),
            this.either(true),
          );
    if (shapes.length > 1) {
      // A field counts as required only where every object form that has it requires it.
      const required = Object.keys(merged.properties ?? {}).filter((k) =>
        objects.filter((o) => o.properties?.[k]).every((o) => o.required?.includes(k)),
      );
      if (required.length) merged.required = required.sort();
      else delete merged.required;
    }
    if (types.length > 1) {
      delete merged.type;
      merged.types = types as Shape["types"];
    }
    const objectNames = shapes.flatMap((s, i) => (typesOf(s).includes("object") && s.properties ? [names[i]] : []));
    if (objects.length > 1 && objectNames.every((n) => n !== undefined))
      merged.forms = [...new Set(objectNames as string[])].sort();
    const fields = (o: Shape) => Object.keys(o.properties ?? {}).sort();
    // A form that is itself a union of object forms (`anyOf: [Condition, [Condition]]`, Condition a union) is its
    // forms: merged into one, a field only one of them requires read as required of every call.
    const forms = (o: Shape) => o.variants ?? [fields(o).join(",")];
    if (objects.length > 1 || objects.some((o) => o.variants))
      merged.variants = [...new Set(objects.flatMap(forms))].sort();
    const closedForms = objects.length > 1 ? objects.filter((o) => this.closed.has(o)) : [];
    const closed = [...closedForms.map((o) => fields(o).join(",")), ...objects.flatMap((o) => o.closedVariants ?? [])];
    if (closed.length) merged.closedVariants = [...new Set(closed)].sort();
    // An enum beside a free value of its type (`anyOf [string, enum]`): any value is accepted, the list is a hint.
    const open = shapes.some((s) => !s.enum && s.type && shapes.some((e) => e.enum && e.type === s.type));
    if (open) delete merged.enum;
    if (own.deprecated === true) merged.deprecated = true;
    if (nullable) merged.nullable = true;
    return merged;
  }

  /**
   * How a merge reads a field two members declare as different named shapes
   * (`style: TypeStyle` in one form, `style: TextPathTypeStyle` in another):
   * as either, their fields together, one level deep (deeper, the last
   * declaration's name stands: a merge of merges would not end on shapes
   * that name each other). Alternatives (`oneOf`, `anyOf`) require a field
   * only where every form that has it requires it; `allOf` members add up.
   */
  private either(alternatives: boolean): FieldMerge {
    return (a, b) => {
      const forms = [this.resolved(a), this.resolved(b)];
      if (forms.some((f) => f.recursive || !f.properties)) return b;
      const merged = mergeShapes(forms);
      if (alternatives) {
        const required = Object.keys(merged.properties ?? {}).filter((k) =>
          forms.filter((f) => f.properties?.[k]).every((f) => f.required?.includes(k)),
        );
        if (required.length) merged.required = required.sort();
        else delete merged.required;
        // Either form, each by its name (as a union's forms are): a form added beside one named shape is seen by name.
        const names = [a, b].flatMap((s, i) => (s.ref !== undefined ? [s.ref] : (forms[i]?.forms ?? [undefined])));
        if (names.every((n) => n !== undefined)) merged.forms = [...new Set(names as string[])].sort();
      }
      return merged;
    };
  }

  /** The shape recorded under `name`, built the first time (once); `undefined` while it is being built. */
  private build(name: string): Shape | undefined {
    if (this.named.has(name)) return this.named.get(name);
    this.named.set(name, undefined);
    const ref = this.refs.get(name);
    const target = ref === undefined ? undefined : this.resolveRef(ref);
    const shape = target ? this.of(target) : {};
    this.named.set(name, shape);
    this.claim(shape, name, "");
    return shape;
  }

  /**
   * Record `name` as the home of the shapes its build made (a place inside it: `Customer#/properties/address`). A merge
   * (allOf, oneOf) takes the member's fields as they are, objects its own build made: where those are used again, the
   * surface names them by their home instead of writing them out again.
   */
  private claim(shape: Shape, name: string, pointer: string): void {
    if (shape.ref !== undefined || this.homes.has(shape)) return;
    this.homes.set(shape, pointer ? `${name}#${pointer}` : name);
    for (const [key, child] of Object.entries(shape.properties ?? {}))
      this.claim(child, name, `${pointer}/properties/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`);
    if (shape.items) this.claim(shape.items, name, `${pointer}/items`);
    if (shape.additionalProperties) this.claim(shape.additionalProperties, name, `${pointer}/additionalProperties`);
  }

  /**
   * The shape a `{ ref }` names (following names that name another);
   * `{}` — anything — for one still being built (a schema that is its own
   * `allOf` member) or a reference that does not resolve.
   */
  resolved(shape: Shape): Shape {
    let current = shape;
    for (let hops = 0; current.ref !== undefined; hops++) {
      const next = this.build(current.ref);
      if (!next || hops > this.refs.size) return {};
      current = next;
    }
    return current;
  }

  /**
   * The named shapes `roots` use, directly or not, by name, and `roots` as
   * the surface records them: a shape used in more than one place (a
   * merge's field taken from another named shape) is written once, under
   * its home, and `{ ref }`ed wherever it is used.
   */
  table(roots: Shape[]): { roots: Shape[]; shapes: Record<string, Shape> } {
    // First, how often each shape is used (a named one's own root counts once, as its entry).
    const uses = new Map<Shape, number>();
    const stack = [...roots];
    const entered = new Set<string>();
    for (let shape = stack.pop(); shape; shape = stack.pop()) {
      if (shape.ref !== undefined) {
        const target = entered.has(shape.ref) ? undefined : this.build(shape.ref);
        entered.add(shape.ref);
        if (target) stack.push(target);
        continue;
      }
      const count = (uses.get(shape) ?? 0) + 1;
      uses.set(shape, count);
      if (count === 1) stack.push(...childShapes(shape));
    }
    const shapes: Record<string, Shape> = {};
    // Written once a shape outside its own entry (what it reads is settled, and the first writing records all a later
    // would): each output inside an answer's shape is a root (Stripe's whole document: 55,013 writes of 12,977 shapes).
    const writtenAs = new Map<Shape, Shape>();
    const write = (shape: Shape, entry?: string): Shape => {
      if (entry !== undefined) return writeNew(shape, entry);
      const written = writtenAs.get(shape) ?? writeNew(shape);
      writtenAs.set(shape, written);
      return written;
    };
    const writeNew = (shape: Shape, entry?: string): Shape => {
      if (shape.ref !== undefined) {
        const target = this.named.get(shape.ref);
        if (target && !Object.hasOwn(shapes, shape.ref)) {
          setOwn(shapes, shape.ref, {});
          setOwn(shapes, shape.ref, write(target, shape.ref));
        }
        return { ref: shape.ref };
      }
      const home = this.homes.get(shape);
      // A leaf is written where it is used: as short as a reference, and no copy of a copy.
      if (home !== undefined && home !== entry && (uses.get(shape) ?? 0) > 1 && childShapes(shape).length) {
        if (!Object.hasOwn(shapes, home)) {
          setOwn(shapes, home, {});
          setOwn(shapes, home, write(shape, home));
        }
        return { ref: home };
      }
      return withChildren(shape, {}, (child) => write(child));
    };
    return { roots: roots.map((r) => write(r)), shapes };
  }
}

/**
 * `shape`'s fields written into `into`, each shape inside it (properties, items, additionalProperties) replaced by
 * `map`'s.
 */
function withChildren(shape: Shape, into: Shape, map: (child: Shape) => Shape): Shape {
  Object.assign(into, shape);
  if (shape.properties) {
    const properties: Record<string, Shape> = {};
    for (const [k, v] of Object.entries(shape.properties)) setOwn(properties, k, map(v));
    into.properties = properties;
  }
  if (shape.items) into.items = map(shape.items);
  if (shape.additionalProperties) into.additionalProperties = map(shape.additionalProperties);
  return into;
}

function childShapes(shape: Shape): Shape[] {
  return [
    ...Object.values(shape.properties ?? {}),
    ...(shape.items ? [shape.items] : []),
    ...(shape.additionalProperties ? [shape.additionalProperties] : []),
  ];
}

/**
 * A surface's shapes as one graph in memory: every `{ ref }` (in outputs and
 * in the named shapes) replaced by the one object its name stands for, so
 * that readers walk shapes without the table (a cycle is a cycle of
 * objects: walk with care). The surface itself is not changed; a surface
 * from before named shapes has none to link.
 */
export function linkedShapes(surface: Surface): Surface {
  const table = surface.shapes ?? {};
  if (!Object.keys(table).length) return surface;
  const linked = new Map<string, Shape>();
  const remember = (object: Shape, name: string) => (name.includes("#") ? undefined : LINKED_NAMES.set(object, name));
  const link = (shape: Shape): Shape => (shape.ref !== undefined ? named(shape.ref) : copy(shape, {}));
  const copy = (shape: Shape, into: Shape): Shape => withChildren(shape, into, link);
  const named = (name: string): Shape => {
    let target = ownValue(table, name) as Shape | undefined;
    let key = name;
    // A name that names another: both stand for the last one's object.
    for (let hops = 0; target?.ref !== undefined && hops <= linked.size + Object.keys(table).length; hops++) {
      key = target.ref;
      target = ownValue(table, key) as Shape | undefined;
    }
    const known = linked.get(key);
    if (known) return known;
    const object: Shape = {};
    linked.set(key, object);
    remember(object, key);
    // Filled after it is registered: a shape using itself gets this same object.
    return target && target.ref === undefined ? copy(target, object) : object;
  };
  const tools: Surface["tools"] = {};
  for (const [id, tool] of Object.entries(surface.tools)) {
    const outputs: typeof tool.outputs = {};
    for (const [path, output] of Object.entries(tool.outputs))
      setOwn(outputs, path, { ...output, shape: link(output.shape) });
    const params: typeof tool.params = {};
    for (const [name, param] of Object.entries(tool.params))
      setOwn(params, name, param.shape ? { ...param, shape: link(param.shape) } : param);
    setOwn(tools, id, { ...tool, outputs, params });
  }
  return { ...surface, tools };
}

/**
 * The component name each shape linkedShapes made stands for (a place inside one, `X#/properties/y`, names no form).
 */
const LINKED_NAMES = new WeakMap<Shape, string>();

/** The component name a linked shape stands for: a value declared as that one named schema. */
export function linkedName(shape: Shape): string | undefined {
  return LINKED_NAMES.get(shape);
}

/** How a merge reads a field two members declare as different named shapes (ShapeBuilder.either). */
type FieldMerge = (a: Shape, b: Shape) => Shape;

/**
 * Two declarations of one field as different named shapes (or one named, one not), neither recursive: a FieldMerge
 * reads them.
 */
const namedPair = (known: Shape, v: Shape) =>
  known.ref !== v.ref && (known.ref !== undefined || v.ref !== undefined) && !known.recursive && !v.recursive;

/** The first declaration of a list's items or a map's values, or, two named differently, either (namedField). */
const firstOrEither = (known: Shape | undefined, v: Shape, namedField?: FieldMerge): Shape =>
  known && namedField && namedPair(known, v) ? namedField(known, v) : (known ?? v);

function mergeShapes(shapes: Shape[], namedField?: FieldMerge): Shape {
  const out: Shape = {};
  for (const s of shapes) {
    if (s.type && !out.type) out.type = s.type;
    if (s.nullable) out.nullable = true;
    if (s.enum) out.enum = [...new Set([...(out.enum ?? []), ...s.enum])];
    if (s.format && !out.format) out.format = s.format;
    if (s.limits) out.limits = { ...s.limits, ...out.limits };
    if (s.readOnly) out.readOnly = true;
    if (s.properties) {
      const properties = { ...(out.properties ?? {}) };
      // A field several members declare inline is read as any of their declarations (their values, their fields);
      // declared as two different named shapes, as either of them (namedField); else the last's stands.
      for (const [k, v] of Object.entries(s.properties)) {
        const known = Object.hasOwn(properties, k) ? properties[k] : undefined;
        const inline =
          known && known !== v && known.ref === undefined && v.ref === undefined && !known.recursive && !v.recursive;
        const named = known && namedField && namedPair(known, v);
        setOwn(properties, k, inline ? mergeShapes([known, v], namedField) : named ? namedField(known, v) : v);
      }
      out.properties = properties;
    }
    if (s.required) out.required = [...new Set([...(out.required ?? []), ...s.required])].sort();
    // A list's items and a map's values declared as different named shapes: either, as a field is; else the first
    // stands.
    if (s.items) out.items = firstOrEither(out.items, s.items, namedField);
    if (s.additionalProperties)
      out.additionalProperties = firstOrEither(out.additionalProperties, s.additionalProperties, namedField);
    if (s.recursive && !out.recursive) out.recursive = s.recursive;
    if (s.deprecated) out.deprecated = true;
    if (s.types) out.types = [...new Set([...(out.types ?? []), ...s.types])].sort();
  }
  const { properties } = out;
  if (properties)
    out.properties = Object.fromEntries(
      Object.keys(properties)
        .sort()
        .map((k) => [k, fieldOf(properties, k)]),
    );
  return out;
}
