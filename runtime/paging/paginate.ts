// Calls over several pages, for tools that declare pagination. Each page is
// one logical call (its own deadline, retries and idempotency key). The next
// page is reached as the manifest says: a cursor of the reply sent back, an
// offset, a page number, an address in the body or the `Link` header's rel="next". An
// address is followed only on the first page's origin (transport.ts), and a
// cursor or address seen before ends the call rather than loop. A tool that
// names its page size parameter asks for the largest page its manifest allows
// (the parameter's maximum, unless it is a number format's bound) unless the
// caller gives a size, so that all pages take as few requests, and rate-limit
// turns, as they can; under maxItems, each page asks only for the items still
// missing.
//
// `collectPages` gathers every page into one result:
//   - the list outputs (`pagination.items`) are concatenated, page after page,
//     and cut to `maxItems`;
//   - a count output over the same expression as a list output is the length
//     of the gathered list; other count outputs are summed;
//   - every other output is the last page's (so `done`, `hasMore` and a next
//     cursor describe where the call stopped) — the last 2xx page's, when the
//     call ended on a status the manifest maps as an outcome (e.g. a 404 "no
//     more records").
// A page that fails after others were fetched (a rate limit reached at page
// 11, a network error) ends the call with its error and, beside it, what the
// pages before it gave, gathered the same way (`partial`): nothing fetched,
// and paid for, is thrown away.
import type { Place } from "../call/build-request.js";
import { defined, entryOf, itemAt } from "../common/checked.js";
import { ownOf, ownValue } from "../common/own.js";
import { isBlank } from "../validate/validate-params.js";
import { cloneJson } from "../common/clone.js";
import { expressionOf, readOutputPath, setOutputPath } from "../call/map-outputs.js";
import type { PagesInfo, ToolResult } from "../http/errors.js";
import type { RuntimeErrorCode } from "../http/error-codes.js";
import type { ExpressionContext } from "../http/expressions.js";
import {
  type CallSupport,
  openCallFiles,
  prepareCall,
  sendCall,
  type ExecuteOptions,
  type PreparedCall,
} from "../call/single-call.js";
import type { OutputCall, PageTarget, PaginationSpec, ToolCall } from "../spec/tool-types.js";
import type { HttpRequest } from "../http/transport.js";
import type { NextPage } from "../call/next-address.js";
import { BY_HAND, type Support } from "../call/support.js";
import { lacks } from "../common/unsupported.js";
import { pagesTooLarge, upstreamFailure } from "../call/reply-failures.js";
import { replyLimit } from "../http/read-body.js";
import { DEFAULT_MAX_PAGES } from "./page-limit.js";

/**
 * The tool fields whose effect this module gives (tool-field-readers.ts: each field has a reader;
 * tool-field-readers.test.ts: each reader reads it).
 */
export const TOOL_FIELDS_READ = ["pagination"] as const satisfies readonly (keyof ToolCall)[];

export { DEFAULT_MAX_PAGES } from "./page-limit.js";

interface Page {
  result: ToolResult;
  /** The reply was 2xx (not an outcome such as a 404 mapped to an empty list). */
  ok?: boolean;
  /** Items on the page (after the maxItems cut). */
  items: number;
  /** Whether the stop came from maxItems or maxPages while more remained. */
  capped: boolean;
}

/** Every page of the call as its own result; the last one is a failure if a page failed. */
export async function* paginateToolDefinition(
  tool: ToolCall,
  params: Record<string, unknown> | undefined,
  options: ExecuteOptions & CallSupport = {},
): AsyncGenerator<ToolResult> {
  // The pages are the caller's to keep or drop: each reply is bounded on its own.
  for await (const page of pages(tool, params, options, false)) yield page.result;
}

/**
 * One result for every page (see the rules above), with `pages` saying what was fetched; a tool whose part `options`
 * lacks is refused (support.ts).
 */
export function collectPages(
  tool: ToolCall,
  params: Record<string, unknown> | undefined,
  options: ExecuteOptions & CallSupport = {},
): Promise<ToolResult> {
  return gatherPages(tool, params, { ...BY_HAND, ...options });
}

/**
 * collectPages with the parts checked only as `options` asks (`partsCheck`): what runTool runs, for an executor with or
 * without the check.
 */
