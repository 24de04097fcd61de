// The outputs of a drafted operation, from the body of its success reply
// (the one the linker reads: the lowest 2xx with a JSON body). A list reply
// — a JSON array, or an object holding one list of records beside a few
// fields, as `{data: […], has_more}`, or beside the fields that say how it
// pages, or one level down in an object of a reply that is no record
// (`{meta: {components: […]}}`) — gives `data` (the list) and `metadata.count`; one record in an
// envelope (`{data: {…}}`, `{droplet: {…}}`) gives `data` (the record) and
// its id; any other object gives `data` (the whole body) and `metadata.id`
// (or `gid`, `uuid`…); the scalar fields beside a list or an envelope, or of
// a small object, become `metadata.<field>`. A field that can hold one value only (`ok:
// true`, `object: "list"`) says nothing and is left out.
import { fieldOf, formatPointer } from "@blockwright/runtime/internal";
import type { ManifestOutput } from "../../load/precompiled/manifest-types.js";
import { camelCase } from "../../model/naming.js";
import {
  unionOf,
  typeOf,
  type OpenApiDocument,
  type OpenApiOperation,
  type Schema,
} from "../../load/openapi-document.js";
import { safeFlatten } from "./param-schema.js";
import type { ReviewNote } from "../manifest-yaml.js";
import { shortText } from "../plain-text.js";
import { nullableUnionType, scalarUnionKinds } from "../../link/outputs/outputs.js";

type Path = (string | number)[];

/** Names a list of records goes by in a reply. */
const LIST_NAMES =
  /^(data|items|result|results|records|entries|values|list|elements|objects|members|hits|rows|nodes)$/i;

/** Names an envelope around one record goes by (beside one named after the resource). */
const ENVELOPE_NAMES = ["data", "result"];

/** Fields that say how a list pages: beside one list, they make a reply a list reply. */
const PAGING_FIELDS = new RegExp(
  "^(next|prev|previous|first|last)([_-]?(page|cursor|token|url|uri|link|href))*$|^(page|page_?size|" +
    "per_?page|cursor|has_?more|total|total_?count|offset|limit|links|meta|paging|pagination)$",
  "i",
);

/** The field naming a record (`id`, and as some APIs write it: `gid`, `uuid`, `sid`, `_id`). */
const ID_FIELD = /^(id|gid|uuid|sid|_id)$/i;

/** The JSON Schema types of a scalar value. */
const SCALAR_TYPES = ["string", "integer", "number", "boolean"];

/** A field that can hold one value only (`ok: true`, `status: 200`): it says nothing of the reply. */
const holdsOneValue = (schema: Schema) => Array.isArray(schema.enum) && schema.enum.length === 1;

/**
 * An object with at most this many fields counts as small where a reply's shape is judged (a list among a few fields).
 */
const SMALL_OBJECT = 6;

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
}

