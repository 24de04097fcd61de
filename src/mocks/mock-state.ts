// The stateful mock: the records of a document's resources (mock-resources.ts) kept for the life of one `mock` or
// `run --mock` process, or in a file (`--state <file>`, written whole after each change) from one run to the next.
//
// Every request still goes through the judge and Prism first: Prism checks the request and its credential and answers;
// only a 2xx answer of a resource's operation is then rewritten from the records. A create draws a record from the read
// answer's schema (realistic, seeded: the same seed and the same requests, the same records; with the create answer's
// fields too where each answer requires some the other has not), keeps each field the request sent where the record
// stays valid with it, and gives it the id the request sent (a record the caller names) or a new one in its id field;
// a read answers the record, an update changes it (by its body's media type: a merge patch merged, a JSON Patch
// applied, another body's fields each replacing the record's, a PUT whose body requires the whole record replacing it:
// requests/patched.ts; a PATCH and a PUT of one item each so), a delete removes it (a read of it
// then gets the document's 404), and the list answers the records, as its last page (mock-state-list.ts). An id no
// create made (a workflow reading a fixed id) and a list before any create keep the realistic answer. An answer the
// records would make invalid against its schema keeps Prism's. A request that asks for an answer (`Prefer`, Prism's
// `__code` and `__example`) gets it, as it did. The records are kept by state/state-file.ts; where one sits in a
// request's body and a reply's, state/record-in-reply.ts says.
import { fieldsTaken } from "./requests/fields-taken.js";
import type { RequestListener } from "node:http";
import { DAY_TEXT, joinedRecords, namingObjects, type Resource } from "./mock-resources.js";
import { interceptEnd, type PagedRoute, type Reply, type SentRequest } from "./mock-paging.js";
import { listed } from "./mock-state-list.js";
import type { PrismOperation, RealisticAnswers } from "./mock-realistic.js";
import { readWhole, replayed } from "./requests/replayed-request.js";
import { jsonPatched, mergedValue, type PatchReading, patchReading } from "./requests/patched.js";
import { sentData } from "./requests/sent-data.js";
import { type Hit, hitOf, stateRoutes } from "./state-routes.js";
import { stamped } from "./state/record-stamps.js";
import type { Kept, MockState } from "./state/state-file.js";
import { enveloped, inReply, sentFields, withRecord } from "./state/record-in-reply.js";

type Node = Record<string, unknown>;

/** One provider's mock made stateful: its resources (paths as the served document, and Prism, name them). */
export interface StatefulMock {
  provider: string;
  resources: Resource[];
  state: MockState;
  answers: RealisticAnswers;
  paged: PagedRoute[];
  /** Where the mock says, once per resource, that its create made no record (its answers then stay realistic). */
  log?: (line: string) => void;
}

/** Prism's request listener, a resource's 2xx answers rewritten from the records. */
export function withState(listener: RequestListener, mock: StatefulMock): RequestListener {
  if (!mock.resources.length) return listener;
  const routes = stateRoutes(mock.resources);
  return (req, res) => {
    const url = new URL(req.url ?? "/", "http://mock.invalid");
    const steered =
      req.headers.prefer !== undefined || url.searchParams.has("__code") || url.searchParams.has("__example");
    const hit = steered ? undefined : hitOf(routes, req.method, url.pathname);
    if (!hit) return listener(req, res);
    void readWhole(req).then(
      async (body) => {
        const type = String(req.headers["content-type"] ?? "");
        const sent = mock.answers.keptOfRequest(req.method ?? "GET", url.pathname, type, await sentData(body, type));
        const reading = patchReading(type, req.method, hit.resource.putReplaces !== undefined);
        const request = { url, headers: req.headers, body };
        interceptEnd(res, (reply) => answer(mock, hit, req.method ?? "GET", request, sent, reading, reply));
        listener(replayed(req, body), res);
      },
      () => res.destroy(),
    );
  };
}

