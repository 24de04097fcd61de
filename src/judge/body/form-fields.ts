// The fields of a form body read as its media type's `encoding` says, into
// the object its schema describes. Per field: a `contentType` alone (no
// style, explode or allowReserved: content-based) means the field's value is
// that media type's text — JSON parsed as JSON, one pair or one part; else
// the query styles (form by default, exploded) as for a query parameter. In
// a multipart body each part's Content-Type must be the field's (explicit,
// or OpenAPI's default for its type) and its declared headers present; a
// field whose encoding sets a style is its form pairs, a part each
// (`meta[colour]`), their text not percent-encoded (OpenAPI 3.0.4/3.1.1).
import { isBinaryString, isFilesField, isLonePart, LONE_FILE_PART } from "../../load/media-types.js";
import { type JudgedParam, type Node, type Path, pointerTo } from "../operations.js";
import { type Deep, queryPairs, type RawPair, rawTexts, readDeepObject, readQuery } from "../query-read.js";
import { multipartParts, type Part } from "./multipart.js";
import { formExploded, spreadObjects } from "../spread-form-objects.js";
import { quoted, type JudgeRule, type Refusal } from "../refusal.js";
import {
  arrayOf,
  itemSchema,
  listAtOf,
  objectOf,
  propertySchema,
  resolved,
  scalarOf,
  type Shape,
  shapesOf,
  typesOf,
} from "../text-values.js";
import { decoded, shownChar, rawProblem } from "../uri-text.js";
import { BASE64_PATTERN } from "../../load/examples/format-texts.js";
import { contentField } from "../parameter-content.js";
import { type Encoding, multipartField } from "./multipart.js";

type Media = { mediaType: string; at: Path; node: Node };
/** The body's fields; `whole`, where the body's schema describes another value than the fields (one part's text). */
export type FieldsRead = { value: unknown; whole?: unknown } | { refusals: Refusal[] };

const encodingOf = (media: Media, name: string): Encoding | undefined => {
  const map = (media.node.encoding ?? {}) as Record<string, unknown>;
  return Object.hasOwn(map, name) ? (map[name] as Encoding) : undefined;
};
/** Whether a field is written by content (its contentType), not by style: no style, explode or allowReserved given. */
const byContent = (e: Encoding | undefined): e is Encoding & { contentType: string } =>
  typeof e?.contentType === "string" &&
  e.style === undefined &&
  e.explode === undefined &&
  e.allowReserved === undefined;

/**
 * Whether a field is written by style (OpenAPI 3.0.4/3.1.1: a style, explode or allowReserved given, its contentType
 * then ignored).
 */
const byStyle = (e: Encoding | undefined): e is Encoding =>
  e !== undefined && (e.style !== undefined || e.explode !== undefined || e.allowReserved !== undefined);

function refusal(
  rule: JudgeRule,
  media: Media,
  name: string,
  message: string,
  sent: string,
  key = "encoding",
): Refusal {
  return {
    rule,
    at: pointerTo([...media.at, key, ...(key === "encoding" ? [name] : [])]),
    pointer: `/body/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`,
    sent: quoted(sent),
    message: `form field "${name}": ${message}`,
  };
}

