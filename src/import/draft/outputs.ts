// The outputs of a drafted operation, from the body of its success reply
// (the one the linker reads: the lowest 2xx with a JSON body). A list reply
// — a JSON array, or an object holding one list of records beside a few
// fields, as `{data: […], has_more}`, or beside the fields that say how it
// pages, or one level down in an object of a reply that is no record
// (`{meta: {components: […]}}`), or one list of texts named after what the path
// asks for (`{articles: ["6556…"], search_query}` under `/search/articles`) —
// gives `data` (the list) and `metadata.count`; one record in an envelope
// (`{data: {…}}`, `{droplet: {…}}`) gives `data` (the record) and its id; a value in one (`{data: "Posted"}`) gives
// `data` (the value, of its type), never the whole body again; any other object gives `data` (the whole body) and
// `metadata.id` (or `gid`, `uuid`…); the scalar fields beside a list or an envelope, or of
// a small object, become `metadata.<field>`. A field that can hold one value only (`ok:
// true`, `object: "list"`) says nothing and is left out. Which shape a reply
// has is reply-shape.ts's.
import { fieldOf, formatPointer } from "@blockwright/runtime/internal";
import type { ManifestOutcome, ManifestOutput } from "../../load/precompiled/manifest-types.js";
import { camelCase } from "../../model/naming.js";
import { typeOf, type OpenApiDocument, type OpenApiOperation, type Schema } from "../../load/openapi-document.js";
import { safeFlatten } from "./param-schema.js";
import type { ReviewNote } from "../manifest-yaml.js";
import { plainText, shortText } from "../plain-text.js";
import { unmetAnswerFieldsNote } from "./unmet-answer-fields.js";
import { unreadAnswer } from "./unread-answer.js";
import { listOrPage, readFromEither } from "./paging/list-or-page.js";
import { nullableUnionType, scalarUnionKinds } from "../../link/outputs/read-place.js";
import {
  envelopeField,
  holdsOneValue,
  ID_FIELD,
  itemsOf,
  LIST_NAMES,
  listField,
  SCALAR_TYPES,
  valueEnvelope,
  wrappedList,
} from "./reply-shape.js";
import { replyText as replyTextOf } from "./reply-outputs/reply-text.js";
import { type BodyResponse, scalarReply } from "./reply-outputs/scalar-reply.js";
import { markSecretOutputs, secretReplyField } from "./reply-outputs/secret-outputs.js";
import { attributeNames, resourceAttributes } from "./reply-outputs/json-api.js";

type Path = (string | number)[];

/** A success reply that is an object: its answer, its schema, fields and required ones, where its notes go. */
interface ObjectReply {
  response: BodyResponse;
  body: Schema;
  fields: Record<string, Schema>;
  required: ReadonlySet<string>;
  where: Path;
}

/**
 * A record's scalar fields drafted as outputs: all of them up to this many; of a larger one, this many, the useful
 * first (recordFields).
 */
const RECORD_OUTPUTS = 16;

/** Names of a record's fields that say what people look for in it: its name, state, address, amount, times. */
const USEFUL_FIELD = new RegExp(
  "^(name|title|display_?name|full_?name|login|user_?name|email|slug|key|number|status|state|type|" +
    "kind|url|html_?url|web_?url|permalink|link|amount|total|currency|created(_?at|_?on|_?time)?|" +
    "updated(_?at|_?on|_?time)?|modified(_?at)?|date|description|summary)$",
  "i",
);

export interface OutputsDraft {
  outputs: Record<string, ManifestOutput>;
  /** The list the reply carries, when it is a list: where it is in the body, and the schema of its items. */
  list?: { pointer: string[]; items: Schema | undefined };
  /** The reply body's schema (flattened), when it has one. */
  body?: Schema;
  /** Other success answers, read as outcomes (other-answers.ts). */
  outcomes?: Record<string, ManifestOutcome>;
}

export function draftOutputs(doc: OpenApiDocument, op: OpenApiOperation, at: Path, notes: ReviewNote[]): OutputsDraft {
  const answer = doc.bodyResponse(op)?.schema;
  notes.push(...unmetAnswerFieldsNote(doc, answer, [...at, "outputs"]), ...unreadAnswer(op, at));
  const draft = outputsOfBody(doc, op, at, notes);
  markSecretOutputs(doc, answer, draft.outputs, [...at, "outputs"], notes);
  return draft;
}

