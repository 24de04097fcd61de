// What of a value an XML body carries: text, read back by the schema's types at the places the schema names. A value
// that reads back otherwise (a field the schema does not type, read as text; null, written as no element; a key no
// element name spells) or that XML cannot carry at all (a control character) is not sent as given, and the derived
// values leave it out, as they leave out what a form cannot carry (sendable-values.ts). A body whose schema is a string
// naming no element is a whole XML document's text, sent as written (`encoding: text` under an XML type): its values
// are well-formed documents, made and drawn here, and a text that is not one is no value of it (the judge refuses it).
import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { type ParamSpec, parsePointer, type ToolSpec, xmlBodies } from "@blockwright/runtime/internal";
import type { OpenApiDocument, Schema } from "../../load/openapi-document.js";
import { isXmlMediaType } from "../../load/media-types.js";
import { xmlBodyValue, xmlDocumentMiss } from "../../judge/body/xml-body.js";
import { requestMedia } from "./document-places.js";

/** Whether a body parameter's value of an XML body reads back as given; true for any other parameter. */
export function xmlReadsBack(doc: OpenApiDocument, tool: ToolSpec, param: ParamSpec, value: unknown): boolean {
  if (isXmlDocumentText(tool, param)) return typeof value === "string" && xmlDocumentMiss(value) === undefined;
  if (tool.body?.encoding !== "xml" || param.wire.in !== "body") return true;
  if (xmlBodies.problem({ ...tool, params: [param] }, { [param.name]: value })) return false;
  const op = doc.operations.get(tool.operationId);
  const schema = op ? requestMedia(doc, op)?.schema : undefined;
  if (schema === undefined) return true;
  const segments = parsePointer(param.wire.pointer ?? `/${param.name}`);
  let body: unknown = value;
  for (const key of [...segments].reverse()) body = { [key]: body };
  const read = xmlBodyValue(xmlBodies.write(body, tool.body.xml), schema as Schema, doc.source.data);
  if ("miss" in read) return false;
  let got: unknown = read.value;
  for (const key of segments) got = got !== null && typeof got === "object" ? (got as Schema)[key] : undefined;
  return isDeepStrictEqual(got, JSON.parse(JSON.stringify(value)));
}

/** Whether the parameter is the whole text of a body that is one XML document (a string under an XML type). */
export function isXmlDocumentText(tool: ToolSpec, param: ParamSpec): boolean {
  return (
    tool.body?.encoding === "text" &&
    isXmlMediaType(tool.body.mediaType) &&
    param.type === "string" &&
    param.wire.in === "body" &&
    !param.wire.pointer
  );
}

/**
 * Documents made for such a parameter, before the words its rules make (which are no XML): a declared one and a
 * shortest one, each ending in a line break, which a value at a length limit repeats (a document's trailing white
 * space is still the document).
 */
export function madeXmlDocuments(tool: ToolSpec, param: ParamSpec): string[] {
  if (!isXmlDocumentText(tool, param)) return [];
  return ['<?xml version="1.0" encoding="UTF-8"?>\n<document>example</document>\n', "<a/>\n"];
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const escaped = (text: string) => text.replace(/[&<>"]/g, (c) => ESCAPES[c] as string);

const nameStart = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_");
const nameChar = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789-._");
const xmlName = fc.tuple(nameStart, fc.string({ unit: nameChar, maxLength: 8 })).map(([a, b]) => a + b);
/** Characters XML 1.0 carries (no control character but tab and line breaks, no lone surrogate), markup among them. */
const textUnit = fc.oneof(
  { arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), weight: 8 },
  { arbitrary: fc.constantFrom("\t", "\n", "é", "ß", "中", "😀", "\u00a0", "\u2028", "]]>"), weight: 2 },
);
const xmlText = fc.string({ unit: textUnit, maxLength: 24 }).map(escaped);
const attributes = fc
  .uniqueArray(fc.tuple(xmlName, xmlText), { maxLength: 2, selector: ([name]) => name })
  .map((pairs) => pairs.map(([name, value]) => ` ${name}="${value}"`).join(""));
const leaf = fc.tuple(xmlName, attributes, xmlText).map(([n, a, t]) => (t ? `<${n}${a}>${t}</${n}>` : `<${n}${a}/>`));
const root = fc
  .tuple(xmlName, attributes, fc.array(fc.oneof(leaf, xmlText), { maxLength: 4 }))
  .map(([n, a, inside]) => `<${n}${a}>${inside.join("")}</${n}>`);

/**
 * Documents drawn for such a parameter (a root element of attributes, texts with markup escaped, and elements; a
 * declaration or not; a line break after it or not), padded with line breaks to its least length.
 */
export function xmlDocumentDraws(param: ParamSpec): fc.Arbitrary<string> {
  const declaration = fc.constantFrom("", '<?xml version="1.0" encoding="UTF-8"?>\n', '<?xml version="1.0"?>');
  return fc
    .tuple(declaration, root, fc.constantFrom("", "\n"))
    .map(([d, r, end]) => d + r + end)
    .map((text) => text + "\n".repeat(Math.max(0, (param.minLength ?? 0) - [...text].length)));
}
