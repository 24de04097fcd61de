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
//     paging object (`paging.cursors.after` → `after`): cursor;
//   - an address of the next page in the reply (`next`, `nextLink`,
//     `next_page_uri`, up to three levels down: `links.pages.next`),
//     absolute or relative to the request's: nextUrl;
//   - a cursor parameter beside a reply that is a bare array (nowhere in the
//     body for the next cursor), the `Link` header undeclared: linkHeader,
//     with a note to check it;
//   - an offset parameter (`offset`, `start`, `skip`): offset;
//   - a page number parameter (`page`, `page_number`): page;
// the offset, page number and page size in the query, a header, or (RPC-style
// APIs listing with a POST) a top-level field of the JSON body.
import { defined, formatPointer } from "@blockwright/runtime/internal";
import type { ManifestPagination } from "../../load/precompiled/manifest-types.js";
import { typeOf, type OpenApiDocument, type OpenApiOperation, type Schema } from "../../load/openapi-document.js";
import type { OutputsDraft } from "./outputs.js";
import type { ParamsDraft } from "./params.js";
import { safeFlatten } from "./params.js";
import type { ReviewNote } from "../manifest-yaml.js";

type Path = (string | number)[];

/** Where a paging value goes: a query parameter or header the spec declares, or a top-level field of the JSON body; its manifest parameter. */
interface PageSlot {
  name: string;
  send: { in: "query" | "header"; name: string } | { in: "body"; pointer: string };
  param: string;
  schema: Schema | undefined;
}

const NEXT_CURSOR =
  /^(next_?cursor|next_?page_?token|next_?token|continuation_?token|next_?page_?cursor|cursor|next_?iterator|iterator)$/i;
