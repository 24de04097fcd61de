// Which shape a JSON success reply has, for outputs.ts: a list reply (the
// field holding its list of records, by its name, the resource the path
// names, or as the one list among a few fields or fields that say how it
// pages; a list of names beside where its page stopped), a list wrapped in
// an object of a reply that is no record, or one record in an envelope
// (`{data: {…}}`, `{droplet: {…}}`), or one value in an envelope (`{data: "…"}`).
import { fieldOf } from "@blockwright/runtime/internal";
import { typeOf, type OpenApiDocument, type OpenApiOperation, type Schema } from "../../load/openapi-document.js";
import { safeFlatten } from "./param-schema.js";
import { CURSOR_PARAM, fieldMatching, NEXT_CURSOR, NEXT_URL } from "./paging-reply.js";
import { resumeField } from "./paging-resume.js";

/** Names a list of records goes by in a reply (words of an envelope, which say nothing of what the list holds). */
export const LIST_NAMES =
  /^(data|items|result|results|records|entries|values|list|elements|objects|members|hits|rows|nodes)$/i;

/**
 * A list of what went wrong (`errors`, `validation_errors`, `warnings`, a bulk call's `failed`): a failure's notes
 * beside the reply's status or count, never the reply's records by being its one list (`{data: {tracker}, status:
 * {errors: [], message}}`: read as the list, a payment's reply gave its errors as `data` and its record nowhere).
 * The path's resource may still name it.
 */
const failureList = (name: string) =>
  /(?:^|[_-])(?:errors?|warnings?|failures?|failed)$/i.test(name) ||
  /[a-z](?:Errors?|Warnings?|Failures?|Failed)$/.test(name);

/** Names an envelope around one record goes by (beside one named after the resource). */
const ENVELOPE_NAMES = ["data", "result"];

/**
 * The envelope names a reply's fields hold: `data`, `result`, and `body` where only scalars saying how the call went
 * are beside it (`{body: {…}, status: "ok", time_exec: 0.02}`); beside anything else `body` is a record's content (a
 * message's subject and body), no envelope.
 */
function envelopeNames(doc: OpenApiDocument, fields: Record<string, Schema>, names: string[]): string[] {
  const held = ENVELOPE_NAMES.filter((n) => names.includes(n));
  if (!names.includes("body") || held.length) return held;
  const callFacts = names.every((name) => {
    if (name === "body") return true;
    const type = typeOf(safeFlatten(doc, fieldOf(fields, name)) ?? {});
    return (
      type === "number" || type === "integer" || type === "boolean" || (type === "string" && CALL_STATUS.test(name))
    );
  });
  return callFacts && names.length > 1 ? ["body"] : [];
}

/** A text field saying how a call went, beside an envelope. */
const CALL_STATUS = /^(status|state|code)$/i;

/** Fields that say how a list pages: beside one list, they make a reply a list reply. */
const PAGING_FIELDS = new RegExp(
  "^(next|prev|previous|first|last)([_-]?(page|cursor|token|url|uri|link|href))*$|^(page|page_?size|" +
    "per_?page|cursor|has_?more|total|total_?(count|items|results|records|pages?)|offset|limit|links|meta|paging|" +
    "pagination|current_?page|items_?count)$",
  "i",
);

/** The field naming a record (`id`, and as some APIs write it: `gid`, `uuid`, `sid`, `_id`). */
export const ID_FIELD = /^(id|gid|uuid|sid|_id)$/i;

/** The JSON Schema types of a scalar value. */
export const SCALAR_TYPES = ["string", "integer", "number", "boolean"];

/** A field that can hold one value only (`ok: true`, `status: 200`): it says nothing of the reply. */
export const holdsOneValue = (schema: Schema) => Array.isArray(schema.enum) && schema.enum.length === 1;

/**
 * An object with at most this many fields counts as small where a reply's shape is judged (a list among a few fields).
 */
const SMALL_OBJECT = 6;

/**
 * The field of a reply object that wraps its one record: `data`, or a field
 * named after the resource the path names (`droplet` under `/droplets/{id}`),
 * or the only field there is — an object itself, beside no `id` of the reply's
 * own (a record with a `data` field is a record).
 */
