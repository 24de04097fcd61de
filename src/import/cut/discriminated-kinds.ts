// A schema with a discriminator and no union of its own (`Pet: {discriminator: {propertyName: petType}}`) stands, by
// OpenAPI's inheritance model, for the schemas that extend it by allOf (`Cat: {allOf: [{$ref: Pet}, …]}`), each named
// by the discriminator's value: a body of Pet is a Cat or a Dog. Read as published, the base lists only its own fields,
// so the draft gave a body of it those alone and no kind's fields could be sent. A base no discriminator marks, whose
// extensions carry a discriminator value (`x-ms-discriminator-value`, AutoRest's polymorphism), is one too.
// A request body of such a base is where the fields are lost (the draft spreads a body's fields into parameters; a
// field of the base's type is one JSON parameter, which takes any kind already, and an answer's outputs read the
// fields every kind carries). So the cut keeps the kinds of a base a chosen operation's request body is (`kindRefs`,
// asked by cut.ts: nothing $refs them from the base), and add points that body at a new component `<Base>Kinds`, the
// union of its kinds with the discriminator's mapping (`withBaseKinds`), and says so. What the kinds of a base are is
// read by one rule for every reader (load/schemas/base-kinds.ts).
import { refTarget } from "../../load/json-ref.js";
import { isJson } from "../shapes/cut-walk.js";
import { basePropertyOf, extensionsIfBases, kindsOf, kindValue, SCHEMAS } from "../../load/schemas/base-kinds.js";

type Json = Record<string, unknown>;

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

/**
 * The names of the bases (each naming its discriminator's property) a request or an answer of the chosen operations
 * reaches beneath its body: a field, a list's items, a map's values, however deep, through `$ref`s and the kinds of
 * the bases met. A field of a base is one of its kinds (the link, the sampler and the mock's answers read it so:
 * load/schemas/base-kinds.ts), which nothing `$ref`s from the base: the cut keeps them as it keeps a body's. `parts`:
 * each chosen operation and its path item's parameters.
 */
export function fieldBaseNames(parts: Iterable<unknown>, document: Json): string[] {
  const components = isJson(document.components) ? document.components : {};
  const schemas = components.schemas;
  const index = isJson(schemas) ? extensionsIfBases(schemas) : undefined;
  if (!isJson(schemas) || !index) return [];
  const bases: string[] = [];
  const seen = new Set<unknown>();
  const queue: unknown[] = [];
  for (const part of parts) queue.push(isJson(part) ? [part.requestBody, part.parameters, part.responses] : part);
  for (let node = queue.pop(); node !== undefined || queue.length; node = queue.pop()) {
    if (node === null || typeof node !== "object" || seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      queue.push(...(node as unknown[]));
      continue;
    }
    const ref = (node as Json).$ref;
    if (typeof ref === "string" && ref.startsWith("#/components/")) {
      const target = refTarget(document, ref);
      queue.push(target);
      const name = ref.startsWith(SCHEMAS) && isJson(target) ? ref.slice(SCHEMAS.length) : undefined;
      const property = name === undefined ? undefined : basePropertyOf(schemas, name, index);
      if (name !== undefined && property && !bases.includes(name)) {
        bases.push(name);
        for (const kind of kindsOf(schemas, name, index, property)) queue.push(schemas[kind]);
      }
    }
    for (const [key, value] of Object.entries(node as Json))
      if (key !== "example" && key !== "examples") queue.push(value);
  }
  return bases;
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
