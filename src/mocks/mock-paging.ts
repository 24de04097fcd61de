// Paging on a mock. Prism answers every request for a list operation with the
// same example, so the page it gives back is always the same: its cursor sends
// the client back to where it was (the runtime stops with PAGINATION_LOOP), and
// a next address names the real API's host (NEXT_PAGE_ELSEWHERE). In front of
// Prism, for the operations whose manifest declares pagination, this layer
// makes the example the first page of a list that ends, as the manifest's
// pagination declaration says the upstream ends one:
//
//   - a next address (`nextUrl`, `linkHeader`) on another origin is moved to
//     the mock's, keeping its path and query when they reach the same
//     operation, else the request's own path with the address's query over it
//     (so is one on the mock's origin, or relative, naming no operation);
//   - a reply that would send the client back to the request it answers (its
//     cursor is the one the request sent, its next address the request's own)
//     is the last page: the `more` test made false, else the cursor or
//     address ended as the answer's schema allows (null where it may be null,
//     left out where it is optional, else an empty text; never a value that
//     breaks the schema: a `format: uri` field is not emptied), a header one
//     removed;
//   - with `offset` paging, a request whose offset is at or past the items of
//     the example page gets them emptied: the example is all the list holds;
//     with `page` paging, so does a request for a page after the first, and
//     a reply's count of pages (`pages`) says 1.
//
// The runtime's policies (PAGINATION_LOOP, NEXT_PAGE_ELSEWHERE) stay as they
// are: a mock only stops giving the answers that trip them. Other operations,
// and replies other than 2xx, pass untouched.
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { readWhole, replayed, sentTarget } from "./requests/replayed-request.js";
import {
  authSlots,
  evaluate,
  getAtPointer,
  linkNext,
  parsePointer,
  type PageTarget,
  type PaginationSpec,
  type ToolSpec,
  type ValueRef,
} from "@blockwright/runtime/internal";
import { MOCK_STEERING_KEYS } from "@blockwright/runtime/workflow";
import { addQueryPairs, keepQueryPairs, queryPairs } from "../common/url/query-pairs.js";
import { alikeRoutePaths, routePath, servedKeyPath } from "../load/operation-index.js";
import { type DocumentServes, documentServes, pathPattern, type RoutedOperation } from "./routing/path-templates.js";

export interface PagedRoute {
  method: string;
  path: RegExp;
  tool: ToolSpec;
  pagination: PaginationSpec;
  /** Whether the document has an operation at a path under this route's server (the mock serves it). */
  served?: (pathname: string) => boolean;
  /** The paths of the document's other servers, longest first: an address under one names a path under this route's. */
  otherBases?: readonly string[];
}

/** A document as the paged routes read it: its operations (paths and methods) and its servers (`source.data`). */
export interface RoutedDocument {
  operations: { values(): Iterable<RoutedOperation> };
  source: { data: unknown };
}

/**
 * The operations that page, each with the address pattern of its requests; `served`: the served document, whose paths
 * alike but for their expressions' names (alikeRoutePaths) the mock's judge sends on to a path of their own; `named`:
 * the one whose paths and servers a next address's check reads (`served`), the linked document.
 */
export function pagedRoutes(tools: ToolSpec[], served?: RoutedDocument, named?: RoutedDocument): PagedRoute[] {
  const alike = served ? alikeRoutePaths([...served.operations.values()].map((op) => op.path)) : new Set<string>();
  const readable = named ?? served;
  const serves = readable && documentServes(readable.operations.values(), readable.source.data);
  return tools.flatMap((tool) => (tool.pagination ? [routeOf(tool, tool.pagination, alike, serves)] : []));
}

