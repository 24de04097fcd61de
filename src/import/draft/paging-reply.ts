// What a list's reply says of its paging, for pagination.ts: a field holding the
// value of a parameter for the next page, a field found by its name and type,
// whether a `next…` field is an address, the flag beside it, a `Link` header.
import { formatPointer } from "@blockwright/runtime/internal";
import {
  typedVariantsType,
  typeOf,
  type OpenApiDocument,
  type OpenApiOperation,
  type Schema,
} from "../../load/openapi-document.js";
import { safeFlatten } from "./param-schema.js";

// `has_more`, `hasMoreItems` (Unblu), `has_next`: more pages while it is true.
export const HAS_MORE = /^has_?more(_?(items|results|pages|records))?$|^has_?next(_?page)?$/i;
export const AFTER_ID = /^(starting_?after|after|after_?id|since_?id)$/i;
// `next`, `next_url`, `nextLink`, `next_page_url`, `nextRecordsUrl`, and with a vendor prefix (`@x.nextLink`).
export const NEXT_URL = /^(@[a-z]+\.)?next([_-]?(page|records))?([_-]?(url|link|uri|href))?$/i;
// A reply's field holding the cursor of the next page, and a request's parameter or body field taking it.
export const NEXT_CURSOR = new RegExp(
  "^(next_?cursor|next_?page_?token|next_?token|continuation_?token|next_?page_?cursor|cursor|" +
    "next_?iterator|iterator)$",
  "i",
);
// `paginationToken` (a reply's `pagination.nextToken` sent back) too.
export const CURSOR_PARAM =
  /^(cursor|page_?token|pagination_?token|next_?token|continuation_?token|page_?cursor|after|iterator)$/i;
// The object of a reply that describes its page (`list_metadata`, `pagination`, `page_info`, `meta`).
// `cursors` too (`paging: {cursors: {before, after}}`, `meta: {cursor: {before, after}}`).
const PAGING_OBJECT = /^(list_?)?meta(_?data)?$|^pagination$|^paging$|^page_?info$|^cursors?$/i;
// A bare `pages`, the count of pages only beside the page's number (Kaminari's `pagination: {results, pages, page}`,
// `{count, current_page, pages}`): alone, it may be anything.
export const BARE_PAGES = /^pages$/i;
export const PAGE_NUMBER = /^(current_?)?page(_?(number|no|index))?$/i;
// An `after` cursor parameter (not `since_id`, newer than), and a description saying a field is of the next page.
const AFTER_CURSOR = /^(starting_?after|after|after_?id)$/i;
const NEXT_WORD = /\bnext\b/i;
// A paging object's id of the page's last item (`paging: {first, last}`), what an `after` parameter takes.
const LAST_ITEM = /^last(_?id)?$/i;

type Parameter = OpenApiOperation["parameters"][number];
/** Where the next page's value goes: a query parameter or header, or a top-level field of the JSON request body. */
export type NextSlot = { in: "query" | "header"; name: string } | { in: "body"; pointer: string };

/**
 * A field of the reply that holds the value of one of the operation's
 * parameters for the next page: named after it with `next` before it
 * (`next_marker` → `marker`, `nextPageToken` → `pageToken`), or with `next
 * page` before it (`NextPageMarker` → `Marker`), named as a
 * parameter that starts with `next` (`next_page_token`), or named as it
 * inside an object named `next…` (`next_page: {offset}` → `offset`), or, for
 * an `after` cursor, named as it inside the reply's paging object
 * (`list_metadata: {before, after}` → `after`), or the id of the page's last
 * item inside it, of the parameter's type (`paging: {first, last}` → `after`,
 * a job id), or named as it anywhere and described as the next one's
 * (`{data, after: "id of next result"}` → `after`). Failing those, a field named
 * after a top-level field of the JSON request body with `next` before it
 * (`NextMarker` → the body's `Marker`, RPC-style lists taking their paging in
 * the body), sent back there.
 */
