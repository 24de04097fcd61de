// Resources recognised from a document's paths and methods, for the stateful
// mock (mock-state.ts): a collection path `P` whose POST creates and an item
// path `P/{x}` whose GET reads one record are a resource; GET `P` lists it,
// PATCH or PUT `P/{x}` updates a record (both, where it has both: each its own
// reading, requests/patched.ts) and DELETE `P/{x}` removes it, where
// the document has them. A record's id is the field of the read answer that
// the path parameter names (`{orderId}` → `orderId`, else `id`, else a field
// spelt as the parameter in another case); a read answer that holds the record
// under one property (`{data: {...}}`) is an envelope, and that property is
// where the record sits in every answer that has it; the create's record (under
// the same envelope) is the read's, at least half of their fields alike. Paths that do not line up
// so (an RPC-style API: `POST /quote`) are no resource, and keep their
// realistic answers.
import { isValueFormat, matchesFormat } from "@blockwright/runtime/internal";
import { withoutAlikeMark } from "../load/operation-index.js";
import { putReplaces, readOnlyFieldsOf } from "./requests/put-replaces.js";

type Node = Record<string, unknown>;

/**
 * What each method of a resource's paths does. `put`: a PUT of the item where a PATCH is its `update`, an update too,
 * read as a PUT is (`Resource.putReplaces`).
 */
export type Role = "create" | "list" | "read" | "update" | "put" | "delete";

export interface Resource {
  /** The collection's path in the document (`/orders`). */
  collection: string;
  /** The item's path in the document (`/orders/{orderId}`). */
  item: string;
  /** The path parameter naming a record. */
  idParam: string;
  /** The record's field holding its id. */
  idField: string;
  /** The property of the read answer the record sits under, when the answer is an envelope. */
  envelope?: string;
  /**
   * Whether the create's answer declares the record's id field (a create may answer nothing, or a receipt) of a type
   * the read's answer gives it too: an id the create answers as text and the read as a number is no one value a
   * record holds, so no record the mock keeps fits both answers.
   */
  madeId: boolean;
  /** The methods (upper case) the document gives each role. */
  methods: Partial<Record<Role, string>>;
  /**
   * Where a PUT of the item replaces the record (its body requires the whole record: requests/put-replaces.ts), the
   * fields a replacement keeps as they were, which the server sets: the id and the read's readOnly fields.
   */
  putReplaces?: { kept: string[] };
}

/** The resources of a document (as served: its paths as the mock's operations name them). */
export function resourcesOf(document: Node): Resource[] {
  const paths = isNode(document.paths) ? document.paths : {};
  const found: Resource[] = [];
  // The paths of one item (`/things/{id}`) by the path of their collection (`/things`), in the document's order: each
  // collection looked up, where a pattern made for each pair of paths took minutes on a whole published API.
  const itemsOf = new Map<string, [string, string][]>();
  for (const itemPath of Object.keys(paths)) {
    // An item path served apart from one alike it (`/things/{id}/~@id`, mock-document.ts) is still the item's.
    const parts = /^(.*)\/\{([^{}/]+)\}$/.exec(withoutAlikeMark(itemPath));
    if (!parts) continue;
    const [, parent = "", idParam = ""] = parts;
    const siblings = itemsOf.get(parent) ?? [];
    siblings.push([itemPath, idParam]);
    itemsOf.set(parent, siblings);
  }
  for (const [collection, raw] of Object.entries(paths)) {
    const item = isNode(raw) ? raw : undefined;
    if (!item || !isNode(item.post)) continue;
    for (const [itemPath, idParam] of itemsOf.get(collection.replace(/\/+$/, "")) ?? []) {
      const rawItem = paths[itemPath];
      if (!isNode(rawItem) || !isNode(rawItem.get)) continue;
      const record = recordOf(document, rawItem.get, idParam);
      if (!record || !sameThing(document, item.post, rawItem.get, record.envelope)) continue;
      const methods: Partial<Record<Role, string>> = { create: "POST", read: "GET" };
      if (isNode(item.get) && listsRecords(document, item.get, record.idField)) methods.list = "GET";
      if (isNode(rawItem.patch)) methods.update = "PATCH";
      if (isNode(rawItem.put)) methods[methods.update ? "put" : "update"] = "PUT";
      if (isNode(rawItem.delete)) methods.delete = "DELETE";
      const made = madeRecord(document, item.post, record.envelope);
      const read = madeRecord(document, rawItem.get, record.envelope);
      const madeId = record.idField in made && typesMeet(document, made[record.idField], read[record.idField]);
      const answered = answerSchema(document, rawItem.get);
      const readSchema = record.envelope === undefined ? answered : propertiesOf(document, answered)[record.envelope];
      const replaces = isNode(rawItem.put) && putReplaces(document, rawItem.put, readSchema, read, record.idField);
      const kept = replaces ? [...new Set([record.idField, ...readOnlyFieldsOf(document, read)])] : [];
      found.push({
        collection,
        item: itemPath,
        idParam,
        ...record,
        madeId,
        methods,
        ...(replaces ? { putReplaces: { kept } } : {}),
      });
    }
  }
  return found;
}

