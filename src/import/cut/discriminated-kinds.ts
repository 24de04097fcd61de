// A schema with a discriminator and no union of its own (`Pet: {discriminator: {propertyName: petType}}`) stands, by
// OpenAPI's inheritance model, for the schemas that extend it by allOf (`Cat: {allOf: [{$ref: Pet}, …]}`), each named
// by the discriminator's value: a body of Pet is a Cat or a Dog. Read as published, the base lists only its own fields,
// so the draft gave a body of it those alone and no kind's fields could be sent. A base no discriminator marks, whose
// extensions carry a discriminator value (`x-ms-discriminator-value`, AutoRest's polymorphism), is one too.
// A request body of such a base is where the fields are lost (the draft spreads a body's fields into parameters; a
// field of the base's type is one JSON parameter, which takes any kind already, and an answer's outputs read the
// fields every kind carries). So the cut keeps the kinds of a base a chosen operation's request body is (`kindRefs`,
// asked by cut.ts: nothing $refs them from the base), and add points that body at a new component `<Base>Kinds`, the
// union of its kinds with the discriminator's mapping (`withBaseKinds`), and says so.
import { isJson } from "../shapes/cut-walk.js";

type Json = Record<string, unknown>;

const SCHEMAS = "#/components/schemas/";
const VALUE_EXTENSION = "x-ms-discriminator-value";

/** Each schema's name → the names of the schemas whose allOf `$ref`s it (its direct extensions), in document order. */
type Extensions = ReadonlyMap<string, readonly string[]>;

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

/** The discriminator's property a base names, "" for a base only its extensions' values mark; undefined if no base. */
function basePropertyOf(schemas: Json, name: string, extensions: Extensions): string | undefined {
  const schema = schemas[name];
  if (!isJson(schema) || schema.oneOf !== undefined || schema.anyOf !== undefined) return undefined;
  const discriminator = schema.discriminator;
  if (isJson(discriminator)) return typeof discriminator.propertyName === "string" ? discriminator.propertyName : "";
  const direct = extensions.get(name) ?? [];
  const marked = (kind: string) => {
    const extension = schemas[kind];
    return isJson(extension) && typeof extension[VALUE_EXTENSION] === "string";
  };
  return direct.some(marked) ? "" : undefined;
}

/**
 * Every schema extending `base`, however deep, in document order within each level (the base itself never); then those
 * its mapping names that repeat its `property` instead of extending it (a token request's grants, each declaring
 * `grant_type` again beside its own fields), which no allOf links to the base.
 */
