// How a drafted list operation reaches its next page, recognised from the
// shapes published APIs use, in the manifest's pagination styles:
//   - a `Link` header on the reply: linkHeader;
//   - a cursor in the reply sent back as a parameter
//     (`response_metadata.next_cursor` → `cursor`,
//     `nextPageToken` → `pageToken`): cursor;
//   - `has_more` beside a list of records with ids, the last id sent back as
//     `starting_after`: cursor on `data/-1/id`;
//   - a field of the reply named after a parameter with `next` before it
//     (`next_marker` → `marker`), or inside an object so named
//     (`next_page.offset` → `offset`), or an `after` anywhere in the reply's
//     paging object (`paging.cursors.after` → `after`) or described as the
//     next one's (`{data, after}`), or, failing those,
//     named after a top-level field of the JSON body (`NextMarker` → the
//     body's `Marker`): cursor; a stream's iterator without an end flag
//     (`NextShardIterator` → `ShardIterator`) until it is caught up
//     (paging-caught-up.ts);
//   - a field of the reply saying where the page stopped, of the schema of
//     the request's field saying where the next starts (`LastEvaluatedKey` →
//     the body's `ExclusiveStartKey`, an object sent back whole): cursor;
//   - an address of the next page in the reply (`next`, `nextLink`,
//     `next_page_uri`, up to three levels down: `links.pages.next`), or in a
//     reply header (`next-page`), absolute or relative to the request's: nextUrl;
//   - a cursor parameter beside a reply that is a bare array (nowhere in the
//     body for the next cursor), the `Link` header undeclared: linkHeader,
//     with a note to check it;
//   - an offset parameter (`offset`, `start`, `skip`): offset;
//   - a page number parameter (`page`, `page_number`): page;
// the offset, page number and page size in the query, a header (its name read
// as words: `X-Next-Token` as `next_token`), or (RPC-style APIs listing with a
// POST) a top-level field of the JSON body (paging/page-request.ts).
import { defined, formatPointer } from "@blockwright/runtime/internal";
import type { ManifestPagination } from "../../load/precompiled/manifest-types.js";
import { typeOf, type OpenApiDocument, type OpenApiOperation, type Schema } from "../../load/openapi-document.js";
import type { OutputsDraft } from "./outputs.js";
import type { ParamsDraft } from "./params.js";
import { safeFlatten } from "./param-schema.js";
import { specBounds } from "../../link/param-limits/spec-bounds.js";
import type { ReviewNote } from "../manifest-yaml.js";
import {
  AFTER_ID,
  BARE_PAGES,
  CURSOR_PARAM,
  fieldMatching,
  HAS_MORE,
  cursorHeader,
  hasLinkHeader,
  looksLikeAddress,
  NEXT_CURSOR,
  nextAddressHeader,
  nextNamedAfterParam,
  PAGE_NUMBER,
  siblingFlag,
  NEXT_URL,
} from "./paging-reply.js";
import { resumeField } from "./paging-resume.js";
import { iteratorEnd } from "./paging-caught-up.js";
import { type PageRequest, pageRequest, type PageSlot } from "./paging/page-request.js";
import { takesTime } from "./paging/time-offset.js";
import { pageEnds } from "./paging/page-ends.js";

type Path = (string | number)[];

// A flag that says the list is at its end (Svix's `done` beside its `iterator`): more pages while it is false.
const DONE = /^(done|is_?done|is_?last(_?page)?|last_?page)$/i;
// `PageOffset`, `page_offset`: the offset of a page's first item (`PageOffset=10` starts at item 11); `skipCount`,
// the items to skip, beside `maxItems`.
const OFFSET = /^(offset|page_?offset|start|start_?index|skip|skip_?count|from)$/i;
const PAGE = /^(page|page_?number|page_?index|page_?no)$/i;
// `take` beside `skip`: LINQ's words, as .NET APIs name an offset's page size; `PageLength`, `page_limit`, `pagelen`.
const PAGE_SIZE =
  /^(limit|per_?page|page_?(size|length|len|limit)|max_?results|max_?items|count|size|max|top|\$top|take)$/i;