/**
 * Whether what the create answers is the thing the read answers, where both answer objects: at least half of the
 * fields either record names are named by both (a create answering a checkout session, a read answering its result,
 * share only `id`: no resource). The records are compared, not their envelopes: a create answering
 * `{response: {id, message}}` (a receipt) and a read `{response: {id, status, url, …}}` share the envelope's fields
 * only.
 */
function sameThing(document: Node, create: Node, read: Node, envelope: string | undefined): boolean {
  const made = Object.keys(madeRecord(document, create, envelope));
  const answered = propertiesOf(document, answerSchema(document, read));
  const got = Object.keys(envelope === undefined ? answered : propertiesOf(document, answered[envelope]));
  if (!made.length || !got.length) return true;
  const both = made.filter((name) => got.includes(name)).length;
  return both * 2 >= new Set([...made, ...got]).size;
}

/** The fields of the record the create answers: under the read's envelope where the create's answer has it too. */
function madeRecord(document: Node, create: Node, envelope: string | undefined): Node {
  const own = propertiesOf(document, answerSchema(document, create));
  return envelope !== undefined && Object.hasOwn(own, envelope) ? propertiesOf(document, own[envelope]) : own;
}

/**
 * The values the create's answer fixes each field of its record to (its `enum`, or `const`), by field; a field it
 * leaves open is absent. Such a field is the record's own (JSON:API's resource `type: {enum: [share]}` beside the
 * request's `type: shared_folder`, which the record keeps in its `attributes`): a value sent under its name that it
 * does not list is not echoed there, and the stateful mock keeps the record valid (mock-state.ts `merged`).
 */
export function fixedFieldsOf(document: Node, resource: Resource): Record<string, unknown[]> {
  const item = isNode(document.paths) ? document.paths[resource.collection] : undefined;
  const create = isNode(item) && isNode(item.post) ? item.post : undefined;
  if (!create) return {};
  const fixed: Record<string, unknown[]> = {};
  for (const [name, raw] of Object.entries(madeRecord(document, create, resource.envelope))) {
    const schema = deref(document, raw);
    if (!isNode(schema)) continue;
    const listed = Array.isArray(schema.enum) ? schema.enum : "const" in schema ? [schema.const] : undefined;
    if (listed) fixed[name] = listed;
  }
  return fixed;
}

/**
 * Whether the read's record can hold `value` in field `name`. A field declaring only numbers or booleans holds such a
 * value, or a text spelling one (a form's); any other value the get cannot read back, so the stateful mock keeps one
 * of its own there (a role sent by name, `oneOf: [integer, text]`, read back as its id, `type: integer`), as it does
 * for a text not of the field's format or outside its length or pattern (a country sent as any text, read back in two
 * letters), and for a text, number or boolean sent to a field that is a list only (a form's comma-separated tags, read
 * back as a list of them; a team's id, read back as the list of teams), or to an object that declares no field. A
 * field of no declared type, a union, a text, an object or a list holds what is sent as far as this tells.
 */
