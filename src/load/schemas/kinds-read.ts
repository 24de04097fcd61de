// A discriminated union read as its letter says (the reading the request judge, the mocks' check and sampler, verify's
// check and generation's example check all hold a value to): by OpenAPI the discriminator's property value selects
// the shape (the mapping's value leading to it, else its schema's name: union-kinds.ts, the link's rule too), and a
// value naming no shape is no value of the union. A discriminated `oneOf` registered as `anyOf`
// (openapi-json-schema.ts `discriminatedAsAnyOf`: "exactly one shape matches" is not what it says) checked no value of
// the property: a body naming no kind, or naming one kind with another's fields, met the union. Each shape is read as
// itself with the property naming it (`{allOf: [shape], properties: {type: {enum: [lambda]}}}`), of one shape or of
// several. A property its document marks open (AutoRest's `x-ms-enum` with `modelAsString: true`, as a discriminated
// base's: base-kinds.ts) takes a value naming none, held to any shape as before. A value without the property names
// no shape: by OpenAPI the property MUST be present, so it is refused where the document forgot to require it in its
// shapes too (unless its discriminator's `defaultMapping`, OpenAPI 3.2's, names the shape of such a value: then it is
// held to the shapes). The judge's refusal of such a value: load/examples/discriminated-kinds.ts.
import type { Schema } from "@cfworker/json-schema";
import { followLocalRefs, refPath, valueAt } from "../json-ref.js";
import { eachSchemaNode } from "../openapi-json-schema.js";
import type { BaseKinds } from "./base-kinds.js";
import { markedOpen } from "./known-values.js";
import { distinctKinds, kindValuesOf, namesShapes, propertySchemas } from "./union-kinds.js";

type Json = Record<string, unknown>;
type Registered = Json & { __absolute_ref__?: string };
type Lookup = Record<string, Schema | boolean>;

const isJson = (value: unknown): value is Json => value !== null && typeof value === "object" && !Array.isArray(value);

/** What a union read so holds: its property, each shape's values and name, whether the property is open. */
export interface Kinds {
  property: string;
  values: unknown[][];
  names: string[];
  open: boolean;
  /** Whether a value must have the property (no `defaultMapping` names the shape of one without it). */
  required: boolean;
}

/** Where a union read so keeps its kinds (no key the validator reads). */
export const KINDS = Symbol("discriminated kinds");

function derefIn(lookup: Lookup): (node: unknown) => Registered | undefined {
  return (node) => {
    let current = node as Registered | undefined;
    for (let hops = 0; hops < 16 && isJson(current) && typeof current.__absolute_ref__ === "string"; hops++)
      current = lookup[current.__absolute_ref__] as Registered | undefined;
    return isJson(current) ? current : undefined;
  };
}

/** A 3.0 `nullable` union's null alternative (openapi-json-schema.ts adds it to the list). */
const isNullForm = (node: unknown): boolean => isJson(node) && node.type === "null" && Object.keys(node).length === 1;

/**
 * Whether the document marks the union's property open, in the union's own properties or a shape's (the registered
 * copies leave the `x-` keys out: read in the document, at the union's place `uri`).
 */
function openInDocument(data: unknown, uri: string, property: string): boolean {
  let union: unknown;
  try {
    union = valueAt(data, refPath(uri));
  } catch {
    return false;
  }
  if (!isJson(union)) return false;
  const deref = (node: unknown) => followLocalRefs(data, node);
  const shapes = Array.isArray(union.oneOf) ? union.oneOf : Array.isArray(union.anyOf) ? union.anyOf : [];
  return [union, ...shapes].some((shape) => propertySchemas(shape, property, deref).some(markedOpen));
}

/**
 * Each registered union with a discriminator, read as its kinds (see above); `keys`: those to read (a registration's),
 * all by default, their `$ref`s followed through the whole lookup. How many unions are read so (read before too).
 */
