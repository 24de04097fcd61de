// How a request is written, compared in two versions of a document: a parameter's style and explode (or its
// `content` type), the request body's media type and each form field's encoding. The schemas may stay the same while
// the wire does not (`tags=a,b` becoming `tags=a&tags=b`, a form body becoming JSON): a call written the old way is
// then one the API may no longer read.
import { bareMediaType, FORM_MEDIA_TYPE, MULTIPART_MEDIA_TYPE } from "../load/media-types.js";
import type { Schema } from "../load/openapi-types.js";
import { requestBodyOf } from "../load/request-bodies.js";
import { defaultPartType } from "../load/schemas/part-content-type.js";
import { type Add, type Found, type Json, object } from "./document-operations.js";
import { deref, type DocumentSet } from "./schema-flat.js";

/** The style OpenAPI gives a parameter that names none, by where it goes. */
const DEFAULT_STYLE: Record<string, string> = { query: "form", cookie: "form", path: "simple", header: "simple" };

/** A value's kinds as the wire tells them apart: a text alone, a list, an object or any (no type said). */
type Shape = "text" | "list" | "object" | "any";

/** The shape of a value from its type names (empty: any). */
export function shapeOf(types: Iterable<string>): Shape {
  const all = [...types].filter((t) => t !== "null");
  if (!all.length) return "any";
  return all.includes("object") ? "object" : all.includes("array") ? "list" : "text";
}

/**
 * How a value of this shape is written by a style and explode, as a text two versions compare by: explode writes a
 * list alike in the `simple` style, and a text alike in every style of a query, header or cookie (only a path's
 * `label` and `matrix` styles mark a single value).
 */
function written(style: string, explode: boolean, shape: Shape, inPath: boolean): string {
  if (shape === "text") return inPath ? `style: ${style}` : "";
  if (shape === "list" && style === "simple") return `style: ${style}`;
  return `style: ${style}, explode: ${explode}`;
}

/**
 * A parameter's serialization changed where it changes the wire: its style or explode (OpenAPI's defaults filled
 * in), or a value sent as a media type's text (`content`) instead of by a style, or under another type. `shape`: the
 * value's in either version (a list or an object where either says so).
 */
export function parameterStyleChange(a: Json, b: Json, shape: Shape): { old: string; new: string } | undefined {
  const form = (p: Json) => {
    const content = Object.keys(object(p.content))[0];
    if (content !== undefined) return `content: ${bareMediaType(content)}`;
    const style = typeof p.style === "string" ? p.style : (DEFAULT_STYLE[String(p.in)] ?? "form");
    const explode = typeof p.explode === "boolean" ? p.explode : style === "form";
    return written(style, explode, shape, p.in === "path");
  };
  const [before, after] = [form(a), form(b)];
  return before === after ? undefined : { old: before || "as a text", new: after || "as a text" };
}

/**
 * The request body's media type and its fields' encodings, compared: the type a call sends no longer listed (the
 * body is written as the type the newer version picks, say a form instead of JSON), and, for a form or multipart
 * body sent alike, each field written otherwise: a form field's style or explode, a part's content type.
 */
export function compareBodyForms(older: DocumentSet, x: Found, newer: DocumentSet, y: Found, add: Add): void {
  const [a, b] = [bodyForm(older, x), bodyForm(newer, y)];
  if (!a || !b) return;
  const sent = bareMediaType(a.body.mediaType);
  if (!b.types.includes(sent)) {
    add("request-body-media-type-removed", "request.body", "/", { old: sent, new: bareMediaType(b.body.mediaType) });
    return;
  }
  if (bareMediaType(b.body.mediaType) !== sent) return; // the newer version offers another type first; ours stays
  const names = new Set([...Object.keys(a.body.fields), ...Object.keys(b.body.fields)]);
  for (const name of names) {
    const shape = shapeOf([...a.typesOf(name), ...b.typesOf(name)]);
    const [was, now] = [a.fieldForm(name, shape), b.fieldForm(name, shape)];
    if (was !== now)
      add("request-property-encoding-changed", "request.body", `/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`, {
        old: was || "as a text",
        new: now || "as a text",
      });
  }
}

interface BodyForm {
  body: NonNullable<ReturnType<typeof requestBodyOf>>;
  /** Every media type the body is offered in, bare. */
  types: string[];
  typesOf(field: string): string[];
  /** How a field is written: a form field's style and explode, a part's content type; "" for the default. */
  fieldForm(field: string, shape: Shape): string;
}

/** The body a call writes from one version (requestBodyOf: the runtime's pick), with how its fields are encoded. */
function bodyForm(docs: DocumentSet, f: Found): BodyForm | undefined {
  if (!f.op.requestBody) return undefined;
  const { node, file } = deref(docs, { schema: f.op.requestBody, file: f.file });
  const resolve = (v: Schema): Schema => deref(docs, { schema: v, file }).node as Schema;
  const body = requestBodyOf(resolve, node as Schema);
  if (!body) return undefined;
  const properties = object(resolve(body.schema ?? {}).properties);
  const schemaOf = (field: string): Schema =>
    Object.hasOwn(properties, field) ? resolve(object(properties[field]) as Schema) : {};
  const typesOf = (field: string): string[] => {
    const s = schemaOf(field);
    if (typeof s.type === "string") return [s.type];
    if (Array.isArray(s.type)) return s.type.filter((t): t is string => typeof t === "string");
    return s.properties ? ["object"] : s.items ? ["array"] : [];
  };
  const type = bareMediaType(body.mediaType);
  const fieldForm = (field: string, shape: Shape): string => {
    const e = Object.hasOwn(body.fields, field) ? body.fields[field] : undefined;
    if (type === MULTIPART_MEDIA_TYPE)
      return (e?.contentType ?? partType(schemaOf(field), shape, resolve)).toLowerCase().replace(/\s+/g, "");
    if (type !== FORM_MEDIA_TYPE) return "";
    const style = e?.style ?? "form";
    return written(style, e?.explode ?? style === "form", shape, false);
  };
  return { body, types: Object.keys(object(node.content)).map(bareMediaType), typesOf, fieldForm };
}

/**
 * The content type OpenAPI gives a part whose encoding names none (load/schemas/part-content-type.ts, the record the
 * link and the request judge read too), of the types either version admits: a list's follows its items, "" here (not
 * compared against a type said), as is a schema's that says no type.
 */
function partType(schema: Schema, shape: Shape, resolve: (s: Schema) => Schema): string {
  if (shape === "list") return "";
  const types = new Set(shape === "object" ? ["object"] : shape === "text" ? ["string"] : []);
  return (
    defaultPartType(schema as Record<string, unknown>, types, (s) => object(resolve(object(s) as Schema))).mediaType ??
    ""
  );
}