const CURSOR_PARAM = /^(cursor|page_?token|next_?token|continuation_?token|page_?cursor|after|iterator)$/i;
// `has_more`, `hasMoreItems` (Unblu), `has_next`: more pages while it is true.
const HAS_MORE = /^has_?more(_?(items|results|pages|records))?$|^has_?next(_?page)?$/i;
// A flag that says the list is at its end (Svix's `done` beside its `iterator`): more pages while it is false.
const DONE = /^(done|is_?done|is_?last(_?page)?|last_?page)$/i;
const AFTER_ID = /^(starting_?after|after|after_?id|since_?id)$/i;
// `next`, `next_url`, `nextLink`, `next_page_url`, `nextRecordsUrl`, and with a vendor prefix (`@x.nextLink`).
const NEXT_URL = /^(@[a-z]+\.)?next([_-]?(page|records))?([_-]?(url|link|uri|href))?$/i;
const OFFSET = /^(offset|start|start_?index|skip|from)$/i;
const PAGE = /^(page|page_?number|page_?index|page_?no)$/i;
const PAGE_SIZE = /^(limit|per_?page|page_?size|max_?results|count|size|max|top|\$top)$/i;
// The object of a reply that describes its page (`list_metadata`, `pagination`, `page_info`, `meta`).
// `cursors` too (`paging: {cursors: {before, after}}`, `meta: {cursor: {before, after}}`).
const PAGING_OBJECT = /^(list_?)?meta(_?data)?$|^pagination$|^paging$|^page_?info$|^cursors?$/i;
const TOTAL = /^(total|total_?count|total_?items|total_?results|total_?size)$/i;

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
  const wire = (place: string, name: string) => params.byWire.get(`${place}:${name}`);
  const declared = (pattern: RegExp, number?: boolean) =>
    op.parameters.find(
      (p) =>
        (p.in === "query" || p.in === "header") &&
        pattern.test(p.name) &&
        wire(p.in, p.name) !== undefined &&
        (number === undefined ||
          ["integer", "number"].includes(typeOf(safeFlatten(doc, p.schema) ?? {}) ?? "") === number),
    );
  const bodyField = (pattern: RegExp) =>
    [...params.byWire.keys()].find((k) => k.startsWith("body:/") && pattern.test(k.slice(6)))?.slice(6);
  // RPC-style APIs list with a POST whose JSON body carries the offset, page and page size (`{offset, limit}`).
  const bodyProperties = ((op.requestBody?.encoding === "json" ? safeFlatten(doc, op.requestBody.schema) : undefined)
    ?.properties ?? {}) as Record<string, Schema>;
  const slot = (pattern: RegExp): PageSlot | undefined => {
    const p = declared(pattern, true);
    if (p)
      return {
        name: p.name,
        send: { in: p.in as "query" | "header", name: p.name },
        param: defined(wire(p.in, p.name), "the parameter's placement"),
        schema: p.schema,
      };
    const field = Object.keys(bodyProperties).find(
      (k) =>
        pattern.test(k) &&
        wire("body", `/${k}`) !== undefined &&
        ["integer", "number"].includes(typeOf(safeFlatten(doc, bodyProperties[k] ?? {}) ?? {}) ?? ""),
    );
    return field === undefined
      ? undefined
      : {
          name: field,
          send: { in: "body", pointer: `/${field}` },
          param: defined(wire("body", `/${field}`), "the field's parameter"),
          schema: bodyProperties[field] as Schema,
        };
  };
  const size = slot(PAGE_SIZE);
  const pageSize = size ? { pageSize: size.param } : {};
  const body = outputs.body;
  const total = body ? fieldMatching(doc, body, TOTAL, ["integer", "number"]) : undefined;
  const totalPart = total ? { total: `$response.body#${formatPointer(total)}` } : {};
  const items = ["data"];

  if (hasLinkHeader(doc, rawOp) && op.method === "GET") {
    note('paging recognised by the Link header of the reply (rel="next")');
    return { style: "linkHeader", items };
  }
  const cursor = body ? fieldMatching(doc, body, NEXT_CURSOR, ["string", "integer"]) : undefined;
  const cursorParam = declared(CURSOR_PARAM);
  const cursorField = bodyField(CURSOR_PARAM);
  const named = body
    ? nextNamedAfterParam(doc, body, op, (p) => wire(p.in, p.name) !== undefined && p.name !== size?.name)
    : undefined;
  if (named && !(cursor && (cursorParam || cursorField))) {
    note(`paging recognised as a cursor: ${named.field.join(".")} of the reply, sent back as ${named.param.name}`);
    return {
      style: "cursor",
      cursor: `$response.body#${formatPointer(named.field)}`,
      send: { in: named.param.in as "query" | "header", name: named.param.name },
      ...totalPart,
      items,
      ...pageSize,
    };
  }
  const more = body ? fieldMatching(doc, body, HAS_MORE, ["boolean"], 1) : undefined;
  if (cursor && (cursorParam || cursorField)) {
    const send = cursorParam
      ? { in: cursorParam.in as "query" | "header", name: cursorParam.name }
      : { in: "body" as const, pointer: formatPointer([defined(cursorField, "the cursor field")]) };
    // The end said by a flag, where the reply has one: a cursor may still be given on the last page.
    const flag = more ?? (body ? fieldMatching(doc, body, DONE, ["boolean"], 1) : undefined);
    const endPart = flag ? { more: { from: `$response.body#${formatPointer(flag)}`, equals: more !== undefined } } : {};
    note(
      `paging recognised as a cursor: ${cursor.join(".")} of the reply, sent back as ${cursorParam ? cursorParam.name : cursorField}${flag ? `, more pages while ${flag.join(".")} is ${more ? "true" : "false"}` : ""}`,
    );
    return {
      style: "cursor",
      cursor: `$response.body#${formatPointer(cursor)}`,
      send,
      ...endPart,
      ...totalPart,
      items,
      ...pageSize,
    };
  }
  const after = declared(AFTER_ID);
  const idOfItems =
    outputs.list.items &&
    typeOf(outputs.list.items) === "object" &&
    ((outputs.list.items.properties ?? {}) as Schema).id !== undefined;
  if (more && after && idOfItems) {
    const list = formatPointer(outputs.list.pointer).slice(1);
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
  const nextUrl = body
    ? (fieldMatching(doc, body, NEXT_URL, ["string"]) ?? fieldMatching(doc, body, NEXT_URL, ["string"], 3))
    : undefined;
  // A `next_page` that the document shows as no address (no uri format, an example that is none) beside a cursor
  // parameter is the cursor (Pachca's `meta.paginate.next_page` → `cursor`), its end said by a sibling flag if any.
  if (nextUrl && cursorParam && body && !looksLikeAddress(doc, body, nextUrl)) {
    const flag = siblingFlag(doc, body, nextUrl);
    const endPart = flag ? { more: { from: `$response.body#${formatPointer(flag)}`, equals: true } } : {};
    note(
      `paging recognised as a cursor: ${nextUrl.join(".")} of the reply (no address: the document gives it no uri format and no address as its example), sent back as ${cursorParam.name}${flag ? `, more pages while ${flag.join(".")} is true` : ""}`,
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
      `paging recognised as the address of the next page in ${nextUrl.join(".")} (absolute, or relative to the request's)`,
    );
    return { style: "nextUrl", url: `$response.body#${formatPointer(nextUrl)}`, ...totalPart, items };
  }
  // A bare array has no field for the next cursor: the reply's headers must carry it, and Link is the one published APIs use.
  if (cursorParam && outputs.list.pointer.length === 0 && op.method === "GET") {
    note(
      `paging drafted as the Link header of the reply (rel="next"): the reply is a bare list and ${cursorParam.name} a cursor parameter, but the document declares no Link header; check it`,
    );
    return { style: "linkHeader", items };
  }
  const morePart = more ? { more: { from: `$response.body#${formatPointer(more)}`, equals: true } } : {};
  const offset = slot(OFFSET);
  if (offset) {
    note(
      `paging recognised as an offset sent as ${offset.name}${size ? `, ${size.name} the page size` : ""}${more ? `, more pages while ${more.join(".")} is true` : ""}; check where the first page starts`,
    );
    return { style: "offset", send: offset.send, ...morePart, ...totalPart, items, ...pageSize };
  }
  const page = slot(PAGE);
  if (page) {
    // The first page's number: the parameter's default, else its minimum (0 for a zero-based index), else its
    // example (Datadog's `page: {type: integer, example: 0}`, zero-based, says it nowhere else), else 1.
    const schema = safeFlatten(doc, page.schema ?? {}) ?? {};
    const example = Array.isArray(schema.examples) ? schema.examples[0] : schema.example;
    const first =
      [schema.default, schema.minimum, example].find(
        (v): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= 1,
      ) ?? 1;
    note(
      `paging recognised as a page number sent as ${page.name}, the first page ${first}${size ? `, ${size.name} the page size` : ""}; the list ends at an empty page`,
    );
    return {
      style: "page",
      send: page.send,
      ...(first !== 1 ? { start: first } : {}),
      ...morePart,
      ...totalPart,
      items,
      ...pageSize,
    };
  }
  return undefined;
}