function outputsOfBody(doc: OpenApiDocument, op: OpenApiOperation, at: Path, notes: ReviewNote[]): OutputsDraft {
  const response = doc.bodyResponse(op);
  const where = [...at, "outputs"];
  if (!response) {
    return {
      outputs: {
        "metadata.status": {
          type: "number",
          from: "$statusCode",
          description: "The HTTP status of the reply (it has no JSON body).",
        },
      },
    };
  }
  const body = safeFlatten(doc, response.schema);
  const type = body ? typeOf(body) : undefined;
  const replyText = replyTextOf(response, body);
  if (!body || (type !== "object" && type !== "array")) {
    // A bare list or a page object holding it (paging/list-or-page.ts): the page's list outputs, read from either.
    const either = body ? listOrPage(doc, op, body) : undefined;
    if (!body || !either)
      return scalarReply(doc, response, body, where, notes, (fields, required, outputs) =>
        scalarOutputs(doc, fields, required, [], () => true, outputs),
      );
    const outputs: Record<string, ManifestOutput> = {};
    const list = listOutputs(doc, either.fields, either.required, [], either.name, outputs);
    return { ...readFromEither(outputs, either, `${response.status}`, body, where, notes), list };
  }
  // `items` without a `type` constrains only a list, and the reply's examples are objects: one of its items.
  const shown = Object.values(response.examples ?? {});
  if (type === "array" && body.type === undefined && shown.length && shown.every((e) => isRecord(e))) {
    notes.push({
      at: where,
      note: "the reply's schema gives items but no type, and its examples are objects: drafted as JSON",
    });
    return { outputs: { data: { type: "json", from: "$response.body", description: replyText } } };
  }
  if (type === "array") {
    return {
      outputs: {
        data: { type: "array", from: "$response.body", description: replyText },
        "metadata.count": {
          type: "number",
          from: "$response.body",
          count: true,
          description: "How many items this reply holds.",
        },
      },
      list: { pointer: [], items: body.items ? safeFlatten(doc, body.items as Schema) : undefined },
      body,
    };
  }
  const fields = (body.properties ?? {}) as Record<string, Schema>;
  const required = new Set(Array.isArray(body.required) ? (body.required as string[]) : []);
  const list = listField(doc, op, fields);
  if (list) {
    const outputs: Record<string, ManifestOutput> = {};
    return { outputs, list: listOutputs(doc, fields, required, [], list, outputs), body };
  }
  const wrapped = wrappedList(doc, op, fields);
  if (wrapped) return wrappedListOutputs(doc, { response, body, fields, required, where }, wrapped, notes);
  const envelope = envelopeField(doc, op, fields) ?? valueEnvelope(doc, fields);
  const inner = envelope ? safeFlatten(doc, fieldOf(fields, envelope)) : undefined;
  if (envelope && inner)
    return envelopeOutputs(doc, { response, body, fields, required, where }, envelope, inner, notes);
  const outputs: Record<string, ManifestOutput> = {
    data: { type: "json", from: "$response.body", description: replyText },
  };
  const kept = recordFields(doc, fields, required);
  scalarOutputs(doc, fields, required, [], (field) => kept.has(field), outputs);
  keptNote(doc, fields, kept, where, notes);
  return { outputs, body };
}

/** The outputs of a reply that keeps its list inside an object of it (wrappedList). */
function wrappedListOutputs(
  doc: OpenApiDocument,
  reply: ObjectReply,
  wrapped: NonNullable<ReturnType<typeof wrappedList>>,
  notes: ReviewNote[],
): OutputsDraft {
  const { response, body, fields, required, where } = reply;
  const outputs: Record<string, ManifestOutput> = {};
  // A list inside an object of the reply (`{status, meta: {components: […], cursor}}`, `{data: {items: […]}}`): the
  // list is the data, the scalars beside it and beside the object the metadata (required only where the object is).
  const { wrapper, list: name, innerFields, innerRequired } = wrapped;
  const found = listOutputs(
    doc,
    innerFields,
    required.has(wrapper[0] ?? "") ? innerRequired : new Set(),
    wrapper,
    name,
    outputs,
  );
  scalarOutputs(doc, fields, required, [], (field) => field !== wrapper[0], outputs);
  notes.push({
    at: where,
    note: `the ${response.status} reply keeps its list in ${[...wrapper, name].join(".")}: data read from there`,
  });
  return { outputs, list: found, body };
}

