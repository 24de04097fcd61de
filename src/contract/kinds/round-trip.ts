// Round trips of a document's resources (mocks/mock-resources.ts), cases of
// the `scenario` kind derived once per provider: on the stateful mock
// (ctx.statefulMockUrl, mocks/mock-state.ts), create → get → update → get →
// list → delete through the provider's own tools, each request judged by the
// mock as every other; the get answers what the create answered (each field the
// create sent included), the get after the update what the update answered
// (each field it sent), the list holds the record, and after the delete a get
// is the document's 404. A resource gets a round trip when the manifest binds its
// create and its read, and the create's answer declares the record's id.
import type { ToolSpec } from "@blockwright/runtime/internal";
import { firstListAt } from "../../common/first-list.js";
import { itemPointers } from "../../mocks/mock-paging.js";
import { DAY_TEXT, fixedFieldsOf, readHolds, type Resource, resourcesOf } from "../../mocks/mock-resources.js";
import { callTool, check, expectAccepted, expectFailure, expectSuccess, fail, json, same } from "../call.js";
import type { Exchange } from "../exchange.js";
import { operationSource } from "../sources.js";
import { type CaseContext, type ContractCase, contractCase, type Subject } from "../types.js";
import { valuesOf } from "../inputs/values.js";

type Node = Record<string, unknown>;

interface Trip {
  resource: Resource;
  create: ToolSpec;
  read: ToolSpec;
  list?: ToolSpec;
  update?: ToolSpec;
  remove?: ToolSpec;
}

/** The round trips the provider's tools allow: one per resource whose create and read the manifest binds. */
export function roundTrips(subject: Subject): Trip[] {
  const data = subject.document.source.data as Node;
  // The tool of the operation at the resource's own key: one keyed apart by a fragment (`/faces#bytes` beside `/faces`)
  // reaches the same request path but is served apart by the mock (mock-document.ts), which keeps no record of it.
  const toolAt = (method: string | undefined, key: string) =>
    method === undefined
      ? undefined
      : subject.tools.find(
          (t) =>
            t.method.toUpperCase() === method && subject.document.operations.get(t.operationId)?.location[1] === key,
        );
  return resourcesOf(data).flatMap((resource) => {
    const create = toolAt(resource.methods.create, resource.collection);
    const read = toolAt(resource.methods.read, resource.item);
    // A create whose answer declares no id (a bare 201, a receipt) gives the get nothing to read.
    if (!create || !read || !resource.madeId || !idParamOf(read, resource)) return [];
    const list = toolAt(resource.methods.list, resource.collection);
    const update = toolAt(resource.methods.update, resource.item);
    const remove = toolAt(resource.methods.delete, resource.item);
    return [
      {
        resource,
        create,
        read,
        ...(list ? { list } : {}),
        ...(update && idParamOf(update, resource) ? { update } : {}),
        ...(remove ? { remove } : {}),
      },
    ];
  });
}

/** How each round trip's case name starts (the corpus table counts them by it). */
export const ROUND_TRIP_NAME = "round trip of";

/** The round-trip cases of a provider, in the order of its document's paths. */
export function roundTripCases(subject: Subject): ContractCase[] {
  const trips = roundTrips(subject);
  // A collection whose records are read at two paths (`/folders/{folderId}` and `/folders/{folderPath}`) has a trip
  // through each, named by its item path; a collection of one keeps the shorter name.
  const perCollection = new Map<string, number>();
  for (const t of trips) perCollection.set(t.resource.collection, (perCollection.get(t.resource.collection) ?? 0) + 1);
  return trips.map((trip) => {
    const steps = [
      "create",
      "get",
      ...(trip.update ? ["update", "get"] : []),
      ...(trip.list ? ["list"] : []),
      ...(trip.remove ? ["delete", "get (404)"] : []),
    ];
    const calls = [trip.create, trip.read, trip.update, trip.list, trip.remove].flatMap((t) => (t ? [t.id] : []));
    const { collection, item } = trip.resource;
    const through = (perCollection.get(collection) ?? 0) > 1 ? ` through ${item}` : "";
    const made = contractCase(
      trip.create,
      "scenario",
      `${ROUND_TRIP_NAME} ${collection}${through}: ${steps.join(" → ")}`,
      (ctx) => runTrip(subject, trip, ctx),
      operationSource(trip.create),
    );
    return { ...made, calls };
  });
}