/**
 * A field of the reply that holds the value of one of the operation's
 * parameters for the next page: named after it with `next` before it
 * (`next_marker` → `marker`, `nextPageToken` → `pageToken`), named as a
 * parameter that starts with `next` (`next_page_token`), or named as it
 * inside an object named `next…` (`next_page: {offset}` → `offset`), or, for
 * an `after` cursor, named as it inside the reply's paging object
 * (`list_metadata: {before, after}` → `after`).
 */
function nextNamedAfterParam(
  doc: OpenApiDocument,
  body: Schema,
  op: OpenApiOperation,
  usable: (p: OpenApiOperation["parameters"][number]) => boolean,
): { field: string[]; param: OpenApiOperation["parameters"][number] } | undefined {
  const key = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");
  const params = op.parameters.filter((p) => (p.in === "query" || p.in === "header") && usable(p));
  const scalar = (schema: Schema) =>
    ["string", "integer", "number"].includes(typeOf(safeFlatten(doc, schema) ?? {}) ?? "");
  const visit = (
    schema: Schema,
    path: string[],
    underNext: boolean,
    depth: number,
    underPaging = false,
  ): { field: string[]; param: OpenApiOperation["parameters"][number] } | undefined => {
    const fields = (schema.properties ?? {}) as Record<string, Schema>;
    for (const [name, field] of Object.entries(fields)) {
      if (!scalar(field)) continue;
      // `next_marker` for `marker`; `next_page_token` for a parameter of that very name; `offset` inside `next_page`;
      // `after` inside the reply's paging object (`list_metadata: {before, after}`) for a parameter `after`.
      const param = params.find(
        (p) =>
          key(`next${p.name}`) === key(name) ||
          ((underNext || /^next/i.test(p.name) || (underPaging && AFTER_ID.test(p.name))) && key(p.name) === key(name)),
      );
      if (param) return { field: [...path, name], param };
    }
    if (depth <= 1) return undefined;
    for (const [name, field] of Object.entries(fields)) {
      const flat = safeFlatten(doc, field);
      if (!flat || typeOf(flat) !== "object") continue;
      // Inside a paging object, its objects are too (`paging.cursors.after`).
      const found = visit(
        flat,
        [...path, name],
        /^next/i.test(name),
        depth - 1,
        underPaging || PAGING_OBJECT.test(name),
      );
      if (found) return found;
    }
    return undefined;
  };
  return visit(body, [], false, 3);
}