export function envelopeField(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  fields: Record<string, Schema>,
): string | undefined {
  // Hypermedia beside the record (`{value: {…}, links: [{rel, href}]}`) is no content of the reply's own.
  const names = Object.keys(fields).filter((name) => !hypermediaField(doc, name, fieldOf(fields, name)));
  const records = names.filter((name) => {
    const flat = safeFlatten(doc, fieldOf(fields, name));
    return flat !== undefined && typeOf(flat) === "object" && Object.keys((flat.properties ?? {}) as object).length > 0;
  });
  // An id makes the reply a record, unless it is an object itself (`{Id: {id: 7}}`, a created item's): an envelope.
  if (names.some((n) => ID_FIELD.test(n) && !records.includes(n))) return undefined;
  const named = envelopeNames(doc, fields, names).filter((n) => records.includes(n));
  if (named.length === 1) return named[0];
  // One record field alone is its envelope, unless named as a path or with spaces: a map's example key written as a
  // property (`{"path/to/file.txt": {…}}`), which no real reply holds.
  if (names.length === 1 && records.length === 1 && !/[/\s]/.test(records[0] ?? "")) return records[0];
  const resources = resourceWords(op);
  const resource = records.filter((name) => resources.has(name.toLowerCase().replace(/[^a-z0-9]/g, "")));
  return resource.length === 1 ? resource[0] : undefined;
}

/**
 * The field of an envelope's name holding a value rather than a record or a list (`{data: "Review posted"}`,
 * `{result: true, message}`), in a reply with no id of a record's own: the value is what the reply answers, read as
 * the data, never the whole body again (`data.data`). One holding one value only says nothing: none.
 */
export function valueEnvelope(doc: OpenApiDocument, fields: Record<string, Schema>): string | undefined {
  const names = Object.keys(fields).filter((name) => !hypermediaField(doc, name, fieldOf(fields, name)));
  const held = envelopeNames(doc, fields, names);
  if (held.length !== 1 || names.some((n) => ID_FIELD.test(n))) return undefined;
  const flat = safeFlatten(doc, fieldOf(fields, held[0] ?? ""));
  return flat && !holdsOneValue(flat) && !declaresArray(flat) ? held[0] : undefined;
}

/**
 * A list of records inside an object of a reply that is no record itself, or inside an object of that one
 * (`{message: {header: {…}, body: {track_list: […]}}}`): the one object field whose own fields make a list reply
 * by listField's rules, or hold such an object in turn, and hold no id of a record, in a reply whose scalars say
 * nothing of a record (an id, or any scalar but one that holds one value only or says how the list pages: a
 * payment's answer with its reference and a list of checks inside is a record). `wrapper` is the path to the
 * object holding the list; `innerRequired` its required fields where every object on the way is required.
 */
export function wrappedList(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  fields: Record<string, Schema>,
  depth = 2,
): { wrapper: string[]; list: string; innerFields: Record<string, Schema>; innerRequired: Set<string> } | undefined {
  const recordScalar = (name: string) => {
    const flat = safeFlatten(doc, fieldOf(fields, name));
    const scalar = flat !== undefined && SCALAR_TYPES.includes(typeOf(flat) ?? "");
    return ID_FIELD.test(name) || (scalar && !holdsOneValue(flat) && !PAGING_FIELDS.test(name));
  };
  if (depth === 0 || Object.keys(fields).some(recordScalar)) return undefined;
  const found = Object.keys(fields).flatMap((wrapper) => {
    const inner = safeFlatten(doc, fieldOf(fields, wrapper));
    if (!inner || typeOf(inner) !== "object") return [];
    // An object that may be null holds no page: a record's failure, `{error: {previous_errors: […]} | null}`, null
    // when the record is whole (its list read as the reply's failed every call that succeeded).
    if (doc.mayAnswerNull(fieldOf(fields, wrapper))) return [];
    const innerFields = (inner.properties ?? {}) as Record<string, Schema>;
    if (Object.keys(innerFields).some((n) => ID_FIELD.test(n))) return [];
    const innerRequired = new Set(Array.isArray(inner.required) ? (inner.required as string[]) : []);
    const list = listField(doc, op, innerFields);
    if (list !== undefined) return [{ wrapper: [wrapper], list, innerFields, innerRequired }];
    const deeper = wrappedList(doc, op, innerFields, depth - 1);
    if (!deeper) return [];
    return [
      {
        ...deeper,
        wrapper: [wrapper, ...deeper.wrapper],
        innerRequired: innerRequired.has(deeper.wrapper[0] ?? "") ? deeper.innerRequired : new Set<string>(),
      },
    ];
  });
  return found.length === 1 ? found[0] : undefined;
}

