// An XML request body read as the document's `xml` objects say (the shape the runtime writes by,
// link/wire/xml-shape.ts): one root element of its name, each property an element (or, `attribute`, an attribute) of
// its name, an array's items unwrapped or in their wrapper, the namespace declared where the document gives one. The
// value read is then held to the body's schema as a JSON body's is (body-check.ts); a body that is no XML, or an
// element, attribute or namespace the shape does not take, is refused naming the place and the rule.
import type { XmlNode } from "@blockwright/runtime/internal";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { rawSchemaReader, type SchemaReader, xmlBodyNode, xmlRootName } from "../../link/wire/xml-shape.js";
import type { Node } from "../operations.js";
import { typesOf } from "../text-values.js";

type Json = Record<string, unknown>;

type Reader = SchemaReader & { types(schema: Json): Set<string> };

/** Where a problem is in the body (`/body/Tagging/TagSet/0`) and what it is. */
export interface XmlMiss {
  pointer: string;
  message: string;
}

const ATTRIBUTE = "@_";
const TEXT = "#text";

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: ATTRIBUTE,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  textNodeName: TEXT,
  processEntities: true,
  // Every element a list, so that one item and several read alike.
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
});

function readerOf(data: unknown): Reader {
  return { ...rawSchemaReader(data), types: (s) => typesOf(data, s) };
}

/**
 * The body's value as its schema reads the XML sent, or where it is not as the document's `xml` objects say. `schema`
 * is the media type's schema as written (a `$ref` names the root element by its component).
 */
export function xmlBodyValue(text: string, schema: Node, data: unknown): { value: unknown } | { miss: XmlMiss } {
  const valid = XMLValidator.validate(text);
  if (valid !== true)
    return {
      miss: { pointer: "/body", message: `the body is no XML document (${valid.err.msg}, line ${valid.err.line})` },
    };
  const reader = readerOf(data);
  const shape = xmlBodyNode(reader, schema, xmlRootName(reader, schema));
  if ("problem" in shape) return miss("/body", shape.problem);
  const parsed = parser.parse(text) as Json;
  const roots = Object.keys(parsed);
  // The root element: the one the document names, or the schema's one property (a list of it, wrapped: one root).
  const named = shape.node.name;
  const key = named ?? (Object.keys(reader.flatten(schema).properties ?? {})[0] as string);
  const field = named ? schema : ((reader.flatten(schema).properties as Json)[key] as Json);
  const node = named ? shape.node : shape.node.fields?.[key];
  const expected = qualified(node?.name ?? key, node);
  if (roots.length !== 1 || roots[0] !== expected || (parsed[expected] as unknown[]).length !== 1) {
    const by = named ? "the document names" : "the schema's one property names";
    return miss("/body", `the root element is <${roots.join(">, <")}>; ${by} one <${expected}>`);
  }
  const value = readField(reader, parsed, key, field, node, named ? "/body" : `/body/${key}`, new Set());
  if (value && "miss" in value) return value;
  const read = value?.value ?? {};
  return { value: named ? read : { [key]: read } };
}

/** The top of a document in its order (its declaration, comments, text and elements), the elements' insides aside. */
const documentParser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: false,
  commentPropName: "#comment",
  textNodeName: TEXT,
});

/**
 * Why a text is not one XML document, as a body whose schema is a string naming no element is (a whole document's
 * text, sent as written: isTextBodyMedia); undefined when it is one. Well-formed as fast-xml-parser's validator reads
 * it (tags, attributes, the declaration first), then one element at its top and no text beside it: the validator takes
 * `<a/><b/>` and `<a/>x`, and its parser drops a text after the last element, which the last check sees.
 */
export function xmlDocumentMiss(text: string): string | undefined {
  const valid = XMLValidator.validate(text);
  if (valid !== true) return `the body is no XML document (${valid.err.msg}, line ${valid.err.line})`;
  const top = documentParser.parse(text) as Json[];
  const roots = top.flatMap((n) => Object.keys(n)).filter((k) => k !== TEXT && k !== "#comment" && !k.startsWith("?"));
  if (roots.length !== 1) {
    const found = roots.length ? `${roots.length} root elements (<${roots.join(">, <")}>)` : "no element";
    return `the body is no XML document: ${found}; a document has one`;
  }
  const beside = top.some((n) => TEXT in n && String(n[TEXT]).trim() !== "");
  if (beside || text.slice(text.lastIndexOf(">") + 1).trim() !== "")
    return "the body is no XML document: it has text outside its root element";
  return undefined;
}

function miss(pointer: string, message: string): { miss: XmlMiss } {
  return { miss: { pointer, message: `the XML body is not as its schema's xml objects say: ${message}` } };
}

function qualified(name: string, node: XmlNode | undefined): string {
  return node?.prefix && !name.includes(":") ? `${node.prefix}:${name}` : name;
}

/** Whether the element declares the namespace its node names (`xmlns`, or `xmlns:<prefix>`). */
function namespaceMiss(
  element: unknown,
  node: XmlNode | undefined,
  name: string,
  at: string,
): { miss: XmlMiss } | undefined {
  if (!node?.namespace || node.attribute) return undefined;
  const attribute = `${ATTRIBUTE}xmlns${node.prefix ? `:${node.prefix}` : ""}`;
  const declared = element !== null && typeof element === "object" ? (element as Json)[attribute] : undefined;
  if (declared === node.namespace) return undefined;
  const was = declared === undefined ? "no namespace" : `the namespace ${JSON.stringify(declared)}`;
  return miss(at, `<${name}> declares ${was}; its xml.namespace is ${JSON.stringify(node.namespace)}`);
}