export function draftOutputs(doc: OpenApiDocument, op: OpenApiOperation, at: Path, notes: ReviewNote[]): OutputsDraft {
  const draft = outputsOfBody(doc, op, at, notes);
  const response = doc.bodyResponse(op);
  // Another success answer without a body (Sentry's 208 Already Reported beside its 201, a 204 beside a 200): the
  // body's outputs may be absent, and the status says which answer came.
  const bodiless = op.responses
    .filter((r) => /^2\d\d$/.test(r.status) && !r.schema && !r.mediaTypes.length)
    .map((r) => r.status);
  if (!response || !bodiless.length) return draft;
  for (const output of Object.values(draft.outputs)) if (!("default" in output)) output.optional = true;
  let status = Object.entries(draft.outputs).find(([, o]) => o.from === "$statusCode")?.[0];
  if (!status) {
    status = outputName("status", draft.outputs);
    draft.outputs[status] = {
      type: "number",
      from: "$statusCode",
      description: `The HTTP status of the reply: ${[response.status, ...bodiless].join(" or ")}.`,
    };
  }
  const replies = `${bodiless.join(" and ")} ${bodiless.length > 1 ? "replies have" : "reply has"}`;
  notes.push({
    at: [...at, "outputs"],
    note:
      `the ${replies} no body: every output read from the ${response.status} body is optional, and ${status} tells ` +
      "them apart",
  });
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
  const replyText = shortText(response.description || "The reply body.", 200);
  if (!body || (type !== "object" && type !== "array")) {
    const variants = body ? unionOf(body) : undefined;
    // A reply that is one scalar (a string of the file's text, a count) is an output of its type.
    const scalar =
      type === "string" || type === "boolean" ? type : type === "number" || type === "integer" ? "number" : undefined;
    const data: ManifestOutput = { type: scalar ?? "json", from: "$response.body", description: replyText };
    if (!body || !variants) return { outputs: { data }, ...(body ? { body } : {}) };
    // A record of one of several kinds (a customer, or a deleted one): the id they all carry, read through the union.
    const idInAll = variants.every((v) => typeOf(doc.schemaAt(v, ["id"])) === "string");
    const kinds = `${body.anyOf ? "anyOf" : "oneOf"}: ${variants.map((v, i) => doc.variantLabel(v, i)).join(", ")}`;
    notes.push({
      at: where,
      note:
        `the ${response.status} reply is one of several shapes (${kinds}): ` +
        `${idInAll ? "data and the id they all carry" : "only data"} drafted; an output only some carry is absent ` +
        "from the others",
    });
    return {
      outputs: {
        data,
        ...(idInAll
          ? {
              "metadata.id": {
                type: "string",
                from: "$response.body#/id",
                description: "The id of the reply's record.",
              },
            }
          : {}),
      },
      body,
    };
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
  const outputs: Record<string, ManifestOutput> = {};
  const list = listField(doc, op, fields);
  if (list) return { outputs, list: listOutputs(doc, fields, required, [], list, outputs), body };
  const wrapped = wrappedList(doc, op, fields);
  if (wrapped) {
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
  const envelope = envelopeField(doc, op, fields);
  const inner = envelope ? safeFlatten(doc, fieldOf(fields, envelope)) : undefined;
  if (envelope && inner) {
    // One record in an envelope (`{data: {…}}`, `{droplet: {…}}`): the record is the data, its fields the metadata,
    // and the scalars beside it (a request id, a status) too.
    const innerFields = (inner.properties ?? {}) as Record<string, Schema>;
    const innerRequired = new Set(
      required.has(envelope) && Array.isArray(inner.required) ? (inner.required as string[]) : [],
    );
    outputs.data = {
      type: "json",
      from: `$response.body#${formatPointer([envelope])}`,
      ...(required.has(envelope) ? {} : { optional: true }),
      description: shortText(describe(doc, fieldOf(fields, envelope)) || replyText, 200),
    };
    const kept = recordFields(doc, innerFields, innerRequired);
    scalarOutputs(doc, innerFields, innerRequired, [envelope], (field) => kept.has(field), outputs);
    scalarOutputs(doc, fields, required, [], (field) => field !== envelope, outputs);
    // A record beside the one the reply wraps (the commit beside a file's content): an output of its own, not dropped.
    const siblings = siblingRecords(doc, fields, envelope);
    for (const field of siblings) {
      outputs[outputName(field, outputs)] = {
        type: "json",
        from: `$response.body#${formatPointer([field])}`,
        ...(required.has(field) && !doc.admitsNull(fieldOf(fields, field)) ? {} : { optional: true }),
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
      note: `the ${response.status} reply wraps its record in ${envelope}: outputs read from inside it${besideNote}`,
    });
    keptNote(doc, innerFields, kept, where, notes);
    return { outputs, body };
  }
  outputs.data = { type: "json", from: "$response.body", description: replyText };
  const kept = recordFields(doc, fields, required);
  scalarOutputs(doc, fields, required, [], (field) => kept.has(field), outputs);
  keptNote(doc, fields, kept, where, notes);
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
  const rank = (field: string) =>
    ID_FIELD.test(field) ? 0 : USEFUL_FIELD.test(field) ? 1 : required.has(field) ? 2 : 3;
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
    description: shortText(describe(doc, fieldOf(fields, name)) || `The ${name} of this reply.`, 200),
  };
  outputs["metadata.count"] = {
    type: "number",
    from: `$response.body#${formatPointer(pointer)}`,
    count: true,
    description: `How many ${name} this reply holds.`,
  };
  scalarOutputs(doc, fields, required, prefix, (field) => field !== name, outputs);
  return { pointer, items: itemsOf(doc, fieldOf(fields, name)) };
}

/** `metadata.<field>` for each scalar field of an object at `prefix` of the reply that `keep` keeps. */
function scalarOutputs(
  doc: OpenApiDocument,
  fields: Record<string, Schema>,
  required: ReadonlySet<string>,
  prefix: string[],
  keep: (field: string) => boolean,
  outputs: Record<string, ManifestOutput>,
): void {
  for (const [field, schema] of Object.entries(fields)) {
    if (!keep(field)) continue;
    const flat = safeFlatten(doc, schema);
    // A value of several scalar kinds (an id or a name) is a json output, typed as the union; one of one scalar kind
    // and null (3.1's nullable) is that kind.
    const kinds = flat ? scalarUnionKinds(doc, flat) : undefined;
    const t = flat ? (typeOf(flat) ?? scalarUnion(doc, flat)) : undefined;
    if (!flat || (!kinds && (!t || !SCALAR_TYPES.includes(t)))) continue;
    if (holdsOneValue(flat)) continue; // always the same value
    const name = outputName(field, outputs);
    const text = describe(doc, schema) || `The reply's ${field}.`;
    outputs[name] = {
      type: kinds ? "json" : t === "integer" ? "number" : (t as "string" | "number" | "boolean"),
      from: `$response.body#${formatPointer([...prefix, field])}`,
      // A field the spec requires but lets be null (a cursor on the last page) is no value promised: optional.
      ...(required.has(field) && !doc.admitsNull(schema) ? {} : { optional: true }),
      description: kinds
        ? `${shortText(text, 160)} (${kinds.map((k) => `a ${k}`).join(" or ")})`
        : shortText(text, 200),
    };
  }
}

/**
 * The field of a reply object that wraps its one record: `data`, or a field
 * named after the resource the path names (`droplet` under `/droplets/{id}`),
 * or the only field there is — an object itself, beside no `id` of the reply's
 * own (a record with a `data` field is a record).
 */
function envelopeField(doc: OpenApiDocument, op: OpenApiOperation, fields: Record<string, Schema>): string | undefined {
  const names = Object.keys(fields);
  if (names.some((n) => ID_FIELD.test(n))) return undefined;
  const records = names.filter((name) => {
    const flat = safeFlatten(doc, fieldOf(fields, name));
    return flat !== undefined && typeOf(flat) === "object" && Object.keys((flat.properties ?? {}) as object).length > 0;
  });
  const named = ENVELOPE_NAMES.filter((n) => records.includes(n));
  if (named.length === 1) return named[0];
  if (names.length === 1 && records.length === 1) return records[0];
  const resources = resourceWords(op);
  const resource = records.filter((name) => resources.has(name.toLowerCase().replace(/[^a-z0-9]/g, "")));
  return resource.length === 1 ? resource[0] : undefined;
}

/**
 * A list of records inside an object of a reply that is no record itself, or inside an object of that one
 * (`{message: {header: {…}, body: {track_list: […]}}}`): the one object field whose own fields make a list reply
 * by listField's rules, or hold such an object in turn, and hold no id of a record, in a reply whose scalars say
 * nothing of a record (an id, or any scalar but one that holds one value only or says how the list pages: a
 * payment's answer with its reference and a list of checks inside is a record). `wrapper` is the path to the
 * object holding the list; `innerRequired` its required fields where every object on the way is required.
 */
function wrappedList(
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
function listField(doc: OpenApiDocument, op: OpenApiOperation, fields: Record<string, Schema>): string | undefined {
  const lists = Object.entries(fields)
    .filter(([, schema]) => {
      const flat = safeFlatten(doc, schema);
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
  const resource = lists.filter((n) => {
    const word = n.toLowerCase().replace(/[^a-z0-9]/g, "");
    return [
      word,
      word.replace(/ies$/, "y"),
      word.replace(/ves$/, "f"),
      word.replace(/e?s$/, ""),
      word.replace(/s$/, ""),
    ].some((w) => words.has(w));
  });
  if (resource.length === 1) return resource[0];
  // A record named after the resource beside the list (`{signature_request: {…}, warnings: […]}` under
  // `/signature_request/{id}`): the reply is that record in an envelope, the list a note beside it.
  if (envelopeField(doc, op, fields) !== undefined) return undefined;
  // One list among a few fields (`{ok, channels, response_metadata}`); a record with a list inside it is not a list
  // reply.
  if (lists.length === 1 && Object.keys(fields).length <= SMALL_OBJECT) return lists[0];
  // One list among many fields that say how it pages (`{messages, page, page_size, next_page_uri, …}`), and no id of a
  // record.
  const names = Object.keys(fields);
  if (lists.length === 1 && !names.some((n) => ID_FIELD.test(n)) && names.some((n) => PAGING_FIELDS.test(n)))
    return lists[0];
  return undefined;
}

/**
 * The words of the operation's path (`/droplets/{id}`, `/top_rated_items`): each segment but a parent collection's, its
 * last word, and their singulars (`droplet`, `item`).
 */
function resourceWords(op: OpenApiOperation): Set<string> {
  const segments = op.path.split("/").filter(Boolean);
  // A parent collection (`users` in /users/{user_id}/albums) names whose record this one is, not the record: an
  // album's `user` field is its owner, not an envelope.
  const parent = (i: number) => segments[i + 1]?.startsWith("{") === true && i + 2 < segments.length;
  return new Set(
    segments
      .filter((s, i) => !s.startsWith("{") && !parent(i))
      // The whole segment, and its last word, the noun a compound names (`items` of `top_rated_items`, `members` of
      // `listMembers`).
      .flatMap((s) => [
        s,
        s
          .split(/[_\-.]|(?<=[a-z0-9])(?=[A-Z])/)
          .filter(Boolean)
          .at(-1) ?? s,
      ])
      .flatMap((s) => {
        const word = s.toLowerCase().replace(/[^a-z0-9]/g, "");
        return [
          word,
          word.replace(/ies$/, "y"),
          word.replace(/ves$/, "f"),
          word.replace(/e?s$/, ""),
          word.replace(/s$/, ""),
        ];
      }),
  );
}

function declaresArray(schema: Schema): boolean {
  return schema.type === "array" || (Array.isArray(schema.type) && schema.type.includes("array"));
}

function itemsOf(doc: OpenApiDocument, schema: Schema): Schema | undefined {
  const flat = safeFlatten(doc, schema);
  return flat?.items ? safeFlatten(doc, flat.items as Schema) : undefined;
}

function describe(doc: OpenApiDocument, schema: Schema): string {
  const flat = safeFlatten(doc, schema);
  const text = (schema as { description?: unknown }).description ?? flat?.description ?? flat?.title;
  return typeof text === "string" ? text : "";
}

/** `metadata.<field in camelCase>`, unique among the outputs. */
export function outputName(field: string, taken: Record<string, unknown>): string {
  let base = camelCase(field) || "value";
  if (!/^[A-Za-z_]/.test(base)) base = `f${base}`;
  let name = `metadata.${base}`;
  for (let i = 2; name in taken; i++) name = `metadata.${base}${i}`;
  return name;
}