export function nextNamedAfterParam(
  doc: OpenApiDocument,
  body: Schema,
  op: OpenApiOperation,
  usable: (p: Parameter) => boolean,
  bodyFields: readonly string[] = [],
): { field: string[]; name: string; send: NextSlot } | undefined {
  const key = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");
  // `next_marker` or `NextPageMarker` for `marker`.
  const nextOf = (param: string, field: string) =>
    key(`next${param}`) === key(field) || key(`nextpage${param}`) === key(field);
  const params = op.parameters.filter((p) => (p.in === "query" || p.in === "header") && usable(p));
  // An `after` named as the parameter outside any paging object, described as the next page's or record's
  // (`{data, after: "Unique id of next filtered result"}` → `after`).
  const saysNext = (schema: Schema) => NEXT_WORD.test(String((safeFlatten(doc, schema) ?? schema).description ?? ""));
  const typeOfSchema = (schema: Schema | undefined) => (schema ? typeOf(safeFlatten(doc, schema) ?? {}) : undefined);
  const byParam = findInReply(doc, body, (name, underNext, underPaging, schema) => {
    // `next_marker` for `marker`; `next_page_token` for a parameter of that very name; `offset` inside `next_page`;
    // `after` inside the reply's paging object (`list_metadata: {before, after}`) for a parameter `after`, or the
    // last item's id there (`paging: {first, last}`) of the parameter's type; a bare `token` handed back as it was
    // sent (`?token=` ↔ `{items, token}`, grpc-gateway's lists of some APIs).
    const param = params.find(
      (p) =>
        nextOf(p.name, name) ||
        (key(p.name) === "token" && key(name) === "token") ||
        ((underNext || /^next/i.test(p.name) || (underPaging && AFTER_ID.test(p.name))) && key(p.name) === key(name)) ||
        (AFTER_CURSOR.test(p.name) && key(p.name) === key(name) && saysNext(schema)) ||
        (underPaging &&
          AFTER_ID.test(p.name) &&
          LAST_ITEM.test(name) &&
          typeOfSchema(p.schema as Schema | undefined) === typeOfSchema(schema)),
    );
    return param && { name: param.name, send: { in: param.in as "query" | "header", name: param.name } };
  });
  if (byParam) return byParam;
  // The body's fields only after every parameter: a document declaring both keeps the recognition it had.
  return findInReply(doc, body, (name) => {
    const field = bodyFields.find((f) => nextOf(f, name));
    return field === undefined ? undefined : { name: field, send: { in: "body", pointer: formatPointer([field]) } };
  });
}