function answer(
  mock: StatefulMock,
  hit: Hit,
  method: string,
  request: SentRequest,
  sent: unknown,
  reading: PatchReading,
  reply: Reply,
): void {
  const { resource } = hit;
  const { url } = request;
  const kept = mock.state.kept(mock.provider, resource.collection);
  const fits = (body: unknown) =>
    mock.answers.fits(
      method,
      url.pathname,
      reply.status,
      reply.headers.get("content-type") ?? "application/json",
      body,
    );
  // A record fits the answer of a create or an update too, where that answer holds it.
  const fitsAnswer = (r: Node) => [inReply(resource, reply.body, r)].every((it) => it === undefined || fits(it));
  const index =
    hit.id === undefined ? -1 : kept.records.findIndex((r) => hit.idFields.some((f) => String(r[f]) === hit.id));
  // A poll trigger's time field (state/record-stamps.ts), once the record is made or changed.
  const stamps = mock.state.stamps[mock.provider] ?? [];
  const stamp = (record: Node, isNew: boolean) =>
    stamps.length ? stamped(record, stamps, isNew, (r) => validRecord(mock, resource, r, fitsAnswer)) : record;
  switch (hit.role) {
    case "create": {
      const drawn = made(mock, resource, kept, sentFields(resource, sent), fitsAnswer);
      const record = drawn && stamp(drawn, true);
      if (!record) {
        if (!kept.unmade)
          mock.log?.(
            `mock of ${mock.provider}: POST ${resource.collection} made no record that both its answer and ` +
              `GET ${resource.item}'s can hold: their answers stay realistic`,
          );
        kept.unmade = true;
        return;
      }
      kept.records.push(record);
      mock.state.changed();
      return withRecord(resource, reply, record, fits);
    }
    case "read":
      if (index >= 0) return withRecord(resource, reply, kept.records[index] as Node, fits);
      if (hit.id !== undefined && kept.deleted.includes(hit.id)) return gone(mock, resource, reply);
      return;
    case "update":
    case "put": {
      if (index < 0) return;
      const record = stamp(updated(mock, resource, kept.records[index] as Node, sent, reading, fitsAnswer), false);
      kept.records[index] = record;
      mock.state.changed();
      return withRecord(resource, reply, record, fits);
    }
    case "delete":
      if (index < 0) return;
      kept.records.splice(index, 1);
      kept.deleted.push(hit.id as string);
      mock.state.changed();
      return;
    case "list":
      if (kept.records.length) listed(mock, resource, kept.records, request, reply, fits);
      return;
  }
}

/**
 * A new record: drawn (the seed and how many were made before) from the read answer's schema, else from the create
 * answer's (a read answering "a thing, or a deleted one" draws either), else the answer the mock gives; valid against
 * both answers; the fields sent kept; the id sent where one is and no record has it, else a new id.
 */
function made(
  mock: StatefulMock,
  resource: Resource,
  kept: Kept,
  sent: Node,
  fitsCreate: (record: Node) => boolean,
): Node | undefined {
  const read = readAnswer(mock, resource);
  const create = operationAt(mock, "POST", resource.collection);
  const created = create && mock.answers.defaultAnswer(create);
  if (!read) return undefined;
  const used = (id: unknown) =>
    kept.records.some((r) => r[resource.idField] === id) || kept.deleted.includes(String(id));
  // An id the read's path parameter takes (its pattern, its length), as it will come back in that path.
  const readOperation = operationAt(mock, "GET", resource.item);
  const idSchema = readOperation && mock.answers.pathParameterSchema(readOperation, resource.idParam);
  // A path's text is read as the number it spells where the parameter is a number: a record's id of text ("42") goes
  // in a path whose parameter is an integer.
  const takenInPath = (id: unknown) =>
    idSchema === undefined ||
    [id, String(id), ...(typeof id === "string" && /^-?\d+(\.\d+)?$/.test(id) ? [Number(id)] : [])].some((v) =>
      mock.answers.valid(v, idSchema),
    );
  // A record that keeps not every text, number or boolean sent (drawn as a union's other shape: a square for a circle
  // sent): the next draw's, else the first such.
  let keptLess: Node | undefined;
  attempts: for (let attempt = 0; attempt < 8; attempt++) {
    kept.made++;
    // Drawn from a schema, else the answer the mock gives (the document's example, where no value is drawn within the
    // bounds).
    const seed = mock.answers.seed * 100_003 + kept.made;
    const draw = (schema: typeof read.schema) => mock.answers.draw(schema, seed);
    const sources = [
      () => draw(read.schema),
      ...(created ? [() => draw(created.schema), () => created.body] : []),
      // Both answers' fields, where each requires some the other has not (a create answering its first admin too).
      () => joinedRecords(resource, created && draw(created.schema), draw(read.schema)),
      () => read.body,
    ];
    for (const source of sources) {
      const drawn = source();
      const record = resource.envelope ? (drawn as Node | undefined)?.[resource.envelope] : drawn;
      if (!isNode(record)) continue;
      // (A document whose schema gives an example id draws the same one each time.)
      // The drawn id, else one made from it, else one drawn from the read's path parameter (its pattern may say more
      // than the field's schema).
      // The id the create sent first: a record the caller names (its name is its id) is read back under that name.
      const ids = [
        ...(typeof sent[resource.idField] === "string" || typeof sent[resource.idField] === "number"
          ? [sent[resource.idField]]
          : []),
        ...idCandidates(record[resource.idField], kept.made),
        // (A number drawn there as its text too: a record's id of text whose path parameter is a number.)
        ...(idSchema === undefined
          ? []
          : idCandidates(mock.answers.draw(idSchema, seed), kept.made).flatMap((c) =>
              typeof c === "number" ? [c, String(c)] : [c],
            )),
      ];
      for (const id of ids) {
        const withId = { ...record, [resource.idField]: id };
        if (
          !used(id) &&
          takenInPath(id) &&
          mock.answers.valid(enveloped(resource, read.body, withId), read.schema) &&
          fitsCreate(withId)
        ) {
          const out = merged(mock, resource, withId, sent, fitsCreate);
          if (keepsSent(resource, out, sent)) return out;
          keptLess ??= out;
          continue attempts;
        }
      }
    }
  }
  return keptLess;
}