const TOTAL = /^(total|total_?count|total_?items|total_?results|total_?size)$/i;
// The reply's count of pages (`total_pages`, `totalPages`, `pageCount`), or the number of the last page counted from 1.
const PAGES = /^(total_?pages|total_?page_?count|page_?count|pages_?count|num_?pages|number_?of_?pages)$/i;
const LAST_PAGE = /^last_?page$/i;
// A parameter taking the item the page starts after (`starting_after`, `startingAfter`, `after_id`).
const AFTER_ITEM = /^(starting_?after|after|after_?id)$/i;

type Parameter = OpenApiOperation["parameters"][number];

/**
 * What each style's recogniser reads: the request and the reply, the page size, the end flag, the parts every style
 * shares.
 */
interface Paging {
  doc: OpenApiDocument;
  op: OpenApiOperation;
  rawOp: Schema;
  list: NonNullable<OutputsDraft["list"]>;
  body: Schema | undefined;
  request: PageRequest;
  size: PageSlot | undefined;
  more: string[] | undefined;
  cursorParam: Parameter | undefined;
  /** A parameter's description as drafted. */
  described: (p: Parameter) => string;
  /** A paging place's description as drafted. */
  slotDescribed: (slot: PageSlot) => string;
  note: (text: string) => void;
  /** The parts of every style's draft: the items, the page size, the total. */
  items: string[];
  pageSize: { pageSize?: string };
  totalPart: { total?: string };
}

export function draftPagination(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  rawOp: Schema,
  params: ParamsDraft,
  outputs: OutputsDraft,
  at: Path,
  notes: ReviewNote[],
): ManifestPagination | undefined {
  if (!outputs.list || outputs.outputs.data?.type !== "array") return undefined;
  const where = [...at, "pagination"];
  const note = (text: string) => notes.push({ at: where, note: text });
  const request = pageRequest(doc, op, params);
  const size = request.slot(PAGE_SIZE);
  const body = outputs.body;
  const total = body ? fieldMatching(doc, body, TOTAL, ["integer", "number"]) : undefined;
  const items = ["data"];
  if (hasLinkHeader(doc, rawOp) && op.method === "GET") {
    note('paging recognised by the Link header of the reply (rel="next")');
    return { style: "linkHeader", items };
  }
  const paging: Paging = {
    doc,
    op,
    rawOp,
    list: outputs.list,
    body,
    request,
    size,
    more: body ? fieldMatching(doc, body, HAS_MORE, ["boolean"], 1) : undefined,
    cursorParam: request.declared(CURSOR_PARAM),
    described: (p) => params.params[params.byWire.get(`${p.in}:${p.name}`) ?? ""]?.description ?? "",
    slotDescribed: (slot) => params.params[slot.param]?.description ?? "",
    note,
    items,
    pageSize: size ? { pageSize: size.param } : {},
    totalPart: total ? { total: `$response.body#${formatPointer(total)}` } : {},
  };
  return cursorPaging(paging) ?? addressPaging(paging) ?? countedPaging(paging);
}

/** ", more pages while a.b is true", of the flag `flag` when there is one. */
const whileFlag = (flag: string[] | undefined, is = true) =>
  flag ? `, more pages while ${flag.join(".")} is ${is ? "true" : "false"}` : "";