type Read = { value: unknown } | { miss: XmlMiss };

/** One element read as its schema's value. */
function read(reader: Reader, element: unknown, schema: Json, node: XmlNode | undefined, at: string): Read {
  const name = at.split("/").pop() ?? "";
  const ns = namespaceMiss(element, node, qualified(node?.name ?? name, node), at);
  if (ns) return ns;
  const flat = reader.flatten(schema);
  const types = reader.types(flat);
  const text =
    typeof element === "string" ? element : (((element as Json | undefined)?.[TEXT] as string | undefined) ?? "");
  // An empty element of an object is one of no field.
  if (types.has("object") && element === "") return { value: {} };
  if (!types.has("object") || typeof element !== "object" || element === null) return { value: scalar(text, types) };
  const properties = (flat.properties ?? {}) as Json;
  const out: Json = {};
  const taken = new Set<string>();
  for (const [key, field] of Object.entries(properties)) {
    const got = readField(reader, element as Json, key, field as Json, node?.fields?.[key], `${at}/${key}`, taken);
    if (got && "miss" in got) return got;
    if (got) out[key] = got.value;
  }
  const others = readOthers(reader, element as Json, flat, node, at, taken);
  return "miss" in others ? others : { value: { ...out, ...(others.value as Json) } };
}

/** One property of an element: its attribute, its element, or its list's elements (wrapped or not); none if absent. */
function readField(
  reader: Reader,
  element: Json,
  key: string,
  field: Json,
  child: XmlNode | undefined,
  at: string,
  taken: Set<string>,
): Read | undefined {
  const flat = reader.flatten(field);
  if (child?.attribute) {
    const attribute = `${ATTRIBUTE}${qualified(child.name ?? key, child)}`;
    taken.add(attribute);
    const value = element[attribute];
    return typeof value === "string" ? { value: scalar(value, reader.types(flat)) } : undefined;
  }
  if (reader.types(flat).has("array")) {
    const itemName = qualified(child?.items?.name ?? child?.name ?? key, child?.items);
    let list: unknown[] | undefined;
    if (child?.wrapped) {
      const wrapper = qualified(child.name ?? key, child);
      taken.add(wrapper);
      const found = element[wrapper] as unknown[] | undefined;
      if (found?.length) list = ((found[0] as Json)[itemName] as unknown[] | undefined) ?? [];
    } else {
      taken.add(itemName);
      list = element[itemName] as unknown[] | undefined;
    }
    return (
      list && readAll(list, (item, i) => read(reader, item, (flat.items ?? {}) as Json, child?.items, `${at}/${i}`))
    );
  }
  const tag = qualified(child?.name ?? key, child);
  taken.add(tag);
  const found = element[tag] as unknown[] | undefined;
  if (!found?.length) return undefined;
  if (found.length > 1) return miss(at, `<${tag}> is sent ${found.length} times; the property is no array`);
  return read(reader, found[0], field, child, at);
}

function readAll(items: unknown[], each: (item: unknown, i: number) => Read): Read {
  const values: unknown[] = [];
  for (const [i, item] of items.entries()) {
    const value = each(item, i);
    if ("miss" in value) return value;
    values.push(value.value);
  }
  return { value: values };
}

/**
 * An element's other elements and attributes: a property's under a name the document does not give it is refused;
 * else each is a field of its name, read by additionalProperties (untyped: text, or fields of text), unless the schema
 * takes no other.
 */
function readOthers(
  reader: Reader,
  element: Json,
  flat: Json,
  node: XmlNode | undefined,
  at: string,
  taken: Set<string>,
): Read {
  const extra = flat.additionalProperties;
  const out: Json = {};
  for (const key of Object.keys(element)) {
    if (taken.has(key) || key === TEXT || key.startsWith(`${ATTRIBUTE}xmlns`)) continue;
    const bare = key.startsWith(ATTRIBUTE) ? key.slice(ATTRIBUTE.length) : key;
    const named = node?.fields?.[bare];
    if (Object.hasOwn((flat.properties ?? {}) as Json, bare) || extra === false) {
      const how = named?.attribute ? "as an attribute" : named?.name ? `named ${named.name}` : "";
      return miss(
        `${at}/${bare}`,
        `the ${key === bare ? `element <${bare}>` : `attribute ${bare}`} is no property of the schema as written ` +
          (how ? `(the property ${bare} is written ${how})` : "(by its name or xml.name, wrapped or not)"),
      );
    }
    if (key !== bare) {
      out[bare] = element[key];
      continue;
    }
    const found = element[key] as unknown[];
    const one = found.length === 1;
    const values = readAll(found, (item, i) =>
      read(reader, item, (extra ?? {}) as Json, undefined, `${at}/${key}${one ? "" : `/${i}`}`),
    );
    if ("miss" in values) return values;
    out[key] = one ? (values.value as unknown[])[0] : values.value;
  }
  return { value: out };
}

/** A text read as its schema's scalar type: a number, a boolean, or the text (the schema check says if it is none). */
function scalar(text: string, types: Set<string>): unknown {
  if ((types.has("integer") || types.has("number")) && text.trim() !== "" && Number.isFinite(Number(text)))
    return Number(text);
  if (types.has("boolean") && (text === "true" || text === "false")) return text === "true";
  return text;
}
