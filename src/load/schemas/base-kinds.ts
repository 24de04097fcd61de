// What a discriminated base stands for, one rule for every reader. A schema with a discriminator and no union of its
// own (`Pet: {discriminator: {propertyName: petType}}`) is, by OpenAPI's inheritance model, one of the schemas that
// extend it by allOf (`Cat: {allOf: [{$ref: Pet}, …]}`), each named by the discriminator's value: the mapping's name of
// it, else (OpenAPI 3.0, no mapping) its schema's name. A base extending another may write its discriminator in an
// allOf member beside the `$ref` (its mapping naming kinds that are bases themselves): read as its own. A base no
// discriminator marks, whose extensions carry a discriminator value (`x-ms-discriminator-value`, AutoRest's
// polymorphism), is one too (its kinds told apart by no property). Add writes a request body of a base as the union of
// its kinds (import/cut/discriminated-kinds.ts); the link reads a field of one so (link/param-limits/schema-place.ts),
// the sampler makes one of its kinds (mocks/sample/sample-base-kinds.ts), the request judge and a mock's copy of the
// document hold it to one (withBaseRefsAsKinds: a mock's answers are one too, mocks/mock-document.ts), and the bound
// cut keeps the kinds (bound-cut.ts): all read the kinds here, with or without a mapping.

import { markedOpen } from "./known-values.js";

type Json = Record<string, unknown>;

const isJson = (value: unknown): value is Json => value !== null && typeof value === "object" && !Array.isArray(value);

export const SCHEMAS = "#/components/schemas/";
const VALUE_EXTENSION = "x-ms-discriminator-value";

/** Each schema's name → the names of the schemas whose allOf `$ref`s it (its direct extensions), in document order. */
export type Extensions = ReadonlyMap<string, readonly string[]>;

/** One kind of a base: its schema's name and the value of the base's property naming it. */
export interface BaseKind {
  name: string;
  value: string;
}

/** A base's kinds and the property naming them ("" for a base only its extensions' values mark). */
export interface BaseKinds {
  property: string;
  kinds: BaseKind[];
  /**
   * Whether a value may leave the property out: a discriminator of the base names the kind of such a value (OpenAPI
   * 3.2's `defaultMapping`). Else the property, naming the kind, MUST be present, where the base and its kinds forgot
   * to require it too (as a discriminated union's: load/examples/discriminated-kinds.ts).
   */
  defaulted: boolean;
}

/** The extensions of a document's schemas, read once for each `components.schemas` object (it only grows). */
const indexes = new WeakMap<Json, { extensions: Extensions | undefined; size: number }>();

function extensionsOf(schemas: Json): Extensions {
  const index = new Map<string, string[]>();
  for (const [name, schema] of Object.entries(schemas)) {
    if (!isJson(schema) || !Array.isArray(schema.allOf)) continue;
    for (const member of schema.allOf) {
      const ref = isJson(member) ? member.$ref : undefined;
      if (typeof ref !== "string" || !ref.startsWith(SCHEMAS)) continue;
      const parent = ref.slice(SCHEMAS.length);
      const children = index.get(parent) ?? [];
      if (!children.includes(name) && parent !== name) index.set(parent, [...children, name]);
    }
  }
  return index;
}

/** The document's extensions; undefined where no schema is a base (most documents: nothing more to read). */
export function extensionsIfBases(schemas: Json): Extensions | undefined {
  const size = Object.keys(schemas).length;
  const known = indexes.get(schemas);
  if (known && known.size === size) return known.extensions;
  const based = Object.values(schemas).some(
    (s) => isJson(s) && (discriminatorsOf(s).length > 0 || typeof s[VALUE_EXTENSION] === "string"),
  );
  const extensions = based ? extensionsOf(schemas) : undefined;
  indexes.set(schemas, { extensions, size });
  return extensions;
}

/**
 * The discriminators of a base: its own, then those of its allOf's inline members that are no union (a base extending
 * another writes its own discriminator, mapping and all, in a member beside the `$ref`:
 * `{allOf: [{$ref: Entity}, {discriminator: {propertyName: "@type", mapping: …}, properties: …}]}`).
 */
function discriminatorsOf(schema: Json): Json[] {
  const parts = [schema, ...(Array.isArray(schema.allOf) ? schema.allOf : [])];
  return parts.flatMap((part, at) =>
    isJson(part) && isJson(part.discriminator) && (at === 0 || (part.oneOf === undefined && part.anyOf === undefined))
      ? [part.discriminator]
      : [],
  );
}

