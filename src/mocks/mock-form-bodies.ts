// The request bodies of a mock's document as Prism can read what the runtime sends in a form or a
// multipart body (mock-document.ts): a form's one-item list, a multipart body's object fields (JSON
// parts, read as text), a form field the document JSON-encodes or writes in one pair. The request
// judge holds each of them to the document as it is.
import { listInBrackets, spreadsAsPairs } from "../judge/spread-form-objects.js";
import { isJsonMediaType } from "../load/media-types.js";
import { AllOfMerge } from "../load/schemas/all-of-merge.js";
import { typeOf } from "../load/openapi-document.js";
import { textOfKinds, withTextEnum } from "../load/text-enum.js";

type Json = Record<string, unknown>;

const FORM_MEDIA = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/**
 * A form's or multipart body's schema written as an `allOf` (a shared `$ref` and the operation's own fields) merged
 * into one object (as the link reads it, all-of-merge.ts): Prism reads a form's fields by the schema's own
 * `properties`, which an `allOf` has none of, so it took a list sent as repeated fields for one text ("must be
 * array"), and the other changes here, which read `properties`, missed its fields. The judge holds the body to the
 * `allOf` as written.
 */
export function withFormAllOfMerged(body: unknown, document: Json): unknown {
  return withMediaSchemas(body, FORM_MEDIA, (media) => {
    const schema = resolved(media.schema, document);
    if (!isObject(schema) || !Array.isArray(schema.allOf)) return media.schema;
    return new AllOfMerge((s) => (resolved(s, document) ?? {}) as Json).flatten(schema);
  });
}

/**
 * A form whose field is a list also takes one item for it: a form carries a one-item list as
 * `Key=value`, which Prism reads as a text, not a list of one, and refused as "must be array".
 */
export function withOneItemFormLists(body: unknown, document: Json): unknown {
  return withMediaSchemas(body, FORM_MEDIA, (media) => {
    const schema = resolved(media.schema, document);
    if (!isObject(schema) || !isObject(schema.properties)) return media.schema;
    const properties: Json = { ...schema.properties };
    let lists = 0;
    for (const [name, raw] of Object.entries(schema.properties)) {
      const taken = oneItemToo(raw, document);
      if (taken === raw) continue;
      properties[name] = taken;
      lists++;
    }
    return lists ? { ...schema, properties } : media.schema;
  });
}

/**
 * A field that is a list, or may be null besides (`type: [array, "null"]`, or a union of a list and null as OpenAPI
 * 3.1 documents write an optional list), taking one item too; as written when it is no list. A union's `oneOf` is
 * an `anyOf`: one item may now fit both the list and another member.
 */
function oneItemToo(raw: unknown, document: Json): unknown {
  const field = resolved(raw, document);
  if (!isObject(field)) return raw;
  if (typeOf(field) === "array" && field.items !== undefined) return { anyOf: [raw, field.items] };
  const members = Array.isArray(field.anyOf) ? field.anyOf : Array.isArray(field.oneOf) ? field.oneOf : undefined;
  if (!members || field.type !== undefined) return raw;
  const taken = members.map((member) => oneItemToo(member, document));
  if (taken.every((member, i) => member === members[i])) return raw;
  const { oneOf: _oneOf, anyOf: _anyOf, ...rest } = field;
  return { ...rest, anyOf: taken };
}

/**
 * A form's or multipart body's field whose enum lists values as the runtime sends them, as text: a string's enum of
 * numbers or booleans (`type: string, enum: [0, 1]`) and an untyped one of several kinds (`[true, false, 0, 1]`) as
 * their texts (load/text-enum.ts, as the link reads them): Prism compared the text "true" with the value true.
 */
export function withFormEnumsAsText(body: unknown, document: Json): unknown {
  return withMediaSchemas(body, FORM_MEDIA, (media) => {
    const schema = resolved(media.schema, document);
    if (!isObject(schema) || !isObject(schema.properties)) return media.schema;
    let properties: Json | undefined;
    for (const [name, raw] of Object.entries(schema.properties)) {
      const field = resolved(raw, document);
      const asText = withTextEnum(textOfKinds(field, true));
      if (asText !== field) (properties ??= { ...schema.properties })[name] = asText;
    }
    return properties ? { ...schema, properties } : media.schema;
  });
}