export async function gatherPages(
  tool: ToolCall,
  params: Record<string, unknown> | undefined,
  options: ExecuteOptions & CallSupport,
): Promise<ToolResult> {
  const outputs: { output: Record<string, unknown>; ok: boolean }[] = [];
  let items = 0;
  let capped = false;
  // Gathered in memory: the pages together are bounded by the reply limit.
  for await (const page of pages(tool, params, options, true)) {
    const { result } = page;
    if (!result.success) {
      if (!outputs.length) return result;
      // A page past the bound the pages share (each page is read within what the ones before left of it).
      const error =
        result.error.code === ("REPLY_TOO_LARGE" satisfies RuntimeErrorCode)
          ? { ...result.error, message: pagesTooLarge(result.error.status ?? 0, replyLimit(tool)) }
          : result.error;
      const pagination = defined(tool.pagination, `${tool.id}'s pagination`);
      return {
        success: false,
        error,
        partial: { output: merge(tool, pagination, outputs), pages: { count: outputs.length, items, complete: false } },
      };
    }
    outputs.push({ output: result.output as Record<string, unknown>, ok: page.ok !== false });
    items += page.items;
    capped = page.capped;
  }
  const pagination = defined(tool.pagination, `${tool.id}'s pagination`);
  const info: PagesInfo = { count: outputs.length, items, complete: !capped };
  return { success: true, output: merge(tool, pagination, outputs), pages: info };
}

/** The page that ends the call with a failure. */
const failedPage = (result: ToolResult): Page => ({ result, items: 0, capped: false });

async function* pages(
  tool: ToolCall,
  params: Record<string, unknown> | undefined,
  options: ExecuteOptions & CallSupport,
  gather: boolean,
): AsyncGenerator<Page> {
  const started = await startPages(tool, params, options);
  if ("failed" in started) {
    yield failedPage(started.failed);
    return;
  }
  const { call, pagination } = started;
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  let gathered = 0;
  const resize = pageSizer(call, pagination, options.maxItems, () => gathered, params);
  const first = call.request(resize);
  let request: HttpRequest = { ...first, headers: { ...first.headers } };
  // The offset, or the page number: where the first page starts.
  let offset = initialOffset(call, pagination);
  let returned = 0;
  const followed = new Set<string>();
  let read = 0;

  for (let page = 1; ; page++) {
    const sent = await sendCall(
      call,
      request,
      options,
      page === 1 ? options.idempotencyKey : undefined,
      gather ? read : 0,
    );
    // The first page's address as sent: the token may have named it (base-address.ts); next pages stay on its origin.
    if (page === 1) first.url = request.url;
    read += sent.bytes ?? 0;
    // A failure: a success always rests on a reply.
    if (!sent.reply) {
      yield failedPage(page > 1 ? withPage(sent.result, page) : sent.result);
      return;
    }
    const output = sent.result.output as Record<string, unknown>;
    const onPage = listAt(output, itemAt(pagination.items, 0)).length;
    const room = options.maxItems === undefined ? Infinity : options.maxItems - gathered;
    const cut = onPage > room;
    if (cut) for (const path of pagination.items) setOutputPath(output, path, listAt(output, path).slice(0, room));
    const taken = Math.min(onPage, room);
    gathered += taken;
    // Counted toward `total`, the items before the caller's first page (a later offset or page number): an offset's
    // skipped ones; for a page number, the pages before it at that page's size (a short last page reads as smaller
    // pages: never more items than there are, so never a page too few).
    const numbering = pagination.next;
    if (page === 1 && "start" in numbering)
      returned = Math.max(0, offset - numbering.start) * (numbering.style === "page" ? onPage : 1);
    returned += onPage;

    const next = nextPage(call, pagination, sent.reply, request, first, { onPage, returned, offset }, resize, options);
    const full = gathered >= (options.maxItems ?? Infinity) || page >= maxPages;
    yield {
      result: sent.result,
      ok: sent.reply.status < 300,
      items: taken,
      // Not complete: a cap stopped it while more remained, or the reply said more remain and gave no way to them.
      capped: cut || (next !== undefined && (full || "unreachable" in next)),
    };
    // Caps first (a next page that would be refused is not asked for when the call stops anyway); after this page.
    if (next && "error" in next && !full) {
      yield failedPage(withPage(call.fail(next.error), page + 1));
      return;
    }
    // A walk (not gathered) the default cap stopped while more remain ends with an error, not as if the list were
    // whole: its caller set no cap, and a `for await` over `items` would otherwise end quietly short.
    const short = gathered < (options.maxItems ?? Infinity);
    if (!gather && short && options.maxPages === undefined && page >= maxPages && next && !("unreachable" in next)) {
      yield failedPage(withPage(call.fail(pageLimit(tool, sent.reply.status, maxPages)), page + 1));
      return;
    }
    if (!next || full || "error" in next || "unreachable" in next) return;
    if (followed.has(next.key)) {
      const loop = upstreamFailure(
        sent.reply.status,
        "PAGINATION_LOOP" satisfies RuntimeErrorCode,
        `${tool.provider} gave the same next page twice (${next.show}); stopped rather than loop`,
      );
      yield failedPage(withPage(call.fail(loop), page + 1));
      return;
    }
    followed.add(next.key);
    request = next.request;
    if (tool.idempotency) delete request.headers[tool.idempotency.header];
    offset = next.offset ?? offset;
  }
}