/** Every mapping of a base's discriminators (its own first): each value and the schema it names, as written. */
function mappingsOf(base: unknown): [string, unknown][] {
  return (isJson(base) ? discriminatorsOf(base) : []).flatMap((discriminator) =>
    isJson(discriminator.mapping) ? Object.entries(discriminator.mapping) : [],
  );
}

/**
 * The discriminator's property a base names; undefined if no base. A base no discriminator marks, whose extensions
 * carry their values (`x-ms-discriminator-value`), is named by the property of the schema it extends whose
 * discriminator names one (a base extending a base: its kinds are the outer base's too), else by its own property whose
 * enum lists each of its marked extensions' values; "" where neither is found (its kinds told apart by no property).
 */
export function basePropertyOf(schemas: Json, name: string, extensions: Extensions): string | undefined {
  const schema = schemas[name];
  if (!isJson(schema) || schema.oneOf !== undefined || schema.anyOf !== undefined) return undefined;
  const [discriminator] = discriminatorsOf(schema);
  if (discriminator) return typeof discriminator.propertyName === "string" ? discriminator.propertyName : "";
  const values = (extensions.get(name) ?? []).flatMap((kind) => {
    const extension = schemas[kind];
    return isJson(extension) && typeof extension[VALUE_EXTENSION] === "string" ? [extension[VALUE_EXTENSION]] : [];
  });
  if (!values.length) return undefined;
  return inheritedProperty(schemas, schema) ?? listingProperty(schema, values) ?? "";
}

/** The property the discriminator of a schema `schema` extends by allOf names, the nearest first (8 levels at most). */
function inheritedProperty(schemas: Json, schema: Json, depth = 0): string | undefined {
  if (depth > 8 || !Array.isArray(schema.allOf)) return undefined;
  for (const member of schema.allOf) {
    const ref = isJson(member) ? member.$ref : undefined;
    const parent = typeof ref === "string" && ref.startsWith(SCHEMAS) ? schemas[ref.slice(SCHEMAS.length)] : undefined;
    if (!isJson(parent) || parent === schema) continue;
    const discriminator = parent.discriminator;
    if (isJson(discriminator) && typeof discriminator.propertyName === "string") return discriminator.propertyName;
    const further = inheritedProperty(schemas, parent, depth + 1);
    if (further !== undefined) return further;
  }
  return undefined;
}

/** The schema's own property whose enum lists each of `values` (the kinds' values a base names them by), if one. */
function listingProperty(schema: Json, values: readonly string[]): string | undefined {
  const properties = isJson(schema.properties) ? schema.properties : {};
  for (const [property, own] of Object.entries(properties)) {
    const listed = isJson(own) && Array.isArray(own.enum) ? own.enum : undefined;
    if (listed && values.every((value) => listed.includes(value))) return property;
  }
  return undefined;
}

/**
 * Every schema extending `base`, however deep, in document order within each level (the base itself never); then those
 * its mapping names that repeat its `property` instead of extending it (a token request's grants, each declaring
 * `grant_type` again beside its own fields), which no allOf links to the base.
 */
export function kindsOf(schemas: Json, base: string, extensions: Extensions, property: string): string[] {
  const kinds: string[] = [];
  const queue = [...(extensions.get(base) ?? [])];
  for (let kind = queue.shift(); kind !== undefined; kind = queue.shift()) {
    if (kind === base || kinds.includes(kind)) continue;
    kinds.push(kind);
    queue.push(...(extensions.get(kind) ?? []));
  }
  for (const kind of property ? mappedNames(schemas[base]) : [])
    if (kind !== base && !kinds.includes(kind) && repeats(schemas[kind], property)) kinds.push(kind);
  return kinds;
}

/** The names of the schemas a base's discriminators' mappings name (a `#/components/schemas/` ref or a bare name). */
function mappedNames(base: unknown): string[] {
  return mappingsOf(base).flatMap(([, to]) =>
    typeof to !== "string" ? [] : to.startsWith(SCHEMAS) ? [to.slice(SCHEMAS.length)] : to.startsWith("#") ? [] : [to],
  );
}