export function readHolds(document: Node, resource: Resource, name: string, value: unknown): boolean {
  const item = isNode(document.paths) ? document.paths[resource.item] : undefined;
  const read = isNode(item) && isNode(item.get) ? item.get : undefined;
  const field = read ? deref(document, madeRecord(document, read, resource.envelope)[name]) : undefined;
  const type = isNode(field) ? field.type : undefined;
  const types = (Array.isArray(type) ? type : typeof type === "string" ? [type] : []).map((t) =>
    t === "integer" ? "number" : t,
  );
  // A text of a format the read declares and the text sent is not of (a URL field given "example"): the mock makes one
  // of its own there, as the answer's schema asks.
  const format = isNode(field) ? field.format : undefined;
  if (typeof value === "string" && typeof format === "string" && isValueFormat(format) && types.join() === "string")
    return matchesFormat(format, value);
  // A list holds no single value (the mock keeps a value only where the record stays valid: mock-state.ts `merged`).
  const scalar = value !== null && typeof value !== "object";
  if (scalar && types.length > 0 && types.every((t) => t === "array" || t === "null")) return false;
  if (typeof value === "string" && types.length > 0 && types.every((t) => t === "string" || t === "null"))
    return textFits(field as Node, value);
  // An object of no declared field (`dueDate: {type: object}`, a generator's Date) holds no text, number or boolean
  // sent: no record's field there can name it, and the mock keeps its own object (Maesn's invoices).
  const bare = isNode(field) && !isNode(field.properties) && field.additionalProperties === undefined;
  if (scalar && bare && types.length > 0 && types.every((t) => t === "object" || t === "null")) return false;
  // (An object or list may be the record a text sent names, expanded; a text holds a number or boolean spelt.)
  const open = !types.length || types.some((t) => t === "object" || t === "array" || t === "string");
  if (open || value === null || typeof value === "object" || types.includes(typeof value)) return true;
  const text = String(value);
  return (
    typeof value === "string" &&
    ((types.includes("number") && text.trim() !== "" && Number.isFinite(Number(text))) ||
      (types.includes("boolean") && (text === "true" || text === "false")))
  );
}

/** Whether a text keeps a field's length bounds (in code points, as JSON Schema counts) and its pattern. */
function textFits(field: Node, text: string): boolean {
  const length = [...text].length;
  if (typeof field.maxLength === "number" && length > field.maxLength) return false;
  if (typeof field.minLength === "number" && length < field.minLength) return false;
  if (typeof field.pattern !== "string") return true;
  try {
    return new RegExp(field.pattern, "u").test(text);
  } catch {
    return true; // a pattern JavaScript cannot read: the mock's validator tells, not this
  }
}

/** Whether two fields' schemas can hold one value: they share a JSON type (integer a number), or one declares none. */
function typesMeet(document: Node, a: unknown, b: unknown): boolean {
  const typesOf = (raw: unknown) => {
    const type = (deref(document, raw) as Node | undefined)?.type;
    const list = Array.isArray(type) ? type : typeof type === "string" ? [type] : [];
    return list.map((t) => (t === "integer" ? "number" : t));
  };
  const [x, y] = [typesOf(a), typesOf(b)];
  return !x.length || !y.length || x.some((t) => y.includes(t));
}

/** Where a read answer's record is and which field is its id; undefined where no field can hold the id. */
function recordOf(
  document: Node,
  operation: Node,
  idParam: string,
): { idField: string; envelope?: string } | undefined {
  const schema = answerSchema(document, operation);
  if (!schema) return undefined;
  const own = scalarFields(document, propertiesOf(document, schema));
  const idField = idFieldOf(own, idParam);
  if (idField) return { idField };
  // An envelope: the one property whose schema holds the id. A property named as the path parameter is the id written
  // as an object (`photoId: {id}`), which no path segment spells: no envelope, and no resource.
  for (const [name, property] of Object.entries(propertiesOf(document, schema))) {
    if (spelt(name) === spelt(idParam)) continue;
    const inner = idFieldOf(scalarFields(document, propertiesOf(document, property)), idParam);
    if (inner) return { idField: inner, envelope: name };
  }
  return undefined;
}

/**
 * The field the path parameter names: itself, one spelt alike (`order_id`), the longest its name ends with (`task_gid`
 * → `gid`), else `id`.
 */
function idFieldOf(properties: Node, idParam: string): string | undefined {
  if (idParam in properties) return idParam;
  const plain = spelt;
  const alike = Object.keys(properties).find((name) => plain(name) === plain(idParam));
  if (alike) return alike;
  const ending = Object.keys(properties)
    .filter((name) => plain(name).length >= 2 && plain(idParam).endsWith(plain(name)))
    .sort((a, b) => b.length - a.length)[0];
  return ending ?? ("id" in properties ? "id" : undefined);
}