/** Whether a record holds each text, number or boolean sent (but its id), as sent or as the value it spells. */
function keepsSent(resource: Resource, record: Node, sent: Node): boolean {
  return Object.entries(sent).every(
    ([key, value]) =>
      key === resource.idField ||
      value === null ||
      typeof value === "object" ||
      isNode(record[key]) ||
      spelt(value).some((v) => v === record[key]),
  );
}

/**
 * Ids to try for the `n`th record: the drawn one, then it with `n` in place of its last characters, after it, or added
 * to it.
 */
function idCandidates(drawn: unknown, n: number): unknown[] {
  if (typeof drawn === "number") return [drawn, drawn + n];
  if (typeof drawn !== "string") return [];
  const tail = String(n);
  const tailKept =
    /[0-9a-f]$/i.test(drawn) && drawn.length > tail.length
      ? `${drawn.slice(0, drawn.length - tail.length)}${tail}`
      : undefined;
  return [drawn, ...(tailKept ? [tailKept] : []), `${drawn}${tail}`, `${drawn}-${tail}`];
}

/**
 * A record with each sent field (its id aside) that leaves it valid against the read answer's schema (and `alsoFits`);
 * a text sent as a form's is tried as the number or boolean it spells too, and a text sent for a field the answer
 * expands into an object (a reference to the record it names) in that object's field an answer's example shows it in,
 * else in its first field of the text's type the record stays valid with. Each field sent replaces the record's whole
 * (a plain JSON update's reading: a merge of the fields sent, the fields not sent kept), except in a merge patch
 * (`reading`), where a null removes the field and an object is merged into the record's at every depth (RFC 7396).
 */
function merged(
  mock: StatefulMock,
  resource: Resource,
  record: Node,
  sent: Node,
  alsoFits: (record: Node) => boolean = () => true,
  reading: PatchReading = "fields",
): Node {
  const read = readAnswer(mock, resource);
  if (!read) return record;
  const create = operationAt(mock, "POST", resource.collection);
  const examples = [read.body, create && mock.answers.defaultAnswer(create)?.body];
  const candidates = (out: Node, key: string) => {
    const value = sent[key];
    // A merge patch's null removes the field, its object is merged into the field's (RFC 7396).
    if (reading === "merge-patch" && (value === null || isNode(value))) return [mergedValue(out[key], value)];
    return [...spelt(value), ...namingObjects(resource, examples, key, out[key], value)];
  };
  const valid = (trial: Node) =>
    mock.answers.valid(enveloped(resource, read.body, trial), read.schema) && alsoFits(trial);
  const keys = Object.keys(sent).filter((key) => key !== resource.idField);
  // A field refused beside another not yet taken (a union's property naming the kind) is tried again.
  return fieldsTaken(structuredClone(record), keys, candidates, valid);
}