/** Whether a schema declares `property` itself, or in an inline member of its allOf. */
function repeats(schema: unknown, property: string): boolean {
  if (!isJson(schema)) return false;
  const parts = [schema, ...(Array.isArray(schema.allOf) ? schema.allOf : [])];
  return parts.some((part) => isJson(part) && isJson(part.properties) && Object.hasOwn(part.properties, property));
}

/**
 * The value naming `kind`: the base's mappings' (its own discriminator's, its allOf members'), its extension's, its one
 * fixed value of the property, its name.
 */
export function kindValue(schemas: Json, base: Json, property: string, kind: string): string {
  for (const [value, target] of mappingsOf(base)) if (target === kind || target === `${SCHEMAS}${kind}`) return value;
  const schema = schemas[kind] as Json;
  if (typeof schema[VALUE_EXTENSION] === "string") return schema[VALUE_EXTENSION];
  const parts = [schema, ...(Array.isArray(schema.allOf) ? schema.allOf : [])];
  for (const part of parts) {
    const own = isJson(part) && isJson(part.properties) ? part.properties[property] : undefined;
    if (!isJson(own)) continue;
    if (typeof own.const === "string") return own.const;
    if (Array.isArray(own.enum) && own.enum.length === 1 && typeof own.enum[0] === "string") return own.enum[0];
  }
  return kind;
}

/**
 * Whether a schema may be a base: one its discriminator's property names the kinds of, or one its kinds' values mark
 * that extends another schema (an outer base, a shared resource's fields). Most schemas are neither, and nothing more
 * is read of them.
 */
export function mayBeBase(schema: unknown): boolean {
  return isJson(schema) && (isJson(schema.discriminator) || Array.isArray(schema.allOf));
}

/**
 * The document's extensions read once by a caller whose document does not change while it reads it: the `known` of
 * baseKindsAt and withBaseRefsAsKinds, which then do not list the schemas again (extensionsIfBases counts them at each
 * call, to know its index current: once per base or per registered root, a whole API's schemas were listed thousands
 * of times, docs/contributing/performance.md, graphgen6).
 */
export interface KnownExtensions {
  extensions: Extensions | undefined;
}

/** The extensions of `document`'s schemas, for a caller reading them many times over an unchanging document. */
export function knownExtensions(document: unknown): KnownExtensions {
  const schemas = isJson(document) && isJson(document.components) ? document.components.schemas : undefined;
  return { extensions: isJson(schemas) ? extensionsIfBases(schemas) : undefined };
}

/**
 * The kinds of the base a `$ref` names (`#/components/schemas/<name>` of `document`), each with the value naming it;
 * undefined where it names no base with a property naming its kinds, or the base has no kind the document defines.
 * `known`: the document's extensions as knownExtensions read them (the document unchanged since).
 */
export function baseKindsAt(document: unknown, ref: string, known?: KnownExtensions): BaseKinds | undefined {
  if (!ref.startsWith(SCHEMAS) || !isJson(document) || !isJson(document.components)) return undefined;
  const schemas = document.components.schemas;
  const name = decodeURIComponent(ref.slice(SCHEMAS.length)).replace(/~1/g, "/").replace(/~0/g, "~");
  const own = isJson(schemas) ? schemas[name] : undefined;
  if (!isJson(schemas) || !mayBeBase(own)) return undefined;
  const extensions = known ? known.extensions : extensionsIfBases(schemas);
  const property = extensions && basePropertyOf(schemas, name, extensions);
  if (!extensions || property === undefined) return undefined;
  const kinds = kindsOf(schemas, name, extensions, property)
    .filter((kind) => isJson(schemas[kind]))
    .map((kind) => ({ name: kind, value: kindValue(schemas, schemas[name] as Json, property, kind) }));
  const defaulted = discriminatorsOf(own as Json).some((d) => Object.hasOwn(d, "defaultMapping"));
  return kinds.length ? { property, kinds, defaulted } : undefined;
}

/** A `$ref` to the component schema `name`, as a JSON pointer writes it. */
export const schemaRef = (name: string): string => `${SCHEMAS}${name.replace(/~/g, "~0").replace(/\//g, "~1")}`;

/**
 * A validator's registered schemas (by URI, `#…` the pointer into `document`) with each reference to a base that names
 * its discriminator's property, but one an allOf extends it by, read as the union of the base's kinds, each with the
 * property naming it and required (`{anyOf: [{allOf: [{$ref: Cat}], required: [petType], properties: {petType: {enum:
 * [Cat]}}}, …]}`, no `required` where a `defaultMapping` names the kind of a value without it): a value of a field of a
 * base is held to its kind, as the link holds it. Changed in place; how many references were. `read`: told of each
 * union so made, its base's kinds, and whether a value naming none is the base (its property marked open).
 */