/**
 * A form's field that its schema does not list among its own properties, listed (any value): one it requires, or one a
 * shape of its union (`oneOf`/`anyOf`: a source given by an address, a magnet link or a file) lists or requires. Prism
 * reads a form or multipart body as the listed fields alone, so that it dropped such a field and refused every request
 * as lacking it. The request judge, in front, holds the field to the schema as it is.
 */
export function withUnlistedFormFields(body: unknown, document: Json): unknown {
  return withMediaSchemas(body, FORM_MEDIA, (media) => {
    const schema = resolved(media.schema, document);
    if (!isObject(schema) || !isObject(schema.properties) || schema.additionalProperties === false) return media.schema;
    const listed = schema.properties;
    const named = [...namesOf(schema, false), ...unionShapes(schema, document).flatMap((s) => namesOf(s, true))];
    const unlisted = [...new Set(named)].filter((name) => !Object.hasOwn(listed, name));
    if (!unlisted.length) return media.schema;
    return { ...schema, properties: { ...listed, ...Object.fromEntries(unlisted.map((name) => [name, {}])) } };
  });
}

/** The names a schema requires, and those it lists if `listedToo`. */
function namesOf(schema: Json, listedToo: boolean): string[] {
  const required = Array.isArray(schema.required) ? schema.required.filter((n) => typeof n === "string") : [];
  return listedToo && isObject(schema.properties) ? [...required, ...Object.keys(schema.properties)] : required;
}

/** The object shapes of a schema's own union (`oneOf`, `anyOf`), resolved. */
function unionShapes(schema: Json, document: Json): Json[] {
  const members = [schema.oneOf, schema.anyOf].flatMap((m) => (Array.isArray(m) ? m : []));
  return members.map((m) => resolved(m, document)).filter(isObject);
}

/**
 * The served document's required bodies that may be forms or JSON, not required of Prism: a form of no field is an
 * empty body, and a JSON body of a falsy value (`0`, `false`, `""`, `null`: a PIN, a flag) is read as none ("Body
 * parameter is required"). The judge, in front, requires a body by its bytes, and reads an empty form sent as one as
 * present; its schema says whether it may be empty. (A multipart body stays Prism's to require: it reads its parts.)
 */
export function withBodiesRequiredByJudge<T>(document: T): T {
  for (const item of Object.values((document as { paths?: Json }).paths ?? {}))
    for (const op of isObject(item) ? Object.values(item) : []) {
      const body = isObject(op) ? op.requestBody : undefined;
      if (isObject(body) && body.required === true && isObject(body.content))
        if (Object.keys(body.content).some((name) => URLENCODED.test(name) || isJsonMediaType(name)))
          (op as Json).requestBody = { ...body, required: false };
    }
  return document;
}

/** `body` with the schema of each media type `type` names given by `change` (a copy only where one changed). */
function withMediaSchemas(body: unknown, type: RegExp, change: (media: Json) => unknown): unknown {
  if (!isObject(body) || !isObject(body.content)) return body;
  let changed = false;
  const content: Json = { ...body.content };
  for (const [name, media] of Object.entries(body.content)) {
    if (!type.test(name) || !isObject(media)) continue;
    const schema = change(media);
    if (schema === media.schema) continue;
    content[name] = { ...media, schema };
    changed = true;
  }
  return changed ? { ...body, content } : body;
}

const MULTIPART = /^multipart\/form-data\b/i;

/**
 * A multipart body's object fields (lists of objects, fields the document encodes as JSON), in their own members
 * (`allOf`) too, taken as text: an object goes as a JSON part (OpenAPI's default for an object property of a
 * multipart body, and what the runtime sends), and Prism reads every part as text, so that it refused each such
 * field ("must be object": Onfido's document upload and its `location`; an enum's `"a"` as no `a`). The JSON itself
 * is the suite's to check (sent intact).
 */
export function withJsonPartsAsText(body: unknown, document: Json): unknown {
  return withMediaSchemas(body, MULTIPART, (media) => {
    // A field the document encodes as JSON (`encoding.<field>.contentType`) goes as JSON text whatever its type.
    const encoding = isObject(media.encoding) ? media.encoding : {};
    const json = new Set(
      Object.keys(encoding).filter((name) => {
        const e = resolved(encoding[name], document);
        return isObject(e) && typeof e.contentType === "string" && /json/i.test(e.contentType);
      }),
    );
    return jsonFieldsAsText(media.schema, document, 0, json);
  });
}