/** An object one of whose own texts, numbers or booleans is `value` (the record it names, expanded). */
function namesObject(field: unknown, value: unknown): boolean {
  if (field === null || typeof field !== "object" || Array.isArray(field)) return false;
  return Object.values(field).some((v) => v !== null && typeof v !== "object" && String(v) === String(value));
}

/**
 * Each text, number or boolean sent is the record's, as sent (a form's text as the value it spells); a list or an
 * object sent may be another shape in the answer (a request's list of associations, an answer's map of them), and a
 * text sent may come back as the object it names, one of whose fields it is (a region's slug, the region). A field the
 * answer fixes to values that leave out the one sent is the record's own, not the sent one echoed; so is one the read's
 * record cannot hold the value sent in (the get must read the record back).
 */
function sentKept(
  data: Node,
  resource: Resource,
  fixed: Record<string, unknown[]>,
  sent: Node,
  record: Node,
  what: string,
): void {
  const fixedElse = (key: string, value: unknown) =>
    (fixed[key] !== undefined && !fixed[key].some((v) => String(v) === String(value))) ||
    !readHolds(data, resource, key, value);
  for (const [key, value] of Object.entries(sent)) {
    if (!(key in record) || value === null || typeof value === "object" || fixedElse(key, value)) continue;
    // A day sent may come back as that day's date-time (an answer's `format: date-time`).
    const sameDay = typeof value === "string" && DAY_TEXT.test(value) && `${record[key]}`.startsWith(`${value}T`);
    if (String(record[key]) !== String(value) && !namesObject(record[key], value) && !sameDay)
      same(record[key], value, `field "${key}" of ${what}`);
  }
}

async function runTrip(subject: Subject, trip: Trip, ctx: CaseContext): Promise<void> {
  const { resource } = trip;
  if (!ctx.statefulMockUrl) fail("a round trip needs a stateful mock, and this run gives none");
  const address = await ctx.statefulMockUrl(subject.provider);
  const on: CaseContext = { ...ctx, mockUrl: () => address };
  const doc = subject.document;

  const made = await callTool(trip.create, valuesOf(trip.create, doc).minimal(), on);
  expectAccepted(made.exchanges);
  expectSuccess(made);
  const createEx = last(made.exchanges);
  const record = recordIn(resource, bodyOf(createEx), true);
  const id = record?.[resource.idField];
  if (!record || id === undefined || id === null)
    fail(`the create's answer holds no record with an id in "${resource.idField}": ${json(bodyOf(createEx))}`);
  const data = doc.source.data as Node;
  const fixed = fixedFieldsOf(data, resource);
  const kept = (sent: Node, held: Node, what: string) => sentKept(data, resource, fixed, sent, held, what);
  kept(sentFields(resource, createEx.body), record, "the created record (the create sent it)");

  const readInput = () => ({
    ...valuesOf(trip.read, doc).minimal(),
    [idParamOf(trip.read, resource) as string]: String(id),
  });
  const got = await callTool(trip.read, readInput(), on);
  expectAccepted(got.exchanges);
  expectSuccess(got);
  same(
    recordIn(resource, bodyOf(last(got.exchanges))),
    record,
    "the record the get answered (what the create answered)",
  );

  // The update: every field it has a value for (a merge patch's or another body's, which the mock merges, or a JSON
  // Patch's operations, which it applies), then a get answers the record the update answered, each field it sent.
  if (trip.update) {
    const values = valuesOf(trip.update, doc);
    const pinned = { [idParamOf(trip.update, resource) as string]: String(id) };
    const input = values.with(pinned, values.full()) ?? { ...values.minimal(), ...pinned };
    const changed = await callTool(trip.update, input, on);
    expectAccepted(changed.exchanges);
    expectSuccess(changed);
    const updateEx = last(changed.exchanges);
    const answered = recordIn(resource, bodyOf(updateEx), true);
    const after = await callTool(trip.read, readInput(), on);
    expectAccepted(after.exchanges);
    expectSuccess(after);
    const now = recordIn(resource, bodyOf(last(after.exchanges)));
    if (!now) fail(`the get after the update answered no record: ${json(bodyOf(last(after.exchanges)))}`);
    // (An update answering no record (a 204, a receipt) or another's leaves the get to show what it sent.)
    if (answered !== undefined && String(answered[resource.idField]) === String(id))
      same(now, answered, "the record the get answered after the update (what the update answered)");
    // (The id is the record's: an update sending one, another's or a made value, changes no record's.)
    const { [resource.idField]: _id, ...changes } = sentFields(resource, updateEx.body);
    kept(changes, now, "the updated record (the update sent it)");
  }

  if (trip.list) {
    const listed = await callTool(trip.list, valuesOf(trip.list, doc).minimal(), on);
    expectAccepted(listed.exchanges);
    expectSuccess(listed);
    const items = listed.exchanges.flatMap((ex) => itemsIn(bodyOf(ex), trip.list as ToolSpec));
    check(
      items.some((item) => item[resource.idField] === id),
      () => `the list holds no record with ${resource.idField} ${json(id)} (${items.length} items)`,
    );
  }

  if (trip.remove) {
    const removed = await callTool(
      trip.remove,
      { ...valuesOf(trip.remove, doc).minimal(), [idParamOf(trip.remove, resource) as string]: String(id) },
      on,
    );
    expectAccepted(removed.exchanges);
    expectSuccess(removed);
    const declares404 = doc.operations.get(trip.read.operationId)?.responses.some((r) => r.status === "404");
    if (declares404) {
      const again = await callTool(trip.read, readInput(), on);
      same(last(again.exchanges).status, 404, "the status of a get after the delete");
      expectFailure(again);
    }
  }
}

