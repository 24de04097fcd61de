// A request body that is a list whose items are one of several shapes (`items: {oneOf: [{…}, {…}]}`): drafted as
// one list parameter; the link takes each shape's fields, limits and required fields from the document
// (link/param-limits/schema-place.ts `shapes`), and the runtime checks every item against them before any request,
// naming the item's index and what each shape wants. Before, the list went as opaque JSON, unchecked.
import { isXmlMediaType } from "../../load/media-types.js";
import { typeOf, type OpenApiDocument, type Schema } from "../../load/openapi-document.js";

/**
 * What a body drafted as one parameter is, in a note: one of several shapes, a list of items of several shapes, or
 * neither.
 */
export function wholeBodyNote(
  doc: OpenApiDocument,
  flat: Schema | undefined,
  shapes: unknown[] | undefined,
  body?: { encoding: string; mediaType: string },
): string {
  // A string under an XML type that names no element: a whole document's text (load/media-types.ts isTextBodyMedia).
  if (body?.encoding === "text" && isXmlMediaType(body.mediaType))
    return (
      `the request body is a whole XML document's text (${body.mediaType}, a string naming no element): drafted as ` +
      "one text parameter, sent as written under its media type; a call gives the document itself (one root " +
      "element), which the contract suite's values and its request judge hold to"
    );
  if (shapes)
    return (
      `the request body is one of ${shapes.length} shapes (${flat?.oneOf ? "oneOf" : "anyOf"}): drafted as one ` +
      "parameter holding the whole body, one of them"
    );
  const items = flat && typeOf(flat) === "array" ? unionItems(doc, flat.items) : undefined;
  if (items)
    return (
      `the request body is a list whose items are one of ${items.length} shapes (${items.key}): drafted as one list ` +
      "parameter, each item checked before any request against the shapes' fields, limits and required fields (read " +
      "from the document), sent as given"
    );
  return "the request body is not an object of named fields: drafted as one parameter holding the whole body";
}

/**
 * The items' union of objects (`oneOf`/`anyOf` of members with properties): how many shapes, and which keyword;
 * undefined for other items.
 */
export function unionItems(doc: OpenApiDocument, items: unknown): { length: number; key: string } | undefined {
  const flat = flatten(doc, items);
  const key = Array.isArray(flat?.oneOf) ? "oneOf" : Array.isArray(flat?.anyOf) ? "anyOf" : undefined;
  const members = key ? (flat?.[key] as unknown[]) : [];
  if (!key || members.length < 2 || !members.every((m) => flatten(doc, m)?.properties !== undefined)) return undefined;
  return { length: members.length, key };
}

function flatten(doc: OpenApiDocument, schema: unknown): Schema | undefined {
  if (!schema || typeof schema !== "object") return undefined;
  try {
    return doc.flatten(schema as Schema);
  } catch {
    return undefined;
  }
}