/**
 * A multipart body of several object shapes (`oneOf`/`anyOf`) as Prism can read it: any of the shapes, each one's
 * number, integer and boolean fields taking their text too. Prism reads every part as text, so that an id the runtime
 * sends as a text part (`source_file` an integer in one shape, a file or an address in the others) met no shape, or
 * two. The request judge, in front, reads the parts as each shape types them and holds the body to its `oneOf`.
 */
export function withUnionPartsAsText(body: unknown, document: Json): unknown {
  return withMediaSchemas(body, MULTIPART, (media) => {
    const schema = resolved(media.schema, document);
    const key = isObject(schema)
      ? Array.isArray(schema.oneOf)
        ? "oneOf"
        : Array.isArray(schema.anyOf)
          ? "anyOf"
          : ""
      : "";
    if (!isObject(schema) || !key) return media.schema;
    const { oneOf: _one, anyOf: _any, ...beside } = schema;
    return { ...beside, anyOf: (schema[key] as unknown[]).map((shape) => scalarFieldsAsText(shape, document)) };
  });
}

/** A shape whose number, integer and boolean fields also take a text; the same value where it has none. */
function scalarFieldsAsText(raw: unknown, document: Json): unknown {
  const shape = resolved(raw, document);
  if (!isObject(shape) || !isObject(shape.properties)) return raw;
  let properties: Json | undefined;
  for (const [name, field] of Object.entries(shape.properties)) {
    const type = (resolved(field, document) as Json | undefined)?.type;
    if (type !== "integer" && type !== "number" && type !== "boolean") continue;
    (properties ??= { ...shape.properties })[name] = { anyOf: [field, { type: "string" }] };
  }
  return properties ? { ...shape, properties } : raw;
}

/**
 * The schema with its object fields (and those in `json`) as text, through its `allOf` members; the same value where it
 * has none.
 */
function jsonFieldsAsText(raw: unknown, document: Json, depth: number, json: ReadonlySet<string>): unknown {
  const schema = resolved(raw, document);
  if (!isObject(schema) || depth > 8) return raw;
  let out: Json | undefined;
  if (isObject(schema.properties)) {
    for (const [name, field] of Object.entries(schema.properties)) {
      const text = { type: "string", description: "JSON text (a part Prism reads as text)" };
      // A list goes as a JSON part per item: a list of texts, its bounds kept.
      const list = resolved(field, document);
      const isList = isObject(list) && list.type === "array";
      const asText =
        json.has(name) || objectSchema(field, document, 0)
          ? isList
            ? { ...list, items: text }
            : text
          : isList && objectSchema(list.items, document, 0)
            ? { ...list, items: text }
            : undefined;
      if (!asText) continue;
      out ??= { ...schema, properties: { ...schema.properties } };
      (out.properties as Json)[name] = asText;
    }
  }
  if (Array.isArray(schema.allOf)) {
    const members = schema.allOf.map((m) => jsonFieldsAsText(m, document, depth + 1, json));
    if (members.some((m, i) => m !== (schema.allOf as unknown[])[i])) out = { ...(out ?? schema), allOf: members };
  }
  return out ?? raw;
}

/**
 * Whether a schema takes objects only: an object, or a union (`anyOf`/`oneOf`: a reply markup of four kinds) of them.
 */
function objectSchema(raw: unknown, document: Json, depth: number): boolean {
  const f = resolved(raw, document);
  if (!isObject(f) || depth > 8) return false;
  if (f.type === "object" || (f.type === undefined && (isObject(f.properties) || Array.isArray(f.allOf)))) return true;
  const members =
    f.type === undefined
      ? Array.isArray(f.anyOf)
        ? f.anyOf
        : Array.isArray(f.oneOf)
          ? f.oneOf
          : undefined
      : undefined;
  return members !== undefined && members.length > 0 && members.every((m) => objectSchema(m, document, depth + 1));
}

const URLENCODED = /^application\/x-www-form-urlencoded\b/i;

/**
 * A form field written as one text (the document JSON-encodes it: `encoding.<field>.contentType` a JSON type, no
 * style, explode or allowReserved; or a list in one pair, unexploded or space- or pipe-delimited) taken as text: it
 * goes as one `meta={"a":1}` or `ids=1,2` pair, which Prism reads as text and refused as "must be object" or "must be
 * array". A list the document JSON-encodes goes a JSON pair per item (`to="a"&to="b"`, runtime/call/form-body.ts), of
 * which Prism keeps the last pair of a name (its splitUriParams), one text too. The request judge reads each as the
 * document says and holds it to the field's schema. Its encoding goes too: Prism's deserialiser of a space- or
 * pipe-delimited field threw on a field that is no list, and the throw ended the mock's process at the first body
 * (a Swagger 2.0 `formData` list of collectionFormat `pipes` or `ssv`).
 */