export function withBaseRefsAsKinds(
  lookup: Record<string, unknown>,
  document: unknown,
  read?: (union: Record<string, unknown>, base: BaseKinds, open: boolean) => void,
  /** The document's extensions as knownExtensions read them, the document unchanged since. */
  known: KnownExtensions = knownExtensions(document),
): number {
  // A document no schema of which names a discriminator (most): nothing to read.
  if (!known.extensions) return 0;
  const seen = new Set<unknown>();
  const unions = new Map<string, Json[] | undefined>();
  const bases = new Map<string, BaseKinds>();
  const kindsAt = (ref: string): Json[] | undefined => {
    if (!unions.has(ref)) {
      const base = baseKindsAt(document, ref, known);
      if (base) bases.set(ref, base);
      const { property = "" } = base ?? {};
      // The property names the kind: required unless a `defaultMapping` names the kind of a value without it.
      const required = base?.defaulted ? {} : { required: [property] };
      const kinds = property
        ? base?.kinds.map(({ name, value }) => ({
            allOf: [{ $ref: schemaRef(name) }],
            ...required,
            properties: { [property]: { enum: [value] } },
          }))
        : undefined;
      // A base whose property its document marks open: a value naming none of its kinds is the base itself.
      const values = base?.kinds.map((kind) => kind.value) ?? [];
      const beyond = { allOf: [{ $ref: ref }], ...required, properties: { [property]: { not: { enum: values } } } };
      unions.set(ref, kinds && openProperty(document, ref, property) ? [...kinds, beyond] : kinds);
    }
    return unions.get(ref);
  };
  let count = 0;
  const visit = (node: unknown, member: boolean): void => {
    if (node === null || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const item of node) visit(item, member);
      return;
    }
    const own = node as Json;
    const ref = own.$ref;
    const kinds = !member && typeof ref === "string" && ref.startsWith(SCHEMAS) ? kindsAt(ref) : undefined;
    if (kinds) {
      // A validator's registered references name their target's whole URI (a registered schema's `$ref` is resolved
      // against its file when registered: @cfworker/json-schema's `__absolute_ref__`): the kinds' are named so too.
      const absolute = (own as { __absolute_ref__?: unknown }).__absolute_ref__;
      const file =
        typeof absolute === "string" && absolute.includes("#") ? absolute.slice(0, absolute.indexOf("#")) : "";
      delete own.$ref;
      own.anyOf = kinds.map((kind) => {
        const [to] = kind.allOf as [Json];
        const ref = { $ref: to.$ref };
        if (file) Object.defineProperty(ref, "__absolute_ref__", { value: `${file}${String(to.$ref)}` });
        return { ...kind, allOf: [ref], properties: structuredClone(kind.properties) };
      });
      const base = bases.get(ref as string);
      if (read && base) read(own, base, kinds.length > base.kinds.length);
      count++;
      return;
    }
    for (const [key, value] of Object.entries(own))
      if (key !== "enum" && key !== "const" && key !== "example" && key !== "default") visit(value, key === "allOf");
  };
  for (const [uri, schema] of Object.entries(lookup)) visit(schema, /\/allOf\/\d+$/.test(uri));
  return count;
}

/**
 * Whether the property naming a base's kinds is marked open in the base (its own or an allOf member's): AutoRest's
 * `x-ms-enum` with `modelAsString: true` says its values are the known ones and the service sends others, each the
 * base itself (shapes/open-enums.ts leaves the enum out of add's cut and keeps the mark).
 */
function openProperty(document: unknown, ref: string, property: string): boolean {
  const schemas = isJson(document) && isJson(document.components) ? document.components.schemas : undefined;
  const name = decodeURIComponent(ref.slice(SCHEMAS.length)).replace(/~1/g, "/").replace(/~0/g, "~");
  const base = isJson(schemas) ? schemas[name] : undefined;
  if (!isJson(base)) return false;
  return [base, ...(Array.isArray(base.allOf) ? base.allOf : [])].some((part) => {
    const own = isJson(part) && isJson(part.properties) ? part.properties[property] : undefined;
    return markedOpen(own);
  });
}
