// A stateful mock's list answer (mock-state.ts): the records of a resource put where the answer holds its items, as
// its last page. Where the answer served holds no list for them (a union's example of its other shape: one record,
// valid as the union's open page object that lists no field it requires), they go in an answer drawn from the
// answer's schema that holds one, so that a list made after a create holds the record.
import { getAtPointer } from "@blockwright/runtime/internal";
import { firstListAt } from "../common/first-list.js";
import { asLastPage, itemPointers, type PagedRoute, type Reply, type SentRequest, valueAt } from "./mock-paging.js";
import type { RealisticAnswers } from "./mock-realistic.js";
import { type Resource, shapedItem } from "./mock-resources.js";

type Node = Record<string, unknown>;

/** What a list answer is made with: the mock's paged routes and its realistic answers. */
export interface ListingMock {
  paged: PagedRoute[];
  answers: RealisticAnswers;
}

/**
 * The list's answer holding `records` (after the one a cursor names, wherever the paging sends it: a query pair, a
 * header, a body field), as its last page.
 */
export function listed(
  mock: ListingMock,
  resource: Resource,
  records: readonly Node[],
  request: SentRequest,
  reply: Reply,
  fits: (body: unknown) => boolean,
): void {
  const { url } = request;
  const route = mock.paged.find((r) => r.method === "GET" && r.path.test(url.pathname));
  const next = route?.pagination.next;
  const sent = next?.style === "cursor" ? valueAt(request, next.send) : undefined;
  const after = sent ? records.findIndex((r) => String(r[resource.idField]) === sent) + 1 || records.length : 0;
  const listing = records.slice(after);
  let body = reply.body;
  let at = listAt(body, route);
  if (!at) {
    const type = reply.headers.get("content-type") ?? "application/json";
    const schema = mock.answers.answerSchema("GET", url.pathname, reply.status, type);
    body = schema === undefined ? undefined : mock.answers.draw(schema, mock.answers.seed);
    at = listAt(body, route);
  }
  if (!at) return;
  const example = (getAtPointer(body, [...at]) as unknown[] | undefined)?.[0];
  const holding = at;
  // The records as they are, else each cut to the fields the list's own item shows (a list of summaries), else each
  // made from the list's own item (mock-resources.ts `shapedItem`: a view the record does not fit, with required
  // fields it lacks).
  const fitsItem = (item: Node) => fits(withListAt(body, holding, [item]));
  const shapes: (() => unknown[] | undefined)[] = [
    () => [...listing],
    () =>
      listing.map((r) =>
        isNode(example)
          ? Object.fromEntries(Object.entries(r).filter(([k]) => k in example || k === resource.idField))
          : r,
      ),
    () => {
      if (!isNode(example)) return undefined;
      const shaped = listing.flatMap((r) => shapedItem(r, example, resource.idField, fitsItem) ?? []);
      return shaped.length || !listing.length ? shaped : undefined;
    },
  ];
  for (const shape of shapes) {
    const items = shape();
    if (!items) continue;
    const candidate: Reply = { ...reply, body: withListAt(body, at, items), headers: new Headers(reply.headers) };
    if (route) asLastPage(route, candidate, fits, at);
    if (!fits(candidate.body)) continue;
    reply.body = candidate.body;
    reply.headers = candidate.headers;
    reply.bodyChanged = true;
    return;
  }
}

/**
 * Where a list answer holds its items: where the manifest's paging reads them, else the first list found level by
 * level (common/first-list.ts), else where the paging reads them though the answer drew no list there (optional).
 */
function listAt(body: unknown, route: PagedRoute | undefined): readonly string[] | undefined {
  for (const pointer of route ? itemPointers(route) : [])
    if (Array.isArray(getAtPointer(body, [...pointer]))) return pointer;
  return firstListAt(body) ?? (route && isNode(body) ? itemPointers(route)[0] : undefined);
}

/** `body` with `items` in place of the list at `at` (the objects on the way copied). */
function withListAt(body: unknown, at: readonly string[], items: unknown[]): unknown {
  const [key, ...rest] = at;
  if (key === undefined || !isNode(body)) return items;
  return { ...body, [key]: withListAt(body[key], rest, items) };
}

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