/** A name as its spellings compare: `order_id`, `orderId` and `order-id` alike. */
const spelt = (name: string) => name.replace(/[_\-.]/g, "").toLowerCase();

/**
 * The properties that can hold an id a path segment spells: those not declared an object or a list (an id written as
 * `{id}` reads back in no path), nor those an `allOf` member declares so (a record wrapped to give it a description of
 * its own, `project: {allOf: [{$ref: Project}, {description}]}`: no id either, though its wrapper states no type).
 */
function scalarFields(document: Node, properties: Node): Node {
  return Object.fromEntries(Object.entries(properties).filter(([, raw]) => !structured(document, raw, 0)));
}

/** Whether a schema is declared an object or a list, itself or through an `allOf` member. */
function structured(document: Node, raw: unknown, depth: number): boolean {
  const schema = deref(document, raw);
  if (!isNode(schema) || depth > 8) return false;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes("object") || types.includes("array") || isNode(schema.properties) || schema.items) return true;
  return Array.isArray(schema.allOf) && schema.allOf.some((member) => structured(document, member, depth + 1));
}

/**
 * Whether a collection's GET can answer the records: a list its answer declares (within three levels of objects, where
 * the stateful mock and the round trip look for one) has items that may hold the id field. A list of links to the
 * records (`{_links: {subscriptions: [{href}]}}`) declares items without it: no record the create made is listed there.
 * A list of links beside the records' own list (`{_links: [...], data: [...]}`) leaves the records' list to hold them.
 * An answer that declares no list (`{runs: {}}`, a field of no type) gives the mock nowhere to put the records.
 */
function listsRecords(document: Node, list: Node, idField: string): boolean {
  const lists: Node[] = [];
  let level: unknown[] = [answerSchema(document, list)];
  for (let depth = 0; depth <= 3 && level.length; depth++) {
    const schemas = level.map((raw) => deref(document, raw)).filter(isNode);
    lists.push(...schemas.filter((s) => s.type === "array" || s.items));
    level = schemas.flatMap((schema) => Object.values(propertiesOf(document, schema)));
  }
  return (
    lists.length > 0 &&
    lists.some((array) => {
      const fields = Object.keys(propertiesOf(document, array.items));
      return !fields.length || fields.some((name) => spelt(name) === spelt(idField));
    })
  );
}

/** The JSON schema of an operation's lowest 2xx answer, its `$ref`s followed. */
function answerSchema(document: Node, operation: Node): unknown {
  const responses = isNode(operation.responses) ? operation.responses : {};
  const [status] = Object.keys(responses)
    .filter((s) => /^2\d\d$/.test(s))
    .sort();
  if (!status) return undefined;
  const response = deref(document, responses[status]);
  const content = isNode(response) && isNode(response.content) ? response.content : {};
  const json = Object.entries(content).find(([type]) => /^application\/(.+\+)?json\b/i.test(type))?.[1];
  return isNode(json) ? deref(document, json.schema) : undefined;
}

/**
 * A schema's properties: its own and those of its `allOf` parts (and of the first branch of a union written with them).
 */
function propertiesOf(document: Node, raw: unknown, depth = 0): Node {
  const schema = deref(document, raw);
  if (!isNode(schema) || depth > 8) return {};
  const own = isNode(schema.properties) ? schema.properties : {};
  const parts = [
    ...(Array.isArray(schema.allOf) ? schema.allOf : []),
    ...(Array.isArray(schema.anyOf) ? schema.anyOf.slice(0, 1) : []),
    // (A oneOf's first shape too: the mock's copy of the document reads an answer's oneOf as anyOf.)
    ...(Array.isArray(schema.oneOf) ? schema.oneOf.slice(0, 1) : []),
  ];
  const merged: Node = Object.assign({}, ...parts.map((p) => propertiesOf(document, p, depth + 1)));
  // A field the object names with an empty schema says nothing of it: the mock's copy closes an object over its
  // members' fields so (open-all-of.ts), and the member's schema of the field stands (a list of the records).
  for (const [name, schema] of Object.entries(own))
    if (!(name in merged) || !isNode(schema) || Object.keys(schema).length > 0) merged[name] = schema;
  return merged;
}