function kindsOf(schemas: Json, base: string, extensions: Extensions, property: string): string[] {
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

/** The names of the schemas a base's discriminator mapping names (a `#/components/schemas/` ref or a bare name). */
function mappedNames(base: unknown): string[] {
  const discriminator = isJson(base) ? base.discriminator : undefined;
  const mapping = isJson(discriminator) && isJson(discriminator.mapping) ? discriminator.mapping : {};
  return Object.values(mapping).flatMap((to) =>
    typeof to !== "string" ? [] : to.startsWith(SCHEMAS) ? [nameOf(to)] : to.startsWith("#") ? [] : [to],
  );
}

/** Whether a schema declares `property` itself, or in an inline member of its allOf. */
function repeats(schema: unknown, property: string): boolean {
  if (!isJson(schema)) return false;
  const parts = [schema, ...(Array.isArray(schema.allOf) ? schema.allOf : [])];
  return parts.some((part) => isJson(part) && isJson(part.properties) && Object.hasOwn(part.properties, property));
}

/** The document's extensions; undefined where no schema is a base (most documents: nothing more to read). */
function extensionsIfBases(schemas: Json): Extensions | undefined {
  const based = Object.values(schemas).some(
    (s) => isJson(s) && (s.discriminator !== undefined || typeof s[VALUE_EXTENSION] === "string"),
  );
  return based ? extensionsOf(schemas) : undefined;
}

/** The names of the schemas the request bodies of `operations` are, each a `$ref` (through a `$ref`d request body). */
export function bodySchemaNames(operations: Iterable<unknown>, components: Json): string[] {
  const names: string[] = [];
  for (const op of operations)
    for (const holder of bodySchemas(op, components)) names.push(nameOf(holder.$ref as string));
  return names;
}

/** The schema objects (each only a `$ref` to a component schema) of an operation's request body. */
function bodySchemas(op: unknown, components: Json): Json[] {
  let body = isJson(op) ? op.requestBody : undefined;
  if (isJson(body) && typeof body.$ref === "string" && body.$ref.startsWith("#/components/requestBodies/")) {
    const bodies = components.requestBodies;
    body = isJson(bodies) ? bodies[body.$ref.slice("#/components/requestBodies/".length)] : undefined;
  }
  const content = isJson(body) && isJson(body.content) ? Object.values(body.content) : [];
  return content.flatMap((media) => {
    const schema = isJson(media) ? media.schema : undefined;
    return isJson(schema) && typeof schema.$ref === "string" && schema.$ref.startsWith(SCHEMAS) ? [schema] : [];
  });
}

const nameOf = (ref: string) => ref.slice(SCHEMAS.length);

/** The `$ref`s of the kinds of those of `bases` that are bases (by name), none of which `kept` holds yet. */
export function kindRefs(schemas: unknown, bases: readonly string[], kept: ReadonlySet<string> | undefined): string[] {
  if (!isJson(schemas) || !bases.length) return [];
  const index = extensionsIfBases(schemas);
  if (!index) return [];
  const refs = new Set<string>();
  for (const name of bases) {
    const property = basePropertyOf(schemas, name, index);
    if (property === undefined) continue;
    for (const kind of kindsOf(schemas, name, index, property)) if (!kept?.has(kind)) refs.add(`${SCHEMAS}${kind}`);
  }
  return [...refs];
}

/** The value naming `kind`: the base's mapping's, its extension's, its one fixed value of the property, its name. */
function kindValue(schemas: Json, base: Json, property: string, kind: string): string {
  const mapping = isJson(base.discriminator) && isJson(base.discriminator.mapping) ? base.discriminator.mapping : {};
  for (const [value, target] of Object.entries(mapping))
    if (target === kind || target === `${SCHEMAS}${kind}`) return value;
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

/** The union of a base's kinds: oneOf with the discriminator's mapping, or anyOf where the base names no property. */
function unionOf(schemas: Json, base: string, property: string, kinds: readonly string[]): Json {
  const schema = schemas[base] as Json;
  const shapes = kinds.map((kind) => ({ $ref: `${SCHEMAS}${kind}` }));
  const described = typeof schema.description === "string" ? { description: schema.description } : {};
  if (!property) return { ...described, anyOf: shapes };
  const mapping: Record<string, string> = {};
  for (const kind of kinds) mapping[kindValue(schemas, schema, property, kind)] ??= `${SCHEMAS}${kind}`;
  return { ...described, oneOf: shapes, discriminator: { propertyName: property, mapping } };
}

/**
 * The cut with each request body that is a base whose kinds it holds pointed at a new component, the union of its kinds
 * (changed in place); each base so written, as `Pet as PetKinds (Cat, Dog)`.
 */
export function withBaseKinds(cut: Json): string[] {
  const components = isJson(cut.components) ? cut.components : {};
  const schemas = components.schemas;
  if (!isJson(schemas)) return [];
  const bodies = operationsOf(cut.paths).flatMap((op) => bodySchemas(op, components));
  const index = bodies.length ? extensionsIfBases(schemas) : undefined;
  if (!index) return [];
  const unions = new Map<string, string>();
  const changed: string[] = [];
  for (const body of bodies) {
    const base = nameOf(body.$ref as string);
    if (!unions.has(base)) {
      const property = basePropertyOf(schemas, base, index);
      const kinds =
        property === undefined
          ? []
          : kindsOf(schemas, base, index, property).filter((kind) => Object.hasOwn(schemas, kind));
      if (property === undefined || !kinds.length) continue;
      let name = `${base}Kinds`;
      for (let n = 2; Object.hasOwn(schemas, name); n++) name = `${base}Kinds${n}`;
      schemas[name] = unionOf(schemas, base, property, kinds);
      unions.set(base, name);
      changed.push(`${base} as ${name} (${kinds.join(", ")})`);
    }
    body.$ref = `${SCHEMAS}${unions.get(base)}`;
  }
  return changed;
}

/** The operations of a document's path items. */
function operationsOf(paths: unknown): unknown[] {
  if (!isJson(paths)) return [];
  return Object.values(paths).flatMap((item) =>
    isJson(item)
      ? Object.entries(item)
          .filter(([key]) => METHODS.has(key))
          .map(([, op]) => op)
      : [],
  );
}

const METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);