/** A cursor of the reply sent back: a field named after a parameter, a cursor field, or the last item's id. */
function cursorPaging(paging: Paging): ManifestPagination | undefined {
  const { doc, op, body, request, more, cursorParam, note, items, pageSize, totalPart } = paging;
  const cursor = body ? fieldMatching(doc, body, NEXT_CURSOR, ["string", "integer"]) : undefined;
  const cursorField = request.bodyField(CURSOR_PARAM);
  const named = body ? nextNamedAfterParam(doc, body, op, ...cursorPlaces(paging)) : undefined;
  if (named && !(cursor && (cursorParam || cursorField))) {
    // A stream's iterator ends when the reader is caught up (paging-caught-up.ts).
    const end = iteratorEnd(doc, body, named.field, undefined);
    note(
      `paging recognised as a cursor: ${named.field.join(".")} of the reply, sent back as ` +
        (named.send.in === "body" ? `the body's ${named.name}` : named.name) +
        (end?.note ?? ""),
    );
    return {
      style: "cursor",
      cursor: `$response.body#${formatPointer(named.field)}`,
      send: named.send,
      ...(end ? { until: end.until } : {}),
      ...totalPart,
      items,
      ...pageSize,
    };
  }
  const resumed = cursor && (cursorParam || cursorField) ? undefined : resumePaging(paging);
  if (resumed) return resumed;
  if (cursor && (cursorParam || cursorField)) {
    const send = cursorParam
      ? { in: cursorParam.in as "query" | "header", name: cursorParam.name }
      : { in: "body" as const, pointer: formatPointer([defined(cursorField, "the cursor field")]) };
    // The end said by a flag, where the reply has one: a cursor may still be given on the last page.
    // A `has_more` beside a cursor inside the reply's paging object (`meta: {cursor, hasNextPage}`) too.
    const moreFlag = more ?? (body ? siblingFlag(doc, body, cursor) : undefined);
    const flag = moreFlag ?? (body ? fieldMatching(doc, body, DONE, ["boolean"], 1) : undefined);
    const isMore = moreFlag !== undefined;
    const endPart = flag ? { more: { from: `$response.body#${formatPointer(flag)}`, equals: isMore } } : {};
    const end = iteratorEnd(doc, body, cursor, flag);
    note(
      `paging recognised as a cursor: ${cursor.join(".")} of the reply, sent back as ` +
        `${cursorParam ? cursorParam.name : `the body's ${cursorField}`}${whileFlag(flag, isMore)}` +
        (end?.note ?? ""),
    );
    return {
      style: "cursor",
      cursor: `$response.body#${formatPointer(cursor)}`,
      send,
      ...endPart,
      ...(end ? { until: end.until } : {}),
      ...totalPart,
      items,
      ...pageSize,
    };
  }
  const after = request.declared(AFTER_ID);
  const idOfItems = itemsNameIds(paging.doc, paging.list.items);
  if (more && after && idOfItems) {
    const list = formatPointer(paging.list.pointer).slice(1);
    note(`paging recognised as ${more.join(".")} with the last item's id sent back as ${after.name}`);
    return {
      style: "cursor",
      cursor: `$response.body#/${list ? `${list}/` : ""}-1/id`,
      send: { in: after.in as "query" | "header", name: after.name },
      more: { from: `$response.body#${formatPointer(more)}`, equals: true },
      items,
      ...pageSize,
    };
  }
  // A reply that is a bare list of items with ids, no end flag, and a parameter the document says takes an item's id:
  // the last item's id sent back until a page holds no item (no last item, no cursor: the last page).
  // Not `since_id` ("newer than"): right only for a list oldest first, which the document does not say (a timeline,
  // newest first, pages back by `max_id`, and since_id would ask for the first page's newer items again).
  const afterItem = request.declared(AFTER_ITEM);
  const inObject = afterItem && idOfItems && !more ? lastIdPaging(paging, afterItem) : undefined;
  if (inObject) return inObject;
  if (afterItem && idOfItems && paging.list.pointer.length === 0 && takesAnId(afterItem, paging.described(afterItem))) {
    note(
      `paging recognised as the last item's id sent back as ${afterItem.name} (the document describes it as an ` +
        "item's id); the reply, a bare list, says no end: the list ends at an empty page. Check that the service " +
        "pages so",
    );
    return {
      style: "cursor",
      cursor: "$response.body#/-1/id",
      send: sentAt(afterItem),
      items,
      ...pageSize,
    };
  }
  return undefined;
}

/**
 * Whether the list's items name an `id`: an object's, or every shape's of a union of objects (`oneOf` of kinds told
 * apart by `type`, a conversation's messages and tool calls), whose last item's id is then the page's cursor whichever
 * kind it is.
 */
function itemsNameIds(doc: OpenApiDocument, items: Schema | undefined): boolean {
  const namesId = (s: Schema | undefined) =>
    s !== undefined && typeOf(s) === "object" && ((s.properties ?? {}) as Schema).id !== undefined;
  if (!items || namesId(items)) return items !== undefined;
  const shapes = (items.oneOf ?? items.anyOf) as Schema[] | undefined;
  return Array.isArray(shapes) && shapes.length > 0 && shapes.every((s) => namesId(safeFlatten(doc, s)));
}

/**
 * The last item's id sent back over a list in an object with no end flag (`{data, first_id, last_id}`, a list of a
 * response's input items), where the reply's own last item's id (`last_id`) or the document's words say `after` takes
 * an item's id. Not where the reply has a field of the parameter's name the document does not call the next one's (it
 * may echo the request's).
 */
