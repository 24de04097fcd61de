// How an XML body's value is written (runtime/call/xml/xml-body.ts), from the document's `xml` objects: at each place
// that says more than the default (an element named as its property, an array unwrapped, its items each an element of
// the property's name), the name, attribute, namespace, prefix and wrapping OpenAPI's XML object gives. The judge reads
// a body it is sent with the same shape (src/judge/xml-body.ts).
import type { XmlNode } from "@blockwright/runtime/internal";
import { followLocalRefs } from "../../load/json-ref.js";
import {
  bareMediaType,
  FORM_MEDIA_TYPE,
  isRawBodyMedia,
  isTextBodyMedia,
  isXmlMediaType,
  jsonMediaType,
  MULTIPART_MEDIA_TYPE,
} from "../../load/media-types.js";
import type { Schema } from "../../load/openapi-document.js";

/** A document's schema reader: local `$ref`s followed, `allOf` merged (OpenApiDocument). */
export interface SchemaReader {
  resolve(schema: Schema): Schema;
  flatten(schema: Schema): Schema;
}

/** Nesting followed at most: a recursive schema (a tree of rules) is written by default names below it. */
const MAX_DEPTH = 24;

/**
 * The `xml` object of a schema, those of its `allOf` members merged in: the schema's own first, then an inline
 * member's (AWS's documents name a list's items beside its `$ref`: `allOf: [{$ref}, {xml: {name}}]`), then a `$ref`'d
 * one's.
 */
function xmlObject(reader: SchemaReader, schema: Schema, depth = 0): Schema {
  const resolved = reader.resolve(schema);
  const merged: Schema = { ...((resolved.xml as Schema | undefined) ?? {}) };
  const members = Array.isArray(resolved.allOf) ? (resolved.allOf as Schema[]) : [];
  const ordered = [...members.filter((m) => m.$ref === undefined), ...members.filter((m) => m.$ref !== undefined)];
  if (depth < 8)
    for (const member of ordered)
      for (const [k, v] of Object.entries(xmlObject(reader, member, depth + 1))) if (!(k in merged)) merged[k] = v;
  return merged;
}

/** The node of one schema: what its `xml` object says, and its items' and fields' nodes that say anything. */
export function xmlNodeOf(reader: SchemaReader, schema: Schema, depth = 0): XmlNode {
  const xml = xmlObject(reader, schema);
  const node: XmlNode = {
    ...(typeof xml.name === "string" && xml.name ? { name: xml.name } : {}),
    ...(xml.attribute === true ? { attribute: true as const } : {}),
    ...(typeof xml.namespace === "string" && xml.namespace ? { namespace: xml.namespace } : {}),
    ...(typeof xml.prefix === "string" && xml.prefix ? { prefix: xml.prefix } : {}),
    ...(xml.wrapped === true ? { wrapped: true as const } : {}),
  };
  if (depth >= MAX_DEPTH) return node;
  let flat: Schema;
  try {
    flat = reader.flatten(schema);
  } catch {
    return node;
  }
  if (flat.items && typeof flat.items === "object") {
    const items = xmlNodeOf(reader, flat.items as Schema, depth + 1);
    if (Object.keys(items).length) node.items = items;
  }
  const fields: Record<string, XmlNode> = {};
  for (const [key, field] of Object.entries((flat.properties ?? {}) as Record<string, Schema>)) {
    if (!field || typeof field !== "object") continue;
    const child = xmlNodeOf(reader, field, depth + 1);
    if (Object.keys(child).length) fields[key] = child;
  }
  if (Object.keys(fields).length) node.fields = fields;
  return node;
}

/**
 * The node of a whole body: named by the root element (the schema's `xml.name`, else its component's name), or, for
 * an inline schema that names none, its one property the root element, or, of several, the one component of the same
 * fields names it; a problem when none does (an XML document has one root).
 */