/** The outputs of one record in an envelope (envelopeField): the record, its fields, the scalars and records beside. */
function envelopeOutputs(
  doc: OpenApiDocument,
  reply: ObjectReply,
  envelope: string,
  inner: Schema,
  notes: ReviewNote[],
): OutputsDraft {
  const { response, body, fields, required, where } = reply;
  const replyText = replyTextOf(response, body);
  const outputs: Record<string, ManifestOutput> = {};
  // One record in an envelope (`{data: {…}}`, `{droplet: {…}}`): the record is the data, its fields the metadata,
  // and the scalars beside it (a request id, a status) too.
  const innerFields = (inner.properties ?? {}) as Record<string, Schema>;
  const innerRequired = new Set(
    required.has(envelope) && Array.isArray(inner.required) ? (inner.required as string[]) : [],
  );
  // A value in the envelope (`{data: "Review posted"}`) is an output of its type, as a field beside it would be.
  const valueType = scalarOutput(doc, inner);
  outputs.data = {
    type: valueType ?? "json",
    from: `$response.body#${formatPointer([envelope])}`,
    ...(required.has(envelope) && !(valueType && doc.mayAnswerNull(fieldOf(fields, envelope)))
      ? {}
      : { optional: true }),
    description: shortText(describe(doc, fieldOf(fields, envelope)) || replyText, 200),
  };
  const kept = recordFields(doc, innerFields, innerRequired);
  scalarOutputs(doc, innerFields, innerRequired, [envelope], (field) => kept.has(field), outputs);
  scalarOutputs(doc, fields, required, [], (field) => field !== envelope, outputs);
  // A JSON:API resource keeps what a user wants one level down, in its attributes: outputs named as they are read.
  const attrs = resourceAttributes(doc, inner, required.has(envelope), response.mediaType);
  const keptAttrs = attrs ? recordFields(doc, attrs.fields, attrs.required) : new Set<string>();
  if (attrs) {
    const named = attributeNames(attrs.fields, outputs);
    scalarOutputs(doc, attrs.fields, attrs.required, [envelope, "attributes"], (f) => keptAttrs.has(f), outputs, named);
  }
  // A record beside the one the reply wraps (the commit beside a file's content): an output of its own, not dropped.
  const siblings = siblingRecords(doc, fields, envelope);
  for (const field of siblings) {
    outputs[outputName(field, outputs)] = {
      type: "json",
      from: `$response.body#${formatPointer([field])}`,
      ...(required.has(field) && !doc.mayAnswerNull(fieldOf(fields, field)) ? {} : { optional: true }),
      description: shortText(describe(doc, fieldOf(fields, field)) || `The reply's ${field}.`, 200),
    };
  }
  const many = siblings.length > 1;
  const besideNote = siblings.length
    ? `; the record${many ? "s" : ""} beside it (${siblings.join(", ")}) drafted as ` +
      `${many ? "outputs" : "an output"} of ${many ? "their" : "its"} own`
    : "";
  notes.push({
    at: where,
    note:
      `the ${response.status} reply wraps its ${inner.properties ? "record" : "value"} in ${envelope}: ` +
      `outputs read from inside it${attrs ? `, its attributes (JSON:API) as outputs of their own` : ""}${besideNote}`,
  });
  keptNote(doc, innerFields, kept, where, notes);
  if (attrs) keptNote(doc, attrs.fields, keptAttrs, where, notes);
  return { outputs, body };
}

/**
 * The scalar type of a union of one scalar kind and null (3.1's nullable: link/outputs.ts nullableUnionType); none
 * otherwise (an output has one type, and `json` is an object or a list, never a bare scalar).
 */
function scalarUnion(doc: OpenApiDocument, flat: Schema): string | undefined {
  const t = nullableUnionType(doc, flat);
  return t !== undefined && SCALAR_TYPES.includes(t) ? t : undefined;
}

