// XML request bodies: the request bodies' support with XML written too (given as `bodies`, exported as
// `xmlBodies`): the body's value, placed as any body's is (request-body.ts), written as the tool's `body.xml` says (the
// document's `xml` objects: element or attribute, names, wrapped arrays, namespaces and prefixes), and a value XML
// cannot carry refused before any request (`xmlTextCheck`). Written here, not with an XML library: the writer walks the
// link's shape, not a library's object convention, and adds 2.5 KB minified (1.1 KB gzip) to a package that sends XML
// where fast-xml-parser's XMLBuilder bundles 36 KB (11.3 KB gzip), and no library refuses the characters XML 1.0 has
// not; a package whose tools send no XML bundles none of it (src/emit/emit-client.ts).
import type { Issue } from "../../common/issue.js";
import type { ToolCall, XmlNode } from "../../spec/tool-types.js";
import { type BodySupport, requestBodies } from "../request-body.js";

/**
 * The index of the first character XML 1.0 cannot carry (its `Char` production): a C0 control but tab, line feed and
 * carriage return, U+FFFE or U+FFFF; -1 when there is none. A lone surrogate is the parameters' check's (its rule
 * `characters`), which refuses it in any text.
 */
function notXmlChar(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 ? c !== 0x09 && c !== 0x0a && c !== 0x0d : c === 0xfffe || c === 0xffff) return i;
  }
  return -1;
}

/** An XML name (a simplified `Name` production: a letter, `_` or `:` first; no space, markup or quote). */
const XML_NAME = /^[A-Za-z_:\u00C0-\uFFEF][\w.:\-\u00B7\u00C0-\uFFEF]*$/u;

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

function escaped(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** An element's (attribute's) name with its prefix (`prefix:name`), unless the name has one already. */
function qualified(name: string, node: XmlNode | undefined): string {
  return node?.prefix && !name.includes(":") ? `${node.prefix}:${name}` : name;
}

/** The namespace declaration an element (or its attribute) carries: `xmlns="…"`, or `xmlns:p="…"` for a prefix. */
function declaration(name: string, node: XmlNode | undefined): string {
  if (!node?.namespace) return "";
  const prefix = node.prefix ?? (node.attribute ? name.split(":")[0] : undefined);
  return ` xmlns${prefix && prefix !== name ? `:${prefix}` : ""}="${escaped(node.namespace)}"`;
}

function text(value: unknown): string {
  return escaped(typeof value === "string" ? value : typeof value === "object" ? JSON.stringify(value) : String(value));
}

/** One element (or, an unwrapped array, one per item) of `name` holding `value`. */
function element(name: string, value: unknown, node: XmlNode | undefined): string {
  if (value === undefined || value === null) return "";
  if (Array.isArray(value)) {
    const itemName = node?.items?.name ?? node?.name ?? name;
    const items = value.map((item) => element(itemName, item, node?.items)).join("");
    if (!node?.wrapped) return items;
    const wrapper = qualified(node.name ?? name, node);
    return `<${wrapper}${declaration(wrapper, node)}>${items}</${wrapper}>`;
  }
  const tag = qualified(node?.name ?? name, node);
  let attributes = declaration(tag, node);
  let children = "";
  if (isPlainObject(value)) {
    for (const key of Object.keys(value)) {
      const field = node?.fields?.[key];
      const fieldValue = value[key];
      if (field?.attribute) {
        if (fieldValue === undefined || fieldValue === null) continue;
        const attribute = qualified(field.name ?? key, field);
        attributes += `${declaration(attribute, field)} ${attribute}="${text(fieldValue)}"`;
      } else children += element(field?.name ?? key, fieldValue, field);
    }
  } else children = text(value);
  return `<${tag}${attributes}>${children}</${tag}>`;
}

/** The XML document of a body's value, as `node` (the tool's `body.xml`) says. */
function writeXml(body: unknown, node: XmlNode | undefined): string {
  const declaration = '<?xml version="1.0" encoding="UTF-8"?>';
  if (node?.name !== undefined) return declaration + element(node.name, body, node);
  // No root named: the value's one field is the root element (its other fields, if a call gave any, follow it).
  if (!isPlainObject(body)) return declaration;
  return (
    declaration +
    Object.keys(body)
      .map((key) => element(key, body[key], node?.fields?.[key]))
      .join("")
  );
}

/**
 * The first value of the body XML cannot carry: a character XML 1.0 has not (a control character), or a map's key
 * that is no element name; named by the parameter it came from and the place within it.
 */
function xmlProblem(tool: ToolCall, values: Record<string, unknown>): Issue | undefined {
  for (const p of tool.params) {
    if (p.wire.in !== "body" || values[p.name] === undefined) continue;
    // Checked before the values are (xmlTextCheck): a JSON parameter given as its text is read as the check will.
    const found = badText(p.type === "json" ? asJson(values[p.name]) : values[p.name], p.name);
    if (found) return { param: p.name, rule: "xmlText", message: `${found.at}: ${found.why}` };
  }
  return undefined;
}

function asJson(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function badText(value: unknown, at: string): { at: string; why: string } | undefined {
  if (typeof value === "string") {
    const index = notXmlChar(value);
    if (index < 0) return undefined;
    const code = value.charCodeAt(index).toString(16).toUpperCase().padStart(4, "0");
    return { at, why: `holds U+${code} at index ${index}, a character an XML body cannot carry` };
  }
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = badText(item, `${at}[${i}]`);
      if (found) return found;
    }
  } else if (isPlainObject(value)) {
    for (const key of Object.keys(value)) {
      if (!XML_NAME.test(key)) return { at, why: `has the key ${JSON.stringify(key)}, which is no XML element name` };
      const found = badText(value[key], `${at}.${key}`);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * The body encoded as request-body.ts encodes it, an XML one written as the tool's `body.xml` says (an empty one when
 * the upstream requires a body and the call gave none of its fields), typed as the document says unless a header
 * parameter set the Content-Type.
 */
function encode(
  tool: ToolCall,
  request: { header: Record<string, string>; body?: unknown },
  ...rest: Parameters<BodySupport["encode"]> extends [unknown, unknown, ...infer R] ? R : never
): ReturnType<BodySupport["encode"]> {
  if (tool.body?.encoding !== "xml") return requestBodies.encode(tool, request, ...rest);
  if (request.body === undefined && !tool.body.required) return undefined;
  request.header["Content-Type"] ??= tool.body.mediaType;
  return writeXml(request.body ?? {}, tool.body.xml);
}

/**
 * The request bodies (request-body.ts) with XML written too, and a value XML cannot carry found (`problem`): what a
 * package whose tools send XML is given as its `bodies` (support.ts), and the full support's.
 */
export const xmlBodies: XmlBodySupport = { ...requestBodies, encode, problem: xmlProblem, write: writeXml };

export type XmlBodySupport = BodySupport & { problem: typeof xmlProblem; write: typeof writeXml };

/**
 * The check a package whose tools send XML runs before each call (`partsCheck`, call-types.ts): a value its XML body
 * cannot carry refused before any request, naming the field (the callers whose parts are chosen by hand run it in
 * support.ts `missingPart`).
 */
export function xmlTextCheck(
  tool: ToolCall,
  _support: unknown,
  call: { input: Record<string, unknown> },
): Issue | undefined {
  return tool.body?.encoding === "xml" ? xmlProblem(tool, call.input) : undefined;
}