function deref(document: Node, value: unknown): unknown {
  let node = value;
  for (let hops = 0; hops < 8 && isNode(node) && typeof node.$ref === "string" && node.$ref.startsWith("#/"); hops++) {
    node = node.$ref
      .slice(2)
      .split("/")
      .reduce<unknown>((n, k) => (isNode(n) ? n[k.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined), document);
  }
  return node;
}

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * The records of two drawn bodies as one (in the envelope, where they sit in one), the second's fields where both, but
 * for a null there: the first's value (a field one answer lets be null and the other does not, `nullable` on either
 * side, holds a value in both).
 */
export function joinedRecords(resource: Resource, first: unknown, second: unknown): unknown {
  const [a, b] = [first, second].map((d) => (resource.envelope && isNode(d) ? d[resource.envelope] : d));
  if (!isNode(a) || !isNode(b)) return undefined;
  const joined: Node = { ...a, ...b };
  for (const key in b) if (b[key] === null && a[key] !== undefined) joined[key] = a[key];
  return resource.envelope ? { ...(second as Node), [resource.envelope]: joined } : joined;
}

/**
 * A record's object field (`drawn`) given the text the request sent for it, where the answer expands a reference into
 * the record it names: the text in the field of that object that an answer's example (`examples`, bodies) shows
 * holding it, else in each of the object's own fields of the text's type, in order (the caller keeps the first the
 * record stays valid with).
 */
export function namingObjects(
  resource: Resource,
  examples: unknown[],
  field: string,
  drawn: unknown,
  sent: unknown,
): Node[] {
  if (!isNode(drawn) || sent === null || typeof sent === "object") return [];
  const scalar = (v: unknown) => v !== null && typeof v !== "object";
  const shown = examples
    .map((body) => (resource.envelope && isNode(body) ? body[resource.envelope] : body))
    .map((record) => (isNode(record) ? record[field] : undefined))
    .flatMap((object) =>
      isNode(object) ? Object.keys(object).filter((k) => scalar(object[k]) && String(object[k]) === String(sent)) : [],
    );
  const alike = Object.keys(drawn).filter((k) => scalar(drawn[k]) && typeof drawn[k] === typeof sent);
  return [...new Set([...shown, ...alike])].map((k) => ({ ...drawn, [k]: sent }));
}

// A record the stateful mock keeps, as a list answers it (mock-state.ts `listed`): a list may answer a narrower or a
// wider view of the resource than the read the record was drawn from (a summary of it), whose schema the record as
// kept does not fit. The item is made from one of the list's own items (its example, valid against the list's item
// schema: the fields the record does not carry come from it) with the record's id, and each field of the record the
// item stays valid with; an object field the item's schema draws otherwise is shaped so in turn.

/** How deep an object field is shaped to the item's own view of it (a record's nested reference, e.g. its owner). */
const DEPTH = 3;

/**
 * `record` as an item of a list whose items look like `base` (the list's own item, valid there): `fits` says whether an
 * item is valid in the list. Undefined where the record's id cannot be an item's (`idField` of `base` set to it fits no
 * list).
 */
export function shapedItem(record: Node, base: Node, idField: string, fits: (item: Node) => boolean): Node | undefined {
  const whole = { ...base, ...record };
  if (fits(whole)) return whole;
  const start = { ...base, [idField]: record[idField] };
  if (!fits(start)) return undefined;
  return fieldByField(record, start, fits, 0, idField);
}

/** `out` with each field of `record` (but `skip`) kept where `out` stays valid with it, or with it shaped. */
function fieldByField(record: Node, out: Node, fits: (item: Node) => boolean, depth: number, skip?: string): Node {
  let shaped = out;
  for (const [key, value] of Object.entries(record)) {
    if (key === skip || value === undefined) continue;
    const trial = { ...shaped, [key]: value };
    if (fits(trial)) {
      shaped = trial;
      continue;
    }
    // An object the list's view draws otherwise (a reference narrower than the read's): shaped from the list's own.
    const own = shaped[key];
    if (depth + 1 >= DEPTH || !isNode(value) || !isNode(own)) continue;
    const around = shaped;
    shaped = { ...around, [key]: fieldByField(value, own, (v) => fits({ ...around, [key]: v }), depth + 1) };
  }
  return shaped;
}

/** A day's text (`format: date`), which an answer may hold as that day's date-time (stateful mock, round trip). */
export const DAY_TEXT = /^\d{4}-\d{2}-\d{2}$/;