/** The call prepared, its files opened and its pagination read; or the failure that ends it before any page. */
async function startPages(
  tool: ToolCall,
  params: Record<string, unknown> | undefined,
  options: ExecuteOptions & CallSupport,
): Promise<{ failed: ToolResult } | { call: PreparedCall; pagination: PaginationSpec }> {
  const call = prepareCall(tool, params, { ...options, allPages: true });
  if ("failed" in call) return call;
  const unopened = await openCallFiles(call, options);
  if (unopened) return { failed: unopened };
  // prepareCall refuses allPages for a tool that declares no pagination.
  const pagination = defined(tool.pagination, `${tool.id}'s pagination`);
  const style = pagination.next.style;
  if ((style === "nextUrl" || style === "linkHeader") && !options.links)
    return { failed: call.fail({ type: "validation", ...lacks("links") }) };
  return { call, pagination };
}

/** A walk's end at the default page cap while the upstream has more. */
const pageLimit = (tool: ToolCall, status: number, maxPages: number) =>
  upstreamFailure(
    status,
    "PAGE_LIMIT" satisfies RuntimeErrorCode,
    `${tool.provider} has more pages after ${maxPages}: pass maxPages (or maxItems) to read on`,
  );

const UNREACHABLE: NextPage = { unreachable: true };

/** The request for the page after this one, or undefined on the last page. */
function nextPage(
  call: PreparedCall,
  pagination: PaginationSpec,
  reply: ExpressionContext,
  previous: HttpRequest,
  first: HttpRequest,
  seen: { onPage: number; returned: number; offset: number },
  resize: (place: Place) => void,
  parts: Pick<Support, "links" | "cursors">,
): NextPage | undefined {
  // What the reply tells (a cursor, the last page): the cursors support's, which a generated package whose tools
  // read it is given, and a caller made by hand is refused without before any request (support.ts).
  const told = parts.cursors ? parts.cursors.after(pagination, reply, seen) : {};
  if (!told) return undefined;
  if (told.unreachable) return UNREACHABLE;
  const next = pagination.next;
  // An address the upstream gives: the links support's (refused before the first page without it); none where a
  // flag said more pages remain is not the last page.
  if (next.style === "nextUrl" || next.style === "linkHeader")
    return parts.links?.next(call, next, reply, previous, first) ?? (pagination.more ? UNREACHABLE : undefined);
  // A value sent at `send`: the reply's cursor, or the offset or page number after this page (an empty page is the
  // last one: an offset or a page number past the end gives no items).
  const value =
    next.style === "cursor"
      ? told.value
      : seen.onPage
        ? seen.offset + (next.style === "offset" ? seen.onPage : 1)
        : undefined;
  if (value === undefined) return undefined;
  const request = call.request((place) => {
    place(next.send, value);
    resize(place);
  });
  // A number sent is where the next offset or page number counts from (a cursor's is never read). A value is told
  // apart from the ones before by its JSON (an object cursor, a record's key: the same keys in the same order), which
  // a loop's message shows cut to 200 characters.
  const text = JSON.stringify(value);
  return {
    request,
    key: `${next.style}:${text}`,
    show: `${next.style} ${text.slice(0, 200)}`,
    ...(typeof value === "number" && { offset: value }),
  };
}

/** int32's largest value: a page size's maximum at or past it is its number format's bound, not a page limit. */
const FORMAT_BOUND = 2 ** 31 - 1;