/** Whether a 2xx reply of the operation declares a `Link` header. */
function hasLinkHeader(doc: OpenApiDocument, rawOp: Schema): boolean {
  const responses = (rawOp.responses ?? {}) as Record<string, Schema>;
  return Object.entries(responses).some(([status, raw]) => {
    if (!/^2(\d\d|XX)$/i.test(status)) return false;
    let response: Schema;
    try {
      response = doc.resolve(raw);
    } catch {
      return false;
    }
    return Object.keys((response.headers ?? {}) as object).some((h) => h.toLowerCase() === "link");
  });
}

/** The schema of the reply's field at `path` (flattened), if there is one. */
function fieldAt(doc: OpenApiDocument, body: Schema, path: readonly string[]): Schema | undefined {
  let at: Schema | undefined = body;
  for (const name of path)
    at = at ? safeFlatten(doc, ((at.properties ?? {}) as Record<string, Schema>)[name] ?? {}) : undefined;
  return at;
}

/** Whether the document shows a `next…` field as an address: a uri format, or an example (or examples) that is one. */
function looksLikeAddress(doc: OpenApiDocument, body: Schema, path: readonly string[]): boolean {
  const field = fieldAt(doc, body, path) ?? {};
  if (typeof field.format === "string" && /^(uri|url|iri)(-reference)?$/i.test(field.format)) return true;
  const shown = [field.example, ...(Array.isArray(field.examples) ? field.examples : [])].filter(
    (v): v is string => typeof v === "string",
  );
  return !shown.length || shown.some((v) => /^(https?:\/\/|\/|\?)/i.test(v));
}

/** A boolean beside the field at `path` saying whether more pages follow (HAS_MORE: `has_next`, `has_more`). */
function siblingFlag(doc: OpenApiDocument, body: Schema, path: readonly string[]): string[] | undefined {
  const parent = fieldAt(doc, body, path.slice(0, -1)) ?? {};
  const name = Object.keys((parent.properties ?? {}) as Record<string, Schema>).find(
    (k) => HAS_MORE.test(k) && typeOf(fieldAt(doc, parent, [k]) ?? {}) === "boolean",
  );
  return name === undefined ? undefined : [...path.slice(0, -1), name];
}

/**
 * The pointer of a field of the reply whose name matches `pattern` and type
 * is one of `types`: at the top, or one level down in an object field
 * (`response_metadata.next_cursor`).
 */
function fieldMatching(
  doc: OpenApiDocument,
  body: Schema,
  pattern: RegExp,
  types: string[],
  depth = 2,
): string[] | undefined {
  const fields = (body.properties ?? {}) as Record<string, Schema>;
  for (const [name, schema] of Object.entries(fields)) {
    const flat = safeFlatten(doc, schema);
    if (pattern.test(name) && types.includes(typeOf(flat ?? {}) ?? "")) return [name];
  }
  if (depth < 2) return undefined;
  for (const [name, schema] of Object.entries(fields)) {
    const flat = safeFlatten(doc, schema);
    if (!flat || typeOf(flat) !== "object") continue;
    const inner = fieldMatching(doc, flat, pattern, types, depth - 1);
    if (inner) return [name, ...inner];
  }
  return undefined;
}