export function withJsonFormFieldsAsText(body: unknown, document: Json): unknown {
  if (!isObject(body) || !isObject(body.content)) return body;
  let changed = false;
  const content: Json = { ...body.content };
  for (const [type, media] of Object.entries(body.content)) {
    if (!URLENCODED.test(type) || !isObject(media)) continue;
    const served = formFieldsAsText(media, document);
    if (served === media) continue;
    content[type] = served;
    changed = true;
  }
  return changed ? { ...body, content } : body;
}

/** A form media type's fields written as one text (withJsonFormFieldsAsText): text in its schema, no encoding. */
function formFieldsAsText(media: Json, document: Json): Json {
  const encoding = isObject(media.encoding) ? media.encoding : {};
  const json = Object.keys(encoding).filter((name) => {
    const e = resolved(encoding[name], document);
    if (!isObject(e)) return false;
    const byContent =
      typeof e.contentType === "string" &&
      /json/i.test(e.contentType) &&
      e.style === undefined &&
      e.explode === undefined &&
      e.allowReserved === undefined;
    return byContent || e.explode === false || e.style === "spaceDelimited" || e.style === "pipeDelimited";
  });
  const schema = resolved(media.schema, document);
  if (!json.length || !isObject(schema) || !isObject(schema.properties)) return media;
  const properties: Json = { ...schema.properties };
  const served: Json = { ...encoding };
  for (const name of json) {
    delete served[name];
    if (Object.hasOwn(properties, name))
      properties[name] = { type: "string", description: "one text (the request judge reads it)" };
  }
  return { ...media, schema: { ...schema, properties }, encoding: served };
}

/**
 * A form's object field written in form style, exploded (spreadsAsPairs: OpenAPI's default), is not required of it:
 * its fields go as the body's own pairs, which Prism reads as other fields, and an empty object as none, so that
 * Prism refused every such body ("must have required property"). Nor a list of objects in that style, which goes in
 * bracket form (`widgets[0][id]=…`, listInBrackets), of which Prism reads no pair. The request judge reads them back as
 * the field's.
 */
export function withSpreadFormObjectsOptional(body: unknown, document: Json): unknown {
  return withMediaSchemas(body, URLENCODED, (media) => {
    const schema = resolved(media.schema, document);
    if (!isObject(schema) || !isObject(schema.properties) || !Array.isArray(schema.required)) return media.schema;
    const properties = schema.properties;
    const encoding = isObject(media.encoding) ? media.encoding : {};
    const required = schema.required.filter((name) => {
      const e = Object.hasOwn(encoding, String(name)) ? resolved(encoding[String(name)], document) : undefined;
      const said = isObject(e) ? e : undefined;
      const field = properties[String(name)];
      return !(
        Object.hasOwn(properties, String(name)) &&
        (spreadsAsPairs(said, document, field) || listInBrackets(said, document, field))
      );
    });
    if (required.length === schema.required.length) return media.schema;
    const { required: _, ...rest } = schema;
    return required.length ? { ...rest, required } : rest;
  });
}

/**
 * A media type object's example: its `example`, else the value of its first named example (a `$ref` followed);
 * undefined where it gives none.
 */
export function mediaExample(media: Json, document: Json): unknown {
  if (media.example !== undefined) return media.example;
  const named = isObject(media.examples) ? resolved(Object.values(media.examples)[0], document) : undefined;
  return isObject(named) ? named.value : undefined;
}

/** A local `$ref` followed (a parameter or body shared under components). */
export function resolved(value: unknown, document: Json): unknown {
  let current = value;
  for (
    let i = 0;
    i < 8 && isObject(current) && typeof current.$ref === "string" && current.$ref.startsWith("#/");
    i++
  ) {
    let node: unknown = document;
    for (const key of current.$ref.slice(2).split("/"))
      node = isObject(node) ? node[key.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined;
    current = node;
  }
  return current;
}

export function isObject(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Whether a schema's value is an object or a list of objects (resolved, one level of items). */
export function holdsObjects(schema: unknown, document: Json): boolean {
  const s = resolved(schema, document);
  const kind = (x: unknown) => (isObject(x) ? (x.properties !== undefined ? "object" : typeOf(x)) : undefined);
  return kind(s) === "object" || (kind(s) === "array" && isObject(s) && kind(resolved(s.items, document)) === "object");
}