/**
 * The page size of each request of a tool that declares its page size
 * parameter: the size the caller gave, else the largest the manifest allows
 * (the parameter's `maximum`; without one, its default or the upstream's),
 * so that every page is as full as it may be; under maxItems, only the items
 * still missing, so that the last page fetches (and bills) no more than is
 * kept. Never below the parameter's minimum, never above the size chosen;
 * and, for page numbers, the same size after the first page (page 3 of 20
 * items is not the 81st to 100th of pages of 40).
 */
function pageSizer(
  call: PreparedCall,
  pagination: PaginationSpec,
  maxItems: number | undefined,
  gathered: () => number,
  params: Record<string, unknown> | undefined,
): (place: Place) => void {
  const param =
    pagination.pageSize === undefined ? undefined : call.tool.params.find((p) => p.name === pagination.pageSize);
  if (!param) return () => undefined;
  const given = !isBlank(ownValue(params ?? {}, param.name));
  const numbered = pagination.next.style === "page";
  // A maximum at a whole-number format's bound (int32's 2³¹−1, as add drafts `format: int32`) is no page limit the
  // upstream documents, and a server refuses or cuts a page of two billion items: the upstream's own page size is
  // taken, and under maxItems (but for page numbers, whose size stays one) only the items still missing asked for.
  const formatBound = param.maximum !== undefined && param.maximum >= FORMAT_BOUND;
  const largest = given || formatBound ? undefined : param.maximum;
  const fewer = formatBound && maxItems !== undefined && !numbered ? param.maximum : undefined;
  const size = largest ?? call.values[param.name] ?? fewer;
  if (typeof size !== "number" || (largest === undefined && maxItems === undefined)) return () => undefined;
  const wire = ownOf(call.route?.wire, param.name) ?? param.wire;
  const target: PageTarget | undefined =
    wire.in === "body"
      ? { in: "body", pointer: wire.pointer }
      : wire.in === "query" || wire.in === "header"
        ? { in: wire.in, name: wire.name }
        : undefined;
  if (!target) return () => undefined;
  return (place) => {
    const missing =
      maxItems === undefined || (numbered && gathered() > 0)
        ? size
        : Math.max(param.minimum ?? 1, maxItems - gathered());
    if (missing < size) place(target, missing);
    else if (largest !== undefined) place(target, largest);
  };
}

/**
 * Where an offset (or a page number) starts: the caller's own value of the parameter sent at that place (`next.param`),
 * else the declared start.
 */
function initialOffset(call: PreparedCall, pagination: PaginationSpec): number {
  const next = pagination.next;
  const given = "param" in next && next.param !== undefined ? call.values[next.param] : undefined;
  return typeof given === "number" ? given : "start" in next ? next.start : 0;
}

function withPage(result: ToolResult, page: number): ToolResult {
  return result.success ? result : { success: false, error: { ...result.error, page } };
}

function merge(
  tool: ToolCall,
  pagination: PaginationSpec,
  pages: { output: Record<string, unknown>; ok: boolean }[],
): Record<string, unknown> {
  const base = [...pages].reverse().find((p) => p.ok) ?? itemAt(pages, -1);
  const merged = cloneJson(base.output);
  const outputs = pages.map((p) => p.output);
  const lists = new Map<string, unknown[]>();
  for (const path of pagination.items) {
    const list = outputs.flatMap((o) => listAt(o, path));
    lists.set(path, list);
    setOutputPath(merged, path, list);
  }
  for (const o of tool.outputs) {
    if (!isCount(o)) continue;
    const counted = expressionOf(o.source as Exclude<OutputCall["source"], { value: unknown }>);
    // A list output read from the same place (or the same places, in the same order: a first-of) is what it counts.
    const listOutput = tool.outputs.find(
      (l) => pagination.items.includes(l.path) && !("value" in l.source) && expressionOf(l.source) === counted,
    );
    const value = listOutput
      ? entryOf(lists, listOutput.path).length
      : outputs.reduce((sum, out) => sum + (Number(readOutputPath(out, o.path)) || 0), 0);
    setOutputPath(merged, o.path, value);
  }
  return merged;
}

function isCount(o: OutputCall): boolean {
  return !("value" in o.source) && o.source.count === true;
}

function listAt(output: Record<string, unknown>, path: string): unknown[] {
  const value = readOutputPath(output, path);
  return Array.isArray(value) ? value : [];
}