export function xmlBodyNode(
  reader: SchemaReader,
  schema: Schema,
  root: string | undefined,
): { node: XmlNode } | { problem: string } {
  const node = xmlNodeOf(reader, schema);
  let flat: Schema;
  try {
    flat = reader.flatten(schema);
  } catch (e) {
    return { problem: `its schema cannot be read (${e instanceof Error ? e.message : String(e)})` };
  }
  // A list as the root is one element holding its items (wrapped): a document has one root.
  const isList = (s: Schema) => s.type === "array" || (s.items !== undefined && s.type === undefined);
  if (root !== undefined) return { node: { ...node, name: root, ...(isList(flat) ? { wrapped: true as const } : {}) } };
  const keys = Object.keys((flat.properties ?? {}) as object);
  const [key] = keys;
  if (key !== undefined && keys.length === 1) {
    const field = reader.flatten((flat.properties as Record<string, Schema>)[key] as Schema);
    if (!isList(field)) return { node };
    return { node: { ...node, fields: { ...node.fields, [key]: { ...node.fields?.[key], wrapped: true } } } };
  }
  // Fields written out of a component (a converter inlines the operation's input shape): that component's name.
  const component = keys.length > 1 ? componentOfFields(reader, keys) : undefined;
  if (component !== undefined) {
    const own = xmlObject(reader, {
      $ref: `#/components/schemas/${component.replace(/~/g, "~0").replace(/\//g, "~1")}`,
    });
    const namespace = typeof own.namespace === "string" && own.namespace ? { namespace: own.namespace } : {};
    const prefix = typeof own.prefix === "string" && own.prefix ? { prefix: own.prefix } : {};
    return { node: { ...node, name: component, ...namespace, ...prefix } };
  }
  return {
    problem:
      "its XML body names no root element: the schema has no xml.name, is no component's, is not an object of " +
      "one property that would be the root, and its fields are not those of one component whose name would be " +
      `(it has ${keys.length ? `${keys.length}: ${keys.join(", ")}` : "none"})`,
  };
}

/**
 * Each document's components by their fields (sorted, joined); null where two components have the same fields. Made
 * again when a component changed (add's cut fills a document's components in place): the components it was made of
 * are kept to compare.
 */
const componentsByFields = new WeakMap<object, { of: unknown[]; byFields: Map<string, string | null> }>();

/**
 * The one component whose fields are exactly `keys`: an inline body a document's converter wrote out of its operation's
 * input shape (AWS's documents write a request's members so, its component left beside). Undefined when none, or more
 * than one, has them.
 */
function componentOfFields(reader: SchemaReader, keys: readonly string[]): string | undefined {
  let schemas: Schema | undefined;
  try {
    schemas = reader.resolve({ $ref: "#/components/schemas" });
  } catch {
    return undefined;
  }
  if (!schemas || typeof schemas !== "object") return undefined;
  const of = Object.values(schemas);
  const made = componentsByFields.get(schemas);
  let byFields = made?.byFields;
  if (!made || !byFields || made.of.length !== of.length || made.of.some((s, i) => s !== of[i])) {
    byFields = new Map();
    for (const [name, schema] of Object.entries(schemas)) {
      let fields: string[];
      try {
        fields = Object.keys((reader.flatten(schema as Schema).properties ?? {}) as object);
      } catch {
        continue;
      }
      if (fields.length < 2) continue;
      const key = fields.sort().join("\u0000");
      byFields.set(key, byFields.has(key) ? null : name);
    }
    componentsByFields.set(schemas, { of, byFields });
  }
  return byFields.get([...keys].sort().join("\u0000")) ?? undefined;
}

/** A reader of a document's schemas as parsed (the judge's, add's): local `$ref`s followed, `allOf` members merged. */
export function rawSchemaReader(data: unknown): SchemaReader {
  const resolve = (schema: Schema): Schema => followLocalRefs(data, schema) ?? {};
  const flatten = (schema: Schema, depth = 0): Schema => {
    const node = resolve(schema);
    if (!Array.isArray(node.allOf) || depth > 16) return node;
    const merged: Schema = { ...node, properties: { ...((node.properties as Schema) ?? {}) } };
    delete merged.allOf;
    for (const member of node.allOf as Schema[]) {
      const flat = flatten(member, depth + 1);
      Object.assign(merged.properties as Schema, flat.properties ?? {});
      for (const [k, v] of Object.entries(flat)) if (k !== "properties" && merged[k] === undefined) merged[k] = v;
    }
    return merged;
  };
  return { resolve, flatten: (s) => flatten(s) };
}