export function withDiscriminatedKinds(lookup: Lookup, data: unknown, keys?: readonly string[]): number {
  const deref = derefIn(lookup);
  const seen = new Set<unknown>();
  let read = 0;
  for (const uri of keys ?? Object.keys(lookup)) {
    const schema = lookup[uri];
    if (!isJson(schema) || seen.has(schema)) continue;
    seen.add(schema);
    readAsKinds(schema, deref, (property) => openInDocument(data, uri, property));
    if (Object.hasOwn(schema, KINDS)) read++;
  }
  return read;
}

/**
 * Each union with a discriminator in a document's copy whose discriminated `oneOf`s are read as `anyOf`
 * (load/openapi-json-schema.ts `discriminatedAsAnyOf`: the mock's copy, which Prism checks answers and requests
 * against), read as its kinds as the judge reads them, its `$ref`s local to the copy.
 */
export function withDiscriminatedKindsIn(root: unknown): void {
  const deref = (node: unknown) => {
    const found = followLocalRefs(root, node);
    return isJson(found) ? found : undefined;
  };
  eachSchemaNode(root, (node) =>
    readAsKinds(node, deref, (property) =>
      (node.anyOf as unknown[]).some((shape) => propertySchemas(shape, property, deref).some(markedOpen)),
    ),
  );
}

/**
 * A union `node` with a discriminator, its shapes listed in `anyOf`, read as its kinds in place (see above); `open`
 * says whether its document marks the property open. Left as it is where its property tells no shapes apart.
 */
function readAsKinds(node: Json, deref: (node: unknown) => Json | undefined, open: (property: string) => boolean) {
  const discriminator = node.discriminator;
  if (!isJson(discriminator) || typeof discriminator.propertyName !== "string") return;
  if (!Array.isArray(node.anyOf) || Object.hasOwn(node, KINDS)) return;
  const property = discriminator.propertyName;
  const branches = node.anyOf as unknown[];
  const shapes = branches.filter((b) => !isNullForm(b));
  const mapping = isJson(discriminator.mapping) ? Object.entries(discriminator.mapping) : [];
  const declared = [node, ...shapes].map((shape) => propertySchemas(shape, property, deref).length > 0);
  if (!namesShapes(mapping, declared)) return;
  const values = shapes.map((shape) => kindValuesOf(mapping, shape, property, deref));
  if (!shapes.length || !distinctKinds(values)) return;
  const kinds = values as unknown[][];
  const isOpen = open(property);
  const names = shapes.map((shape, i) => {
    const ref = isJson(shape) ? shape.$ref : undefined;
    return typeof ref === "string" ? ref.slice(ref.lastIndexOf("/") + 1) : JSON.stringify(kinds[i]?.[0]);
  });
  // The property names the shape: by OpenAPI it MUST be present, where the document forgot to require it too; a
  // discriminator giving the shape of a value without it (3.2's `defaultMapping`) leaves it to the shapes.
  const required = Object.hasOwn(discriminator, "defaultMapping") ? {} : { required: [property] };
  const beyond = { anyOf: shapes, ...required, properties: { [property]: { not: { enum: kinds.flat() } } } };
  node.anyOf = [
    ...shapes.map((shape, i) => ({ allOf: [shape], ...required, properties: { [property]: { enum: kinds[i] } } })),
    ...(isOpen ? [beyond] : []),
    ...branches.filter(isNullForm),
  ];
  const kindsRead: Kinds = { property, values: kinds, names, open: isOpen, required: "required" in required };
  Object.defineProperty(node, KINDS, { value: kindsRead });
}

/**
 * A union a discriminated base's field is read as (load/schemas/base-kinds.ts `withBaseRefsAsKinds`), its kinds in
 * order, held as a union read so: a value naming none, or none at all, or one kind with another's fields, is the
 * discriminator's refusal too.
 */
export function markBaseKinds(union: Json, base: BaseKinds, open: boolean): void {
  if (Object.hasOwn(union, KINDS)) return;
  const kindsRead: Kinds = {
    property: base.property,
    values: base.kinds.map((kind) => [kind.value]),
    names: base.kinds.map((kind) => kind.name),
    open,
    required: !base.defaulted,
  };
  Object.defineProperty(union, KINDS, { value: kindsRead });
}