/** The output type of a scalar value: its own (a number for an integer), `json` for one of several scalar kinds. */
function scalarOutput(doc: OpenApiDocument, flat: Schema): ManifestOutput["type"] | undefined {
  if (scalarUnionKinds(doc, flat)) return "json";
  const t = typeOf(flat) ?? scalarUnion(doc, flat);
  if (!t || !SCALAR_TYPES.includes(t)) return undefined;
  return t === "integer" ? "number" : (t as "string" | "number" | "boolean");
}

/** The scalar fields of a record, each telling something (not one value only). */
function scalarFields(doc: OpenApiDocument, fields: Record<string, Schema>): string[] {
  return Object.keys(fields).filter((field) => {
    const flat = safeFlatten(doc, fieldOf(fields, field));
    const t = flat ? typeOf(flat) : undefined;
    if (flat === undefined) return false;
    const scalar =
      (t !== undefined && SCALAR_TYPES.includes(t)) ||
      (t === undefined && scalarUnion(doc, flat) !== undefined) ||
      scalarUnionKinds(doc, flat) !== undefined;
    return scalar && !holdsOneValue(flat);
  });
}

/**
 * The scalar fields of a record drafted as outputs: every one, up to RECORD_OUTPUTS; of a larger record, its id,
 * then those whose names say what people look for (USEFUL_FIELD), then those the spec promises, in the document's
 * order, up to RECORD_OUTPUTS. The rest stay in `data`.
 */
function recordFields(
  doc: OpenApiDocument,
  fields: Record<string, Schema>,
  required: ReadonlySet<string>,
): Set<string> {
  const scalars = scalarFields(doc, fields);
  if (scalars.length <= RECORD_OUTPUTS) return new Set(scalars);
  // A secret the reply hands out (a created key) first: read from `data` alone, no output would withhold it.
  const rank = (field: string) =>
    secretReplyField(doc, field, fields) || ID_FIELD.test(field)
      ? 0
      : USEFUL_FIELD.test(field)
        ? 1
        : required.has(field)
          ? 2
          : 3;
  return new Set(
    scalars
      .map((field, i) => ({ field, i }))
      .sort((a, b) => rank(a.field) - rank(b.field) || a.i - b.i)
      .slice(0, RECORD_OUTPUTS)
      .map((x) => x.field),
  );
}

/** The note on a record whose scalar fields were not all drafted: which were, and that `data` holds the rest. */
function keptNote(
  doc: OpenApiDocument,
  fields: Record<string, Schema>,
  kept: ReadonlySet<string>,
  where: Path,
  notes: ReviewNote[],
): void {
  const scalars = scalarFields(doc, fields);
  if (scalars.length <= kept.size) return;
  notes.push({
    at: where,
    note:
      `the record has ${scalars.length} scalar fields: ${kept.size} drafted as outputs (its id, those whose names ` +
      `say what people look for, those the spec promises), the other ${scalars.length - kept.size} read through ` +
      "data; add the ones a workflow needs",
  });
}

/** The object fields beside a reply's envelope (`commit` beside `content`): records of their own, with fields. */
function siblingRecords(doc: OpenApiDocument, fields: Record<string, Schema>, envelope: string): string[] {
  return Object.keys(fields).filter((field) => {
    if (field === envelope) return false;
    const flat = safeFlatten(doc, fieldOf(fields, field));
    return flat !== undefined && typeOf(flat) === "object" && Object.keys((flat.properties ?? {}) as object).length > 0;
  });
}

/**
 * `data` (the list `name` of the object at `prefix` of the reply, whose fields and required ones are given),
 * `metadata.count`, and the scalars beside the list; where the list is, and its items' schema.
 */
function listOutputs(
  doc: OpenApiDocument,
  fields: Record<string, Schema>,
  required: ReadonlySet<string>,
  prefix: string[],
  name: string,
  outputs: Record<string, ManifestOutput>,
): NonNullable<OutputsDraft["list"]> {
  const pointer = [...prefix, name];
  outputs.data = {
    type: "array",
    from: `$response.body#${formatPointer(pointer)}`,
    ...(required.has(name) ? {} : { default: [] }),
    description: shortText(describe(doc, fieldOf(fields, name)) || `The ${listNoun(name)} of this reply.`, 200),
  };
  outputs["metadata.count"] = {
    type: "number",
    from: `$response.body#${formatPointer(pointer)}`,
    count: true,
    description: `How many ${listNoun(name)} this reply holds.`,
  };
  scalarOutputs(doc, fields, required, prefix, (field) => field !== name, outputs, totalNamed(doc, fields, name));
  return { pointer, items: itemsOf(doc, fieldOf(fields, name)) };
}