/**
 * The record after an update, by its body's media type (requests/patched.ts): a JSON Patch applied whole where the
 * record it makes keeps its id and stays valid against the read answer's schema (else the record as it was); a merge
 * patch's and any other body's fields merged (`merged`).
 */
function updated(
  mock: StatefulMock,
  resource: Resource,
  record: Node,
  sent: unknown,
  reading: PatchReading,
  fitsAnswer: (record: Node) => boolean,
): Node {
  if (reading === "replace")
    return replaced(mock, resource, merged(mock, resource, record, sentFields(resource, sent)), sent, fitsAnswer);
  if (reading !== "json-patch") return merged(mock, resource, record, sentFields(resource, sent), undefined, reading);
  const read = readAnswer(mock, resource);
  if (!read) return record;
  // The operations' paths are the answer's: the record's envelope, where it has one, is in them.
  const whole = jsonPatched(enveloped(resource, read.body, record), sent);
  const out = resource.envelope !== undefined && isNode(whole) ? whole[resource.envelope] : whole;
  return isNode(out) &&
    out[resource.idField] === record[resource.idField] &&
    mock.answers.valid(enveloped(resource, read.body, out), read.schema)
    ? out
    : record;
}

/**
 * A PUT's replacement: the record its fields were merged into without each field it did not send, but those the
 * server sets (`putReplaces.kept`) and those the record needs to stay valid against the read's schema and the PUT's
 * answer (`fitsAnswer`).
 */
function replaced(
  mock: StatefulMock,
  resource: Resource,
  record: Node,
  sent: unknown,
  fitsAnswer: (record: Node) => boolean,
): Node {
  const read = readAnswer(mock, resource);
  if (!read) return record;
  const given = sentFields(resource, sent);
  const kept = resource.putReplaces?.kept ?? [];
  let out = record;
  for (const key of Object.keys(record)) {
    if (Object.hasOwn(given, key) || kept.includes(key)) continue;
    const trial = without(out, key);
    if (mock.answers.valid(enveloped(resource, read.body, trial), read.schema) && fitsAnswer(trial)) out = trial;
  }
  return out;
}

/** Whether a record is valid against the read answer's schema and fits the answer at hand. */
function validRecord(mock: StatefulMock, resource: Resource, record: Node, fitsAnswer: (r: Node) => boolean): boolean {
  const read = readAnswer(mock, resource);
  return (
    read !== undefined && mock.answers.valid(enveloped(resource, read.body, record), read.schema) && fitsAnswer(record)
  );
}

/** The read operation's default answer (status, body, schema), as Prism gives it. */
function readAnswer(mock: StatefulMock, resource: Resource) {
  const operation = operationAt(mock, "GET", resource.item);
  return operation ? mock.answers.defaultAnswer(operation) : undefined;
}

function operationAt(mock: StatefulMock, method: string, path: string): PrismOperation | undefined {
  return mock.answers.reached(method, path.replace(/\{[^{}]+\}/g, "zq-state")).find((o) => o.path === path);
}

/** A value as sent, a form's text as the number or boolean it spells, a day as that day's date-time (UTC). */
function spelt(value: unknown): unknown[] {
  if (typeof value !== "string") return [value];
  const more =
    value === "true" ? [true] : value === "false" ? [false] : /^-?\d+(\.\d+)?$/.test(value) ? [Number(value)] : [];
  return [value, ...more, ...(DAY_TEXT.test(value) ? [`${value}T00:00:00Z`] : [])];
}

/**
 * A read of a deleted record: the document's 404 (its body drawn from its schema, if it has one); Prism's answer where
 * the document declares no 404.
 */
function gone(mock: StatefulMock, resource: Resource, reply: Reply): void {
  const operation = operationAt(mock, "GET", resource.item);
  const answer = operation && mock.answers.declaredAnswer(operation, "404");
  if (!answer) return;
  reply.status = 404;
  // Its body drawn from its schema; none where the document gives it none.
  reply.body = answer.json ? (mock.answers.draw(answer.json.schema, mock.answers.seed) ?? {}) : undefined;
  if (answer.json) reply.headers.set("content-type", answer.json.mediaType);
  reply.bodyChanged = true;
}

function without(record: Node, key: string): Node {
  const { [key]: _gone, ...rest } = record;
  return rest;
}

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