function lastIdPaging(paging: Paging, afterItem: Parameter): ManifestPagination | undefined {
  const { doc, body, note, items, pageSize, totalPart } = paging;
  if (paging.list.pointer.length === 0 || Object.hasOwn((body?.properties ?? {}) as object, afterItem.name))
    return undefined;
  const lastId = body ? fieldMatching(doc, body, /^last_?id$/i, ["string", "integer"], 1) : undefined;
  if (!lastId && !takesAnId(afterItem, paging.described(afterItem))) return undefined;
  note(
    `paging recognised as the last item's id sent back as ${afterItem.name} (` +
      (lastId ? `the reply gives it as ${lastId.join(".")} too` : "the document describes it as an item's id") +
      "); the reply says no end (no flag, no count): the list ends at a page without items. Check that the " +
      "service pages so",
  );
  const cursor = `$response.body#${formatPointer(paging.list.pointer)}/-1/id`;
  return { style: "cursor", cursor, send: sentAt(afterItem), ...totalPart, items, ...pageSize };
}

/** Where a parameter sending a cursor back goes. */
const sentAt = (p: Parameter) => ({ in: p.in as "query" | "header", name: p.name });

/** Whether a parameter is named or described as taking an item's id (`since_id`, "the id of the last item…"). */
function takesAnId(p: Parameter, description: string): boolean {
  return /(_id|Id|ID)$/.test(p.name) || /\bids?\b/i.test(description);
}

/** Where a cursor may be sent back: a parameter the request places, a body field; the page size's neither. */
function cursorPlaces({ request, size }: Paging): [(p: { in: string; name: string }) => boolean, string[]] {
  return [
    (p) => request.wire(p.in, p.name) !== undefined && p.name !== size?.name,
    request.bodyFields.filter((f) => f !== size?.name),
  ];
}

/** A field of the reply saying where the page stopped sent back as where the next starts (paging-resume.ts). */
function resumePaging(paging: Paging): ManifestPagination | undefined {
  const { doc, op, body, note, items, pageSize, totalPart } = paging;
  const resume = body ? resumeField(doc, body, op, ...cursorPlaces(paging)) : undefined;
  if (resume) {
    note(
      `paging recognised as a cursor: ${resume.field.join(".")} of the reply, where this page stopped, sent back as ` +
        `${resume.send.in === "body" ? `the body's ${resume.name}` : resume.name}, where the next starts` +
        `${resume.object ? " (an object, sent back whole)" : ""}; the list ends at a reply without it`,
    );
    return {
      style: "cursor",
      cursor: `$response.body#${formatPointer(resume.field)}`,
      send: resume.send,
      ...totalPart,
      items,
      ...pageSize,
    };
  }
  return undefined;
}

/** The next page's address in the reply (or a `next_page` that is no address, a cursor), or the Link header. */
function addressPaging(paging: Paging): ManifestPagination | undefined {
  const { doc, op, body, cursorParam, note, items, pageSize, totalPart } = paging;
  const nextUrl = body
    ? (fieldMatching(doc, body, NEXT_URL, ["string"]) ?? fieldMatching(doc, body, NEXT_URL, ["string"], 3))
    : undefined;
  // A `next_page` that the document shows as no address (no uri format, an example that is none, its own or the
  // reply's) beside a cursor parameter is the cursor (Pachca's `meta.paginate.next_page` → `cursor`, Neon's
  // `pagination.next` → `cursor`), its end said by a sibling flag if any.
  const replyExamples = Object.values(doc.bodyResponse(op)?.examples ?? {});
  if (nextUrl && cursorParam && body && !looksLikeAddress(doc, body, nextUrl, replyExamples)) {
    const flag = siblingFlag(doc, body, nextUrl);
    const endPart = flag ? { more: { from: `$response.body#${formatPointer(flag)}`, equals: true } } : {};
    note(
      `paging recognised as a cursor: ${nextUrl.join(".")} of the reply (no address: the document gives it no uri ` +
        `format and no address as its example), sent back as ${cursorParam.name}${whileFlag(flag)}`,
    );
    return {
      style: "cursor",
      cursor: `$response.body#${formatPointer(nextUrl)}`,
      send: { in: cursorParam.in as "query" | "header", name: cursorParam.name },
      ...endPart,
      ...totalPart,
      items,
      ...pageSize,
    };
  }
  if (nextUrl && op.method === "GET") {
    note(
      `paging recognised as the address of the next page in ${nextUrl.join(".")} (absolute, or relative to the ` +
        "request's)",
    );
    return { style: "nextUrl", url: `$response.body#${formatPointer(nextUrl)}`, ...totalPart, items };
  }
  // A reply header that carries the next page's address (`next-page: <URL>`), followed as the body's would be.
  const addressHeader = op.method === "GET" ? nextAddressHeader(doc, paging.rawOp) : undefined;
  if (addressHeader) {
    note(
      `paging recognised as the address of the next page in the reply's ${addressHeader} header (absolute, or ` +
        "relative to the request's); the list ends at a reply without it",
    );
    return { style: "nextUrl", url: `$response.header.${addressHeader}`, ...totalPart, items };
  }
  // A reply header that carries the cursor (`X-Next-Token` beside a `nextToken` parameter): sent back as the parameter.
  const header = cursorParam ? cursorHeader(doc, paging.rawOp, cursorParam.name) : undefined;
  if (cursorParam && header) {
    note(
      `paging recognised as a cursor: the reply's ${header} header, sent back as ${cursorParam.name}; ` +
        "the list ends at a reply without it",
    );
    return {
      style: "cursor",
      cursor: `$response.header.${header}`,
      send: { in: cursorParam.in as "query" | "header", name: cursorParam.name },
      ...totalPart,
      items,
      ...pageSize,
    };
  }
  // A bare array has no field for the next cursor: the reply's headers must carry it, and Link is the one published
  // APIs use.
  if (cursorParam && paging.list.pointer.length === 0 && op.method === "GET") {
    note(
      `paging drafted as the Link header of the reply (rel="next"): the reply is a bare list and ` +
        `${cursorParam.name} a cursor parameter, but the document declares no Link header; check it`,
    );
    return { style: "linkHeader", items };
  }
  return undefined;
}