/** The tool's parameter that fills the resource's id in its path. */
function idParamOf(tool: ToolSpec, resource: Resource): string | undefined {
  return tool.params.find((p) => p.wire.in === "path" && (p.wire.name ?? p.name) === resource.idParam)?.name;
}

function last(exchanges: Exchange[]): Exchange {
  const ex = exchanges[exchanges.length - 1];
  if (!ex) fail("the call sent no request");
  return ex;
}

function bodyOf(ex: Exchange): unknown {
  try {
    return ex.responseBody ? JSON.parse(ex.responseBody) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The record an answer holds: under the read's envelope; a create's answer (`made`) holds it there only where it has
 * that property (a create answering the record whose read wraps it: `{Configuration: {...}, Code: {...}}`).
 */
function recordIn(resource: Resource, body: unknown, made = false): Node | undefined {
  const wrapped = resource.envelope !== undefined && isNode(body) && (!made || Object.hasOwn(body, resource.envelope));
  const record = wrapped ? (body as Node)[resource.envelope as string] : body;
  return isNode(record) ? record : undefined;
}

function sentFields(resource: Resource, sent: unknown): Node {
  if (!isNode(sent)) return {};
  const inner = resource.envelope !== undefined ? sent[resource.envelope] : undefined;
  return isNode(inner) ? inner : sent;
}

/**
 * The records of a list answer: where the list's paging reads its items, as the stateful mock fills them
 * (mock-state.ts listAt), else its first list, level by level (`[...]`, `{data: [...]}`, `{data: {results: [...]}}`):
 * an answer whose first list is another (`_links` before `members`) was read there.
 */
function itemsIn(body: unknown, list: ToolSpec): Node[] {
  const at = list.pagination ? itemPointers({ tool: list, pagination: list.pagination }) : [];
  const read = (pointer: readonly string[]) =>
    pointer.reduce<unknown>((node, key) => (isNode(node) ? node[key] : undefined), body);
  const found = [...at, firstListAt(body) ?? []].map(read).find(Array.isArray);
  return Array.isArray(found) ? found.filter(isNode) : [];
}

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
