// A request body the runtime cannot send as the document gives it, which add
// leaves out with a note rather than drafts into a parameter that would be
// dropped or refused at every call: a body with GET or HEAD (fetch refuses
// the request before it leaves), and a form body of one value rather than
// named fields (written from an object's fields: one string made no pair, and
// the call went without its body; a multipart body of one value is one part,
// load/media-types.ts) or of a list (a multipart one too), and an XML body whose schema names no root element.
import { xmlBodyNode } from "../../link/wire/xml-shape.js";
import { type OpenApiDocument, type OpenApiOperation, type Schema, typeOf } from "../../load/openapi-document.js";
import type { ManifestParam } from "../../load/precompiled/manifest-types.js";

/** Why the operation's request body cannot be drafted, as a review note; undefined when it can. */
export function unwritableBody(doc: OpenApiDocument, op: OpenApiOperation): string | undefined {
  const body = op.requestBody;
  if (!body) return undefined;
  const required = body.required ? " (required there)" : "";
  if (/^(get|head)$/i.test(op.method))
    return (
      `${op.method.toUpperCase()} with a request body (${body.mediaType}), which fetch cannot send: not ` +
      `drafted${required}`
    );
  // An XML body whose schema names no root element (link/wire/xml-shape.ts): no document to write.
  if (body.encoding === "xml") {
    const shape = xmlBodyNode(doc, body.schema, body.xmlRoot);
    return "problem" in shape ? `${shape.problem}: not drafted${required}` : undefined;
  }
  if (body.encoding !== "form" && body.encoding !== "multipart") return undefined;
  let type: string | undefined;
  try {
    type = typeOf(doc.flatten(body.schema as Schema));
  } catch {
    return undefined; // a $ref that names nothing: the draft says so where it reads the fields
  }
  if (type === "string" || type === "number" || type === "integer" || type === "boolean")
    return (
      `the request body is a form (${body.mediaType}) of one ${type}, not named fields, which the runtime does not ` +
      `write: not drafted${required}`
    );
  // A form of a list names no field either (its items no pair's name): the call went with an empty body. Nor does a
  // multipart body of a list (its items no part's name): an optional one is left out, the call sent without it.
  if (type === "array")
    return body.encoding === "form"
      ? `the request body is a form (${body.mediaType}) of a list, not named fields, which the runtime does not ` +
          `write: not drafted${required}`
      : `the request body is multipart (${body.mediaType}) of a list, whose items name no part, which the runtime ` +
          `does not write: not drafted${required}; calls send no body`;
  return undefined;
}

/**
 * A form or multipart body drafted as one parameter (`{}`, a body of no type; a `oneOf` of a text and an object) is
 * written from an object's fields, each a pair or a part: a value of another kind names none, and the call went with
 * an empty body, the value given lost. Its forms of other kinds are dropped from the draft, which then takes an object
 * alone (refused before any request otherwise); the note saying so, or undefined when the draft is left as it was.
 */
export function fieldsOnly(draft: ManifestParam, encoding: string): string | undefined {
  if ((encoding !== "form" && encoding !== "multipart") || !draft.anyOf) return undefined;
  const objects = draft.anyOf.filter((f) => f.type === "json" && f.jsonType === "object");
  if (objects.length === 0 || objects.length === draft.anyOf.length) return undefined;
  const dropped = draft.anyOf.filter((f) => !objects.includes(f)).map((f) => f.jsonType ?? f.type);
  const [one] = objects;
  if (objects.length === 1 && one) {
    delete draft.anyOf;
    Object.assign(draft, one);
  } else draft.anyOf = objects;
  if (draft.example !== undefined && (typeof draft.example !== "object" || Array.isArray(draft.example)))
    delete draft.example;
  return (
    `the ${encoding} body is written from an object's fields, each a ${encoding === "form" ? "pair" : "part"}: ` +
    `drafted as an object alone, its other forms (${dropped.join(", ")}) left out, as they name no field to send`
  );
}