/** An offset or a page number the operation takes. */
function countedPaging(paging: Paging): ManifestPagination | undefined {
  const { doc, request, size, more, note, items, pageSize, totalPart } = paging;
  const morePart = more ? { more: { from: `$response.body#${formatPointer(more)}`, equals: true } } : {};
  const sized = size ? `, ${size.name} the page size` : "";
  // A time under an offset's name (`start` beside `end`, a UNIX timestamp) begins a range, not a page.
  const named = request.slot(OFFSET);
  const offset = named && !takesTime(doc, named, paging.slotDescribed(named)) ? named : undefined;
  if (offset) {
    note(
      `paging recognised as an offset sent as ${offset.name}${sized}${whileFlag(more)}; ` +
        "check where the first page starts",
    );
    return { style: "offset", send: offset.send, ...morePart, ...totalPart, items, ...pageSize };
  }
  const page = request.slot(PAGE);
  if (page) {
    // The first page's number: the parameter's default, else its least value (0 for a zero-based index; an exclusive
    // `minimum: 0` admits 1 first), else its example (Datadog's `page: {type: integer, example: 0}`, zero-based, says
    // it nowhere else), else 1.
    const schema = safeFlatten(doc, page.schema ?? {}) ?? {};
    const example = Array.isArray(schema.examples) ? schema.examples[0] : schema.example;
    const first =
      [schema.default, specBounds(schema, true).minimum, example].find(
        (v): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= 1,
      ) ?? 1;
    const pages = pageCount(paging, first);
    note(
      `paging recognised as a page number sent as ${page.name}, the first page ` +
        `${first}${sized}${whileFlag(more)}; the list ends ${pageEnds(pages, totalPart)}`,
    );
    return {
      style: "page",
      send: page.send,
      ...(first !== 1 ? { start: first } : {}),
      ...(pages ? { pages: `$response.body#${formatPointer(pages)}` } : {}),
      ...morePart,
      ...totalPart,
      items,
      ...pageSize,
    };
  }
  return undefined;
}

/**
 * The reply's field counting the pages, up to three levels down (`meta.pagination.total_pages`), an integer; a
 * `last_page` only where pages are numbered from 1 (then it is the count); a bare `pages` beside the page's number.
 */
function pageCount({ doc, body }: Paging, first: number): string[] | undefined {
  if (!body) return undefined;
  return (
    fieldMatching(doc, body, PAGES, ["integer", "number"], 3) ??
    (first === 1 ? fieldMatching(doc, body, LAST_PAGE, ["integer"], 3) : undefined) ??
    fieldMatching(doc, body, BARE_PAGES, ["integer"], 3, PAGE_NUMBER)
  );
}