/** The first scalar field of the reply (up to three levels down) that `match` takes, with what it gave. */
function findInReply<T>(
  doc: OpenApiDocument,
  body: Schema,
  match: (name: string, underNext: boolean, underPaging: boolean, schema: Schema) => T | undefined,
): ({ field: string[] } & T) | undefined {
  const scalar = (schema: Schema) =>
    ["string", "integer", "number"].includes(typeOf(safeFlatten(doc, schema) ?? {}) ?? "");
  const visit = (
    schema: Schema,
    path: string[],
    underNext: boolean,
    depth: number,
    underPaging = false,
  ): ({ field: string[] } & T) | undefined => {
    const fields = (schema.properties ?? {}) as Record<string, Schema>;
    for (const [name, field] of Object.entries(fields)) {
      if (!scalar(field)) continue;
      const found = match(name, underNext, underPaging, field);
      if (found !== undefined) return { field: [...path, name], ...found };
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
export function hasLinkHeader(doc: OpenApiDocument, rawOp: Schema): boolean {
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

/**
 * The header of a 2xx reply that carries the next page's cursor: one named as the cursor parameter is (`X-Next-Token`
 * beside `nextToken`, an `x-` prefix and punctuation aside), or `next` and a token or cursor (`X-Next-Cursor`).
 */
export function cursorHeader(doc: OpenApiDocument, rawOp: Schema, cursorParam: string): string | undefined {
  const bare = (name: string) =>
    name
      .toLowerCase()
      .replace(/^x-/, "")
      .replace(/[^a-z0-9]/g, "");
  const responses = (rawOp.responses ?? {}) as Record<string, Schema>;
  for (const [status, raw] of Object.entries(responses)) {
    if (!/^2(\d\d|XX)$/i.test(status)) continue;
    let response: Schema;
    try {
      response = doc.resolve(raw);
    } catch {
      continue;
    }
    const found = Object.keys((response.headers ?? {}) as object).find(
      (h) => bare(h) === bare(cursorParam) || /^next(page)?(token|cursor)$/.test(bare(h)),
    );
    if (found) return found;
  }
  return undefined;
}

/**
 * The header of a 2xx reply that carries the next page's address: named `next-page`, `next-link` or `next-url` (an
 * `x-` prefix aside) and shown or described as an address (a uri format, an example that is one, or words saying URL,
 * link or address): `next-page: URL representing a new request … to receive the next page`.
 */
export function nextAddressHeader(doc: OpenApiDocument, rawOp: Schema): string | undefined {
  const responses = (rawOp.responses ?? {}) as Record<string, Schema>;
  for (const [status, raw] of Object.entries(responses)) {
    if (!/^2(\d\d|XX)$/i.test(status)) continue;
    let headers: Record<string, Schema>;
    try {
      headers = (doc.resolve(raw).headers ?? {}) as Record<string, Schema>;
    } catch {
      continue;
    }
    for (const [name, rawHeader] of Object.entries(headers)) {
      if (!/^(x-)?next[-_]?(page|link|url|uri|href)$/i.test(name)) continue;
      let header: Schema;
      try {
        header = doc.resolve(rawHeader);
      } catch {
        continue;
      }
      const schema = (header.schema ?? {}) as Schema;
      const shown = [header.example, schema.example].filter((v): v is string => typeof v === "string");
      const said = `${header.description ?? ""} ${schema.description ?? ""}`;
      if (
        (typeof schema.format === "string" && /^(uri|url|iri)(-reference)?$/i.test(schema.format)) ||
        shown.some((v) => /^(https?:\/\/|\/)/i.test(v)) ||
        /\b(urls?|uris?|address|link)\b/i.test(said)
      )
        return name;
    }
  }
  return undefined;
}

/** The field `name` of an example's object, if it is one. */
const fieldOf = (value: unknown, name: string): unknown =>
  value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)[name]
    : undefined;

/** The schema of the reply's field at `path` (flattened), if there is one. */
function fieldAt(doc: OpenApiDocument, body: Schema, path: readonly string[]): Schema | undefined {
  let at: Schema | undefined = body;
  for (const name of path)
    at = at ? safeFlatten(doc, ((at.properties ?? {}) as Record<string, Schema>)[name] ?? {}) : undefined;
  return at;
}

/**
 * An example that reads as an address: a scheme (plain or percent-encoded), a path, a query, or a dotted host
 * followed by a path or a query (`api.example.test/items?cursor=c2`, `cursor=c2&limit=10`).
 */
const showsAddress = (v: string): boolean =>
  /^(https?:\/\/|https?%3A|\/|\?)/i.test(v) ||
  /:\/\//.test(v) ||
  /^[\w-]+(\.[\w-]+)+[/?]/.test(v) ||
  /\w=[^&]*&\w/.test(v);

/**
 * An example that reads as an opaque token: base64(url), hex or an id — 8 or more such characters, with a digit or
 * both cases (so a placeholder word such as `string` or `nextpage` is no evidence), with a `/` only in a base64
 * text long enough to be one (a relative path `v1/items` is none), with no space, dot, `%` or `<…>`.
 */
const showsToken = (v: string): boolean =>
  /^[A-Za-z0-9_+/-]{8,}={0,2}$/.test(v) &&
  (/\d/.test(v) || (/[a-z]/.test(v) && /[A-Z]/.test(v))) &&
  (!v.includes("/") || (v.length >= 16 && v.length % 4 === 0 && !v.startsWith("/")));

/**
 * Whether the document shows a `next…` field as an address: a uri format, or an example (or examples) that is one,
 * the field's own or the value at its place in the reply's examples (`replyExamples`: a field with none of its own
 * whose reply shows `pagination.next: "eyJjcmVhdGV"` is shown as a token); with neither, unless its description
 * calls it a token or a cursor and names no address (a `next_page` described as the "token used to fetch the next
 * page").
 */
export function looksLikeAddress(
  doc: OpenApiDocument,
  body: Schema,
  path: readonly string[],
  replyExamples: readonly unknown[] = [],
): boolean {
  const field = fieldAt(doc, body, path) ?? {};
  if (typeof field.format === "string" && /^(uri|url|iri)(-reference)?$/i.test(field.format)) return true;
  // An empty text there is a last page's, which shows no form (Azure's `nextLink: ""`).
  const inReplies = replyExamples
    .map((example) => path.reduce<unknown>((at, name) => fieldOf(at, name), example))
    .filter((v) => v !== "");
  const shown = [field.example, ...(Array.isArray(field.examples) ? field.examples : []), ...inReplies].filter(
    (v): v is string => typeof v === "string",
  );
  if (shown.some(showsAddress)) return true;
  if (shown.some(showsToken)) return false;
  const said = typeof field.description === "string" ? field.description : "";
  return !/\b(token|cursor)\b/i.test(said) || /\b(urls?|uris?|address|link|href)\b/i.test(said);
}

/** A boolean beside the field at `path` saying whether more pages follow (HAS_MORE: `has_next`, `has_more`). */
export function siblingFlag(doc: OpenApiDocument, body: Schema, path: readonly string[]): string[] | undefined {
  const parent = fieldAt(doc, body, path.slice(0, -1)) ?? {};
  const name = Object.keys((parent.properties ?? {}) as Record<string, Schema>).find(
    (k) => HAS_MORE.test(k) && typeOf(fieldAt(doc, parent, [k]) ?? {}) === "boolean",
  );
  return name === undefined ? undefined : [...path.slice(0, -1), name];
}

/**
 * The pointer of a field of the reply whose name matches `pattern` and type
 * is one of `types`: at the top, or one level down in an object field
 * (`response_metadata.next_cursor`). With `beside`, only in an object that also holds a field matching it.
 */
export function fieldMatching(
  doc: OpenApiDocument,
  body: Schema,
  pattern: RegExp,
  types: string[],
  depth = 2,
  beside?: RegExp,
): string[] | undefined {
  const fields = (body.properties ?? {}) as Record<string, Schema>;
  const placed = !beside || Object.keys(fields).some((name) => beside.test(name));
  for (const [name, schema] of Object.entries(fields)) {
    const flat = safeFlatten(doc, schema);
    if (
      placed &&
      pattern.test(name) &&
      types.includes(typeOf(flat) ?? typedVariantsType(flat ?? {}, (v) => safeFlatten(doc, v)) ?? "")
    )
      return [name];
  }
  if (depth < 2) return undefined;
  for (const [name, schema] of Object.entries(fields)) {
    const flat = safeFlatten(doc, schema);
    if (!flat || typeOf(flat) !== "object") continue;
    const inner = fieldMatching(doc, flat, pattern, types, depth - 1, beside);
    if (inner) return [name, ...inner];
  }
  return undefined;
}
