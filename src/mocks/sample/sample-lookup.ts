// The schemas of an OpenAPI document registered once with @cfworker/json-schema
// (the validator generation checks examples with), each where the document
// places it, so that a value can be checked against the schema at any JSON
// pointer of the document: what schema-sample.ts makes is checked here; and
// what a union's branches say to the walk that makes it (sample-walk.ts).
import { dereference, type Schema, validate } from "@cfworker/json-schema";
import { withDiscriminatedKinds } from "../../load/examples/discriminated-kinds.js";
import { withOpenAllOfMembers } from "../../judge/open-all-of-lookup.js";
import { followLocalRefs } from "../../load/json-ref.js";
import { NAME_MAPS, SCHEMA_MAPS } from "../../load/load-rewrites.js";
import { withKindsGuarded } from "../../load/schemas/guarded-kinds.js";
import { kindValuesOf, namesShapes, propertySchemas } from "../../load/schemas/union-kinds.js";
import { isEnumOfLabels } from "../../load/text-enum.js";
import {
  discriminatedAsAnyOf,
  toJsonSchema,
  usesJsonSchema2020,
  withImpliedTypes,
  withMovedShapesAtTheirPlaces,
  type Wrap,
  wrapNullable,
} from "../../load/openapi-json-schema.js";

type Node = Record<string, unknown>;

const BASE = "https://zq-sample.invalid/document";

/** A document's schemas, registered once: values checked where the document places their schema. */
export class SchemaLookup {
  private readonly lookup: Record<string, Schema | boolean> = {};
  private readonly draft: "4" | "2020-12";

  constructor(document: Node) {
    const is31 = typeof document.openapi === "string" && usesJsonSchema2020(document.openapi);
    this.draft = is31 ? "2020-12" : "4";
    const copy = withoutExamples(structuredClone(document)) as Node;
    // Schemas read as generation and verify read them: one without `type` that lists properties is an object (a
    // realistic value of `oneOf: [boolean, object]` beside `properties` is then the object, which verify accepts).
    impliedTypes(copy);
    const wraps: Wrap[] = [];
    if (!is31) toJsonSchema(copy, wraps);
    discriminatedAsAnyOf(copy);
    const named = takeNamedIds(copy, "", []);
    dereference(copy as Schema, this.lookup, new URL(BASE));
    for (const [pointer, member] of named)
      dereference(member as Schema, this.lookup, new URL(BASE), uriPointer(pointer));
    // Parameters are listed in arrays, which the validator does not walk, and a `default` response is skipped:
    // their schemas are registered one by one.
    for (const [pointer, schema] of unwalkedSchemas(copy))
      dereference(schema as Schema, this.lookup, new URL(BASE), uriPointer(pointer));
    withMovedShapesAtTheirPlaces(this.lookup, Object.keys(this.lookup));
    wrapNullable(wraps, this.lookup);
    // A discriminated union read as the mock's check of its answers and the request judge read it: the property's
    // value names the shape (read as `anyOf`, an example naming one kind with another's fields was taken and served,
    // and the mock's check refused it); whether the property is open, by the document's marks (the copy has none).
    withDiscriminatedKinds(this.lookup, document);
    // An object closed beside its `allOf` is closed over its members' fields, as the mock's copy is read
    // (open-all-of.ts) and Prism then checks what it serves: by the letter no made value met it (an address closed
    // beside its shared fields).
    withOpenAllOfMembers(this.lookup);
    // A union of kinds (a discriminated base's field, read as its kinds in the mock's copy) checks the kind its
    // property names, not every kind's whole schema (guarded-kinds.ts): the sampler asks only whether a value is valid.
    withKindsGuarded(this.lookup);
  }

  /** Whether `value` is valid against the schema at `pointer` (a JSON pointer into the document). */
  valid(value: unknown, pointer: string): boolean {
    try {
      return validate(value, { $ref: `${BASE}#${uriPointer(pointer)}` } as Schema, this.draft, this.lookup, true).valid;
    } catch {
      return false;
    }
  }
}

/**
 * The document's copy without example data and extensions, which the
 * validator would walk as schemas (an example's `id` taken for a schema's
 * identifier), and without schemas' `$id` addresses (isAddress); a property
 * or schema of that name is kept. An enum of labels
 * (`type: integer, enum: ["0 (Unknown)"]`, load/text-enum.ts) is read by its
 * type, as the judge and the mocks read it: no value meets both (the walk
 * makes the type's value there too).
 */
function withoutExamples(node: unknown, names = false): unknown {
  if (Array.isArray(node)) {
    for (const item of node) withoutExamples(item);
  } else if (isNode(node)) {
    if (!names && isEnumOfLabels(node)) delete node.enum;
    for (const key of Object.keys(node)) {
      if (!names && (key === "example" || key === "examples" || key.startsWith("x-") || isAddress(key, node)))
        delete node[key];
      else withoutExamples(node[key], NAME_MAPS.has(key) && !names);
    }
  }
  return node;
}

/**
 * A schema's `$id` text (an address a JSON Schema file carries, kept by the bundler when a document `$ref`s such
 * files): the bundled document's references are its own (`#/…`), each schema registered where the document places
 * it; read as an identifier, the address would be a second name for a schema the mock's copies hold twice
 * ("Duplicate schema URI", the answers' sampler crashed) and a base its `#/…` references resolve against instead.
 */
function isAddress(key: string, node: Record<string, unknown>): boolean {
  return key === "$id" && typeof node[key] === "string";
}

/**
 * Members named `id` or `$id` of the document's other maps of names (`components.schemas.id`, a request body
 * named `id`), taken out of the copy with their pointers, children first: walking the document, the validator
 * reads such a member as the map's identifier ("Duplicate schema URI [object Object]", and the mock failed to
 * start). Each is registered at its own pointer instead.
 */