/** The field of a reply object holding its list of records, if it is a list reply. */
export function listField(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  fields: Record<string, Schema>,
): string | undefined {
  const lists = Object.entries(fields)
    .filter(([name, schema]) => {
      const flat = safeFlatten(doc, schema);
      // Links to other addresses (`links: [{rel, href}]` beside a record) are no records of the reply.
      if (hypermediaField(doc, name, schema)) return false;
      // Declared a list: `items` alone does not make one (JSON Schema lets any other value through it; Slack's
      // users.info `user` is such a schema, and an object on the wire).
      if (!flat || !declaresArray(flat)) return false;
      // Records: objects, or anything but a scalar (a list of anyOf shapes, as some documents write their records).
      const items = itemsOf(doc, schema);
      return items !== undefined && !SCALAR_TYPES.includes(typeOf(items) ?? "");
    })
    .map(([name]) => name);
  const named = lists.filter((n) => LIST_NAMES.test(n));
  if (named.length === 1) return named[0];
  // One list named after the resource the path names (`{Invoices: […], Warnings: […]}` under `/Invoices`), the
  // path's word singular or plural (`{signature_requests, warnings}` under `/signature_request/list`).
  const words = resourceWords(op);
  const resource = lists.filter((n) => namesResource(n, words));
  if (resource.length === 1) return resource[0];
  // A record named after the resource beside the list (`{signature_request: {…}, warnings: […]}` under
  // `/signature_request/{id}`): the reply is that record in an envelope, the list a note beside it.
  if (envelopeField(doc, op, fields) !== undefined) return undefined;
  // One list among a few fields (`{ok, channels, response_metadata}`); a record with a list inside it is not a list
  // reply; nor is a failure's list (failureList) the reply's records.
  const records = lists.filter((n) => !failureList(n));
  if (records.length === 1 && Object.keys(fields).length <= SMALL_OBJECT) return records[0];
  // One list among many fields that say how it pages (`{messages, page, page_size, next_page_uri, …}`), and no id of a
  // record.
  const names = Object.keys(fields);
  if (records.length === 1 && !names.some((n) => ID_FIELD.test(n)) && names.some((n) => PAGING_FIELDS.test(n)))
    return records[0];
  return lists.length ? undefined : (scalarListThatPages(doc, op, fields) ?? namedScalarList(doc, op, fields));
}

/**
 * The one list of scalars of a small reply that has no list of records, named, or its last word named, after what the
 * path asks for (`{articles: ["6556…"], search_query}` under `/search/articles`, `{associated_articles: […]}` under
 * `/user/{id}/articles`): the ids the operation lists. A list named after nothing the path says (a record's `tags`) is
 * one of the reply's fields.
 */
function namedScalarList(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  fields: Record<string, Schema>,
): string | undefined {
  if (Object.keys(fields).length > SMALL_OBJECT) return undefined;
  const scalars = scalarLists(doc, fields);
  const name = scalars.length === 1 ? (scalars[0] as string) : undefined;
  const words = resourceWords(op);
  return name !== undefined && (namesResource(name, words) || namesResource(lastWord(name), words)) ? name : undefined;
}

/** The fields of a reply declared as lists of scalars (texts, numbers, booleans). */
function scalarLists(doc: OpenApiDocument, fields: Record<string, Schema>): string[] {
  return Object.entries(fields)
    .filter(([, schema]) => {
      const flat = safeFlatten(doc, schema);
      const items = flat !== undefined && declaresArray(flat) ? itemsOf(doc, schema) : undefined;
      return items !== undefined && SCALAR_TYPES.includes(typeOf(items) ?? "");
    })
    .map(([name]) => name);
}

/** Whether a field's name, as it is or made singular, is one of the path's words (resourceWords). */
function namesResource(name: string, words: ReadonlySet<string>): boolean {
  return singulars(name).some((w) => words.has(w));
}

/** A name's letters and digits in lower case, as they are and made singular each way English does. */
function singulars(name: string): string[] {
  const word = name.toLowerCase().replace(/[^a-z0-9]/g, "");
  return [word, word.replace(/ies$/, "y"), word.replace(/ves$/, "f"), word.replace(/e?s$/, ""), word.replace(/s$/, "")];
}