/** What a list field holds, in words: its own name, or "items" where named as a reply's list ("How many data…"). */
function listNoun(name: string): string {
  return LIST_NAMES.test(name) ? "items" : name;
}

/** `metadata.<field>` for each scalar field of an object at `prefix` of the reply that `keep` keeps. */
function scalarOutputs(
  doc: OpenApiDocument,
  fields: Record<string, Schema>,
  required: ReadonlySet<string>,
  prefix: string[],
  keep: (field: string) => boolean,
  outputs: Record<string, ManifestOutput>,
  named: Record<string, { name: string; text: string }> = {},
): void {
  for (const [field, schema] of Object.entries(fields)) {
    if (!keep(field)) continue;
    const flat = safeFlatten(doc, schema);
    // A value of several scalar kinds (an id or a name) is a json output, typed as the union; one of one scalar kind
    // and null (3.1's nullable) is that kind.
    const kinds = flat ? scalarUnionKinds(doc, flat) : undefined;
    const type = flat ? scalarOutput(doc, flat) : undefined;
    if (!flat || !type) continue;
    if (holdsOneValue(flat)) continue; // always the same value
    // A field written only (a password, a token sent to activate) is never in an answer, required or not (OpenAPI: its
    // `required` holds for requests only).
    if (flat.writeOnly === true || (schema as { writeOnly?: unknown }).writeOnly === true) continue;
    const given = Object.hasOwn(named, field) ? named[field] : undefined;
    const own = given && !(given.name in outputs) ? given : undefined;
    const name = own?.name ?? outputName(field, outputs);
    const text = describe(doc, schema) || own?.text || `The reply's ${field}.`;
    outputs[name] = {
      type,
      from: `$response.body#${formatPointer([...prefix, field])}`,
      // A field the spec requires but lets be null (a cursor on the last page) is no value promised: optional.
      ...(required.has(field) && !doc.mayAnswerNull(schema) ? {} : { optional: true }),
      description: kinds
        ? `${shortText(text, 160)} (${kinds.map((k) => `a ${k}`).join(" or ")})`
        : shortText(text, 200),
    };
  }
}

function describe(doc: OpenApiDocument, schema: Schema): string {
  const flat = safeFlatten(doc, schema);
  const text = (schema as { description?: unknown }).description ?? flat?.description ?? flat?.title;
  // Markup alone (`<p/>`) says nothing: plain, it is empty, which a manifest refuses; the caller's fallback then.
  return typeof text === "string" && plainText(text).trim() ? text : "";
}

/**
 * A number the reply calls its count beside the list `list` (Django REST framework's paged `{count, next, previous,
 * results}`): the total across pages, as the page's own is `metadata.count` (the list's length). Named for what it is,
 * `metadata.total` (`metadata.totalCount` where the reply has a `total` of its own), not `metadata.count2`.
 */
function totalNamed(
  doc: OpenApiDocument,
  fields: Record<string, Schema>,
  list: string,
): Record<string, { name: string; text: string }> {
  const field = Object.keys(fields).find((f) => f !== list && camelCase(f) === "count");
  const t = field === undefined ? undefined : typeOf(safeFlatten(doc, fieldOf(fields, field)) ?? {});
  if (field === undefined || (t !== "integer" && t !== "number")) return {};
  const own = new Set(Object.keys(fields).map((f) => camelCase(f)));
  const name = ["total", "totalCount"].find((n) => !own.has(n));
  if (!name) return {};
  return { [field]: { name: `metadata.${name}`, text: `How many ${list} there are in all, across the pages.` } };
}

/** `metadata.<field in camelCase>`, unique among the outputs. */
export function outputName(field: string, taken: Record<string, unknown>): string {
  let base = camelCase(field) || "value";
  if (!/^[A-Za-z_]/.test(base)) base = `f${base}`;
  let name = `metadata.${base}`;
  for (let i = 2; name in taken; i++) name = `metadata.${base}${i}`;
  return name;
}

const isRecord = (value: unknown): boolean => value !== null && typeof value === "object" && !Array.isArray(value);