/** A paged operation's route: its path under the server's (the mock serves `/api/channels` for a server at `…/api`). */
function routeOf(
  tool: ToolSpec,
  pagination: PaginationSpec,
  alike: ReadonlySet<string> = new Set(),
  serves?: DocumentServes,
): PagedRoute {
  const path = alike.has(routePath(tool.path)) ? servedKeyPath(tool.path, new Set(), alike) : tool.path;
  const basePath = tool.server.basePath ?? "";
  const served = serves && ((pathname: string) => serves(basePath, pathname));
  const otherBases = serves?.bases.filter((base) => base !== basePath);
  return { method: tool.method, path: pathPattern(basePath + path), tool, pagination, served, otherBases };
}

/**
 * Whether a 2xx JSON body fits its answer's schema (the operation reached by the method and path, the status, the media
 * type).
 */
export type AnswerFits = (
  method: string,
  pathname: string,
  status: number,
  mediaType: string,
  body: unknown,
) => boolean;

/**
 * Prism's request listener with the paging rules above in front of it; `fits` judges how a last page's next field may
 * end.
 */
export function withPaging(listener: RequestListener, routes: PagedRoute[], fits?: AnswerFits): RequestListener {
  if (!routes.length) return listener;
  return (req, res) => {
    const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`);
    const route = routes.find((r) => r.method === req.method && r.path.test(url.pathname));
    if (!route) return listener(req, res);
    void readWhole(req).then(
      (body) => {
        interceptEnd(res, (reply) => {
          const mediaType = reply.headers.get("content-type") ?? "application/json";
          // Read as the client sent it: a next page's address is made of its target, not of the one Prism routes.
          const sent = new URL(sentTarget(req), url);
          lastPageRules(
            route,
            { url: sent, headers: req.headers, body },
            reply,
            fits && ((candidate) => fits(req.method ?? "GET", url.pathname, reply.status, mediaType, candidate)),
          );
        });
        listener(replayed(req, body), res);
      },
      () => res.destroy(),
    );
  };
}

/** A request as the paging reads it: its address, headers and whole body. */
export interface SentRequest {
  url: URL;
  headers: IncomingMessage["headers"];
  body: Buffer;
}

export interface Reply {
  status: number;
  /** The parsed JSON body (undefined when there is none or it is not JSON). */
  body: unknown;
  headers: Headers;
  /** Whether the JSON body was changed (it is written out again then). */
  bodyChanged: boolean;
}

/**
 * The body the mock serves for a 2xx answer of a tool's operation (an
 * example) to the request at `url` (its query and headers as sent): the
 * contract suite compares the mock's answers with it.
 */
export function servedByMock(
  tool: ToolSpec,
  body: unknown,
  url: URL,
  headers: Headers,
  fits?: BodyFits,
  serves?: DocumentServes,
): unknown {
  if (!tool.pagination) return body;
  const reply: Reply = { status: 200, body: structuredClone(body), headers: new Headers(), bodyChanged: false };
  lastPageRules(
    routeOf(tool, tool.pagination, new Set(), serves),
    { url, headers: Object.fromEntries(headers), body: Buffer.alloc(0) },
    reply,
    fits,
  );
  return reply.body;
}

/** Whether a body fits the schema of the answer it is. */
export type BodyFits = (body: unknown) => boolean;

/** Apply the rules to one 2xx reply of a paged operation (in place). */
function lastPageRules(route: PagedRoute, request: SentRequest, reply: Reply, fits?: BodyFits): void {
  const { pagination } = route;
  const ctx = { status: reply.status, body: reply.body, headers: reply.headers, params: {} };
  const next = pagination.next;
  switch (next.style) {
    case "cursor": {
      const cursor = evaluate(next.cursor.ref, ctx);
      const sent = valueAt(request, next.send);
      if (cursor !== undefined && cursor !== null && sent !== undefined && String(cursor) === sent)
        endList(route, reply, next.cursor.ref, fits);
      return;
    }
    case "offset": {
      const sent = Number(valueAt(request, next.send));
      const items = itemRefs(route)
        .map((ref) => evaluate(ref, ctx))
        .find(Array.isArray);
      const onPage = items ? items.length : 0;
      if (Number.isFinite(sent) && onPage > 0 && sent >= next.start + onPage) emptyItems(route, reply);
      return;
    }
    case "page": {
      const sent = Number(valueAt(request, next.send));
      if (Number.isFinite(sent) && sent > next.start) emptyItems(route, reply);
      onePage(route, reply);
      return;
    }
    case "nextUrl":
    case "linkHeader": {
      const given = next.style === "nextUrl" ? evaluate(next.url.ref, ctx) : linkNext(reply.headers.get("link"));
      if (typeof given !== "string" || given.trim() === "") return;
      const moved = onMock(given.trim(), request.url, route);
      if (moved === undefined) return;
      if (sameRequest(moved, request.url, route.tool)) {
        endList(route, reply, next.style === "nextUrl" ? next.url.ref : undefined, fits);
        return;
      }
      // An address of this operation on the mock already (or relative) is the mock's to serve, as given.
      if (moved.href === new URL(given.trim(), request.url).href) return;
      if (next.style === "linkHeader")
        reply.headers.set("link", (reply.headers.get("link") ?? "").replace(`<${given}>`, `<${moved.href}>`));
      else if (next.url.ref.kind === "header") reply.headers.set(next.url.ref.name, moved.href);
      else if (next.url.ref.kind === "body") setAt(reply, next.url.ref.pointer, moved.href);
      return;
    }
  }
}

/**
 * A reply that holds the whole list made its last page (the stateful mock's lists, mock-state.ts): the `more` test
 * false, else the next page's cursor or address ended as endList does; a cursor read from one of the page's items
 * stays (the page after the last is empty): ending it would empty that record's id. `itemsAt`: where the reply holds
 * the items (`[]`: the reply is the list, its cursor read at `/-1/id`).
 */
export function asLastPage(
  route: PagedRoute,
  reply: Reply,
  fits: BodyFits | undefined,
  itemsAt: readonly string[],
): void {
  const next = route.pagination.next;
  onePage(route, reply);
  if (route.pagination.more) return endList(route, reply, undefined, fits);
  if (next.style === "cursor" && !(next.cursor.ref.kind === "body" && readsAnItem(next.cursor.ref.pointer, itemsAt)))
    endList(route, reply, next.cursor.ref, fits);
  else if (next.style === "nextUrl" || next.style === "linkHeader")
    endList(route, reply, next.style === "nextUrl" ? next.url.ref : undefined, fits);
}

/** Whether a pointer reads inside one of the items of the list at `itemsAt` (`/data/-1/id` in `/data`). */
function readsAnItem(pointer: readonly string[], itemsAt: readonly string[]): boolean {
  return pointer.length > itemsAt.length && itemsAt.every((key, i) => pointer[i] === key);
}

/**
 * A reply's count of pages made 1 (`pagination.pages`): the example, or the whole list, is the one page, so that a call
 * over all pages asks for none past it, as it would not past a full last page upstream.
 */
function onePage(route: PagedRoute, reply: Reply): void {
  const pages = route.pagination.pages;
  if (pages?.ref.kind === "header") reply.headers.set(pages.ref.name, "1");
  else if (pages?.ref.kind === "body" && getAtPointer(reply.body, pages.ref.pointer) !== undefined)
    setAt(reply, pages.ref.pointer, 1);
}

/** Empty the reply's lists of items: a page past the end of the list. */
function emptyItems(route: PagedRoute, reply: Reply): void {
  for (const ref of itemRefs(route))
    if (ref.kind === "body" && Array.isArray(getAtPointer(reply.body, ref.pointer))) setAt(reply, ref.pointer, []);
}

/** Make the reply the last page: the `more` test false, else the next page's cursor or address gone. */
function endList(route: PagedRoute, reply: Reply, ref: ValueRef | undefined, fits?: BodyFits): void {
  const more = route.pagination.more;
  if (more && more.ref.kind === "body" && typeof more.equals === "boolean") {
    setAt(reply, more.ref.pointer, !more.equals);
    return;
  }
  if (route.pagination.next.style === "linkHeader") {
    reply.headers.delete("link");
    return;
  }
  if (ref?.kind === "header") reply.headers.delete(ref.name);
  else if (ref?.kind === "body") {
    const value = getAtPointer(reply.body, ref.pointer);
    if (value === undefined) return;
    if (!fits) {
      setAt(reply, ref.pointer, typeof value === "string" ? "" : null);
      return;
    }
    // The first end the schema accepts: null, the field left out, an empty text. None: the value stays (the schema has
    // no end to give).
    for (const end of [null, LEFT_OUT, ...(typeof value === "string" ? [""] : [])]) {
      const candidate: Reply = { ...reply, body: structuredClone(reply.body) };
      setAt(candidate, ref.pointer, end);
      if (!fits(candidate.body)) continue;
      reply.body = candidate.body;
      reply.bodyChanged = true;
      return;
    }
  }
}

/** A field to be left out (setAt deletes it). */
const LEFT_OUT = Symbol("left out");

/**
 * A next address as one on the mock, decided by what a client following it would reach: its own when it is on the mock
 * already (or relative) and names an operation of the document (another operation's too: a query's next batch); on
 * another origin, moved to the mock's with its path when that reaches the same operation or another GET one; one under
 * another of the document's servers (`/v1/items` for a list at `/v2/items`) read under the list's server; else the
 * request's path with the address's query (a relative placeholder naming no operation, `baseurl`, would answer 404).
 * A fragment is never sent: a path is read without it.
 */
function onMock(given: string, requested: URL, route: PagedRoute): URL | undefined {
  let url: URL;
  try {
    url = new URL(given, requested);
  } catch {
    return undefined;
  }
  if (url.origin === requested.origin && (route.path.test(url.pathname) || (route.served?.(url.pathname) ?? true)))
    return url;
  const path = reachedPath(url.pathname, route);
  if (path !== undefined) return new URL(`${path}${url.search}`, requested.origin);
  // An address of another path (an example's, for a sibling list, or on the mock a placeholder naming no operation,
  // `baseurl?page=3` read as a relative path): this request's own with the address's query, less
  // the mock's steering keys, which a caller sends with each request it steers and never follows. Every pair as it
  // was written (common/url/query-pairs.ts): `searchParams.set` wrote a form-style list's `a,b` again as one value,
  // `a%2Cb`, and kept only the last of an address's repeated name.
  const own = new URL(requested.href);
  const theirs = queryPairs(url.search);
  const named = new Set(theirs.map((pair) => pair.name));
  keepQueryPairs(own, (name) => !MOCK_STEERING_KEYS.includes(name) && !named.has(name));
  addQueryPairs(
    own,
    theirs.map((pair) => pair.text),
  );
  return own;
}

/**
 * The path on the mock an address's path reaches: its own when the list or another GET operation is there, else the
 * same path under another of the document's servers read under the list's (the upstream answers both).
 */
function reachedPath(pathname: string, route: PagedRoute): string | undefined {
  const reaches = (path: string) => route.path.test(path) || (route.served?.(path) ?? false);
  if (reaches(pathname)) return pathname;
  const base = route.tool.server.basePath ?? "";
  for (const other of route.otherBases ?? []) {
    const path = pathname.startsWith(`${other}/`) ? base + pathname.slice(other.length) : undefined;
    if (path !== undefined && reaches(path)) return path;
  }
  return undefined;
}

/** Whether an address is the request's own: its path, and the same query pairs (a query credential aside). */
function sameRequest(address: URL, requested: URL, tool: ToolSpec): boolean {
  if (address.pathname !== requested.pathname) return false;
  const pairs = (url: URL) =>
    [...url.searchParams]
      .filter(([name]) => !MOCK_STEERING_KEYS.includes(name))
      .filter(([name]) => !authSlots(tool.auth).some((slot) => slot.in === "query" && slot.name === name))
      .map(([name, value]) => `${name}=${value}`)
      .sort()
      .join("&");
  return pairs(address) === pairs(requested);
}

/** The value the request carries at a page target (a query pair, a header, a body field), as text. */
export function valueAt(request: SentRequest, target: PageTarget): string | undefined {
  if (target.in !== "body") {
    if (target.in === "query") return request.url.searchParams.get(target.name) ?? undefined;
    const value = request.headers[target.name.toLowerCase()];
    return Array.isArray(value) ? value[0] : value;
  }
  const text = request.body.toString("utf8");
  const type = String(request.headers["content-type"] ?? "");
  const segments = parsePointer(target.pointer);
  if (type.includes("application/x-www-form-urlencoded")) {
    const [first = "", ...rest] = segments;
    return new URLSearchParams(text).get(first + rest.map((s) => `[${s}]`).join("")) ?? undefined;
  }
  try {
    const value = getAtPointer(JSON.parse(text), segments);
    return value === undefined || value === null || typeof value === "object" ? undefined : String(value);
  } catch {
    return undefined;
  }
}

/** The reply expressions of the list outputs gathered across pages. */
/** Where a page of the route holds its items in the answer's body (the paging's items, read as their outputs are). */
export function itemPointers(route: Pick<PagedRoute, "tool" | "pagination">): (readonly string[])[] {
  return itemRefs(route).flatMap((ref) => (ref.kind === "body" ? [ref.pointer] : []));
}

function itemRefs(route: Pick<PagedRoute, "tool" | "pagination">): ValueRef[] {
  return route.pagination.items.flatMap((path) => {
    const source = route.tool.outputs.find((o) => o.path === path)?.source;
    // Of several places (a bare list or a page object holding it), each in order: the first that holds a list wins.
    return !source || "value" in source ? [] : "first" in source ? source.first.map((p) => p.ref) : [source.ref];
  });
}

function setAt(reply: Reply, pointer: readonly string[], value: unknown): void {
  let node = reply.body as Record<string, unknown> | unknown[] | undefined;
  for (const [i, segment] of pointer.entries()) {
    if (node === null || typeof node !== "object") return;
    const key = Array.isArray(node) && /^-\d+$/.test(segment) ? node.length + Number(segment) : segment;
    if (i === pointer.length - 1) {
      if (value === LEFT_OUT) delete (node as Record<string | number, unknown>)[key];
      else (node as Record<string | number, unknown>)[key] = value;
      reply.bodyChanged = true;
      return;
    }
    node = (node as Record<string | number, unknown>)[key] as Record<string, unknown> | undefined;
  }
}

/** The request's whole body (Prism reads it again from the replay). */
/** Let `adjust` change a 2xx reply (its status, headers and JSON body) just before it is sent. */
export function interceptEnd(res: ServerResponse, adjust: (reply: Reply) => void): void {
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = ((...args: unknown[]) => {
    res.end = end as ServerResponse["end"];
    if (res.statusCode < 200 || res.statusCode >= 300 || res.headersSent) return end(...args);
    const [chunk] = args;
    const text = typeof chunk === "string" ? chunk : Buffer.isBuffer(chunk) ? chunk.toString("utf8") : "";
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.getHeaders()))
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : String(value));
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    const reply: Reply = { status: res.statusCode, body, headers, bodyChanged: false };
    adjust(reply);
    if (reply.status !== res.statusCode) res.statusCode = reply.status;
    for (const name of Object.keys(res.getHeaders())) if (!reply.headers.has(name)) res.removeHeader(name);
    for (const [name, value] of reply.headers) if (res.getHeader(name) !== value) res.setHeader(name, value);
    if (!reply.bodyChanged) return end(...args);
    // No body (an answer the document declares without content).
    const out = reply.body === undefined ? "" : JSON.stringify(reply.body);
    if (reply.body === undefined) res.removeHeader("content-type");
    res.setHeader("content-length", Buffer.byteLength(out));
    return end(out, ...args.slice(1).filter((a) => typeof a === "function"));
  }) as ServerResponse["end"];
}