/** The last word of a compound name (`articles` of `associated_articles`, `Ids` of `memberIds`). */
function lastWord(name: string): string {
  return (
    name
      .split(/[_\-.]|(?<=[a-z0-9])(?=[A-Z])/)
      .filter(Boolean)
      .at(-1) ?? name
  );
}

/**
 * The one list of scalars of a reply that has no list of records, beside a field saying where its page stopped that
 * the request sends back as where the next starts (`{TableNames: […], LastEvaluatedTableName}`, the request's
 * `ExclusiveStartTableName`), or beside the next page's cursor that the request takes (`{clusterArns: […],
 * nextToken}`, the request's `nextToken`): a page of names, which the paging gathers.
 */
function scalarListThatPages(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  fields: Record<string, Schema>,
): string | undefined {
  const scalars = scalarLists(doc, fields);
  if (scalars.length !== 1) return undefined;
  const reply = { type: "object", properties: fields };
  // Or beside the next page's address a GET follows (`{results: ["/a", …], next, previous, count}`).
  const nextAddress = op.method === "GET" && fieldMatching(doc, reply, NEXT_URL, ["string"]) !== undefined;
  const paged = nextAddress || resumeField(doc, reply, op, () => true) || cursorSentBack(doc, op, fields);
  return paged ? scalars[0] : undefined;
}

/**
 * Whether the reply has a field holding the next page's cursor, found as the paging finds it (fieldMatching), and the
 * request a parameter or field taking it.
 */
function cursorSentBack(doc: OpenApiDocument, op: OpenApiOperation, fields: Record<string, Schema>): boolean {
  if (!fieldMatching(doc, { type: "object", properties: fields }, NEXT_CURSOR, ["string", "integer"])) return false;
  if (op.parameters.some((p) => (p.in === "query" || p.in === "header") && CURSOR_PARAM.test(p.name))) return true;
  const body = op.requestBody?.encoding === "json" ? safeFlatten(doc, op.requestBody.schema) : undefined;
  return Object.keys((body?.properties ?? {}) as Record<string, Schema>).some((name) => CURSOR_PARAM.test(name));
}

/**
 * The words of the operation's path (`/droplets/{id}`, `/top_rated_items`): each segment but a parent collection's, its
 * last word, and their singulars (`droplet`, `item`).
 */
function resourceWords(op: OpenApiOperation): Set<string> {
  // A query the path writes itself (`/search/articles?query={query}`) names no resource.
  const segments = (op.path.split("?")[0] ?? "").split("/").filter(Boolean);
  // A parent collection (`users` in /users/{user_id}/albums) names whose record this one is, not the record: an
  // album's `user` field is its owner, not an envelope. Only variables after it (`/topfeeds/{tag}/{mode}`) choose
  // among its own.
  const parent = (i: number) =>
    segments[i + 1]?.startsWith("{") === true && segments.slice(i + 2).some((s) => !s.startsWith("{"));
  return new Set(
    segments
      .filter((s, i) => !s.startsWith("{") && !parent(i))
      // The whole segment, and its last word, the noun a compound names (`items` of `top_rated_items`, `members` of
      // `listMembers`).
      .flatMap((s) => [s, lastWord(s)])
      .flatMap(singulars),
  );
}

/**
 * A field of hypermedia links (`links: [{rel, href, method}]`, HAL's `_links: {self: {href}, next: {href}}`): named
 * links, a list of objects with an `href` or an object of them. A list of records named so (a link shortener's
 * `links: [{id, long_url}]`) has no `href`, and stays a list.
 */
export function hypermediaField(doc: OpenApiDocument, name: string, schema: Schema): boolean {
  if (!/^_?links$/i.test(name)) return false;
  const flat = safeFlatten(doc, schema);
  if (!flat) return false;
  const hasHref = (s: Schema | undefined) => s !== undefined && Object.hasOwn((s.properties ?? {}) as object, "href");
  if (declaresArray(flat)) return hasHref(itemsOf(doc, schema));
  const values = Object.values((flat.properties ?? {}) as Record<string, Schema>);
  return typeOf(flat) === "object" && values.some((v) => hasHref(safeFlatten(doc, v)));
}

function declaresArray(schema: Schema): boolean {
  return schema.type === "array" || (Array.isArray(schema.type) && schema.type.includes("array"));
}

export function itemsOf(doc: OpenApiDocument, schema: Schema): Schema | undefined {
  const flat = safeFlatten(doc, schema);
  return flat?.items ? safeFlatten(doc, flat.items as Schema) : undefined;
}