function takeNamedIds(
  node: unknown,
  pointer: string,
  out: [string, unknown][],
  inSchemaMap = false,
  parentKey = "",
): [string, unknown][] {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) takeNamedIds(item, `${pointer}/${i}`, out);
  } else if (isNode(node)) {
    for (const key of Object.keys(node)) {
      // Data is no map of names: an enum's object `{id: 1, name: …}` is kept whole (with its `id` taken out, no value
      // met the enum, so no answer was made). A `default` of `responses` is an answer, walked.
      if (!inSchemaMap && isData(key, parentKey)) continue;
      takeNamedIds(node[key], `${pointer}/${escapeKey(key)}`, out, SCHEMA_MAPS.has(key) && !inSchemaMap, key);
    }
    for (const key of ["id", "$id"]) {
      if (inSchemaMap || !Object.hasOwn(node, key) || typeof node[key] === "string") continue;
      out.push([`${pointer}/${escapeKey(key)}`, node[key]]);
      delete node[key];
    }
  }
  return out;
}

/** Whether a schema's `key` holds data (a value, not schemas), in an object held under `parentKey`. */
function isData(key: string, parentKey: string): boolean {
  return key === "enum" || key === "const" || (key === "default" && parentKey !== "responses");
}

/**
 * The schemas the validator does not register by walking the document: those of parameters (listed by path items and
 * operations) and of `default` responses, with their pointers.
 */
function unwalkedSchemas(document: Node): [string, unknown][] {
  const out: [string, unknown][] = [];
  const list = (parameters: unknown, at: string) => {
    if (!Array.isArray(parameters)) return;
    parameters.forEach((p, i) => {
      if (isNode(p) && isNode(p.schema)) out.push([`${at}/parameters/${i}/schema`, p.schema]);
      // A parameter described by `content` (a JSON-encoded value): its media type's schema.
      if (isNode(p) && isNode(p.content))
        for (const [type, media] of Object.entries(p.content))
          if (isNode(media) && isNode(media.schema))
            out.push([`${at}/parameters/${i}/content/${escapeKey(type)}/schema`, media.schema]);
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
      for (const [type, media] of Object.entries(fallback.content))
        if (isNode(media) && isNode(media.schema))
          out.push([`${at}/${escapeKey(method)}/responses/default/content/${escapeKey(type)}/schema`, media.schema]);
    }
  }
  return out;
}

/**
 * withImpliedTypes on every schema of the document: each `schema` of a parameter, body or answer, and each named one.
 */
function impliedTypes(node: unknown, key = ""): void {
  if (Array.isArray(node)) {
    for (const item of node) impliedTypes(item);
    return;
  }
  if (!isNode(node)) return;
  if (key === "schema") {
    withImpliedTypes(node);
    return;
  }
  if (key === "schemas" || key === "definitions") {
    for (const schema of Object.values(node)) withImpliedTypes(schema);
    return;
  }
  for (const [name, value] of Object.entries(node)) impliedTypes(value, name);
}

/** A JSON pointer as the validator registers it: each segment URI-encoded. */
function uriPointer(pointer: string): string {
  return pointer
    .split("/")
    .map((segment) => encodeURI(safeDecode(segment)).replace(/#/g, "%23"))
    .join("/");
}

export function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A key as a JSON pointer segment. */
export function escapeKey(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

export function isNode(value: unknown): value is Node {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The node at a JSON pointer into the document, or undefined where it has none. */
export function resolvePointer(document: unknown, pointer: string): unknown {
  let node = document;
  for (const raw of pointer.split("/").slice(1)) {
    const key = safeDecode(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    node = Array.isArray(node) ? node[Number(key)] : isNode(node) ? node[key] : undefined;
  }
  return node;
}

/**
 * A union branch's value with its discriminator set to the value naming the branch by the one rule the judge and the
 * link read (load/schemas/union-kinds.ts: its own single fixed value, else the mapping's value leading to it, else its
 * schema's name), `document` holding the `$ref`s it follows; undefined where the union has no discriminator or nothing
 * names the branch (one in place without a fixed value).
 */
export function discriminated(union: Node, branch: unknown, value: unknown, document: unknown): unknown {
  const property =
    isNode(union.discriminator) && typeof union.discriminator.propertyName === "string"
      ? union.discriminator.propertyName
      : undefined;
  if (property === undefined || !isNode(value) || !isNode(branch)) return undefined;
  const mapping = isNode(union.discriminator) && isNode(union.discriminator.mapping) ? union.discriminator.mapping : {};
  const deref = (n: unknown) => followLocalRefs(document, n);
  const shapes = [union, ...(Array.isArray(union.oneOf) ? union.oneOf : Array.isArray(union.anyOf) ? union.anyOf : [])];
  if (
    !namesShapes(
      Object.keys(mapping),
      shapes.map((s) => propertySchemas(s, property, deref).length > 0),
    )
  )
    return undefined;
  const kinds = kindValuesOf(Object.entries(mapping), branch, property, deref);
  return kinds?.length ? { ...value, [property]: kinds[0] } : undefined;
}

/**
 * Union branches that each only require fields (`anyOf: [{required: [name]}, {required: [company]}]`), declared beside
 * them.
 */
export function requiredOnly(branches: unknown): boolean {
  return (
    Array.isArray(branches) &&
    branches.length > 0 &&
    branches.every(
      (b) =>
        isNode(b) &&
        Array.isArray(b.required) &&
        Object.keys(b).every((k) => k === "required" || k === "title" || k === "description"),
    )
  );
}

/** Keywords beside a union that shape its values (an object's properties with a oneOf of variants). */
export const SHAPE_KEYS = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "minItems",
  "minProperties",
]);
