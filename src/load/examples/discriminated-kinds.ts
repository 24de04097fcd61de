// A discriminated union held to its letter: by OpenAPI the discriminator's property value selects the shape (the
// mapping's value leading to it, else its schema's name: load/schemas/union-kinds.ts, the link's rule too), and a
// value naming no shape is no value of the union. The example check registers a discriminated `oneOf` as `anyOf`
// (load/openapi-json-schema.ts `discriminatedAsAnyOf`: "exactly one shape matches" is not what it says), which checked
// no value of the property: a body naming no kind, or naming one kind with another's fields, met the union. The judge
// reads each shape as itself with the property naming it (`{allOf: [shape], properties: {type: {enum: [lambda]}}}`),
// of one shape or of several. A property its document marks open (AutoRest's `x-ms-enum` with `modelAsString: true`,
// as a discriminated base's: load/schemas/base-kinds.ts) takes a value naming none, held to any shape as before. A
// value without the property names no shape: by OpenAPI the property MUST be present, so it is refused where the
// document forgot to require it in its shapes too (unless its discriminator's `defaultMapping`, OpenAPI 3.2's, names
// the shape of such a value: then it is held to the shapes).
//
// Where a request breaks one, the refusal's rule is `discriminator`, at the property, with its value: a value without
// it, naming no shape, or naming one whose fields it lacks while it has another's.
import type { OutputUnit, Schema } from "@cfworker/json-schema";
import { describe, isNullAlternative, rootCause, WRAPPERS } from "./example-errors.js";
import { followLocalRefs, refPath, valueAt } from "../json-ref.js";
import { eachSchemaNode } from "../openapi-json-schema.js";
import type { BaseKinds } from "../schemas/base-kinds.js";
import { markedOpen } from "../schemas/known-values.js";
import { distinctKinds, kindValuesOf, propertySchemas } from "../schemas/union-kinds.js";

type Json = Record<string, unknown>;
type Registered = Json & { __absolute_ref__?: string };
type Lookup = Record<string, Schema | boolean>;

const isJson = (value: unknown): value is Json => value !== null && typeof value === "object" && !Array.isArray(value);

/** What a union read so holds: its property, each shape's values and name, whether the property is open. */
interface Kinds {
  property: string;
  values: unknown[][];
  names: string[];
  open: boolean;
  /** Whether a value must have the property (no `defaultMapping` names the shape of one without it). */
  required: boolean;
}

/** Where a union read so keeps its kinds (no key the validator reads). */
const KINDS = Symbol("discriminated kinds");

/** A refusal of the discriminator: where (the property, as a JSON pointer's segments) and why. */
export interface KindMiss {
  path: string[];
  message: string;
  rule: "discriminator";
  /** The keyword location of the union's `anyOf` (the errors below it are its shapes'). */
  union: string;
}

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
 * Each registered union with a discriminator, read as its kinds (see above); `only`: the keys of those to read (a
 * lookup registered a part at a time: the example check's), their shapes found in the whole lookup.
 */
export function withDiscriminatedKinds(lookup: Lookup, data: unknown, only?: readonly string[]): void {
  const deref = derefIn(lookup);
  const seen = new Set<unknown>();
  for (const uri of only ?? Object.keys(lookup)) {
    const schema = lookup[uri];
    if (!isJson(schema) || seen.has(schema)) continue;
    seen.add(schema);
    readAsKinds(schema, deref, (property) => openInDocument(data, uri, property));
  }
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

/** A keyword location's steps, each a key as written. */
const stepsOf = (location: string): string[] =>
  location
    .replace(/^#/, "")
    .split("/")
    .slice(1)
    .map((s) => decodeURIComponent(s).replace(/~1/g, "/").replace(/~0/g, "~"));

/** The registered schema holding the keyword at `location`, walked from `start` through its `$ref`s. */
function holderOf(start: unknown, location: string, lookup: Lookup): unknown {
  let node: unknown = start;
  for (const step of stepsOf(location).slice(0, -1)) {
    node = step === "$ref" ? lookup[String((node as Registered).__absolute_ref__)] : (node as Json | undefined)?.[step];
    if (node === undefined) return undefined;
  }
  return node;
}

/**
 * Whether the value has the fields of the union's kind `i` (at `union`, a keyword location): its only errors there are
 * of its property's value (at `property`, the value's place).
 */
function hasShape(errors: readonly OutputUnit[], union: string, i: number, property: readonly string[]): boolean {
  const prefix = `${union}/${i}/`;
  const place = property.join("\u0000");
  return errors.every(
    (e) =>
      !e.keywordLocation.startsWith(prefix) ||
      WRAPPERS.has(e.keyword) ||
      isNullAlternative(e) ||
      refPath(e.instanceLocation).join("\u0000") === place,
  );
}

/**
 * The discriminator's refusal where `cause` (the reason the value meets not `start`) is inside a union read as its
 * kinds and the value's property names none of them, or names one whose fields the value lacks while it has another's;
 * undefined otherwise (the cause is the reason).
 */
export function discriminatorMiss(
  errors: readonly OutputUnit[],
  cause: OutputUnit,
  start: unknown,
  lookup: Lookup,
  value: unknown,
): KindMiss | undefined {
  let union: { error: OutputUnit; kinds: Kinds } | undefined;
  for (const error of errors) {
    const inside = cause === error || cause.keywordLocation.startsWith(`${error.keywordLocation}/`);
    if (error.keyword !== "anyOf" || !inside) continue;
    const kinds = (holderOf(start, error.keywordLocation, lookup) as { [KINDS]?: Kinds } | undefined)?.[KINDS];
    if (kinds && (!union || error.keywordLocation.length > union.error.keywordLocation.length))
      union = { error, kinds };
  }
  if (!union) return undefined;
  const { error, kinds } = union;
  const at = [...refPath(error.instanceLocation)];
  const object = valueAt(value, at);
  if (!isJson(object)) return undefined;
  const path = [...at, kinds.property];
  const unionAt = error.keywordLocation;
  const where = `/${path.join("/")}`;
  const listed = kinds.values.flat().map((v) => JSON.stringify(v));
  if (!Object.hasOwn(object, kinds.property)) {
    if (!kinds.required) return undefined;
    return {
      path,
      union: unionAt,
      rule: "discriminator",
      message:
        `${where} is required to name the shape (its union's discriminator "${kinds.property}"): must be one of ` +
        `${listed.join(", ")}, got nothing`,
    };
  }
  const tag = object[kinds.property];
  const named = kinds.values.findIndex((values) => values.includes(tag));
  if (named < 0) {
    if (kinds.open) return undefined;
    return {
      path,
      union: unionAt,
      rule: "discriminator",
      message:
        `${where} names no shape of its union (its discriminator "${kinds.property}", by the mapping or the ` +
        `shapes' names): must be one of ${listed.join(", ")}, got ${JSON.stringify(tag)}`,
    };
  }
  const other = kinds.values.findIndex((_, j) => j !== named && hasShape(errors, error.keywordLocation, j, path));
  const own = rootCause(errors.filter((e) => e.keywordLocation.startsWith(`${error.keywordLocation}/${named}/`)));
  if (other < 0 || !own) return undefined;
  const reason = describe(own, [...refPath(own.instanceLocation)], value, "the value");
  return {
    path,
    union: unionAt,
    rule: "discriminator",
    message:
      `${where} names the shape ${kinds.names[named]} (${JSON.stringify(tag)}), and the value has the fields of ` +
      `${kinds.names[other]} instead: ${reason}`,
  };
}