/**
 * The root element's name of an XML body's schema as written: its `xml.name`, else the name of the component its
 * `$ref` names (OpenAPI); undefined for an inline schema that names none.
 */
export function xmlRootName(reader: SchemaReader, declared: Schema): string | undefined {
  const own = (reader.resolve(declared).xml as Schema | undefined)?.name;
  const ref = /^#\/components\/schemas\/[^/]+$/.test(String(declared.$ref))
    ? String(declared.$ref).split("/").pop()
    : undefined;
  return typeof own === "string" && own ? own : ref?.replace(/~1/g, "/").replace(/~0/g, "~");
}

/**
 * The schema of an XML media type object when it is structured (an object or array, not a file's bytes, nor a string
 * naming no element, no `xml.name` and no component's: a whole XML document's text, sent as it is, isTextBodyMedia).
 */
export function xmlSchema(document: unknown, media: unknown): Schema | undefined {
  const schema = (followLocalRefs(document, media) as Schema | undefined)?.schema as Schema | undefined;
  const resolved = followLocalRefs(document, schema);
  if (!schema || !resolved || isRawBodyMedia("application/xml", resolved)) return undefined;
  const component = /^#\/components\/schemas\/[^/]+$/.test(String(schema.$ref));
  return !component && isTextBodyMedia("application/xml", resolved) ? undefined : schema;
}

/**
 * The schema of an operation's request body as the runtime writes it as XML (as parsed: no JSON, form or multipart
 * type beside, load/request-bodies.ts); undefined when it writes none.
 */
export function xmlBodySchema(document: unknown, op: Schema): Schema | undefined {
  const content = (followLocalRefs(document, op.requestBody)?.content ?? {}) as Schema;
  const types = Object.keys(content);
  if (jsonMediaType(content) || types.some((t) => [FORM_MEDIA_TYPE, MULTIPART_MEDIA_TYPE].includes(bareMediaType(t))))
    return undefined;
  const xml = types.find((t) => isXmlMediaType(t) && xmlSchema(document, content[t]) !== undefined);
  return xml === undefined ? undefined : xmlSchema(document, content[xml]);
}

/**
 * The operation with its XML body's root named on its schema (`xml.name`, and the component's namespace), when the
 * body is an inline schema of several fields naming no root that the one component of its fields roots
 * (componentOfFields): what a cut of the document writes, leaving that unreferenced component out. Undefined for any
 * other operation.
 */
export function withXmlRoot(document: unknown, op: Schema): Schema | undefined {
  const schema = xmlBodySchema(document, op);
  if (!schema || op.requestBody === undefined || (op.requestBody as Schema).$ref !== undefined) return undefined;
  const reader = rawSchemaReader(document);
  if (xmlRootName(reader, schema) !== undefined) return undefined;
  const keys = Object.keys((reader.flatten(schema).properties ?? {}) as object);
  const root = keys.length > 1 ? componentOfFields(reader, keys) : undefined;
  if (root === undefined) return undefined;
  const own = xmlObject(reader, { $ref: `#/components/schemas/${root.replace(/~/g, "~0").replace(/\//g, "~1")}` });
  const xml = { ...own, ...((schema.xml as Schema | undefined) ?? {}), name: root };
  const body = op.requestBody as Schema;
  const content = Object.fromEntries(
    Object.entries((body.content ?? {}) as Schema).map(([type, media]) =>
      isXmlMediaType(type) && (media as Schema | undefined)?.schema === schema
        ? [type, { ...(media as Schema), schema: { ...schema, xml } }]
        : [type, media],
    ),
  );
  return { ...op, requestBody: { ...body, content } };
}