/** An application/x-www-form-urlencoded body's fields. */
export function formFields(text: string, media: Media, data: unknown): FieldsRead {
  const schema = resolved(data, media.node.schema);
  const pairs = queryPairs(text);
  const byName = new Map<string, RawPair[]>();
  const claimed = new Set<RawPair>();
  const value: Record<string, unknown> = {};
  const refusals: Refusal[] = [];
  const names = new Set<string>();
  // A field the schema names with its brackets (`vendor[name]`, a form flattened by hand) is that field, not vendor's.
  const named = (pairName: string) =>
    pairName.includes("[") && propertySchema(data, schema, pairName, true) !== undefined;
  for (const pair of pairs) names.add(named(pair.name) ? pair.name : pair.name.replace(/\[.*$/, ""));
  for (const name of names) {
    const mine = pairs.filter((x) => x.name === name || (x.name.startsWith(`${name}[`) && !named(x.name)));
    for (const x of mine) claimed.add(x);
    byName.set(name, mine);
  }
  const spread = spreadObjects(byName, (name) => encodingOf(media, name), data, schema);
  for (const [name, mine] of byName) {
    const e = encodingOf(media, name);
    const fieldSchema = propertySchema(data, schema, name);
    const sent = mine.map((x) => `${x.rawName}=${x.raw ?? ""}`).join("&");
    if (byContent(e)) {
      const read = contentField(e.contentType, mine, name, fieldSchema, data);
      if ("message" in read) refusals.push(refusal("encoding.contentType", media, name, read.message, sent));
      else set(value, name, read.value);
      continue;
    }
    const read = styledField(name, mine, e, media, data, fieldSchema, sent, true);
    const notText = "refusal" in read ? undefined : notEncodedText(data, fieldSchema, read.value);
    if ("refusal" in read) refusals.push(read.refusal);
    else if (notText) refusals.push(refusal("schema", media, name, notText, sent, "schema"));
    else set(value, name, read.value);
  }
  for (const [name, fields] of spread) set(value, name, fields);
  for (const pair of pairs)
    if (!claimed.has(pair)) set(value, pair.name, decoded(pair.raw ?? "", true) ?? pair.raw ?? "");
  return refusals.length ? { refusals } : { value };
}

const BASE64_TEXT = new RegExp(BASE64_PATTERN);
const BASE64URL_TEXT = /^[A-Za-z0-9_-]*={0,2}$/;

/**
 * A field the document says is base64 text (3.1's `contentEncoding: base64` or `base64url`: a file in a form, a text
 * format): its value held to that alphabet, as a raw body's is (body-check.ts notBase64). The message where it is not.
 */
function notEncodedText(data: unknown, fieldSchema: unknown, value: unknown): string | undefined {
  const encoding = resolved(data, fieldSchema)?.contentEncoding;
  const name = typeof encoding === "string" ? encoding.toLowerCase() : "";
  const pattern = name === "base64" ? BASE64_TEXT : name === "base64url" ? BASE64URL_TEXT : undefined;
  return pattern && typeof value === "string" && !pattern.test(value)
    ? `the document says it is ${name} text (contentEncoding): not ${name}`
    : undefined;
}

/**
 * One field written by style (form by default, exploded) read from its pairs. `uriText`: the pairs are a URI's
 * (a form body), each character held to what a URI may hold raw; a multipart body's parts carry their text as it is.
 */
function styledField(
  name: string,
  mine: RawPair[],
  e: Encoding | undefined,
  media: Media,
  data: unknown,
  fieldSchema: unknown,
  sent: string,
  uriText: boolean,
): { value: unknown } | { refusal: Refusal } {
  const style = e?.style ?? "form";
  const explode = e?.explode ?? style === "form";
  const p: JudgedParam = {
    name,
    in: "query",
    required: false,
    at: media.at,
    style,
    explode,
    allowReserved: e?.allowReserved === true,
    allowEmptyValue: true,
  };
  const deep = mine.some((x) => x.name !== name);
  // Brackets (`address[city]=…`) are deepObject's, and the common way a form nests what OpenAPI's styles do not define:
  // in form style, exploded (the default, or said), a list of objects or an object holding a list goes so, with
  // indexes (`widgets[0][id]=…`, PHP, Rails, qs: spread-form-objects.ts `listInBrackets`).
  // deepObject defines objects only: a scalar it is given goes as form writes it (name=value), read so below.
  if (deep && (style === "deepObject" || formExploded(e))) {
    const read = readDeepObject(
      p,
      mine.filter((x) => x.name !== name),
      listAtOf(data, fieldSchema),
    );
    if ("miss" in read)
      return { refusal: refusal(e ? "encoding.style" : "style", media, name, read.miss.message, sent) };
    const bad = uriText
      ? rawOf(read.deep)
          .map((r) => rawProblem(r, { delimiters: "", reserved: p.allowReserved, plusIsSpace: true }))
          .find(Boolean)
      : undefined;
    if (bad)
      return { refusal: refusal(bad.rule, media, name, `${shownChar(bad.char)} is sent raw inside a value`, sent) };
    return { value: deepValue(data, fieldSchema, read.deep) };
  }
  const scalarOnly = style === "deepObject";
  // A field of no type (of a free-form body, `{type: object}` naming no field) holds any value: a list of them too,
  // which exploded form writes one pair per item (`a=1&a=2`).
  const untyped = typesOf(data, fieldSchema).size === 0 && style === "form" && explode;
  const shapes: Shape[] = scalarOnly
    ? shapesOf(data, fieldSchema).filter((x) => x === "primitive")
    : untyped
      ? ["primitive", "array"]
      : shapesOf(data, fieldSchema);
  let first: string | undefined = shapes.length
    ? undefined
    : `${JSON.stringify(sent)} is not ${name}[key]=value as deepObject writes an object`;
  for (const shape of shapes) {
    const read = readQuery(scalarOnly ? { ...p, style: "form", explode: true } : p, mine, shape);
    if ("miss" in read) {
      first ??= read.miss.message;
      continue;
    }
    const bad = uriText
      ? rawTexts(read.read)
          .map((r) => rawProblem(r, { delimiters: "", reserved: p.allowReserved, plusIsSpace: true }))
          .find(Boolean)
      : undefined;
    if (bad) {
      first ??= `${shownChar(bad.char)} is sent raw inside a value (${bad.rule})`;
      continue;
    }
    const r = read.read;
    const text = (raw: string) => decoded(raw, true) ?? raw;
    return {
      value:
        r.shape === "primitive"
          ? scalarOf(data, fieldSchema, text(r.text))
          : r.shape === "array"
            ? arrayOf(data, fieldSchema, r.items.map(text))
            : objectOf(
                data,
                fieldSchema,
                r.entries.map(([k, v]) => [text(k), text(v)]),
              ),
    };
  }
  return {
    refusal: refusal(
      e ? "encoding.style" : "style",
      media,
      name,
      `${first ?? "cannot be read"} (style ${style}, explode ${explode})`,
      sent,
    ),
  };
}

/** A multipart/form-data body's fields, each part's Content-Type and headers held to the field's encoding. */
export function multipartFields(bytes: Uint8Array, contentType: string, media: Media, data: unknown): FieldsRead {
  const parts = multipartParts(bytes, contentType);
  if (typeof parts === "string")
    return {
      refusals: [
        {
          rule: "mediaType",
          at: pointerTo(media.at),
          pointer: "/body",
          sent: "",
          message: `the multipart body cannot be read: ${parts}`,
        },
      ],
    };
  const schema = resolved(data, media.node.schema);
  // A body that is one file names no field: it is sent as the part LONE_FILE_PART (load/media-types.ts).
  if (isBinaryString(schema) && schema.properties === undefined) return { value: "(file)" };
  if (isLonePart(schema)) return lonePart(parts, media, data, schema);
  const value: Record<string, unknown> = {};
  const refusals: Refusal[] = [];
  const byName = new Map<string, Part[]>();
  const styled = new Map<string, Part[]>();
  for (const part of parts) {
    // A field whose encoding sets a style is written as a form's pairs, one part each: `meta[colour]` is meta's.
    const base = part.name.replace(/\[.*$/s, "");
    // A file (or a list of files) is a part of its bytes each, whatever its encoding's style (isFilesField).
    const files = isFilesField(resolved(data, propertySchema(data, schema, base)), (list) =>
      resolved(data, itemSchema(data, list)),
    );
    const group = byStyle(encodingOf(media, base)) && !files ? styled : byName;
    const key = group === styled ? base : part.name;
    group.set(key, [...(group.get(key) ?? []), part]);
  }
  for (const [name, mine] of styled) {
    const e = encodingOf(media, name);
    // No percent-encoding in a part: its text is the value, delimiters (an unexploded form list's ",") as they are.
    const unexplodedForm = (e?.style ?? "form") === "form" && e?.explode === false;
    const uri = (text: string) =>
      unexplodedForm ? encodeURIComponent(text).replace(/%2C/g, ",") : encodeURIComponent(text);
    const pairs: RawPair[] = mine.map((part) => ({
      rawName: encodeURIComponent(part.name),
      name: part.name,
      raw: uri(part.bytes.toString("utf8")),
    }));
    const read = styledField(
      name,
      pairs,
      e,
      media,
      data,
      propertySchema(data, schema, name),
      mine.map((part) => `${part.name}=${part.bytes.toString("utf8")}`).join("; "),
      false,
    );
    if ("refusal" in read) refusals.push(read.refusal);
    else set(value, name, read.value);
  }
  for (const [name, mine] of byName) {
    const read = multipartField(mine, encodingOf(media, name), propertySchema(data, schema, name), data);
    if ("value" in read) set(value, name, read.value);
    else for (const p of read.problems) refusals.push(refusal(p.rule, media, name, p.message, p.sent ?? ""));
  }
  return refusals.length ? { refusals } : { value };
}

function rawOf(deep: Deep | undefined): string[] {
  return typeof deep === "string" ? [deep] : deep ? Object.values(deep).flatMap(rawOf) : [];
}

function deepValue(data: unknown, schema: unknown, deep: Deep): unknown {
  if (typeof deep === "string") return scalarOf(data, schema, decoded(deep, true) ?? deep);
  if (Array.isArray(deep)) return deep.map((d) => deepValue(data, itemSchema(data, schema), d));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(deep)) set(out, k, deepValue(data, propertySchema(data, schema, k), v));
  return out;
}

/** An own key, whatever its name (`__proto__` too). */
function set(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * A body of one value (a string, a number) names no part: the document's schema is the value's, which goes as one
 * part of any name (the runtime names it LONE_FILE_PART); read as that part, the value the schema describes.
 */
function lonePart(parts: Part[], media: Media, data: unknown, schema: Node): FieldsRead {
  const [part, ...more] = parts;
  if (!part || more.length)
    return {
      refusals: [
        {
          rule: "schema",
          at: pointerTo([...media.at, "schema"]),
          pointer: "/body",
          sent: "",
          message: `the body is one value, not named parts, so it goes as one part; ${parts.length} were sent`,
        },
      ],
    };
  const whole = scalarOf(data, schema, part.bytes.toString("utf8"));
  return { value: { [LONE_FILE_PART]: whole }, whole };
}
